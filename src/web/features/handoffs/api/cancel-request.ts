import { postRequestAction, useHandoffsMutation } from './use-handoff-mutation';

/** `POST /api/appointment-requests/:id/cancel` */
export const cancelRequest = ({ id, ...body }: { id: string; version: number; reason?: string }) => postRequestAction(id, 'cancel', body);
export const useCancelRequest = () => useHandoffsMutation(cancelRequest);
