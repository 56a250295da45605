import { formatDateOfBirth } from '@domain/format/date-of-birth';
import { formatPhone } from '@web/lib/format-phone';
import type { Practice } from '@web/lib/format-date';
import { localeOfCountry } from '@domain/format/clock';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Phone } from 'lucide-react';
import { CallbackBody, type HandoffDetail } from '@contracts/handoffs';
import { handoffActionAllowed } from '@domain/handoffs/state';
import { FormErrorAlert } from '@web/components/form-error-alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { ChoiceOptions, Select } from '@web/components/ui/select';
import { useToast } from '@web/components/ui/toast';
import { isApiError } from '@web/lib/api';
import { useRecordCallback } from '../api/record-callback';
import { CALLBACK_RESULTS } from '../labels';

/** Who to reach and how; the number is a tel: link, and each call-back attempt is recorded with its result. */
export function ContactCard({ detail, practice }: { detail: HandoffDetail; practice?: Practice }) {
  const { handoff, contact, patient } = detail;
  const name = handoff.contactName ?? (patient ? `${patient.firstName} ${patient.lastName}` : 'Unknown caller');
  const attempts = detail.events.filter((e) => e.kind === 'callback_attempt').length;
  const canCall = handoffActionAllowed('callback', handoff.status) && Boolean(contact.phone);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Contact and call back</CardTitle>
        <CardDescription>
          {attempts === 0 ? 'No call-back attempts yet.' : `${attempts} call-back attempt${attempts === 1 ? '' : 's'} so far (see the history).`}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
          <dt className="text-muted-foreground">Name</dt>
          <dd className="font-medium [overflow-wrap:anywhere]">{name}</dd>
          {patient ? (
            <>
              <dt className="text-muted-foreground">Date of birth</dt>
              <dd>{formatDateOfBirth(patient.dateOfBirth, practice ? localeOfCountry(practice.country) : undefined, { long: true })}</dd>
            </>
          ) : null}
          <dt className="text-muted-foreground">Phone</dt>
          <dd>
            {contact.phone ? (
              <a href={`tel:${contact.phone}`} className="inline-flex items-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline">
                <Phone aria-hidden="true" className="size-4" />
                {formatPhone(contact.phone, practice?.country)}
              </a>
            ) : (
              'No number'
            )}
          </dd>
          <dt className="text-muted-foreground">Email</dt>
          <dd className="[overflow-wrap:anywhere]">{contact.email ?? 'No email address'}</dd>
        </dl>
        {canCall ? <CallbackForm handoffId={handoff.id} /> : null}
      </CardContent>
    </Card>
  );
}

function CallbackForm({ handoffId }: { handoffId: string }) {
  const record = useRecordCallback();
  const { toast } = useToast();
  const { register, handleSubmit, reset, formState: { errors } } = useForm({ resolver: zodResolver(CallbackBody), defaultValues: { note: '' } });
  const fields = isApiError(record.error) ? record.error.fields : {};
  const submit = handleSubmit(({ result, note }) =>
    record.mutate(
      { id: handoffId, result, note: note || undefined },
      {
        onSuccess: () => {
          toast({ title: 'Attempt recorded', description: CALLBACK_RESULTS[result] });
          reset();
        },
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-3 border-t border-border pt-4">
      <h3 className="text-sm font-semibold">Record a call-back attempt</h3>
      {record.error && !fields.result ? <FormErrorAlert error={record.error} /> : null}
      <FormField label="Result" required error={errors.result?.message ?? fields.result}>
        <Select defaultValue="" {...register('result')}>
          <ChoiceOptions placeholder="Choose what happened" options={CALLBACK_RESULTS} />
        </Select>
      </FormField>
      <FormField label="Note" error={errors.note?.message ?? fields.note}>
        <Input maxLength={2000} autoComplete="off" {...register('note')} />
      </FormField>
      <Button type="submit" variant="outline" loading={record.isPending}>
        Record attempt
      </Button>
    </form>
  );
}
