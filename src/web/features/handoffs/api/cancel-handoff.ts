import type { CancelBody } from '@contracts/handoffs';
import { postHandoffAction, useHandoffsMutation } from './use-handoff-mutation';

/** `POST /api/handoffs/:id/cancel` — a reason is required. */
export const cancelHandoff = ({ id, ...body }: CancelBody & { id: string }) => postHandoffAction(id, 'cancel', body);
export const useCancelHandoff = () => useHandoffsMutation(cancelHandoff);
