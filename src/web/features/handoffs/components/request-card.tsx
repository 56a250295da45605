import { formatDateOfBirth } from '@domain/format/date-of-birth';
import * as React from 'react';
import { CalendarCheck, CalendarX, FileJson, XCircle } from 'lucide-react';
import { canTransition } from '@domain/appointment-requests/state';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { useToast } from '@web/components/ui/toast';
import { formatDateTime, type Practice } from '@web/lib/format-date';
import { localeOfCountry } from '@domain/format/clock';
import { useCancelRequest } from '../api/cancel-request';
import { useDeclineRequest } from '../api/decline-request';
import { describePreferences, REQUEST_STATUS_LABELS } from '../labels';
import { CancelRequestBody, DeclineBody, type RequestView } from '@contracts/appointment-requests';
import { RequestStatusBadge } from './handoff-badges';
import { IntakeSection } from './intake-section';
import { ScheduleDialog } from './schedule-dialog';
import { TextDialog } from './text-dialog';
import { formatInZone } from '@web/lib/zoned-time';

type Open = 'schedule' | 'decline' | 'cancel' | null;

/** The web or phone request behind the handoff, and the decisions on it: schedule, decline, cancel. */
export function RequestCard({ request, practice }: { request: RequestView; practice: Practice }) {
  const { timeZone, country } = practice;
  const [open, setOpen] = React.useState<Open>(null);
  const decline = useDeclineRequest();
  const cancel = useCancelRequest();
  const { toast } = useToast();
  const close = (o: boolean) => {
    if (!o) {
      setOpen(null);
      decline.reset();
      cancel.reset();
    }
  };
  const name = [request.firstName, request.lastName].filter(Boolean).join(' ');
  const rows: [string, React.ReactNode][] = [
    ['Patient', name || '—'],
    ['Date of birth', request.dateOfBirth ? formatDateOfBirth(request.dateOfBirth, localeOfCountry(country), { long: true }) : '—'],
    ['New patient', request.isNewPatient === null ? '—' : request.isNewPatient ? 'Yes' : 'No, existing patient'],
    ['Reason', [request.reason, request.reasonOther].filter(Boolean).join(' — ') || '—'],
    ['Preferred times', describePreferences(request.preferences, 'No preference given', practice)],
    ['Insurance', [request.insurance.carrier, request.insurance.memberId && `member ${request.insurance.memberId}`].filter(Boolean).join(', ') || 'None given'],
    ['Notes', request.notes || '—'],
    ['Consent to contact', request.consentToContact ? 'Yes' : 'No'],
    ['Language', request.locale === 'es' ? 'Spanish' : 'English'],
  ];
  if (request.scheduledFor) {
    const v = request.visit;
    const visit = [v?.durationMinutes ? `${v.durationMinutes} minutes` : null, v?.clinician ? `with ${v.clinician}` : null, v?.location ? `at ${v.location}` : null].filter(Boolean).join(', ');
    if (visit) rows.unshift(['Visit', visit]);
    rows.unshift(['Scheduled for', <strong key="s">{formatInZone(request.scheduledFor, timeZone, country)}</strong>]);
  }
  if (request.declineReason) rows.unshift(['Declined because', request.declineReason]);
  if (request.cancelReason) rows.unshift(['Canceled because', request.cancelReason]);

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>Appointment request {request.referenceCode}</CardTitle>
          <RequestStatusBadge status={request.status} />
        </div>
        <CardDescription>
          From the {request.source === 'phone' ? 'phone agent' : request.source === 'portal' ? 'patient portal' : 'web form'}
          {request.submittedAt ? `, ${formatDateTime(request.submittedAt, { practice })}` : ''}
          {request.decidedBy ? ` · ${REQUEST_STATUS_LABELS[request.status]} by ${request.decidedBy.name}` : ''}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
          {rows.map(([label, value]) => (
            <React.Fragment key={label}>
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="[overflow-wrap:anywhere]">{value}</dd>
            </React.Fragment>
          ))}
        </dl>
        <IntakeSection requestId={request.id} practice={practice} />
        <div className="flex flex-wrap gap-2">
          {canTransition(request.status, 'scheduled') ? (
            <Button onClick={() => setOpen('schedule')} variant={request.status === 'scheduled' ? 'outline' : undefined}>
              <CalendarCheck aria-hidden="true" />
              {request.status === 'scheduled' ? 'Move to another time' : 'Schedule'}
            </Button>
          ) : null}
          {canTransition(request.status, 'declined') ? (
            <Button variant="outline" onClick={() => setOpen('decline')}>
              <CalendarX aria-hidden="true" />
              Decline
            </Button>
          ) : null}
          {canTransition(request.status, 'canceled') ? (
            <Button variant="ghost" onClick={() => setOpen('cancel')}>
              <XCircle aria-hidden="true" />
              Cancel request
            </Button>
          ) : null}
          <Button variant="link" asChild>
            <a href={`/api/appointment-requests/${request.id}/fhir`} target="_blank" rel="noreferrer">
              <FileJson aria-hidden="true" />
              FHIR Appointment
            </a>
          </Button>
        </div>
      </CardContent>
      <ScheduleDialog request={request} timeZone={timeZone} country={country} open={open === 'schedule'} onOpenChange={close} />
      <TextDialog
        open={open === 'decline'}
        onOpenChange={close}
        title="Decline this request?"
        description="The patient is told by email and text message, with this reason."
        label="Reason"
        field="reason"
        schema={DeclineBody.shape.reason}
        required
        maxLength={1000}
        submitLabel="Decline and notify"
        destructive
        pending={decline.isPending}
        error={decline.error}
        onSubmit={(reason) =>
          decline.mutate(
            { id: request.id, version: request.version, reason },
            {
              onSuccess: () => {
                toast({ title: 'Request declined', description: 'The patient has been notified.' });
                close(false);
              },
            },
          )
        }
      />
      <TextDialog
        open={open === 'cancel'}
        onOpenChange={close}
        title="Cancel this request?"
        description="The patient is told by email and text message."
        label="Reason"
        field="reason"
        schema={CancelRequestBody.shape.reason}
        maxLength={1000}
        submitLabel="Cancel request"
        destructive
        pending={cancel.isPending}
        error={cancel.error}
        onSubmit={(reason) =>
          cancel.mutate(
            { id: request.id, version: request.version, reason: reason || undefined },
            {
              onSuccess: () => {
                toast({ title: 'Request canceled', description: 'The patient has been notified.' });
                close(false);
              },
            },
          )
        }
      />
    </Card>
  );
}
