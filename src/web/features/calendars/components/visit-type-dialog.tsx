import * as React from 'react';
import { VisitTypeBody, type VisitType } from '@contracts/calendars';
import { Checkbox } from '@web/components/ui/checkbox';
import { DialogDescription, DialogHeader, DialogTitle, FormDialogFooter } from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Select } from '@web/components/ui/select';
import { Switch } from '@web/components/ui/switch';
import { useToast } from '@web/components/ui/toast';
import { isApiError } from '@web/lib/api';
import { sentence } from '@web/lib/field-messages';
import { useCreateVisitType, useUpdateVisitType } from '../api/save-records';
import { CHANNELS, CHANNEL_LABELS, type BookingChannel } from './calendar-format';
import { EditorDialog, SaveError, issuesByPath } from './record-parts';

export type VisitTypeDialogTarget = { mode: 'add'; organizationId: string } | { mode: 'edit'; visitType: VisitType };

type NoticeUnit = 'minutes' | 'hours' | 'days';
const UNIT_MINUTES: Record<NoticeUnit, number> = { minutes: 1, hours: 60, days: 1440 };

/** The notice in the largest unit it is a whole number of. */
function noticeDraft(minutes: number): { amount: string; unit: NoticeUnit } {
  if (minutes > 0 && minutes % 1440 === 0) return { amount: String(minutes / 1440), unit: 'days' };
  if (minutes > 0 && minutes % 60 === 0) return { amount: String(minutes / 60), unit: 'hours' };
  return { amount: String(minutes), unit: 'minutes' };
}

/** A number typed in a field: NaN when empty, so the schema says what to enter. */
const num = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));

/** Add or change a visit type: names in English and Spanish, length, buffer and who may book it when. */
export function VisitTypeDialog({ target, onClose }: { target: VisitTypeDialogTarget | null; onClose: () => void }) {
  return (
    <EditorDialog open={target !== null} onClose={onClose} wide>
      {target ? <VisitTypeForm key={target.mode === 'edit' ? target.visitType.id : 'add'} target={target} onClose={onClose} /> : null}
    </EditorDialog>
  );
}

function VisitTypeForm({ target, onClose }: { target: VisitTypeDialogTarget; onClose: () => void }) {
  const existing = target.mode === 'edit' ? target.visitType : null;
  const [nameEn, setNameEn] = React.useState(existing?.nameEn ?? '');
  const [nameEs, setNameEs] = React.useState(existing?.nameEs ?? '');
  const [length, setLength] = React.useState(String(existing?.lengthMinutes ?? 30));
  const [buffer, setBuffer] = React.useState(String(existing?.bufferMinutes ?? 0));
  const initialNotice = noticeDraft(existing?.minNoticeMinutes ?? 120);
  const [noticeAmount, setNoticeAmount] = React.useState(initialNotice.amount);
  const [noticeUnit, setNoticeUnit] = React.useState<NoticeUnit>(initialNotice.unit);
  const [maxDays, setMaxDays] = React.useState(String(existing?.maxDaysAhead ?? 60));
  const [newPatients, setNewPatients] = React.useState(existing?.newPatientsAllowed ?? true);
  const [channels, setChannels] = React.useState<BookingChannel[]>(existing?.bookableBy ?? ['phone', 'web', 'staff']);
  const [active, setActive] = React.useState(existing?.active ?? true);
  const [clientErrors, setClientErrors] = React.useState<Record<string, string>>({});
  const create = useCreateVisitType();
  const update = useUpdateVisitType();
  const mutation = existing ? update : create;
  const { toast } = useToast();
  const formId = React.useId();
  const serverFields = isApiError(mutation.error) ? mutation.error.fields : {};
  const err = (k: string) => sentence(clientErrors[k] ?? serverFields[k]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const notice = num(noticeAmount) * UNIT_MINUTES[noticeUnit];
    const checked = VisitTypeBody.safeParse({
      nameEn,
      nameEs,
      lengthMinutes: num(length),
      bufferMinutes: num(buffer),
      newPatientsAllowed: newPatients,
      minNoticeMinutes: notice,
      maxDaysAhead: num(maxDays),
      bookableBy: CHANNELS.filter((c) => channels.includes(c)),
    });
    setClientErrors(issuesByPath(checked.error?.issues));
    if (!checked.success) {
      requestAnimationFrame(() => (document.getElementById(formId)?.querySelector('[aria-invalid="true"]') as HTMLElement | null)?.focus());
      return;
    }
    const done = { onSuccess: () => (toast({ title: existing ? 'Visit type saved' : `Added ${checked.data.nameEn}` }), onClose()) };
    if (existing) update.mutate({ id: existing.id, version: existing.version, ...checked.data, active }, done);
    else if (target.mode === 'add') create.mutate({ organizationId: target.organizationId, ...checked.data }, done);
  };

  const toggle = (c: BookingChannel, on: boolean) => setChannels((list) => (on ? [...new Set([...list, c])] : list.filter((x) => x !== c)));

  return (
    <>
      <DialogHeader>
        <DialogTitle>{existing ? 'Change visit type' : 'Add a visit type'}</DialogTitle>
        <DialogDescription>What patients come for, how long it takes, and who may book it when. Patients see the name in their language.</DialogDescription>
      </DialogHeader>
      <SaveError error={mutation.error} staleText="Someone changed this visit type after you opened it. Close this dialog to see the latest version, then make your change again." />
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Name in English" error={err('nameEn')} required>
            <Input value={nameEn} onChange={(e) => setNameEn(e.target.value)} maxLength={120} autoComplete="off" placeholder="e.g. Annual physical" />
          </FormField>
          <FormField label="Name in Spanish" error={err('nameEs')} required>
            <Input value={nameEs} onChange={(e) => setNameEs(e.target.value)} maxLength={120} autoComplete="off" lang="es" placeholder="p. ej. Examen físico anual" />
          </FormField>
          <FormField label="Length (minutes)" error={err('lengthMinutes')} required>
            <Input type="number" inputMode="numeric" min={5} max={480} step={5} value={length} onChange={(e) => setLength(e.target.value)} className="w-32" />
          </FormField>
          <FormField label="Buffer after (minutes)" error={err('bufferMinutes')} description="Kept free after each visit, e.g. to clean a room.">
            <Input type="number" inputMode="numeric" min={0} max={240} step={5} value={buffer} onChange={(e) => setBuffer(e.target.value)} className="w-32" />
          </FormField>
        </div>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Minimum notice</legend>
          <p className="text-sm text-muted-foreground" id={`${formId}-notice-hint`}>
            How long before its start a patient may book it at the latest. Staff are warned, not stopped.
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <Input
              type="number"
              inputMode="numeric"
              min={0}
              value={noticeAmount}
              onChange={(e) => setNoticeAmount(e.target.value)}
              className="w-28"
              aria-label="Minimum notice"
              aria-describedby={[`${formId}-notice-hint`, err('minNoticeMinutes') ? `${formId}-notice-error` : ''].filter(Boolean).join(' ')}
              aria-invalid={err('minNoticeMinutes') ? true : undefined}
            />
            <div className="w-32">
              <Select aria-label="Unit of the minimum notice" value={noticeUnit} onChange={(e) => setNoticeUnit(e.target.value as NoticeUnit)}>
                <option value="minutes">minutes</option>
                <option value="hours">hours</option>
                <option value="days">days</option>
              </Select>
            </div>
          </div>
          {err('minNoticeMinutes') ? (
            <p id={`${formId}-notice-error`} className="text-sm font-medium text-destructive">
              {err('minNoticeMinutes')}
            </p>
          ) : null}
        </fieldset>
        <FormField label="Booked at most (days ahead)" error={err('maxDaysAhead')} description="How far ahead patients may book it.">
          <Input type="number" inputMode="numeric" min={1} max={730} value={maxDays} onChange={(e) => setMaxDays(e.target.value)} className="w-32" />
        </FormField>
        <fieldset className="space-y-2" aria-describedby={err('bookableBy') ? `${formId}-channels-error` : undefined}>
          <legend className="text-sm font-medium">Who may book it</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {CHANNELS.map((c) => (
              <div key={c} className="flex items-center gap-2">
                <Checkbox id={`${formId}-channel-${c}`} checked={channels.includes(c)} onCheckedChange={(v) => toggle(c, v === true)} />
                <Label htmlFor={`${formId}-channel-${c}`}>{CHANNEL_LABELS[c]}</Label>
              </div>
            ))}
          </div>
          {err('bookableBy') ? (
            <p id={`${formId}-channels-error`} className="text-sm font-medium text-destructive">
              {err('bookableBy')}
            </p>
          ) : null}
        </fieldset>
        <div className="flex items-start gap-3">
          <Switch id={`${formId}-new`} checked={newPatients} onCheckedChange={setNewPatients} aria-describedby={`${formId}-new-hint`} />
          <div>
            <Label htmlFor={`${formId}-new`}>New patients may book it themselves</Label>
            <p id={`${formId}-new-hint`} className="text-sm text-muted-foreground">
              Off: only returning patients book it by phone or on the web. Staff may always book it.
            </p>
          </div>
        </div>
        {existing ? (
          <div className="flex items-start gap-3">
            <Switch id={`${formId}-active`} checked={active} onCheckedChange={setActive} aria-describedby={`${formId}-active-hint`} />
            <div>
              <Label htmlFor={`${formId}-active`}>In use</Label>
              <p id={`${formId}-active-hint`} className="text-sm text-muted-foreground">
                A visit type not in use cannot be booked; its visits stay on the calendar.
              </p>
            </div>
          </div>
        ) : null}
      </form>
      <FormDialogFooter submitLabel={existing ? 'Save visit type' : 'Add visit type'} pending={mutation.isPending} onCancel={onClose} form={formId} />
    </>
  );
}
