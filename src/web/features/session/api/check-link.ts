import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';

export type LinkPurpose = 'reset' | 'invite';

/** `POST /api/links/check { token, purpose }` → 200 when the emailed link can still be used. */
export function checkLink(token: string, purpose: LinkPurpose): Promise<unknown> {
  return apiFetch<unknown>('/api/links/check', { method: 'POST', body: { token, purpose } });
}

/**
 * Checks a reset or invitation link when its page opens, so a used or expired link says so
 * before anyone types a new password. Asked once per page; a failed check is not repeated.
 */
export function useLinkCheck(token: string, purpose: LinkPurpose) {
  return useQuery({
    queryKey: ['link-check', purpose, token],
    queryFn: () => checkLink(token, purpose),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}
