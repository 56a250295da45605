import { postHandoffAction, useHandoffsMutation } from './use-handoff-mutation';

/** `POST /api/handoffs/:id/cancel` — a reason is required. */
export const cancelHandoff = ({ id, reason }: { id: string; reason: string }) => postHandoffAction(id, 'cancel', { reason });
export const useCancelHandoff = () => useHandoffsMutation(cancelHandoff);
