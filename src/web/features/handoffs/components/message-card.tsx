import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { MessageBody, type HandoffDetail } from '@contracts/handoffs';
import { handoffActionAllowed } from '@domain/handoffs/state';
import { FormErrorAlert } from '@web/components/form-error-alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Select } from '@web/components/ui/select';
import { Textarea } from '@web/components/ui/textarea';
import { useToast } from '@web/components/ui/toast';
import { isApiError } from '@web/lib/api';
import { formatDateTime, formatRelative, type Practice } from '@web/lib/format-date';
import { formatPhone } from '@web/lib/format-phone';
import { useMessagePatient } from '../api/message-patient';

/** A text carrying its words, or a patient's text: shown in "Text the patient" (decision 048), not here. */
const isText = (e: HandoffDetail['events'][number]) => e.data.channel === 'sms' && (e.kind === 'patient_reply' || e.data.notice !== 'portal');

/** Portal and email messages, not texts. */
const conversationOf = (events: HandoffDetail['events']) => events.filter((e) => (e.kind === 'message_sent' || e.kind === 'patient_reply') && !isText(e));

/** The messages between the practice and the patient on this handoff, oldest first (the portal shows the same). */
function Conversation({ events, practice }: { events: HandoffDetail['events']; practice?: Practice }) {
  const messages = conversationOf(events);
  if (messages.length === 0) return null;
  return (
    <ol aria-label="Conversation with the patient" className="mb-4 space-y-2">
      {messages.map((e) => {
        const fromPatient = e.kind === 'patient_reply';
        return (
          <li key={e.id} className={`rounded-md border px-3 py-2 text-sm ${fromPatient ? 'mr-6 border-primary/30 bg-primary/5' : 'ml-6 border-border bg-muted/60'}`}>
            <p className="text-xs font-medium text-muted-foreground">
              {fromPatient ? 'The patient replied in the portal' : `${e.actor?.name ?? 'Staff'} · ${e.data.channel === 'sms' ? 'text message' : 'email'}`}
              {' · '}
              <time dateTime={e.at} title={formatDateTime(e.at, { practice })}>
                {formatRelative(e.at)}
              </time>
            </p>
            <p className="mt-1 whitespace-pre-wrap [overflow-wrap:anywhere]">{e.body}</p>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * A message to the patient. About a request, the patient reads it and replies in the portal (the
 * email or text only says a message is waiting, with the link); otherwise the email or text
 * carries it. Replies appear here as they come (live).
 */
export function MessageCard({ detail, practice }: { detail: HandoffDetail; practice?: Practice }) {
  const { contact, handoff } = detail;
  const send = useMessagePatient();
  const { toast } = useToast();
  const inPortal = Boolean(detail.appointmentRequest);
  // Without a request the text would carry the words: that is "Text the patient", with its rule (decision 048).
  const textNotice = inPortal && Boolean(contact.phone);
  const defaultValues: MessageBody = { channel: contact.email ? 'email' : 'sms', body: '' };
  const { register, handleSubmit, resetField, formState: { errors } } = useForm({ resolver: zodResolver(MessageBody), defaultValues });
  const fields = isApiError(send.error) ? send.error.fields : {};
  const canSend = Boolean(contact.email || textNotice) && handoffActionAllowed('message', handoff.status);
  const hasConversation = conversationOf(detail.events).length > 0;
  if (!canSend && !hasConversation) return null;
  const submit = handleSubmit((values) =>
    send.mutate(
      { id: handoff.id, ...values },
      {
        onSuccess: () => {
          const where = values.channel === 'email' ? `emailed to ${contact.email}` : `texted to ${formatPhone(contact.phone, practice?.country)}`;
          toast({ title: 'Message sent', description: inPortal ? `A notice with the portal link was ${where}.` : `Message ${where}.` });
          resetField('body');
        },
      },
    ),
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>{canSend ? 'Message the patient' : 'Conversation with the patient'}</CardTitle>
        <CardDescription>
          {inPortal
            ? 'The patient gets a notice by email or text with a link (nothing about their health), reads the message in the portal and can reply; replies appear here.'
            : 'Sent by email: this caller has no request, so cannot read it in the portal. To text them, use “Text the patient”.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Conversation events={detail.events} practice={practice} />
        {canSend ? (
          <form onSubmit={submit} noValidate className="space-y-3">
            {send.error && !fields.channel && !fields.body ? <FormErrorAlert error={send.error} /> : null}
            <FormField label="Send by" error={errors.channel?.message ?? fields.channel}>
              <Select {...register('channel')}>
                <option value="email" disabled={!contact.email}>
                  Email{contact.email ? ` (${contact.email})` : ' — no address'}
                </option>
                {inPortal ? (
                  <option value="sms" disabled={!contact.phone}>
                    Text message{contact.phone ? ` (${formatPhone(contact.phone, practice?.country)})` : ' — no number'}
                  </option>
                ) : null}
              </Select>
            </FormField>
            <FormField label="Message" required error={errors.body?.message ?? fields.body} description={inPortal ? 'Read by the patient in the portal once signed in.' : 'No more than needed: email and text messages are not private.'}>
              <Textarea rows={4} maxLength={1000} {...register('body')} />
            </FormField>
            <Button type="submit" loading={send.isPending}>
              <Send aria-hidden="true" />
              Send message
            </Button>
          </form>
        ) : null}
      </CardContent>
    </Card>
  );
}
