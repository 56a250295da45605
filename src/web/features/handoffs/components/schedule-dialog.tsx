import * as React from 'react';
import { AlertTriangle } from 'lucide-react';
import { localTimeToInstant } from '@domain/appointment-requests/scheduling';
import { clinicianClashes, clinicianKey } from '@domain/appointment-requests/booked-visits';
import { slotWarnings, VISIT_MINUTES } from '@domain/appointment-requests/visit-slots';
import { FormErrorAlert } from '@web/components/form-error-alert';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, FormDialogFooter } from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { Skeleton } from '@web/components/ui/skeleton';
import { Textarea } from '@web/components/ui/textarea';
import { TimeInput, timeInputMessage } from '@web/components/ui/time-input';
import { useToast } from '@web/components/ui/toast';
import { isApiError } from '@web/lib/api';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import type { RequestView } from '@contracts/appointment-requests';
import { useScheduleOptions, type ScheduleOptions } from '../api/get-schedule-options';
import { useScheduleRequest } from '../api/schedule-request';
import { clashText, SchedulingFacts, SuggestedSlots, WARNING_TEXT } from './schedule-context';
import { formatInZone, nowInZone, todayInZone } from '@web/lib/zoned-time';
import { viewerTimeZone } from '@web/lib/format-date';
import { viewerCountry } from '@web/lib/format-phone';

const LENGTHS = [10, 15, 20, 30, 45, 60, 90, 120];
const WARNING_CLASS = 'flex items-start gap-2 rounded-md border border-warning-soft-foreground/30 bg-warning-soft px-3 py-2 text-warning-soft-foreground';

export interface ScheduleDialogProps {
  request: RequestView;
  timeZone: string;
  /** The organization's country: the time is typed and shown in its clock (issue 28). */
  country: string | null | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function ScheduleDialog(props: ScheduleDialogProps) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent className="sm:max-w-2xl">{props.open ? <ScheduleForm {...props} /> : null}</DialogContent>
    </Dialog>
  );
}

/**
 * What is off about the chosen slot, by the same rules as the server (it warns, it does not
 * refuse). The clinician's visits are checked once the options are those of the clinician typed
 * (they follow the field after a pause).
 */
function useSlotCheck(options: ScheduleOptions | undefined, local: string, minutes: number, clinician: string) {
  return React.useMemo(() => {
    if (!options || !local) return null;
    const at = localTimeToInstant(local, options.timeZone);
    if (!at.ok) return null;
    const hours = { timeZone: options.timeZone, weekly: options.officeHours.weekly, overrides: options.officeHours.overrides };
    const current = clinicianKey(clinician) !== '' && clinicianKey(options.clinician) === clinicianKey(clinician);
    const visits = current ? options.clinicianVisits.map((v) => ({ startMs: Date.parse(v.at), minutes: v.durationMinutes, clinician: v.clinician })) : [];
    const clashes = clinicianClashes(visits, clinician, at.epochMs, minutes).map((v) => ({ at: new Date(v.startMs).toISOString(), durationMinutes: v.minutes, clinician: v.clinician }));
    return { epochMs: at.epochMs, warnings: slotWarnings(hours, options.preferences, at.epochMs, minutes, { visits, clinician }), clashes };
  }, [options, local, minutes, clinician]);
}

/**
 * The visit's date and time in the organization's zone (stored as an instant by the server), its
 * length, place and clinician; the patient is notified with a calendar file. Rescheduling a
 * scheduled visit uses the same form, prefilled.
 */
function ScheduleForm({ request, timeZone, country, onOpenChange }: ScheduleDialogProps) {
  const schedule = useScheduleRequest();
  const { toast } = useToast();
  const moving = request.status === 'scheduled';
  const [minutes, setMinutes] = React.useState(request.visit?.durationMinutes ?? VISIT_MINUTES.default);
  const [clinician, setClinician] = React.useState(request.visit?.clinician ?? '');
  const options = useScheduleOptions(request.id, minutes, useDebouncedValue(clinician.trim(), 400));
  const [date, setDate] = React.useState('');
  const [time, setTime] = React.useState('');
  const [location, setLocation] = React.useState(request.visit?.location ?? '');
  const [note, setNote] = React.useState('');
  const [missing, setMissing] = React.useState<{ date?: string; time?: string }>({});
  const fields = isApiError(schedule.error) ? schedule.error.fields : {};
  // The time is "HH:MM" once it reads as one (TimeInput), as the native field sent it.
  const timeOk = /^(?:[01]\d|2[0-3]):[0-5]\d$/.test(time);
  const local = date && timeOk ? `${date}T${time}` : '';
  const check = useSlotCheck(options.data, local, minutes, clinician);
  const offWords = check?.warnings.filter((w) => w !== 'clinician_busy').map((w) => WARNING_TEXT[w]) ?? [];
  const viewerZone = viewerTimeZone();
  const patientZone = options.data?.patientTimeZone ?? null;
  const ids = React.useId();

  const choose = (slot: string) => {
    setDate(slot.slice(0, 10));
    setTime(slot.slice(11, 16));
    setMissing({});
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    // Words that are not a time of day get the example in the practice's clock (as an empty TimeInput's message).
    const problems = { date: date ? undefined : 'Choose a date.', time: !time ? 'Choose a time.' : timeOk ? undefined : timeInputMessage('not a time', '', country) };
    setMissing(problems);
    if (problems.date || problems.time) return;
    schedule.mutate(
      { id: request.id, version: request.version, scheduledFor: local, durationMinutes: minutes, location: location.trim() || undefined, clinician: clinician.trim() || undefined, note: note.trim() || undefined },
      {
        onSuccess: ({ appointmentRequest, warnings, clashes }) => {
          const words = warnings.map((w) => (w === 'clinician_busy' && clashes.length ? `overlapping ${clashText(clashes, timeZone, options.data?.country ?? 'US')}` : WARNING_TEXT[w]));
          const off = words.length ? ` Note: ${words.join('; ')}.` : '';
          toast({ title: moving ? 'Appointment moved' : 'Appointment scheduled', description: `${formatInZone(appointmentRequest.scheduledFor!, timeZone, options.data?.country)}. The patient has been notified.${off}` });
          onOpenChange(false);
        },
      },
    );
  };
  const conflict = isApiError(schedule.error) && schedule.error.status === 409;
  // A visit on a clinician's calendar moves there too: a time taken on it is refused (409 slot_taken).
  const taken = isApiError(schedule.error) && schedule.error.code === 'slot_taken';
  const shownFields = ['scheduledFor', 'durationMinutes', 'location', 'clinician', 'note'];
  const otherError = schedule.error && !shownFields.some((f) => fields[f]);

  return (
    <>
      <DialogHeader>
        <DialogTitle>{moving ? 'Move the appointment' : 'Schedule the appointment'}</DialogTitle>
        <DialogDescription>
          Times are in the practice’s time zone, <strong className="font-semibold text-foreground">{timeZone}</strong> (now {nowInZone(timeZone, options.data?.country)}). The patient is told by email and text message, with a calendar file.
          {moving ? ' A visit booked on a clinician’s calendar moves there too.' : null}
        </DialogDescription>
      </DialogHeader>
      <form onSubmit={submit} noValidate className="space-y-4">
        {otherError ? <FormErrorAlert error={schedule.error} title={taken ? 'That time is taken on the clinician’s calendar: choose another' : conflict ? 'Someone else changed this request first' : undefined} /> : null}
        {options.isPending ? (
          <div className="space-y-2" aria-label="Loading the patient’s preferences and office hours">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-24 w-full" />
          </div>
        ) : options.isError ? (
          <FormErrorAlert error={options.error} title="Suggestions could not be loaded: enter a date and time below" />
        ) : (
          <>
            <SchedulingFacts options={options.data} />
            <SuggestedSlots options={options.data} chosen={local} onChoose={choose} />
          </>
        )}
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField label="Date" required error={missing.date ?? fields.scheduledFor}>
            <Input type="date" min={todayInZone(timeZone)} value={date} onChange={(e) => setDate(e.target.value)} />
          </FormField>
          <FormField label={`Time (${timeZone})`} required error={missing.time}>
            <TimeInput country={country} value={time} onChange={setTime} />
          </FormField>
          <FormField label="Length" error={fields.durationMinutes}>
            <Select value={String(minutes)} onChange={(e) => setMinutes(Number(e.target.value))}>
              {[...new Set([...LENGTHS, minutes])].sort((a, b) => a - b).map((m) => (
                <option key={m} value={m}>
                  {m} minutes
                </option>
              ))}
            </Select>
          </FormField>
        </div>
        <div aria-live="polite" className="space-y-1 text-sm">
          {offWords.length ? (
            <p role="status" data-testid="slot-warning" className={WARNING_CLASS}>
              <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>This time is {offWords.join('; ')}. You can still schedule it if the patient agreed.</span>
            </p>
          ) : null}
          {check?.clashes.length && options.data ? (
            <p role="status" data-testid="clinician-busy" className={WARNING_CLASS}>
              <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>
                This time overlaps {clashText(check.clashes, timeZone, options.data.country)}. You can still schedule it if the patient agreed to be double-booked.
              </span>
            </p>
          ) : null}
          {check && viewerZone !== timeZone ? <p className="text-muted-foreground">In your time zone: {formatInZone(new Date(check.epochMs).toISOString(), viewerZone, viewerCountry())}</p> : null}
          {check && patientZone && patientZone !== viewerZone ? (
            <p className="text-muted-foreground">
              For the patient ({patientZone}, from their number): {formatInZone(new Date(check.epochMs).toISOString(), patientZone, options.data?.country)}
            </p>
          ) : null}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Location" description="A room or site; the patient also gets the address." error={fields.location}>
            <Input list={`${ids}-locations`} maxLength={200} value={location} onChange={(e) => setLocation(e.target.value)} autoComplete="off" />
          </FormField>
          <FormField label="Clinician" description="Choose from the practice’s people, or type a name." error={fields.clinician}>
            <Input list={`${ids}-clinicians`} maxLength={120} value={clinician} onChange={(e) => setClinician(e.target.value)} autoComplete="off" />
          </FormField>
        </div>
        <datalist id={`${ids}-locations`}>
          {options.data?.locations.map((l) => <option key={l} value={l} />)}
        </datalist>
        <datalist id={`${ids}-clinicians`}>
          {options.data?.clinicians.map((c) => <option key={c} value={c} />)}
        </datalist>
        <FormField label="Note for the team" error={fields.note}>
          <Textarea rows={2} maxLength={2000} value={note} onChange={(e) => setNote(e.target.value)} />
        </FormField>
        <FormDialogFooter submitLabel={moving ? 'Move and notify' : 'Schedule and notify'} pending={schedule.isPending} onCancel={() => onOpenChange(false)} cancelLabel="Back" />
      </form>
    </>
  );
}
