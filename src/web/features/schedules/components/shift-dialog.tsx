import * as React from 'react';
import type { Member } from '@contracts/organizations';
import { ShiftBody, type Schedule, type Shift } from '@contracts/schedules';
import { toFieldErrors } from '@domain/time/hours.schema';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { DialogDescription, DialogHeader, DialogTitle, FormDialogFooter } from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { TimeInput, timeInputMessage } from '@web/components/ui/time-input';
import { useToast } from '@web/components/ui/toast';
import { DAYS } from '@web/lib/weekdays';
import { fieldsUnder, sentence } from '@web/lib/field-messages';
import { zoneLabel } from '@web/lib/time-zones';
import { isApiError } from '@web/lib/api';
import { useSaveShift } from '../api/save-schedule';
import { AssigneeField, assigneeDraft, assigneeInput } from './assignee-field';
import { ScheduleEditorDialog, ScheduleSaveError } from './schedule-editor-parts';

export type ShiftDialogTarget = { mode: 'add' } | { mode: 'edit'; shift: Shift };

export interface ShiftDialogProps {
  schedule: Schedule;
  members: Member[];
  target: ShiftDialogTarget | null;
  /** The organization's country: the start and end are typed and shown in its clock (issue 28). */
  country: string | null | undefined;
  onClose: () => void;
}

/** Add or change a weekly shift. Server messages appear beside their fields. */
export function ShiftDialog({ target, onClose, ...rest }: ShiftDialogProps) {
  return (
    <ScheduleEditorDialog open={target !== null} onClose={onClose}>
      {target ? <ShiftForm key={target.mode === 'edit' ? target.shift.id : 'add'} {...rest} target={target} onClose={onClose} /> : null}
    </ScheduleEditorDialog>
  );
}

function ShiftForm({ schedule, members, target, country, onClose }: Omit<ShiftDialogProps, 'target'> & { target: ShiftDialogTarget }) {
  const shift = target.mode === 'edit' ? target.shift : null;
  const [who, setWho] = React.useState(assigneeDraft(shift?.assignee ?? null));
  const [days, setDays] = React.useState<number[]>(shift?.days ?? [1, 2, 3, 4, 5]);
  const [start, setStart] = React.useState(shift?.start ?? '09:00');
  const [end, setEnd] = React.useState(shift?.end === '24:00' ? '00:00' : (shift?.end ?? '17:00'));
  const [effectiveFrom, setEffectiveFrom] = React.useState(shift?.effectiveFrom ?? '');
  const [effectiveTo, setEffectiveTo] = React.useState(shift?.effectiveTo ?? '');
  const [precedence, setPrecedence] = React.useState(String(shift?.precedence ?? 0));
  const [clientErrors, setClientErrors] = React.useState<Record<string, string>>({});
  const save = useSaveShift();
  const { toast } = useToast();
  const formId = React.useId();

  const serverFields = isApiError(save.error) ? (shift ? fieldsUnder(save.error.fields, 'shift') : save.error.fields) : {};
  const err = (k: string) => sentence(clientErrors[k] ?? serverFields[k]);
  const overnight = start && end && end <= start && end !== '00:00';

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    // The endpoint's own body schema checks the fields here first; the server checks them again.
    const checked = ShiftBody.safeParse({
      assignee: assigneeInput(who),
      days,
      start,
      end,
      effectiveFrom: effectiveFrom || null,
      effectiveTo: effectiveTo || null,
      precedence: precedence.trim() === '' ? Number.NaN : Number(precedence),
    });
    const problems: Record<string, string> = {};
    if (!checked.success) for (const p of toFieldErrors(checked.error.issues)) problems[p.path] ??= p.message;
    setClientErrors(problems);
    if (!checked.success) return;
    save.mutate(
      { scheduleId: schedule.id, shiftId: shift?.id, version: shift?.version, shift: checked.data },
      {
        onSuccess: () => {
          toast({ title: shift ? 'Shift saved' : 'Shift added' });
          onClose();
        },
      },
    );
  };

  const toggle = (day: number, on: boolean) => setDays((d) => (on ? [...new Set([...d, day])].sort((a, b) => a - b) : d.filter((x) => x !== day)));

  return (
    <>
      <DialogHeader>
        <DialogTitle>{shift ? 'Change shift' : 'Add a shift'}</DialogTitle>
        <DialogDescription>
          {schedule.name}. Times are in {zoneLabel(schedule.timeZone)}; an end at or before the start runs into the next day.
        </DialogDescription>
      </DialogHeader>
      <ScheduleSaveError
        error={save.error}
        staleText="Someone changed or removed this shift after you opened it. Close this dialog to see the latest version, then make your change again."
      />
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        <AssigneeField label="Who is on duty" value={who} onChange={setWho} members={members} name="assignee" errorOf={err} />
        <fieldset className="space-y-2" aria-describedby={err('days') ? `${formId}-days-error` : undefined}>
          <legend className="text-sm font-medium">Days</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {DAYS.map((d) => (
              <div key={d.day} className="flex items-center gap-2">
                <Checkbox id={`${formId}-day-${d.day}`} checked={days.includes(d.day)} onCheckedChange={(v) => toggle(d.day, v === true)} aria-label={d.name} />
                <Label htmlFor={`${formId}-day-${d.day}`} aria-hidden="true">
                  {d.short}
                </Label>
              </div>
            ))}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="link" size="sm" onClick={() => setDays([1, 2, 3, 4, 5])}>
              Weekdays
            </Button>
            <Button type="button" variant="link" size="sm" onClick={() => setDays([6, 7])}>
              Weekend
            </Button>
            <Button type="button" variant="link" size="sm" onClick={() => setDays([1, 2, 3, 4, 5, 6, 7])}>
              Every day
            </Button>
          </div>
          {err('days') ? (
            <p id={`${formId}-days-error`} className="text-sm font-medium text-destructive">
              {err('days')}
            </p>
          ) : null}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Starts" error={timeInputMessage(err('start'), start, country)}>
            <TimeInput country={country} value={start} onChange={setStart} />
          </FormField>
          <FormField label="Ends" error={timeInputMessage(err('end'), end, country)} description={overnight ? 'Runs into the next day.' : end === '00:00' ? 'At midnight.' : undefined}>
            <TimeInput country={country} value={end} onChange={setEnd} />
          </FormField>
          <FormField label="Effective from (optional)" error={err('effectiveFrom')}>
            <Input type="date" value={effectiveFrom} onChange={(e) => setEffectiveFrom(e.target.value)} />
          </FormField>
          <FormField label="Effective until (optional)" error={err('effectiveTo')}>
            <Input type="date" value={effectiveTo} min={effectiveFrom || undefined} onChange={(e) => setEffectiveTo(e.target.value)} />
          </FormField>
        </div>
        <FormField label="Order of precedence" error={err('precedence')} description="When several people are on duty at once, lower numbers come first (they get transfers first).">
          <Input type="number" inputMode="numeric" step={1} min={-999} max={999} value={precedence} onChange={(e) => setPrecedence(e.target.value)} className="w-32" />
        </FormField>
      </form>
      <FormDialogFooter submitLabel={shift ? 'Save shift' : 'Add shift'} pending={save.isPending} onCancel={onClose} form={formId} />
    </>
  );
}
