import { useQuery } from '@tanstack/react-query';
import type { CheckLinkBody, LinkPurpose } from '@contracts/password';
import type { OkResponse } from '@contracts/session';
import { apiFetch } from '@web/lib/api';

/** `POST /api/links/check { token, purpose }` → 200 when the emailed link can still be used. */
export function checkLink(token: string, purpose: LinkPurpose): Promise<OkResponse> {
  return apiFetch<OkResponse>('/api/links/check', { method: 'POST', body: { token, purpose } satisfies CheckLinkBody });
}

/**
 * Checks a reset or invitation link when its page opens, so a used or expired link says so
 * before anyone types a new password. Asked once per page and never again: after the page has
 * used the link, its check would say "already used".
 */
export function useLinkCheck(token: string, purpose: LinkPurpose) {
  return useQuery({
    queryKey: ['link-check', purpose, token],
    queryFn: () => checkLink(token, purpose),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    // Once the link is used on this page, asking again would say "already used".
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    gcTime: 0,
  });
}
