import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import { sessionsQueryKey } from './list-sessions';

/** `DELETE /api/profile/sessions/:id` → 204: signs out one other device. */
export function revokeSession(id: string): Promise<void> {
  return apiFetch<void>(`/api/profile/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
