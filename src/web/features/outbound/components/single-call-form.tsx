import * as React from 'react';
import { usePractices } from '@web/lib/use-practice';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CreateSingleCallBody, OutboundPurpose } from '@contracts/outbound';
import type { SessionOrganization } from '@contracts/session';
import { FormErrorAlert } from '@web/components/form-error-alert';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { Textarea } from '@web/components/ui/textarea';
import { useToast } from '@web/components/ui/toast';
import { isApiError } from '@web/lib/api';
import { applyServerFieldErrors } from '@web/lib/form-errors';
import { useCreateSingleCall } from '../api/single-calls';
import type { PatientMatch } from '@contracts/patients';
import { formatDateTime } from '@web/lib/format-date';
import { formatPhone } from '@web/lib/format-phone';
import { PURPOSE_LABELS } from '../labels';
import { CallTimingNote } from './call-timing-note';
import { PatientCombobox } from '@web/components/patient-combobox';
import { WhenField } from './when-field';
import { OpeningPreview } from './opening-preview';

const FIELDS = ['organizationId', 'phone', 'contactName', 'patientId', 'purpose', 'instructions', 'messageForPatient', 'visitType', 'appointmentAt', 'scheduledFor'] as const;

export interface SingleCallPrefill {
  organizationId?: string;
  phone?: string;
  contactName?: string;
  patientId?: string;
}

/** One outbound call: who, why, what the agent should say, now or at a time. */
export function SingleCallForm({ organizations, prefill }: { organizations: SessionOrganization[]; prefill?: SingleCallPrefill }) {
  const practiceOf = usePractices();
  const create = useCreateSingleCall();
  const { toast } = useToast();
  const defaults = React.useMemo(
    () => ({
      organizationId: prefill?.organizationId ?? organizations[0]?.id ?? '',
      phone: prefill?.phone ?? '',
      contactName: prefill?.contactName ?? '',
      patientId: prefill?.patientId,
      purpose: 'custom' as const,
      instructions: '',
      messageForPatient: '',
      visitType: '',
      appointmentAt: undefined,
      scheduledFor: undefined,
    }),
    [organizations, prefill],
  );
  const { register, handleSubmit, setError, setValue, reset, watch, formState } = useForm<CreateSingleCallBody>({ resolver: zodResolver(CreateSingleCallBody), defaultValues: defaults });
  const [formKey, setFormKey] = React.useState(0);
  const [patient, setPatient] = React.useState<PatientMatch | null>(null);
  const patientId = watch('patientId');
  const organizationId = watch('organizationId');
  const phone = watch('phone');
  const scheduledFor = watch('scheduledFor');
  const purpose = watch('purpose');
  const preview = {
    organizationId,
    purpose,
    contactName: watch('contactName') || undefined,
    dateOfBirth: patient?.dateOfBirth ?? undefined,
    visitType: watch('visitType') || undefined,
    messageForPatient: watch('messageForPatient') || undefined,
    appointmentAt: watch('appointmentAt') || undefined,
  };
  const linkPatient = (p: PatientMatch | null) => {
    setPatient(p);
    setValue('patientId', p?.id, { shouldDirty: true });
    if (p) {
      setValue('contactName', `${p.firstName} ${p.lastName}`.trim(), { shouldDirty: true, shouldValidate: formState.isSubmitted });
      if (p.phone) setValue('phone', formatPhone(p.phone), { shouldDirty: true, shouldValidate: formState.isSubmitted });
    }
  };

  const onSubmit = handleSubmit((values) =>
    create.mutate(
      {
        ...values,
        contactName: values.contactName || undefined,
        instructions: values.instructions || undefined,
        messageForPatient: values.messageForPatient || undefined,
        visitType: values.visitType || undefined,
        appointmentAt: values.purpose === 'appointment_reminder' ? values.appointmentAt : undefined,
      },
      {
        onSuccess: (job) => {
          toast({ title: 'Call queued', description: `${job.contactName || formatPhone(job.phone, practiceOf(job.organizationId)?.country)} will be called ${job.nextAttemptAt ? `from ${formatDateTime(job.nextAttemptAt, { practice: practiceOf(job.organizationId) })}` : 'as soon as the calling window allows'}.` });
          reset({ ...defaults, organizationId: values.organizationId, patientId: undefined, contactName: '', phone: '' });
          setPatient(null);
          setFormKey((k) => k + 1);
        },
        onError: (error) => applyServerFieldErrors(error, setError, { fields: FIELDS }),
      },
    ),
  );
  const error = create.error;
  const errors = formState.errors;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4 rounded-xl border border-border bg-card p-4 sm:p-6" aria-labelledby="single-call-heading">
      <h2 id="single-call-heading" className="text-lg font-semibold">
        Place a call
      </h2>
      {error && !(isApiError(error) && error.hasFieldErrors) ? <FormErrorAlert error={error} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {organizations.length > 1 ? (
          <FormField label="Organization" required error={errors.organizationId?.message}>
            <Select
              {...register('organizationId', {
                // A patient belongs to one organization: another one unlinks them.
                onChange: () => linkPatient(null),
              })}
            >
              {organizations.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </Select>
          </FormField>
        ) : null}
        <div className="sm:col-span-2">
          {patientId && !patient ? (
            <p className="text-sm text-muted-foreground">
              Linked to the patient’s record.{' '}
              <Button type="button" variant="link" onClick={() => linkPatient(null)}>
                Unlink
              </Button>
            </p>
          ) : (
            <PatientCombobox key={organizationId} organizationId={organizationId} selected={patient} onSelect={linkPatient} error={errors.patientId?.message} />
          )}
        </div>
        <FormField label="Phone number" required error={errors.phone?.message} description="Local numbers are read for the organization's country.">
          <Input type="tel" autoComplete="off" {...register('phone')} />
        </FormField>
        <FormField label="Name" error={errors.contactName?.message} description={patientId ? 'Linked to the patient’s record.' : 'Optional: who the agent asks for.'}>
          <Input autoComplete="off" {...register('contactName')} />
        </FormField>
        <FormField label="Purpose" required error={errors.purpose?.message}>
          <Select {...register('purpose')}>
            {OutboundPurpose.options.map((p) => (
              <option key={p} value={p}>
                {PURPOSE_LABELS[p]}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Visit" error={errors.visitType?.message} description="What the call is about, said once the person has confirmed who they are (e.g. “flu shot”).">
          <Input autoComplete="off" {...register('visitType')} />
        </FormField>
        {purpose === 'appointment_reminder' ? (
          <WhenField key={`appointment-${formKey}`} legend="Appointment" practice={practiceOf(organizationId)} nowLabel="Not given" error={errors.appointmentAt?.message} onChange={(iso) => setValue('appointmentAt', iso, { shouldValidate: formState.isSubmitted })} />
        ) : null}
      </div>
      <FormField label="Message for the patient" error={errors.messageForPatient?.message} description="Said word for word to the person once they have confirmed who they are. Leave it empty to let the agent say only the purpose.">
        <Textarea rows={2} {...register('messageForPatient')} />
      </FormField>
      <FormField label="Instructions for the agent" error={errors.instructions?.message} description="Guidance for the agent and for the staff who follow up. Never read out to the person called.">
        <Textarea rows={3} {...register('instructions')} />
      </FormField>
      <OpeningPreview body={organizationId ? preview : null} />
      <WhenField key={`${formKey}-${organizationId}`} legend="When" practice={practiceOf(organizationId)} error={errors.scheduledFor?.message} onChange={(iso) => setValue('scheduledFor', iso, { shouldValidate: formState.isSubmitted })} />
      <CallTimingNote organizationId={organizationId} phone={phone ?? ''} scheduledFor={scheduledFor} />
      <Button type="submit" loading={create.isPending}>
        Queue the call
      </Button>
    </form>
  );
}
