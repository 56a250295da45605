import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateOrganizationBody, Organization, UpdateOrganizationBody, VersionBody } from '@contracts/organizations';
import { apiFetch } from '@web/lib/api';
import { sessionQueryKey } from '@web/lib/queries/get-session';
import { organizationsQueryKey } from '@web/lib/queries/list-organizations';

/** `POST /api/organizations` (administrators). 409 with a field message for a taken slug or number. */
export function createOrganization(input: CreateOrganizationBody): Promise<Organization> {
  return apiFetch<Organization>('/api/organizations', { method: 'POST', body: input });
}

/** `PATCH /api/organizations/:id` with the version the edit started from; 409 `stale_version` if it changed. */
export function updateOrganization({ id, ...input }: UpdateOrganizationBody & { id: string }): Promise<Organization> {
  return apiFetch<Organization>(`/api/organizations/${encodeURIComponent(id)}`, { method: 'PATCH', body: input });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  // Names, zones and statuses also appear in the session's organization list.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: organizationsQueryKey }),
      queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
      queryClient.invalidateQueries({ queryKey: ['hours'] }),
    ]);
}

export function useCreateOrganization() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: createOrganization, onSuccess: invalidate });
}

export function useUpdateOrganization() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: updateOrganization, onSuccess: invalidate });
}

/** `POST /api/organizations/:id/deactivate|reactivate` (administrators). */
export function setOrganizationActive({ id, active, version }: { id: string; active: boolean; version: number }): Promise<Organization> {
  return apiFetch<Organization>(`/api/organizations/${encodeURIComponent(id)}/${active ? 'reactivate' : 'deactivate'}`, {
    method: 'POST',
    body: { version } satisfies VersionBody,
  });
}

export function useSetOrganizationActive() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: setOrganizationActive, onSuccess: invalidate });
}
