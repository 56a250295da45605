import * as React from 'react';
import { FormErrorAlert } from '@web/components/form-error-alert';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, FormDialogFooter } from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { useToast } from '@web/components/ui/toast';
import { isApiError } from '@web/lib/api';
import { useScheduleRequest } from '../api/schedule-request';
import type { RequestView } from '@contracts/appointment-requests';
import { formatInZone, nowInZone, todayInZone } from './zoned-time';
import { describePreferences } from '../labels';

export interface ScheduleDialogProps {
  request: RequestView;
  timeZone: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function ScheduleDialog(props: ScheduleDialogProps) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent>{props.open ? <ScheduleForm {...props} /> : null}</DialogContent>
    </Dialog>
  );
}

/** Date and time in the organization's zone (shown), stored as an instant by the server; the patient is notified. */
function ScheduleForm({ request, timeZone, onOpenChange }: ScheduleDialogProps) {
  const schedule = useScheduleRequest();
  const { toast } = useToast();
  const [date, setDate] = React.useState('');
  const [time, setTime] = React.useState('');
  const [note, setNote] = React.useState('');
  const [missing, setMissing] = React.useState<{ date?: string; time?: string }>({});
  const serverError = isApiError(schedule.error) ? schedule.error.fields.scheduledFor : undefined;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const problems = { date: date ? undefined : 'Choose a date.', time: time ? undefined : 'Choose a time.' };
    setMissing(problems);
    if (problems.date || problems.time) return;
    schedule.mutate(
      { id: request.id, version: request.version, scheduledFor: `${date}T${time}`, note: note.trim() || undefined },
      {
        onSuccess: ({ appointmentRequest }) => {
          toast({ title: 'Appointment scheduled', description: `${formatInZone(appointmentRequest.scheduledFor!, timeZone)}. The patient has been notified.` });
          onOpenChange(false);
        },
      },
    );
  };
  const conflict = isApiError(schedule.error) && schedule.error.status === 409;
  return (
    <>
      <DialogHeader>
        <DialogTitle>Schedule the appointment</DialogTitle>
        <DialogDescription>
          Times are in the practice’s time zone, <strong className="font-semibold text-foreground">{timeZone}</strong> (now {nowInZone(timeZone)}). The patient is told by email and text message.
        </DialogDescription>
      </DialogHeader>
      <form onSubmit={submit} noValidate className="space-y-4">
        {schedule.error && !serverError ? <FormErrorAlert error={schedule.error} title={conflict ? 'Someone else decided this request first' : undefined} /> : null}
        <p className="rounded-md bg-muted px-3 py-2 text-sm">
          <span className="font-medium">The patient asked for:</span> {describePreferences(request.preferences, 'any time (no preference given)')}
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Date" required error={missing.date ?? serverError}>
            <Input type="date" min={todayInZone(timeZone)} value={date} onChange={(e) => setDate(e.target.value)} />
          </FormField>
          <FormField label={`Time (${timeZone})`} required error={missing.time}>
            <Input type="time" step={300} value={time} onChange={(e) => setTime(e.target.value)} />
          </FormField>
        </div>
        <FormField label="Note for the team">
          <Textarea rows={2} maxLength={2000} value={note} onChange={(e) => setNote(e.target.value)} />
        </FormField>
        <FormDialogFooter submitLabel="Schedule and notify" pending={schedule.isPending} onCancel={() => onOpenChange(false)} cancelLabel="Back" />
      </form>
    </>
  );
}

