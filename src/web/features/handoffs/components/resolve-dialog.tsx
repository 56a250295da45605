import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ResolveBody, type HandoffSummary } from '@contracts/handoffs';
import { FormErrorAlert } from '@web/components/form-error-alert';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, FormDialogFooter } from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { ChoiceOptions, Select } from '@web/components/ui/select';
import { Textarea } from '@web/components/ui/textarea';
import { useToast } from '@web/components/ui/toast';
import { isApiError } from '@web/lib/api';
import { useResolveHandoff } from '../api/resolve-handoff';
import { RESOLVE_OUTCOMES } from '../labels';

export function ResolveDialog({ handoff, open, onOpenChange }: { handoff: HandoffSummary; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>{open ? <ResolveForm handoff={handoff} onDone={() => onOpenChange(false)} /> : null}</DialogContent>
    </Dialog>
  );
}

function ResolveForm({ handoff, onDone }: { handoff: HandoffSummary; onDone: () => void }) {
  const resolve = useResolveHandoff();
  const { toast } = useToast();
  const { register, handleSubmit, watch, formState: { errors } } = useForm({ resolver: zodResolver(ResolveBody), defaultValues: { note: '' } });
  // "Appointment scheduled" is what scheduling the request does (and it resolves this handoff); the server refuses it before.
  const requestUnscheduled = handoff.appointmentRequestId !== null && handoff.appointmentRequestStatus !== 'scheduled';
  const scheduleFirst = requestUnscheduled && watch('outcome') === 'appointment_scheduled';
  const fields = isApiError(resolve.error) ? resolve.error.fields : {};
  const submit = handleSubmit(({ outcome, note }) =>
    resolve.mutate(
      { id: handoff.id, outcome, note: note || undefined },
      {
        onSuccess: () => {
          toast({ title: 'Resolved', description: 'The handoff moved to Resolved.' });
          onDone();
        },
      },
    ),
  );
  return (
    <>
      <DialogHeader>
        <DialogTitle>Resolve handoff</DialogTitle>
        <DialogDescription>Say how it ended. It can be reopened later if needed.</DialogDescription>
      </DialogHeader>
      <form onSubmit={submit} noValidate className="space-y-4">
        {resolve.error && !fields.outcome && !fields.note ? <FormErrorAlert error={resolve.error} /> : null}
        <FormField
          label="Outcome"
          required
          error={errors.outcome?.message ?? fields.outcome}
          description={scheduleFirst ? 'Use “Schedule” on the appointment request instead: it sets the date and time, tells the patient, and resolves this handoff.' : undefined}
        >
          <Select defaultValue="" {...register('outcome')}>
            <ChoiceOptions placeholder="Choose an outcome" options={RESOLVE_OUTCOMES} />
          </Select>
        </FormField>
        <FormField label="Note" error={errors.note?.message ?? fields.note}>
          <Textarea rows={3} maxLength={5000} {...register('note')} />
        </FormField>
        <FormDialogFooter submitLabel="Resolve" pending={resolve.isPending} onCancel={onDone} cancelLabel="Back" />
      </form>
    </>
  );
}
