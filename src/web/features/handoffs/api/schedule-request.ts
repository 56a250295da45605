import type { ScheduleBody, ScheduleResponse } from '@contracts/appointment-requests';
import { apiFetch } from '@web/lib/api';
import { useHandoffsMutation } from './use-handoff-mutation';

/** `POST /api/appointment-requests/:id/schedule` — `scheduledFor` is a wall time in the organization's zone; answers the slot's warnings too. */
export const scheduleRequest = ({ id, ...body }: ScheduleBody & { id: string }) =>
  apiFetch<ScheduleResponse>(`/api/appointment-requests/${encodeURIComponent(id)}/schedule`, { method: 'POST', body });
export const useScheduleRequest = () => useHandoffsMutation(scheduleRequest);
