import { postRequestAction, useHandoffsMutation } from './use-handoff-mutation';

/** `POST /api/appointment-requests/:id/decline` — the reason is sent to the patient. */
export const declineRequest = ({ id, ...body }: { id: string; version: number; reason: string }) => postRequestAction(id, 'decline', body);
export const useDeclineRequest = () => useHandoffsMutation(declineRequest);
