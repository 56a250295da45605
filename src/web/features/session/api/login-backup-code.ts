import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BackupCodeBody, BackupCodeResponse } from '@contracts/session';
import { apiFetch } from '@web/lib/api';
import { setSignOutReason } from '@web/lib/sign-out-reason';
import { sessionQueryKey } from '@web/lib/queries/get-session';

/** `POST /api/session/login/backup-code { code }` → `{ ok: true, backupCodesLeft }`; the session cookie comes with it. */
export function loginBackupCode(input: BackupCodeBody): Promise<BackupCodeResponse> {
  return apiFetch<BackupCodeResponse>('/api/session/login/backup-code', { method: 'POST', body: input });
}

export function useLoginBackupCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginBackupCode,
    onSuccess: () => {
      setSignOutReason(null);
      return queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
