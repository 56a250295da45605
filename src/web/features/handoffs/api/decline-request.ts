import type { DeclineBody } from '@contracts/appointment-requests';
import { postRequestAction, useHandoffsMutation } from './use-handoff-mutation';

/** `POST /api/appointment-requests/:id/decline` — the reason is sent to the patient. */
export const declineRequest = ({ id, ...body }: DeclineBody & { id: string }) => postRequestAction(id, 'decline', body);
export const useDeclineRequest = () => useHandoffsMutation(declineRequest);
