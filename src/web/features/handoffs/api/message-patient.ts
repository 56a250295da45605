import { postHandoffAction, useHandoffsMutation } from './use-handoff-mutation';

/** `POST /api/handoffs/:id/messages` — sent by email or text through the outbox; the patient sees it in the portal. */
export const messagePatient = ({ id, ...body }: { id: string; channel: 'email' | 'sms'; body: string }) => postHandoffAction(id, 'messages', body);
export const useMessagePatient = () => useHandoffsMutation(messagePatient);
