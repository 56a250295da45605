import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, isApiError } from '@web/lib/api';
import { setSignOutReason } from '@web/lib/sign-out-reason';
import { sessionQueryKey } from '@web/lib/queries/get-session';

/** `POST /api/session/logout` → 204. A 401 means the session had already ended: also signed out. */
export async function logout(): Promise<void> {
  try {
    await apiFetch<void>('/api/session/logout', { method: 'POST' });
  } catch (error) {
    if (isApiError(error) && error.status === 401) return;
    throw error;
  }
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      // Drop everything cached for this user, then mark the session as signed out.
      setSignOutReason('signed_out');
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      queryClient.setQueryData(sessionQueryKey, null);
    },
  });
}
