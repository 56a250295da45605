import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormErrorAlert } from '@web/components/form-error-alert';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Textarea } from '@web/components/ui/textarea';
import { useToast } from '@web/components/ui/toast';
import { isApiError } from '@web/lib/api';
import { applyServerFieldErrors } from '@web/lib/form-errors';
import { formatDateTime, formatRelative, type Practice } from '@web/lib/format-date';
import { useAddCallNote } from '../api/call-actions';
import { AddNoteBody, type CallNote } from '@contracts/calls';

export interface CallNotesProps {
  callId: string;
  notes: CallNote[];
  canWrite: boolean;
  /** The note box's id, so "Add note" in the header can take the user there. */
  textareaId?: string;
}

/** Staff notes on the call, newest last, and a box to add one. */
export function CallNotes({ callId, notes, canWrite, textareaId, practice }: CallNotesProps & { practice?: Practice }) {
  const add = useAddCallNote();
  const { toast } = useToast();
  const { register, handleSubmit, reset, setError, formState: { errors } } = useForm({ resolver: zodResolver(AddNoteBody), defaultValues: { text: '' } });
  const onSubmit = handleSubmit((values) =>
    add.mutate(
      { id: callId, text: values.text },
      {
        onSuccess: () => {
          reset({ text: '' });
          toast({ title: 'Note added' });
        },
        onError: (error) => applyServerFieldErrors(error, setError, { fields: ['text'] }),
      },
    ),
  );
  const fieldOnly = isApiError(add.error) && add.error.code === 'validation_failed' && add.error.hasFieldErrors;

  return (
    <div className="space-y-4">
      {notes.length === 0 ? (
        <p className="text-sm text-muted-foreground">No notes yet.</p>
      ) : (
        <ul className="space-y-3">
          {notes.map((n) => (
            <li key={n.seq} className="rounded-lg border border-border bg-muted/40 p-3">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-xs text-muted-foreground">
                <span className="font-semibold text-foreground">{n.authorName}</span>
                <time dateTime={n.at} title={formatDateTime(n.at, { practice })}>
                  {formatRelative(n.at)}
                </time>
              </div>
              <p className="mt-1 whitespace-pre-wrap text-sm [overflow-wrap:anywhere]">{n.text}</p>
            </li>
          ))}
        </ul>
      )}
      {canWrite ? (
        <form onSubmit={onSubmit} noValidate className="space-y-3">
          {add.error && !fieldOnly ? <FormErrorAlert error={add.error} /> : null}
          <FormField label="Add a note" error={errors.text?.message} description="Visible only to staff of this organization.">
            <Textarea id={textareaId} rows={3} maxLength={4000} {...register('text')} />
          </FormField>
          <Button type="submit" loading={add.isPending}>
            Add note
          </Button>
        </form>
      ) : null}
    </div>
  );
}
