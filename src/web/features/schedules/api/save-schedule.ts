import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateScheduleBody, OverrideBody, Schedule, ShiftBody, UpdateScheduleBody } from '@contracts/schedules';
import { apiFetch } from '@web/lib/api';
import { schedulesQueryKey } from './list-schedules';

/**
 * Every change to a schedule answers the whole schedule; it replaces the cached one and the
 * lists and calendars are refetched. Edits and removals name the version they started from
 * (409 `stale_version` when someone else changed it first).
 */
function useScheduleMutation<T>(fn: (input: T) => Promise<Schedule | void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (schedule) => {
      if (schedule) queryClient.setQueryData([...schedulesQueryKey, 'detail', schedule.id], schedule);
      return queryClient.invalidateQueries({ queryKey: schedulesQueryKey });
    },
  });
}

const json = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', body?: unknown, query?: Record<string, number>) => ({ method, body, query });
const enc = encodeURIComponent;

/** `POST /api/organizations/:id/schedules` */
export const useCreateSchedule = () =>
  useScheduleMutation(({ organizationId, ...body }: CreateScheduleBody & { organizationId: string }) =>
    apiFetch<Schedule>(`/api/organizations/${enc(organizationId)}/schedules`, json('POST', body)),
  );

/** `PATCH /api/schedules/:id` */
export const useUpdateSchedule = () =>
  useScheduleMutation(({ id, ...body }: UpdateScheduleBody & { id: string }) =>
    apiFetch<Schedule>(`/api/schedules/${enc(id)}`, json('PATCH', body)),
  );

/** `DELETE /api/schedules/:id?version=` */
export const useDeleteSchedule = () =>
  useScheduleMutation(({ id, version }: { id: string; version: number }) => apiFetch<void>(`/api/schedules/${enc(id)}`, json('DELETE', undefined, { version })));

/** `POST /api/schedules/:id/shifts` or `PUT …/shifts/:shiftId` */
export const useSaveShift = () =>
  useScheduleMutation(({ scheduleId, shiftId, version, shift }: { scheduleId: string; shiftId?: string; version?: number; shift: ShiftBody }) =>
    shiftId
      ? apiFetch<Schedule>(`/api/schedules/${enc(scheduleId)}/shifts/${enc(shiftId)}`, json('PUT', { version, shift }))
      : apiFetch<Schedule>(`/api/schedules/${enc(scheduleId)}/shifts`, json('POST', shift)),
  );

/** `DELETE /api/schedules/:id/shifts/:shiftId?version=` */
export const useRemoveShift = () =>
  useScheduleMutation(({ scheduleId, shiftId, version }: { scheduleId: string; shiftId: string; version: number }) =>
    apiFetch<Schedule>(`/api/schedules/${enc(scheduleId)}/shifts/${enc(shiftId)}`, json('DELETE', undefined, { version })),
  );

/** `POST /api/schedules/:id/overrides` or `PUT …/overrides/:overrideId` */
export const useSaveOverride = () =>
  useScheduleMutation(
    ({ scheduleId, overrideId, version, override }: { scheduleId: string; overrideId?: string; version?: number; override: OverrideBody }) =>
      overrideId
        ? apiFetch<Schedule>(`/api/schedules/${enc(scheduleId)}/overrides/${enc(overrideId)}`, json('PUT', { version, override }))
        : apiFetch<Schedule>(`/api/schedules/${enc(scheduleId)}/overrides`, json('POST', override)),
  );

/** `DELETE /api/schedules/:id/overrides/:overrideId?version=` */
export const useRemoveOverride = () =>
  useScheduleMutation(({ scheduleId, overrideId, version }: { scheduleId: string; overrideId: string; version: number }) =>
    apiFetch<Schedule>(`/api/schedules/${enc(scheduleId)}/overrides/${enc(overrideId)}`, json('DELETE', undefined, { version })),
  );
