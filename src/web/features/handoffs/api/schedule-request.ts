import type { ScheduleBody } from '@contracts/appointment-requests';
import { postRequestAction, useHandoffsMutation } from './use-handoff-mutation';

/** `POST /api/appointment-requests/:id/schedule` — `scheduledFor` is a wall time in the organization's zone. */
export const scheduleRequest = ({ id, ...body }: ScheduleBody & { id: string }) => postRequestAction(id, 'schedule', body);
export const useScheduleRequest = () => useHandoffsMutation(scheduleRequest);
