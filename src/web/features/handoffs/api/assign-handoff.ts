import { postHandoffAction, useHandoffsMutation } from './use-handoff-mutation';

/** `POST /api/handoffs/:id/assign` — to a person of the handoff's organization. */
export const assignHandoff = ({ id, userId }: { id: string; userId: string }) => postHandoffAction(id, 'assign', { userId });
export const useAssignHandoff = () => useHandoffsMutation(assignHandoff);
