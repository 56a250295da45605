import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CalendarPlus } from 'lucide-react';
import { BookBody, type ClinicianSummary, type Location, type OpenTime, type Visit, type VisitType } from '@contracts/calendars';
import { FormErrorAlert } from '@web/components/form-error-alert';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { Textarea } from '@web/components/ui/textarea';
import { useToast } from '@web/components/ui/toast';
import { isApiError } from '@web/lib/api';
import { sentence } from '@web/lib/field-messages';
import { zoneLabel } from '@web/lib/time-zones';
import { visitsQueryKey } from '../api/keys';
import { useBookVisit } from '../api/save-visit';
import { dateOf, formatDay, formatLocalTime, formatMinutes } from './calendar-format';
import { FIRST_AVAILABLE, OpenTimeButton, OpenTimesPicker, type TimeSearch } from './open-times-picker';
import { PatientFields, emptyPatient, patientPart, type PatientDraft } from './patient-fields';
import { issuesByPath } from './record-parts';

export interface BookVisitDialogProps {
  open: boolean;
  organizationId: string;
  timeZone: string;
  country: string | null | undefined;
  today: string;
  /** Where the search starts: the day shown on the calendar (today at the earliest), and its clinician filter. */
  initial: { from: string; clinicianId: string | null; locationId: string | null };
  visitTypes: VisitType[];
  clinicians: ClinicianSummary[];
  locations: Location[];
  onClose: () => void;
  onBooked: (visit: Visit) => void;
}

/** "Book a visit": a visit type, a clinician or the first available, an open time, then the patient. */
export function BookVisitDialog({ open, onClose, ...rest }: BookVisitDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent className="max-w-2xl">{open ? <BookVisitForm onClose={onClose} {...rest} /> : null}</DialogContent>
    </Dialog>
  );
}

function BookVisitForm({ organizationId, timeZone, country, today, initial, visitTypes, clinicians, locations, onClose, onBooked }: Omit<BookVisitDialogProps, 'open'>) {
  const bookable = visitTypes.filter((t) => t.active && t.bookableBy.includes('staff'));
  const [search, setSearch] = React.useState<TimeSearch>(() => ({
    visitTypeId: bookable.length === 1 ? bookable[0]!.id : '',
    clinicianId: initial.clinicianId ?? FIRST_AVAILABLE,
    locationId: initial.locationId ?? '',
    from: initial.from < today ? today : initial.from,
  }));
  const [chosen, setChosen] = React.useState<OpenTime | null>(null);
  const [step, setStep] = React.useState<'time' | 'patient'>('time');
  const [patient, setPatient] = React.useState<PatientDraft>(emptyPatient);
  const [notes, setNotes] = React.useState('');
  const [clientErrors, setClientErrors] = React.useState<Record<string, string>>({});
  /** A refused booking: the time was just taken (or is no longer open), and what is open next. */
  const [conflict, setConflict] = React.useState<{ message: string; taken: OpenTime; nextTimes: OpenTime[] } | null>(null);
  const book = useBookVisit();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const formId = React.useId();
  const headingRef = React.useRef<HTMLHeadingElement>(null);
  const visitType = visitTypes.find((t) => t.id === search.visitTypeId);
  const serverFields = isApiError(book.error) && book.error.code === 'validation_failed' ? book.error.fields : {};
  const errorOf = (path: string) => sentence(clientErrors[path] ?? serverFields[path]);

  const choose = (t: OpenTime) => {
    setChosen(t);
    setConflict(null);
  };
  const toPatient = () => {
    if (!chosen) return;
    setStep('patient');
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!chosen) return;
    const checked = BookBody.safeParse({
      visitTypeId: search.visitTypeId,
      clinicianId: chosen.clinicianId,
      locationId: chosen.locationId,
      start: chosen.startLocal,
      ...patientPart(patient),
      notes,
    });
    setClientErrors(issuesByPath(checked.error?.issues));
    if (!checked.success) {
      requestAnimationFrame(() => (document.getElementById(formId)?.querySelector('[aria-invalid="true"]') as HTMLElement | null)?.focus());
      return;
    }
    setConflict(null);
    book.mutate(
      { organizationId, ...checked.data },
      {
        onSuccess: ({ visit, warnings }) => {
          toast({
            title: `Booked ${visit.patient ? `${visit.patient.firstName} ${visit.patient.lastName}` : 'the visit'}`,
            description: [`${formatDay(dateOf(visit.startLocal), country)}, ${formatLocalTime(visit.startLocal, country)} with ${visit.clinician.name}.`, 'The patient has been sent a confirmation.', ...warnings.map((w) => w.message)].join(' '),
            ...(warnings.length ? { variant: 'info' as const } : {}),
          });
          onBooked(visit);
        },
        onError: (error) => {
          if (isApiError(error) && (error.code === 'slot_taken' || error.code === 'slot_unavailable')) {
            const nextTimes = Array.isArray(error.details.nextTimes) ? (error.details.nextTimes as OpenTime[]) : [];
            setConflict({ message: error.code === 'slot_taken' ? 'That time was just taken' : error.message, taken: chosen, nextTimes });
            setChosen(null);
            // What was open a moment ago is not: the times of step 1 are read again.
            void queryClient.invalidateQueries({ queryKey: [...visitsQueryKey, 'open-times'] });
            requestAnimationFrame(() => document.getElementById(`${formId}-conflict`)?.focus());
          }
        },
      },
    );
  };

  const summary = chosen && visitType ? `${visitType.nameEn} with ${chosen.clinicianName} at ${chosen.locationName}, ${formatDay(dateOf(chosen.startLocal), country, { year: true })}, ${formatLocalTime(chosen.startLocal, country)}` : null;

  return (
    <>
      <DialogHeader>
        <DialogTitle ref={headingRef} tabIndex={-1} className="outline-none">
          {step === 'time' ? 'Book a visit: choose a time' : 'Book a visit: the patient'}
        </DialogTitle>
        <DialogDescription>
          Step {step === 'time' ? 1 : 2} of 2. Times are in {zoneLabel(timeZone)}, the practice’s zone.
          {step === 'patient' ? ' The patient is sent a confirmation by e-mail, with a calendar file, and by text message.' : null}
        </DialogDescription>
      </DialogHeader>

      {step === 'time' ? (
        <>
          <OpenTimesPicker
            organizationId={organizationId}
            country={country}
            today={today}
            visitTypes={visitTypes}
            clinicians={clinicians}
            locations={locations}
            search={search}
            onSearch={(next) => {
              setSearch(next);
              if (next.visitTypeId !== search.visitTypeId || next.clinicianId !== search.clinicianId || next.locationId !== search.locationId) setChosen(null);
            }}
            chosen={chosen}
            onChoose={choose}
          />
          {chosen && summary ? (
            <p className="rounded-md bg-muted px-3 py-2 text-sm" role="status">
              Chosen: {summary}
            </p>
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={toPatient} disabled={!chosen}>
              Continue
            </Button>
          </DialogFooter>
        </>
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-muted px-3 py-2 text-sm">
            <span>
              {chosen && summary ? (
                <>
                  <span className="font-medium">{summary}</span>
                  {visitType ? <span className="text-muted-foreground"> ({formatMinutes(visitType.lengthMinutes)})</span> : null}
                </>
              ) : conflict ? (
                <span>
                  <span className="font-medium">
                    {formatDay(dateOf(conflict.taken.startLocal), country)}, {formatLocalTime(conflict.taken.startLocal, country)}
                  </span>{' '}
                  is no longer free: choose one of the next times, or change the time.
                </span>
              ) : (
                <span className="font-medium">Choose a time</span>
              )}
            </span>
            <Button type="button" variant="link" size="sm" onClick={() => setStep('time')}>
              <ArrowLeft aria-hidden="true" />
              Change time
            </Button>
          </div>
          {conflict ? (
            <div id={`${formId}-conflict`} tabIndex={-1} className="outline-none">
              <Alert variant="warning" assertive title={conflict.message}>
                {conflict.nextTimes.length ? (
                  <>
                    <p>The next open times of {conflict.nextTimes[0]!.clinicianName}:</p>
                    <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-3">
                      {conflict.nextTimes.map((t) => (
                        <OpenTimeButton key={t.start} time={t} country={country} withDate withWho={false} pressed={false} onChoose={() => choose(t)} />
                      ))}
                    </div>
                  </>
                ) : (
                  <p>No other open time soon with this clinician: choose another time.</p>
                )}
              </Alert>
            </div>
          ) : null}
          {book.error && !conflict && !(isApiError(book.error) && book.error.code === 'validation_failed') ? <FormErrorAlert error={book.error} /> : null}
          <form id={formId} onSubmit={submit} noValidate className="space-y-4">
            <PatientFields organizationId={organizationId} value={patient} onChange={setPatient} errorOf={errorOf} idPrefix={formId} />
            <FormField label="Notes (optional)" error={errorOf('notes')} description="For the clinician and the front desk.">
              <Textarea rows={2} value={notes} maxLength={1000} onChange={(e) => setNotes(e.target.value)} />
            </FormField>
          </form>
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" form={formId} loading={book.isPending} disabled={!chosen}>
              <CalendarPlus aria-hidden="true" />
              Book visit
            </Button>
          </DialogFooter>
        </>
      )}
    </>
  );
}
