import * as React from 'react';
import { z } from 'zod';
import type { Member } from '@contracts/organizations';
import { OverrideBody, type Schedule, type ScheduleOverride } from '@contracts/schedules';
import { toFieldErrors } from '@domain/time/hours.schema';
import { DialogDescription, DialogHeader, DialogTitle, FormDialogFooter } from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { TimeInput, timeInputMessage } from '@web/components/ui/time-input';
import { useToast } from '@web/components/ui/toast';
import { fieldsUnder, sentence } from '@web/lib/field-messages';
import { zoneLabel } from '@web/lib/time-zones';
import { isApiError } from '@web/lib/api';
import { useSaveOverride } from '../api/save-schedule';
import { AssigneeField, NOBODY, assigneeDraft, assigneeInput } from './assignee-field';
import { ScheduleEditorDialog, ScheduleSaveError } from './schedule-editor-parts';

/**
 * The endpoint's body, as this dialog checks it before sending: an empty time says which one is
 * missing, and the cover must end after it starts (both wall times in the schedule's zone).
 */
const overrideFormSchema = OverrideBody.extend({
  from: z.string().min(1, { error: 'Enter when the cover starts.' }).pipe(OverrideBody.shape.from),
  to: z.string().min(1, { error: 'Enter when the cover ends.' }).pipe(OverrideBody.shape.to),
}).refine((o) => o.to > o.from, { path: ['to'], error: 'The end must be after the start.' });

export type OverrideDialogTarget = { mode: 'add'; from: string; to: string } | { mode: 'edit'; override: ScheduleOverride };

export interface OverrideDialogProps {
  schedule: Schedule;
  members: Member[];
  target: OverrideDialogTarget | null;
  /** The organization's country: the times are typed and shown in its clock (issue 28). */
  country: string | null | undefined;
  onClose: () => void;
}

/** A one-off change: "Dana covers for Lee from Fri 17:00 to Mon 08:00". */
export function OverrideDialog({ target, onClose, ...rest }: OverrideDialogProps) {
  return (
    <ScheduleEditorDialog open={target !== null} onClose={onClose}>
      {target ? <OverrideForm key={target.mode === 'edit' ? target.override.id : 'add'} {...rest} target={target} onClose={onClose} /> : null}
    </ScheduleEditorDialog>
  );
}

/** "2026-06-05T17:00" as its date and its time ("" for each when absent). */
const splitLocal = (local: string) => ({ date: local.slice(0, 10), time: local.slice(11, 16) });
/** The wall time sent, as the native date-time field sent it: "2026-06-05T17:00", '' while either half is empty. */
const joinLocal = (date: string, time: string) => (date && time ? `${date}T${time}` : '');

/**
 * One end of the cover: a date and a time (in the organization's clock), grouped under its name.
 * The message of the pair appears once below both; a time that is not one gets an example.
 */
function DateTimePair({
  legend,
  date,
  time,
  minDate,
  error,
  country,
  onDate,
  onTime,
}: {
  legend: string;
  date: string;
  time: string;
  minDate?: string;
  error: string | undefined;
  country: string | null | undefined;
  onDate: (date: string) => void;
  onTime: (time: string) => void;
}) {
  const id = React.useId();
  const message = time && date ? timeInputMessage(error, time, country) : error;
  const errorId = message ? `${id}-error` : undefined;
  return (
    <fieldset className="min-w-0 space-y-2">
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap items-end gap-3">
        <div className="space-y-1">
          <label htmlFor={`${id}-date`} className="block text-xs text-muted-foreground">
            <span className="sr-only">{legend} </span>Date
          </label>
          <Input id={`${id}-date`} type="date" value={date} min={minDate || undefined} aria-invalid={message ? true : undefined} aria-describedby={errorId} onChange={(e) => onDate(e.target.value)} className="w-auto" />
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-time`} className="block text-xs text-muted-foreground">
            <span className="sr-only">{legend} </span>Time
          </label>
          <TimeInput id={`${id}-time`} country={country} value={time} aria-invalid={message ? true : undefined} aria-describedby={errorId} onChange={onTime} />
        </div>
      </div>
      {message ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {message}
        </p>
      ) : null}
    </fieldset>
  );
}

function OverrideForm({ schedule, members, target, country, onClose }: Omit<OverrideDialogProps, 'target'> & { target: OverrideDialogTarget }) {
  const existing = target.mode === 'edit' ? target.override : null;
  const [who, setWho] = React.useState(assigneeDraft(existing?.assignee ?? null));
  const [replaces, setReplaces] = React.useState(assigneeDraft(existing?.replacesAssignee ?? null));
  const [start, setStart] = React.useState(splitLocal(existing?.fromLocal ?? (target.mode === 'add' ? target.from : '')));
  const [end, setEnd] = React.useState(splitLocal(existing?.toLocal ?? (target.mode === 'add' ? target.to : '')));
  const from = joinLocal(start.date, start.time);
  const to = joinLocal(end.date, end.time);
  const [note, setNote] = React.useState(existing?.note ?? '');
  const [clientErrors, setClientErrors] = React.useState<Record<string, string>>({});
  const save = useSaveOverride();
  const { toast } = useToast();
  const formId = React.useId();

  const serverFields = isApiError(save.error) ? (existing ? fieldsUnder(save.error.fields, 'override') : save.error.fields) : {};
  const err = (k: string) => sentence(clientErrors[k] ?? serverFields[k]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const checked = overrideFormSchema.safeParse({
      assignee: assigneeInput(who),
      replacesAssignee: replaces.choice === NOBODY ? null : assigneeInput(replaces),
      from,
      to,
      note,
    });
    const problems: Record<string, string> = {};
    if (!checked.success) for (const p of toFieldErrors(checked.error.issues)) problems[p.path] ??= p.message;
    setClientErrors(problems);
    if (!checked.success) return;
    save.mutate(
      { scheduleId: schedule.id, overrideId: existing?.id, version: existing?.version, override: checked.data },
      {
        onSuccess: () => {
          toast({ title: existing ? 'Cover saved' : 'Cover added' });
          onClose();
        },
      },
    );
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>{existing ? 'Change cover' : 'Add cover'}</DialogTitle>
        <DialogDescription>
          {schedule.name}. Someone is on duty from one moment to another, whatever the shifts say. Times are in {zoneLabel(schedule.timeZone)}.
        </DialogDescription>
      </DialogHeader>
      <ScheduleSaveError
        error={save.error}
        staleText="Someone changed or removed this cover after you opened it. Close this dialog to see the latest version, then make your change again."
      />
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        <AssigneeField label="Who covers" value={who} onChange={setWho} members={members} name="assignee" errorOf={err} />
        <AssigneeField
          label="Covering for"
          value={replaces}
          onChange={setReplaces}
          members={members}
          noneLabel="Nobody in particular (added to whoever is on duty)"
          description="The person covered for is off duty while the cover runs."
          name="replacesAssignee"
          errorOf={err}
        />
        <div className="grid gap-4">
          <DateTimePair
            legend="From"
            {...start}
            error={err('from')}
            country={country}
            onDate={(date) => setStart((s) => ({ ...s, date }))}
            onTime={(time) => setStart((s) => ({ ...s, time }))}
          />
          <DateTimePair
            legend="Until"
            {...end}
            minDate={start.date}
            error={err('to')}
            country={country}
            onDate={(date) => setEnd((s) => ({ ...s, date }))}
            onTime={(time) => setEnd((s) => ({ ...s, time }))}
          />
        </div>
        <FormField label="Note (optional)" error={err('note')}>
          <Input value={note} maxLength={200} placeholder="e.g. Lee on leave" onChange={(e) => setNote(e.target.value)} />
        </FormField>
      </form>
      <FormDialogFooter submitLabel={existing ? 'Save cover' : 'Add cover'} pending={save.isPending} onCancel={onClose} form={formId} />
    </>
  );
}
