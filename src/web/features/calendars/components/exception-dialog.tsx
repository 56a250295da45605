import * as React from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { ExceptionBody, type Clinician, type ClinicianException, type Location } from '@contracts/calendars';
import { wallTimesInClock } from '@domain/format/clock';
import { Button } from '@web/components/ui/button';
import { DialogDescription, DialogHeader, DialogTitle, FormDialogFooter } from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { TimeInput, timeInputMessage } from '@web/components/ui/time-input';
import { useToast } from '@web/components/ui/toast';
import { isApiError } from '@web/lib/api';
import { fieldsUnder, sentence } from '@web/lib/field-messages';
import { zoneLabel } from '@web/lib/time-zones';
import { useSaveException } from '../api/save-clinician';
import { EditorDialog, SaveError, issuesByPath } from './record-parts';

export type ExceptionDialogTarget = { mode: 'add'; from: string } | { mode: 'edit'; exception: ClinicianException };

export interface ExceptionDialogProps {
  clinician: Clinician;
  locations: Location[];
  country: string | null | undefined;
  target: ExceptionDialogTarget | null;
  onClose: () => void;
}

let seq = 0;

/** Leave (unavailable), or available only at other hours or another place, on a date or a range of dates. */
export function ExceptionDialog({ target, onClose, ...rest }: ExceptionDialogProps) {
  return (
    <EditorDialog open={target !== null} onClose={onClose}>
      {target ? <ExceptionForm key={target.mode === 'edit' ? target.exception.id : 'add'} target={target} onClose={onClose} {...rest} /> : null}
    </EditorDialog>
  );
}

function ExceptionForm({ clinician, locations, country, target, onClose }: Omit<ExceptionDialogProps, 'target'> & { target: ExceptionDialogTarget }) {
  const existing = target.mode === 'edit' ? target.exception : null;
  const firstLocation = clinician.weekly[0]?.locationId ?? locations.find((l) => l.active)?.id ?? '';
  const [from, setFrom] = React.useState(existing?.from ?? (target.mode === 'add' ? target.from : ''));
  const [to, setTo] = React.useState(existing?.to ?? (target.mode === 'add' ? target.from : ''));
  const [kind, setKind] = React.useState(existing?.kind ?? 'unavailable');
  const [intervals, setIntervals] = React.useState(() =>
    (existing?.intervals.length ? existing.intervals : [{ start: '09:00', end: '13:00' }]).map((iv) => ({ key: `i${++seq}`, start: iv.start, end: iv.end === '24:00' ? '00:00' : iv.end })),
  );
  const [locationId, setLocationId] = React.useState(existing?.locationId ?? firstLocation);
  const [note, setNote] = React.useState(existing?.note ?? '');
  const [clientErrors, setClientErrors] = React.useState<Record<string, string>>({});
  const save = useSaveException();
  const { toast } = useToast();
  const formId = React.useId();
  const serverFields = isApiError(save.error) ? (existing ? fieldsUnder(save.error.fields, 'exception') : save.error.fields) : {};
  const err = (k: string) => sentence(clientErrors[k] ?? serverFields[k]);
  const available = kind === 'available';
  const offered = locations.filter((l) => l.active || l.id === locationId);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const checked = ExceptionBody.safeParse({
      from,
      to: to || from,
      kind,
      intervals: available ? intervals.map((iv) => ({ start: iv.start, end: iv.end === '00:00' ? '24:00' : iv.end })) : [],
      locationId: available ? locationId || null : null,
      note,
    });
    setClientErrors(issuesByPath(checked.error?.issues));
    if (!checked.success) {
      requestAnimationFrame(() => (document.getElementById(formId)?.querySelector('[aria-invalid="true"]') as HTMLElement | null)?.focus());
      return;
    }
    save.mutate(
      { clinicianId: clinician.id, exceptionId: existing?.id, version: existing?.version, exception: checked.data },
      {
        onSuccess: () => {
          toast({ title: existing ? 'Exception saved' : 'Exception added' });
          onClose();
        },
      },
    );
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>{existing ? 'Change exception' : 'Add an exception'}</DialogTitle>
        <DialogDescription>
          {clinician.name}: dates that replace the weekly hours. Times are in {zoneLabel(clinician.timeZone)}.
        </DialogDescription>
      </DialogHeader>
      <SaveError error={save.error} staleText="Someone changed this exception after you opened it. Close this dialog to see the latest version, then make your change again." />
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="From" error={err('from')} required>
            <Input
              type="date"
              value={from}
              onChange={(e) => {
                setFrom(e.target.value);
                if (!to || to < e.target.value) setTo(e.target.value);
              }}
            />
          </FormField>
          <FormField label="Until (inclusive)" error={err('to')} required>
            <Input type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} />
          </FormField>
        </div>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">On these dates</legend>
          {(
            [
              ['unavailable', 'Not available', 'Leave, training, a day off: no visits are offered.'],
              ['available', 'Available at other hours or another location', 'Only the hours below, at the location below.'],
            ] as const
          ).map(([value, label, hint]) => (
            <label key={value} className="flex cursor-pointer items-start gap-3 rounded-md border border-border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary-soft/40">
              <input type="radio" name={`${formId}-kind`} value={value} checked={kind === value} onChange={() => setKind(value)} className="mt-1 size-4 accent-primary" />
              <span>
                <span className="block text-sm font-medium">{label}</span>
                <span className="block text-sm text-muted-foreground">{hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {available ? (
          <>
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium">Hours</legend>
              {intervals.map((iv, i) => {
                const label = `Hours ${i + 1}`;
                const startError = timeInputMessage(err(`intervals.${i}.start`), iv.start, country);
                const endError = timeInputMessage(err(`intervals.${i}.end`), iv.end, country);
                const rowError = err(`intervals.${i}`);
                return (
                  <div key={iv.key} className="space-y-1">
                    <div className="flex items-center gap-2">
                      <TimeInput
                        country={country}
                        value={iv.start}
                        aria-label={`${label}: from`}
                        aria-invalid={Boolean(startError || rowError) || undefined}
                        onChange={(start) => setIntervals((list) => list.map((x) => (x.key === iv.key ? { ...x, start } : x)))}
                      />
                      <span aria-hidden="true" className="text-muted-foreground">
                        –
                      </span>
                      <TimeInput
                        country={country}
                        value={iv.end}
                        aria-label={`${label}: until`}
                        aria-invalid={Boolean(endError || rowError) || undefined}
                        onChange={(end) => setIntervals((list) => list.map((x) => (x.key === iv.key ? { ...x, end } : x)))}
                      />
                      <Button type="button" variant="ghost" size="icon" className="size-9" aria-label={`Remove ${label}`} onClick={() => setIntervals((list) => list.filter((x) => x.key !== iv.key))}>
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </div>
                    {[startError, endError, rowError && wallTimesInClock(rowError, country)].filter(Boolean).map((m) => (
                      <p key={m} className="text-sm font-medium text-destructive">
                        {sentence(m)}
                      </p>
                    ))}
                  </div>
                );
              })}
              {err('intervals') ? <p className="text-sm font-medium text-destructive">{err('intervals')}</p> : null}
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="-ml-2"
                onClick={() => setIntervals((list) => [...list, { key: `i${++seq}`, start: '14:00', end: '17:00' }])}
              >
                <Plus aria-hidden="true" />
                Add hours
              </Button>
            </fieldset>
            <FormField label="Location" error={err('locationId')} required>
              <Select value={locationId} onChange={(e) => setLocationId(e.target.value)}>
                <option value="">Choose a location…</option>
                {offered.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name}
                  </option>
                ))}
              </Select>
            </FormField>
          </>
        ) : null}
        <FormField label="Note (optional)" error={err('note')} description="Staff see it; patients do not.">
          <Input value={note} onChange={(e) => setNote(e.target.value)} maxLength={200} autoComplete="off" placeholder="e.g. Annual leave" />
        </FormField>
      </form>
      <FormDialogFooter submitLabel={existing ? 'Save exception' : 'Add exception'} pending={save.isPending} onCancel={onClose} form={formId} />
    </>
  );
}
