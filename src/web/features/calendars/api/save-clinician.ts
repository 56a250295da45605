import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AvailabilityBody, Clinician, ClinicianBody, ExceptionBody, UpdateClinicianBody } from '@contracts/calendars';
import { apiFetch } from '@web/lib/api';
import { clinicianQueryKey } from './get-clinician';
import { calendarsQueryKey, enc } from './keys';

/**
 * Every change to a clinician answers the whole clinician (availability, exceptions, warnings): it
 * replaces the cached one, and the lists, open times and visits are refetched.
 */
function useClinicianMutation<T>(fn: (input: T) => Promise<Clinician | void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (clinician) => {
      if (clinician) queryClient.setQueryData(clinicianQueryKey(clinician.id), clinician);
      // Everything else about the calendars, not the clinician just answered.
      return queryClient.invalidateQueries({ queryKey: calendarsQueryKey, predicate: (q) => !clinician || !(q.queryKey[1] === 'clinician' && q.queryKey[2] === clinician.id) });
    },
  });
}

/** `POST /api/organizations/:id/clinicians` */
export const useCreateClinician = () =>
  useClinicianMutation(({ organizationId, ...body }: ClinicianBody & { organizationId: string }) => apiFetch<Clinician>(`/api/organizations/${enc(organizationId)}/clinicians`, { method: 'POST', body }));

/** `PATCH /api/clinicians/:id` */
export const useUpdateClinician = () => useClinicianMutation(({ id, ...body }: UpdateClinicianBody & { id: string }) => apiFetch<Clinician>(`/api/clinicians/${enc(id)}`, { method: 'PATCH', body }));

/** `DELETE /api/clinicians/:id?version=` (409 once they have visits). */
export const useDeleteClinician = () => useClinicianMutation(({ id, version }: { id: string; version: number }) => apiFetch<void>(`/api/clinicians/${enc(id)}`, { method: 'DELETE', query: { version } }));

/** `PUT /api/clinicians/:id/availability` — the whole week at once; outside office hours: saved, with warnings. */
export const useSaveAvailability = () =>
  useClinicianMutation(({ clinicianId, ...body }: AvailabilityBody & { clinicianId: string }) => apiFetch<Clinician>(`/api/clinicians/${enc(clinicianId)}/availability`, { method: 'PUT', body }));

/** `POST /api/clinicians/:id/exceptions` or `PUT …/exceptions/:exceptionId` */
export const useSaveException = () =>
  useClinicianMutation(({ clinicianId, exceptionId, version, exception }: { clinicianId: string; exceptionId?: string; version?: number; exception: ExceptionBody }) =>
    exceptionId
      ? apiFetch<Clinician>(`/api/clinicians/${enc(clinicianId)}/exceptions/${enc(exceptionId)}`, { method: 'PUT', body: { version, exception } })
      : apiFetch<Clinician>(`/api/clinicians/${enc(clinicianId)}/exceptions`, { method: 'POST', body: exception }),
  );

/** `DELETE /api/clinicians/:id/exceptions/:exceptionId?version=` */
export const useRemoveException = () =>
  useClinicianMutation(({ clinicianId, exceptionId, version }: { clinicianId: string; exceptionId: string; version: number }) =>
    apiFetch<Clinician>(`/api/clinicians/${enc(clinicianId)}/exceptions/${enc(exceptionId)}`, { method: 'DELETE', query: { version } }),
  );
