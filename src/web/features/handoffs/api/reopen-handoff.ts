import { postHandoffAction, useHandoffsMutation } from './use-handoff-mutation';

/** `POST /api/handoffs/:id/reopen` — back in the queue, unassigned, with a fresh deadline. */
export const reopenHandoff = ({ id, note }: { id: string; note?: string }) => postHandoffAction(id, 'reopen', { note });
export const useReopenHandoff = () => useHandoffsMutation(reopenHandoff);
