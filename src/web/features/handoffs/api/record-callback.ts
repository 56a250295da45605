import type { CallbackResult } from '../labels';
import { postHandoffAction, useHandoffsMutation } from './use-handoff-mutation';

/** `POST /api/handoffs/:id/callback-attempts` — one attempt and what happened. */
export const recordCallback = ({ id, ...body }: { id: string; result: CallbackResult; note?: string }) => postHandoffAction(id, 'callback-attempts', body);
export const useRecordCallback = () => useHandoffsMutation(recordCallback);
