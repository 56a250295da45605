import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OkResponse, TwoFactorBody } from '@contracts/session';
import { apiFetch } from '@web/lib/api';
import { setSignOutReason } from '@web/lib/sign-out-reason';
import { sessionQueryKey } from '@web/lib/queries/get-session';

/** `POST /api/session/login/two-factor { code }` → `{ ok: true }`; the session cookie comes with it. */
export function loginTwoFactor(input: TwoFactorBody): Promise<OkResponse> {
  return apiFetch<OkResponse>('/api/session/login/two-factor', { method: 'POST', body: input });
}

export function useLoginTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginTwoFactor,
    onSuccess: () => {
      setSignOutReason(null);
      return queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
