import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfirmTwoFactorBody } from '@contracts/profile';
import type { OkResponse } from '@contracts/session';
import { apiFetch } from '@web/lib/api';
import { sessionQueryKey } from '@web/lib/queries/get-session';
import { profileQueryKey } from './get-profile';
import { sessionsQueryKey } from './list-sessions';

/**
 * `POST /api/profile/two-factor/confirm { code }` — finishes setup with a code from the app.
 * The server replaces this browser's session (new cookie), so everything about it is reloaded.
 */
export function confirmTwoFactor(input: ConfirmTwoFactorBody): Promise<OkResponse> {
  return apiFetch<OkResponse>('/api/profile/two-factor/confirm', { method: 'POST', body: input });
}

export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTwoFactor,
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
