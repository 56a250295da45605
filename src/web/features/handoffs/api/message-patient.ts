import type { MessageBody } from '@contracts/handoffs';
import { postHandoffAction, useHandoffsMutation } from './use-handoff-mutation';

/** `POST /api/handoffs/:id/messages` — sent by email or text through the outbox; the patient sees it in the portal. */
export const messagePatient = ({ id, ...body }: MessageBody & { id: string }) => postHandoffAction(id, 'messages', body);
export const useMessagePatient = () => useHandoffsMutation(messagePatient);
