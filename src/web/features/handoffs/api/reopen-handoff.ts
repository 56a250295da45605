import type { ReopenBody } from '@contracts/handoffs';
import { postHandoffAction, useHandoffsMutation } from './use-handoff-mutation';

/** `POST /api/handoffs/:id/reopen` — back in the queue, unassigned, with a fresh deadline. */
export const reopenHandoff = ({ id, ...body }: NonNullable<ReopenBody> & { id: string }) => postHandoffAction(id, 'reopen', body);
export const useReopenHandoff = () => useHandoffsMutation(reopenHandoff);
