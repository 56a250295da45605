import type { ResolveBody } from '@contracts/handoffs';
import { postHandoffAction, useHandoffsMutation } from './use-handoff-mutation';

/** `POST /api/handoffs/:id/resolve` — with an outcome and an optional note. */
export const resolveHandoff = ({ id, ...body }: ResolveBody & { id: string }) => postHandoffAction(id, 'resolve', body);
export const useResolveHandoff = () => useHandoffsMutation(resolveHandoff);
