import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MessageSquareText, RefreshCw, Send } from 'lucide-react';
import { HandoffTextBody, type HandoffTextItem, type HandoffTexts } from '@contracts/handoffs';
import {
  HANDOFF_TEXT_LABELS,
  HANDOFF_TEXT_LANGUAGE_LABELS,
  HANDOFF_TEXT_LANGUAGES,
  HANDOFF_TEXT_MAX,
  HANDOFF_TEXT_TEMPLATES,
  handoffText,
} from '@domain/messaging/handoff-texts';
import { smsBody } from '@domain/messaging/sms';
import { FormErrorAlert } from '@web/components/form-error-alert';
import { Alert } from '@web/components/ui/alert';
import { Badge, type BadgeProps } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Select } from '@web/components/ui/select';
import { LoadingBlock } from '@web/components/ui/spinner';
import { Textarea } from '@web/components/ui/textarea';
import { useToast } from '@web/components/ui/toast';
import { errorMessage, isApiError } from '@web/lib/api';
import { formatDateTime, formatRelative, type Practice } from '@web/lib/format-date';
import { formatPhone } from '@web/lib/format-phone';
import { useHandoffTexts, useSendHandoffText } from '../api/handoff-texts';

const STATUS: Record<string, { label: string; variant: BadgeProps['variant'] }> = {
  queued: { label: 'Queued', variant: 'neutral' },
  sending: { label: 'Sending', variant: 'neutral' },
  sent: { label: 'Sent', variant: 'info' },
  delivered: { label: 'Delivered', variant: 'success' },
  undelivered: { label: 'Not delivered', variant: 'destructive' },
  failed: { label: 'Not delivered', variant: 'destructive' },
  suppressed: { label: 'Not sent: opted out', variant: 'warning' },
};

/** The texts both ways, oldest first; the patient's on the left, the practice's on the right. */
function Thread({ thread, practice }: { thread: HandoffTextItem[]; practice?: Practice }) {
  if (thread.length === 0) return <p className="mb-4 text-sm text-muted-foreground">No texts yet. What you send and the patient’s replies appear here.</p>;
  return (
    <ol aria-label="Texts with the patient" className="mb-4 space-y-2">
      {thread.map((m) => {
        const inbound = m.direction === 'inbound';
        const status = m.status ? STATUS[m.status] : undefined;
        return (
          <li key={m.id} className={`rounded-md border px-3 py-2 text-sm ${inbound ? 'mr-6 border-primary/30 bg-primary/5' : 'ml-6 border-border bg-muted/60'}`}>
            <p className="text-xs font-medium text-muted-foreground">
              {inbound ? 'The patient replied' : `${m.by ?? 'Staff'} texted`}
              {' · '}
              <time dateTime={m.at} title={formatDateTime(m.at, { practice })}>
                {formatRelative(m.at)}
              </time>
              {status ? (
                <>
                  {' '}
                  <Badge variant={status.variant}>{status.label}</Badge>
                </>
              ) : null}
            </p>
            <p className="mt-1 whitespace-pre-wrap [overflow-wrap:anywhere]">{m.body}</p>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * "Text the patient" (issue 30 §3, decision 048): a template in English or Spanish — and words of
 * one's own only when the patient called or texted from the number — with a preview of exactly
 * what the patient reads, and the thread of texts, which updates live as replies arrive.
 */
export function TextPatientCard({ handoffId, practice }: { handoffId: string; practice?: Practice }) {
  const query = useHandoffTexts(handoffId);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MessageSquareText aria-hidden="true" className="size-4" />
          Text the patient
        </CardTitle>
        <CardDescription>
          {query.data?.phone
            ? `Texts go to ${formatPhone(query.data.phone, practice?.country)}. Replies from that number appear here as they arrive.`
            : 'Texts to the patient’s phone, and their replies, as they arrive.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <LoadingBlock label="Loading the texts…" />
        ) : query.isError && !query.data ? (
          <Alert variant="destructive" title="The texts could not be loaded">
            <p>{errorMessage(query.error)}</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={() => void query.refetch()}>
              <RefreshCw aria-hidden="true" />
              Try again
            </Button>
          </Alert>
        ) : (
          <>
            <Thread thread={query.data.thread} practice={practice} />
            {query.data.blocked ? (
              <Alert variant="warning" title="No text can be sent">
                <p>{query.data.blocked.message}</p>
              </Alert>
            ) : (
              <TextForm handoffId={handoffId} texts={query.data} practice={practice} />
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function TextForm({ handoffId, texts, practice }: { handoffId: string; texts: HandoffTexts; practice?: Practice }) {
  const send = useSendHandoffText();
  const { toast } = useToast();
  const defaultValues: HandoffTextBody = { template: 'call_back', language: 'en', text: '' };
  const { register, handleSubmit, control, resetField, formState: { errors } } = useForm({ resolver: zodResolver(HandoffTextBody), defaultValues });
  const [template, language, text] = useWatch({ control, name: ['template', 'language', 'text'] });
  const fields = isApiError(send.error) ? send.error.fields : {};
  const preview = smsBody(handoffText(template, language, { ...texts.values, text: texts.confirmed ? text : undefined }), language);
  const submit = handleSubmit((values) =>
    send.mutate(
      { id: handoffId, template: values.template, language: values.language, ...(texts.confirmed && values.text ? { text: values.text } : {}) },
      {
        onSuccess: () => {
          toast({ title: 'Text sent', description: `Texted to ${formatPhone(texts.phone, practice?.country)}.` });
          resetField('text');
        },
      },
    ),
  );
  const serverOnly = send.error && !fields.template && !fields.language && !fields.text;
  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label="Text the patient">
      {serverOnly ? <FormErrorAlert error={send.error} /> : null}
      <div className="grid gap-3">
        <FormField label="What to text" error={errors.template?.message ?? fields.template}>
          <Select {...register('template')}>
            {HANDOFF_TEXT_TEMPLATES.map((key) => (
              <option key={key} value={key} disabled={key === 'message' && !texts.confirmed}>
                {HANDOFF_TEXT_LABELS[key]}
                {key === 'message' && !texts.confirmed ? ' (number not confirmed)' : ''}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Language" error={errors.language?.message ?? fields.language}>
          <Select {...register('language')}>
            {HANDOFF_TEXT_LANGUAGES.map((key) => (
              <option key={key} value={key}>
                {HANDOFF_TEXT_LANGUAGE_LABELS[key]}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      {texts.confirmed ? (
        <FormField
          label={template === 'message' ? 'Your message' : 'Add a line (optional)'}
          required={template === 'message'}
          error={errors.text?.message ?? fields.text}
          description={`The patient ${texts.confirmedBy === 'text' ? 'texted from this number' : texts.confirmedBy === 'portal' ? 'signed in to the portal with a code sent to this number' : 'called from this number'}, so you may write your own words. Still no more than needed: texts are not private.`}
        >
          <Textarea rows={3} maxLength={HANDOFF_TEXT_MAX} {...register('text')} />
        </FormField>
      ) : (
        <p className="text-sm text-muted-foreground">
          Templates only: the patient has not called or texted from this number, nor signed in to the portal with it, so it may not be theirs and nothing about their health can be sent to it.
        </p>
      )}
      <figure className="rounded-md border border-dashed bg-muted/40 px-3 py-2 text-sm">
        <figcaption className="text-xs font-medium text-muted-foreground">Preview: what the patient reads</figcaption>
        <p className="mt-1 whitespace-pre-wrap [overflow-wrap:anywhere]" data-testid="text-preview">
          {preview}
        </p>
      </figure>
      <Button type="submit" loading={send.isPending}>
        <Send aria-hidden="true" />
        Send text
      </Button>
    </form>
  );
}
