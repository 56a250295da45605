import type { CancelRequestBody } from '@contracts/appointment-requests';
import { postRequestAction, useHandoffsMutation } from './use-handoff-mutation';

/** `POST /api/appointment-requests/:id/cancel` */
export const cancelRequest = ({ id, ...body }: CancelRequestBody & { id: string }) => postRequestAction(id, 'cancel', body);
export const useCancelRequest = () => useHandoffsMutation(cancelRequest);
