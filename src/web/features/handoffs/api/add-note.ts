import { postHandoffAction, useHandoffsMutation } from './use-handoff-mutation';

/** `POST /api/handoffs/:id/notes` */
export const addHandoffNote = ({ id, body }: { id: string; body: string }) => postHandoffAction(id, 'notes', { body });
export const useAddHandoffNote = () => useHandoffsMutation(addHandoffNote);
