import * as React from 'react';
import { Send } from 'lucide-react';
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
import type { HandoffDetail } from '../types';

/** A message to the patient by email or text; it is kept in the history and shown in the patient's portal. */
export function MessageCard({ detail }: { detail: HandoffDetail }) {
  const { contact, handoff } = detail;
  const send = useMessagePatient();
  const { toast } = useToast();
  const [channel, setChannel] = React.useState<'email' | 'sms'>(contact.email ? 'email' : 'sms');
  const [body, setBody] = React.useState('');
  const [missing, setMissing] = React.useState(false);
  const fields = isApiError(send.error) ? send.error.fields : {};
  if ((!contact.email && !contact.phone) || !handoffActionAllowed('message', handoff.status)) return null;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!body.trim()) {
      setMissing(true);
      return;
    }
    send.mutate(
      { id: handoff.id, channel, body: body.trim() },
      {
        onSuccess: () => {
          toast({ title: 'Message sent', description: channel === 'email' ? `Emailed to ${contact.email}.` : `Texted to ${contact.phone}.` });
          setBody('');
        },
      },
    );
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Message the patient</CardTitle>
        <CardDescription>Sent by email or text message, and shown to the patient in the portal.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="space-y-3">
          {send.error && !fields.channel && !fields.body ? <FormErrorAlert error={send.error} /> : null}
          <FormField label="Send by" error={fields.channel}>
            <Select value={channel} onChange={(e) => setChannel(e.target.value as 'email' | 'sms')}>
              <option value="email" disabled={!contact.email}>
                Email{contact.email ? ` (${contact.email})` : ' — no address'}
              </option>
              <option value="sms" disabled={!contact.phone}>
                Text message{contact.phone ? ` (${contact.phone})` : ' — no number'}
              </option>
            </Select>
          </FormField>
          <FormField label="Message" required error={missing ? 'Write the message.' : fields.body} description="No more than needed: email and text messages are not private.">
            <Textarea
              rows={4}
              maxLength={1000}
              value={body}
              onChange={(e) => {
                setBody(e.target.value);
                setMissing(false);
              }}
            />
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
