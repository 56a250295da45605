import type { NoteBody } from '@contracts/handoffs';
import { postHandoffAction, useHandoffsMutation } from './use-handoff-mutation';

/** `POST /api/handoffs/:id/notes` */
export const addHandoffNote = ({ id, ...body }: NoteBody & { id: string }) => postHandoffAction(id, 'notes', body);
export const useAddHandoffNote = () => useHandoffsMutation(addHandoffNote);
