import type { ResolveOutcome } from '../labels';
import { postHandoffAction, useHandoffsMutation } from './use-handoff-mutation';

/** `POST /api/handoffs/:id/resolve` — with an outcome and an optional note. */
export const resolveHandoff = ({ id, ...body }: { id: string; outcome: ResolveOutcome; note?: string }) => postHandoffAction(id, 'resolve', body);
export const useResolveHandoff = () => useHandoffsMutation(resolveHandoff);
