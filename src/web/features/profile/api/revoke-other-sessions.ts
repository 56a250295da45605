import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RevokeOthersResponse } from '@contracts/profile';
import { apiFetch } from '@web/lib/api';
import { sessionsQueryKey } from './list-sessions';

/** `POST /api/profile/sessions/revoke-others` → `{ revoked }`: signs out everywhere but here. */
export function revokeOtherSessions(): Promise<RevokeOthersResponse> {
  return apiFetch<RevokeOthersResponse>('/api/profile/sessions/revoke-others', { method: 'POST' });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
