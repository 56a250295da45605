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
import { useMessagePatient } from '../api/message-patient';

/** A message to the patient by email or text; it is kept in the history and shown in the patient's portal. */
export function MessageCard({ detail }: { detail: HandoffDetail }) {
  const { contact, handoff } = detail;
  const send = useMessagePatient();
  const { toast } = useToast();
  const defaultValues: MessageBody = { channel: contact.email ? 'email' : 'sms', body: '' };
  const { register, handleSubmit, resetField, formState: { errors } } = useForm({ resolver: zodResolver(MessageBody), defaultValues });
  const fields = isApiError(send.error) ? send.error.fields : {};
  if ((!contact.email && !contact.phone) || !handoffActionAllowed('message', handoff.status)) return null;
  const submit = handleSubmit((values) =>
    send.mutate(
      { id: handoff.id, ...values },
      {
        onSuccess: () => {
          toast({ title: 'Message sent', description: values.channel === 'email' ? `Emailed to ${contact.email}.` : `Texted to ${contact.phone}.` });
          resetField('body');
        },
      },
    ),
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Message the patient</CardTitle>
        <CardDescription>Sent by email or text message, and shown to the patient in the portal.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="space-y-3">
          {send.error && !fields.channel && !fields.body ? <FormErrorAlert error={send.error} /> : null}
          <FormField label="Send by" error={errors.channel?.message ?? fields.channel}>
            <Select {...register('channel')}>
              <option value="email" disabled={!contact.email}>
                Email{contact.email ? ` (${contact.email})` : ' — no address'}
              </option>
              <option value="sms" disabled={!contact.phone}>
                Text message{contact.phone ? ` (${contact.phone})` : ' — no number'}
              </option>
            </Select>
          </FormField>
          <FormField label="Message" required error={errors.body?.message ?? fields.body} description="No more than needed: email and text messages are not private.">
            <Textarea rows={4} maxLength={1000} {...register('body')} />
          </FormField>
          <Button type="submit" loading={send.isPending}>
            <Send aria-hidden="true" />
            Send message
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
