import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Location, LocationBody, UpdateLocationBody, UpdateVisitTypeBody, VisitType, VisitTypeBody } from '@contracts/calendars';
import { apiFetch } from '@web/lib/api';
import { calendarsQueryKey, enc } from './keys';

/**
 * Locations and visit types: each change refetches the calendars' lists (clinicians and visits
 * show their names). Edits and removals name the version they started from (409 `stale_version`).
 */
function useRecordMutation<T, R>(fn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarsQueryKey }) });
}

/** `POST /api/organizations/:id/locations` */
export const useCreateLocation = () =>
  useRecordMutation(({ organizationId, ...body }: LocationBody & { organizationId: string }) => apiFetch<Location>(`/api/organizations/${enc(organizationId)}/locations`, { method: 'POST', body }));

/** `PATCH /api/locations/:id` */
export const useUpdateLocation = () => useRecordMutation(({ id, ...body }: UpdateLocationBody & { id: string }) => apiFetch<Location>(`/api/locations/${enc(id)}`, { method: 'PATCH', body }));

/** `DELETE /api/locations/:id?version=` (409 while a clinician's hours or a visit use it). */
export const useDeleteLocation = () => useRecordMutation(({ id, version }: { id: string; version: number }) => apiFetch<void>(`/api/locations/${enc(id)}`, { method: 'DELETE', query: { version } }));

/** `POST /api/organizations/:id/visit-types` */
export const useCreateVisitType = () =>
  useRecordMutation(({ organizationId, ...body }: VisitTypeBody & { organizationId: string }) => apiFetch<VisitType>(`/api/organizations/${enc(organizationId)}/visit-types`, { method: 'POST', body }));

/** `PATCH /api/visit-types/:id` */
export const useUpdateVisitType = () => useRecordMutation(({ id, ...body }: UpdateVisitTypeBody & { id: string }) => apiFetch<VisitType>(`/api/visit-types/${enc(id)}`, { method: 'PATCH', body }));

/** `DELETE /api/visit-types/:id?version=` (409 once it has visits). */
export const useDeleteVisitType = () => useRecordMutation(({ id, version }: { id: string; version: number }) => apiFetch<void>(`/api/visit-types/${enc(id)}`, { method: 'DELETE', query: { version } }));
