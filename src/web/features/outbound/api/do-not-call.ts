import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddDoNotCallBody, DoNotCallEntry, DoNotCallImportResult, DoNotCallList, ImportDoNotCallBody } from '@contracts/do-not-call';
import { apiFetch } from '@web/lib/api';

export const doNotCallQueryKey = ['do-not-call'] as const;
const base = (organizationId: string) => `/api/organizations/${encodeURIComponent(organizationId)}/do-not-call`;

/** `GET /api/organizations/:id/do-not-call` — newest first, a page at a time. */
export function listDoNotCall(organizationId: string, q: string, cursor: string | undefined, signal?: AbortSignal): Promise<DoNotCallList> {
  return apiFetch<DoNotCallList>(base(organizationId), { query: { q: q || undefined, cursor, limit: 50 }, signal });
}

export function useDoNotCallList(organizationId: string, q: string) {
  return useInfiniteQuery({
    queryKey: [...doNotCallQueryKey, organizationId, q] as const,
    queryFn: ({ pageParam, signal }) => listDoNotCall(organizationId, q, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: Boolean(organizationId),
  });
}

function useDoNotCallMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: doNotCallQueryKey }) });
}

/** `POST /api/organizations/:id/do-not-call` */
export const useAddDoNotCall = () =>
  useDoNotCallMutation(({ organizationId, ...body }: AddDoNotCallBody & { organizationId: string }) => apiFetch<DoNotCallEntry>(base(organizationId), { method: 'POST', body }));

/** `POST /api/organizations/:id/do-not-call/:entryId/remove` */
export const useRemoveDoNotCall = () =>
  useDoNotCallMutation(({ organizationId, entryId, reason }: { organizationId: string; entryId: string; reason: string }) =>
    apiFetch<null>(`${base(organizationId)}/${encodeURIComponent(entryId)}/remove`, { method: 'POST', body: { reason } }),
  );

/** `POST /api/organizations/:id/do-not-call/import` */
export const useImportDoNotCall = () =>
  useDoNotCallMutation(({ organizationId, ...body }: ImportDoNotCallBody & { organizationId: string }) =>
    apiFetch<DoNotCallImportResult>(`${base(organizationId)}/import`, { method: 'POST', body }),
  );
