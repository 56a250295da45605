import type { AssignBody } from '@contracts/handoffs';
import { postHandoffAction, useHandoffsMutation } from './use-handoff-mutation';

/** `POST /api/handoffs/:id/assign` — to a person of the handoff's organization. */
export const assignHandoff = ({ id, ...body }: AssignBody & { id: string }) => postHandoffAction(id, 'assign', body);
export const useAssignHandoff = () => useHandoffsMutation(assignHandoff);
