import { postRequestAction, useHandoffsMutation } from './use-handoff-mutation';

/** `POST /api/appointment-requests/:id/schedule` — `scheduledFor` is a wall time in the organization's zone. */
export const scheduleRequest = ({ id, ...body }: { id: string; version: number; scheduledFor: string; note?: string }) => postRequestAction(id, 'schedule', body);
export const useScheduleRequest = () => useHandoffsMutation(scheduleRequest);
