import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasswordBody } from '@contracts/profile';
import type { OkResponse } from '@contracts/session';
import { apiFetch } from '@web/lib/api';
import { sessionQueryKey } from '@web/lib/queries/get-session';
import { profileQueryKey } from './get-profile';
import { sessionsQueryKey } from './list-sessions';

/**
 * `POST /api/profile/two-factor/disable { password }` — turns two-factor off; 409
 * `two_factor_required` when the role requires it. Replaces this browser's session.
 */
export function disableTwoFactor(input: PasswordBody): Promise<OkResponse> {
  return apiFetch<OkResponse>('/api/profile/two-factor/disable', { method: 'POST', body: input });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    // Not awaited: the session reload may swap the layout (two-factor no longer required) and
    // unmount the caller before its own onSuccess (toast, close) would run.
    onSuccess: () => {
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: profileQueryKey }),
        queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
      ]);
    },
  });
}
