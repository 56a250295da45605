import * as React from 'react';
import { Ban, CalendarCheck2, CircleCheck, UserX } from 'lucide-react';
import type { Visit } from '@contracts/calendars';
import { formatInstantIn } from '@domain/format/clock';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { Textarea } from '@web/components/ui/textarea';
import { useToast } from '@web/components/ui/toast';
import { errorMessage, isApiError } from '@web/lib/api';
import { formatCalendarDay } from '@web/lib/format-date';
import { formatPhone } from '@web/lib/format-phone';
import { useVisit } from '../api/get-visit';
import { useCancelVisit, useSetVisitStatus } from '../api/save-visit';
import { CHANNEL_LABELS, STATUS_BADGE, STATUS_LABELS, formatMinutes, shownStatus } from './calendar-format';
import { patientName } from './visit-summary';

export interface VisitDialogProps {
  /** The visit clicked (its copy from the day or week list), or null when closed. */
  visit: Visit | null;
  timeZone: string;
  country: string | null | undefined;
  canBook: boolean;
  now: Date;
  onClose: () => void;
}

/** One visit: who, what, when and where, and what may happen to it next. */
export function VisitDialog({ visit, onClose, ...rest }: VisitDialogProps) {
  return (
    <Dialog open={visit !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-xl">{visit ? <VisitDetails key={visit.id} listed={visit} onClose={onClose} {...rest} /> : null}</DialogContent>
    </Dialog>
  );
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[8rem_1fr] sm:gap-3">
      <dt className="text-sm text-muted-foreground">{term}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

function VisitDetails({ listed, timeZone, country, canBook, now, onClose }: Omit<VisitDialogProps, 'visit'> & { listed: Visit }) {
  // Opening a visit is an audited view of the patient's details: read it from the server.
  const query = useVisit(listed.id, listed);
  const v = query.data ?? listed;
  const [canceling, setCanceling] = React.useState(false);
  const [reason, setReason] = React.useState('');
  const cancel = useCancelVisit();
  const status = useSetVisitStatus();
  const { toast } = useToast();
  const error = cancel.error ?? status.error;
  const begun = Date.parse(v.start) <= now.getTime();
  const shown = shownStatus(v, now.getTime());
  const open = v.status === 'held' || v.status === 'booked' || v.status === 'confirmed';
  const date = formatInstantIn(v.start, timeZone, { country, parts: 'date', weekday: 'long' });
  const times = `${formatInstantIn(v.start, timeZone, { country, parts: 'time' })}–${formatInstantIn(v.end, timeZone, { country, parts: 'time', showZone: true })}`;
  const name = patientName(v);

  const setStatus = (to: 'confirmed' | 'completed' | 'no_show') =>
    status.mutate(
      { id: v.id, status: to, version: v.version },
      { onSuccess: () => toast({ title: to === 'confirmed' ? `Confirmed ${name}'s visit` : to === 'completed' ? 'Marked completed' : 'Marked as a no-show' }) },
    );
  const submitCancel = (e: React.FormEvent) => {
    e.preventDefault();
    cancel.mutate(
      { id: v.id, reason: reason.trim(), version: v.version },
      {
        onSuccess: () => {
          toast({ title: v.status === 'held' ? 'Hold released' : 'Visit canceled', description: 'Its time is free again.' });
          setCanceling(false);
        },
      },
    );
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle className="flex flex-wrap items-center gap-2">
          {name}
          <Badge variant={STATUS_BADGE[shown]}>{STATUS_LABELS[shown]}</Badge>
        </DialogTitle>
        <DialogDescription>
          {v.visitType.nameEn} with {v.clinician.name}
        </DialogDescription>
      </DialogHeader>
      {query.isError ? <Alert variant="warning">The latest details could not be loaded: {errorMessage(query.error)}</Alert> : null}
      {error ? (
        <Alert variant="destructive" assertive title={isApiError(error) && error.code === 'invalid_transition' ? 'Not possible now' : 'That did not work'}>
          {errorMessage(error)}
        </Alert>
      ) : null}
      <dl className="space-y-2">
        <Fact term="When">
          {date}
          <br />
          <span className="tabular-nums">{times}</span>
        </Fact>
        <Fact term="Visit type">
          {v.visitType.nameEn} <span className="text-muted-foreground">({formatMinutes(v.visitType.lengthMinutes)})</span>
        </Fact>
        <Fact term="Clinician">{v.clinician.name}</Fact>
        <Fact term="Location">{v.location.name}</Fact>
        {v.patient ? (
          <Fact term="Patient">
            <span className="font-medium">{name}</span>
            {v.patient.dateOfBirth ? <span className="block">Born {formatCalendarDay(v.patient.dateOfBirth, { country: country ?? 'US' })}</span> : null}
            {v.patient.phone ? <span className="block">{formatPhone(v.patient.phone, country ?? undefined)}</span> : null}
            {v.patient.email ? <span className="block break-all">{v.patient.email}</span> : null}
            {v.patient.isNewPatient !== null ? <span className="block text-muted-foreground">{v.patient.isNewPatient ? 'New patient' : 'Returning patient'}</span> : null}
          </Fact>
        ) : (
          <Fact term="Patient">
            <span className="text-muted-foreground">None yet</span>
          </Fact>
        )}
        <Fact term={v.status === 'held' ? 'Held by' : 'Booked by'}>
          {CHANNEL_LABELS[v.channel]}
          {v.bookedAt ? <span className="text-muted-foreground">, {formatInstantIn(v.bookedAt, timeZone, { country, omitCurrentYear: true })}</span> : null}
        </Fact>
        {v.status === 'held' && v.heldUntil ? <Fact term="Held until">{formatInstantIn(v.heldUntil, timeZone, { country, parts: 'time', showZone: true })}</Fact> : null}
        {v.notes ? <Fact term="Notes">{v.notes}</Fact> : null}
        {v.status === 'canceled' ? <Fact term="Canceled">{[v.canceledAt ? formatInstantIn(v.canceledAt, timeZone, { country, omitCurrentYear: true }) : null, v.cancelReason ? `“${v.cancelReason}”` : null].filter(Boolean).join(' · ') || 'Yes'}</Fact> : null}
      </dl>

      {canBook && canceling ? (
        <form onSubmit={submitCancel} className="space-y-3 rounded-lg border border-border bg-muted/40 p-3">
          <FormField label="Reason (optional)" description="Kept with the visit. The patient is told the visit was canceled, not why.">
            <Textarea rows={2} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} autoFocus />
          </FormField>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="destructive" loading={cancel.isPending}>
              <Ban aria-hidden="true" />
              {v.status === 'held' ? 'Release the hold' : 'Cancel the visit'}
            </Button>
            <Button type="button" variant="outline" onClick={() => setCanceling(false)}>
              Keep it
            </Button>
          </div>
        </form>
      ) : null}

      {/* The visit's actions first, then the way out (on a phone too: the footer's usual order is reversed there). */}
      <DialogFooter className="flex-col sm:flex-row sm:flex-wrap sm:justify-between">
        {canBook && open && !canceling ? (
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            {v.status === 'booked' && shown !== 'ended' ? (
              <Button variant="outline" onClick={() => setStatus('confirmed')} loading={status.isPending && status.variables?.status === 'confirmed'}>
                <CalendarCheck2 aria-hidden="true" />
                Mark confirmed
              </Button>
            ) : null}
            {v.status !== 'held' && begun ? (
              <>
                <Button variant="outline" onClick={() => setStatus('completed')} loading={status.isPending && status.variables?.status === 'completed'}>
                  <CircleCheck aria-hidden="true" />
                  Mark completed
                </Button>
                <Button variant="outline" onClick={() => setStatus('no_show')} loading={status.isPending && status.variables?.status === 'no_show'}>
                  <UserX aria-hidden="true" />
                  Mark no-show
                </Button>
              </>
            ) : null}
            <Button variant="outline" className="text-destructive" onClick={() => setCanceling(true)}>
              <Ban aria-hidden="true" />
              {v.status === 'held' ? 'Release hold' : 'Cancel visit'}
            </Button>
          </div>
        ) : (
          <span />
        )}
        <Button variant={canBook && open ? 'outline' : 'default'} onClick={onClose}>
          Close
        </Button>
      </DialogFooter>
      {canBook && open && !begun && v.status !== 'held' ? <p className="text-xs text-muted-foreground">Completed and no-show can be marked once the visit has begun.</p> : null}
      {canBook && shown === 'ended' ? <p className="text-xs text-muted-foreground">The time of this visit is over: mark it completed or a no-show.</p> : null}
    </>
  );
}
