import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, Hand, Mail, MessageSquare, MessageSquareReply, Phone, PlusCircle, RotateCcw, StickyNote, UserPlus, XCircle, type LucideIcon } from 'lucide-react';
import { FormErrorAlert } from '@web/components/form-error-alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Textarea } from '@web/components/ui/textarea';
import { isApiError } from '@web/lib/api';
import { formatDateTime, formatRelative, type Practice } from '@web/lib/format-date';
import { useAddHandoffNote } from '../api/add-note';
import { CALLBACK_RESULTS, PRIORITY_LABELS, resolutionLabel, TYPE_LABELS } from '../labels';
import { NoteBody, type HandoffEvent, type HandoffPriority, type HandoffType } from '@contracts/handoffs';

const ICONS: Record<HandoffEvent['kind'], LucideIcon> = {
  created: PlusCircle,
  claimed: Hand,
  assigned: UserPlus,
  note: StickyNote,
  callback_attempt: Phone,
  resolved: CheckCircle2,
  reopened: RotateCcw,
  canceled: XCircle,
  message_sent: MessageSquare,
  patient_reply: MessageSquareReply,
};

function describe(e: HandoffEvent): string {
  const who = e.actor?.name ?? 'Switchboard';
  const d = e.data as Record<string, string | undefined>;
  switch (e.kind) {
    case 'created':
      return `${e.actor ? `${who} created it` : 'Came into the queue'}${d.type ? ` · ${TYPE_LABELS[d.type as HandoffType] ?? d.type}` : ''}${d.priority ? `, ${PRIORITY_LABELS[d.priority as HandoffPriority]?.toLowerCase()} priority` : ''}`;
    case 'claimed':
      return `${who} claimed it`;
    case 'assigned':
      return `${who} assigned it to ${d.assigneeName ?? 'someone'}`;
    case 'note':
      return e.actor ? `${who} added a note` : 'Switchboard';
    case 'callback_attempt':
      return `${who} called ${d.number ?? ''} · ${CALLBACK_RESULTS[d.result as keyof typeof CALLBACK_RESULTS] ?? d.result}`;
    case 'resolved':
      return `${e.data.automatic ? 'Resolved with the appointment request' : `${who} resolved it`} · ${resolutionLabel(d.outcome ?? null)}`;
    case 'reopened':
      return `${who} reopened it`;
    case 'canceled':
      return `${who} canceled it`;
    case 'message_sent':
      // A message about a request is read in the portal; the email or text only said it was waiting.
      return d.notice === 'portal'
        ? `${who} messaged the patient in the portal · notice by ${d.channel === 'sms' ? 'text message' : 'email'}`
        : `${who} sent the patient ${d.channel === 'sms' ? 'a text message' : 'an email'}`;
    case 'patient_reply':
      return `The patient replied in the portal${e.data.reopened ? ' · back in the queue' : ''}`;
  }
}

/** The handoff's history, oldest first, and a box for a new note. */
export function HandoffTimeline({ handoffId, events, practice }: { handoffId: string; events: HandoffEvent[]; practice?: Practice }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>History and notes</CardTitle>
      </CardHeader>
      <CardContent className="space-y-5">
        <ol className="space-y-4">
          {events.map((e) => {
            const Icon = e.kind === 'message_sent' && e.data.channel === 'email' ? Mail : ICONS[e.kind];
            return (
              <li key={e.id} className="flex gap-3">
                <span className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
                  <Icon aria-hidden="true" className="size-4" />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-medium">{describe(e)}</p>
                  <p className="text-xs text-muted-foreground">
                    <time dateTime={e.at} title={formatDateTime(e.at, { practice })}>
                      {formatRelative(e.at)}
                    </time>
                  </p>
                  {e.body ? <p className="mt-1 whitespace-pre-wrap rounded-md bg-muted/60 px-3 py-2 text-sm [overflow-wrap:anywhere]">{e.body}</p> : null}
                </div>
              </li>
            );
          })}
        </ol>
        <NoteForm handoffId={handoffId} />
      </CardContent>
    </Card>
  );
}

function NoteForm({ handoffId }: { handoffId: string }) {
  const add = useAddHandoffNote();
  const { register, handleSubmit, reset, formState: { errors } } = useForm({ resolver: zodResolver(NoteBody), defaultValues: { body: '' } });
  const fieldError = isApiError(add.error) ? add.error.fields.body : undefined;
  const submit = handleSubmit((values) => add.mutate({ id: handoffId, ...values }, { onSuccess: () => reset() }));
  return (
    <form onSubmit={submit} noValidate className="space-y-3 border-t border-border pt-4">
      {add.error && !fieldError ? <FormErrorAlert error={add.error} /> : null}
      <FormField label="Add a note" error={errors.body?.message ?? fieldError}>
        <Textarea rows={3} maxLength={5000} {...register('body')} />
      </FormField>
      <Button type="submit" variant="outline" loading={add.isPending}>
        Add note
      </Button>
    </form>
  );
}
