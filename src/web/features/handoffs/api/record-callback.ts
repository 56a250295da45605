import type { CallbackBody } from '@contracts/handoffs';
import { postHandoffAction, useHandoffsMutation } from './use-handoff-mutation';

/** `POST /api/handoffs/:id/callback-attempts` — one attempt and what happened. */
export const recordCallback = ({ id, ...body }: CallbackBody & { id: string }) => postHandoffAction(id, 'callback-attempts', body);
export const useRecordCallback = () => useHandoffsMutation(recordCallback);
