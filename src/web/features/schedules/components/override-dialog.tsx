import * as React from 'react';
import { z } from 'zod';
import type { Member } from '@contracts/organizations';
import { OverrideBody, type Schedule, type ScheduleOverride } from '@contracts/schedules';
import { toFieldErrors } from '@domain/time/hours.schema';
import { DialogDescription, DialogHeader, DialogTitle, FormDialogFooter } from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
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

/** A one-off change: "Dana covers for Lee from Fri 17:00 to Mon 08:00". */
export function OverrideDialog({
  schedule,
  members,
  target,
  onClose,
}: {
  schedule: Schedule;
  members: Member[];
  target: OverrideDialogTarget | null;
  onClose: () => void;
}) {
  return (
    <ScheduleEditorDialog open={target !== null} onClose={onClose}>
      {target ? <OverrideForm key={target.mode === 'edit' ? target.override.id : 'add'} schedule={schedule} members={members} target={target} onClose={onClose} /> : null}
    </ScheduleEditorDialog>
  );
}

function OverrideForm({ schedule, members, target, onClose }: { schedule: Schedule; members: Member[]; target: OverrideDialogTarget; onClose: () => void }) {
  const existing = target.mode === 'edit' ? target.override : null;
  const [who, setWho] = React.useState(assigneeDraft(existing?.assignee ?? null));
  const [replaces, setReplaces] = React.useState(assigneeDraft(existing?.replacesAssignee ?? null));
  const [from, setFrom] = React.useState(existing?.fromLocal ?? (target.mode === 'add' ? target.from : ''));
  const [to, setTo] = React.useState(existing?.toLocal ?? (target.mode === 'add' ? target.to : ''));
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
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="From" error={err('from')}>
            <Input type="datetime-local" step={60} value={from} onChange={(e) => setFrom(e.target.value)} />
          </FormField>
          <FormField label="Until" error={err('to')}>
            <Input type="datetime-local" step={60} value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} />
          </FormField>
        </div>
        <FormField label="Note (optional)" error={err('note')}>
          <Input value={note} maxLength={200} placeholder="e.g. Lee on leave" onChange={(e) => setNote(e.target.value)} />
        </FormField>
      </form>
      <FormDialogFooter submitLabel={existing ? 'Save cover' : 'Add cover'} pending={save.isPending} onCancel={onClose} form={formId} />
    </>
  );
}
