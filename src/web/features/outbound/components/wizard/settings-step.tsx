import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { CampaignSettings, OutboundPurpose } from '@contracts/outbound';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { Textarea } from '@web/components/ui/textarea';
import { usePractice } from '@web/lib/use-practice';
import { PURPOSE_LABELS } from '../../labels';
import { CallingWindowFieldset } from '../calling-window-fieldset';
import { WhenField } from '../when-field';
import { OpeningPreview } from '../opening-preview';

export type CampaignSettingsInput = z.input<typeof CampaignSettings>;
export type CampaignSettingsOutput = z.output<typeof CampaignSettings>;
export const SETTINGS_FIELDS = ['name', 'purpose', 'instructions', 'messageForPatient', 'visitType', 'voicemailMessage', 'window', 'window.start', 'window.end', 'window.days', 'maxAttempts', 'retryIntervalMinutes', 'concurrency', 'startAt'] as const;

export const DEFAULT_SETTINGS: CampaignSettingsInput = {
  name: '',
  purpose: 'appointment_reminder',
  instructions: '',
  messageForPatient: '',
  visitType: '',
  voicemailMessage: '',
  window: { start: '09:00', end: '18:00', days: [1, 2, 3, 4, 5] },
  maxAttempts: 3,
  retryIntervalMinutes: 60,
  concurrency: 2,
  startAt: undefined,
};

/** Step 4: how the campaign calls. The calling window is the callee's local time; 08:00–21:00 there always applies. */
export function SettingsStep({
  organizationId,
  defaultValues,
  serverErrors,
  pending,
  onBack,
  onSubmit,
}: {
  organizationId: string | undefined;
  defaultValues: CampaignSettingsInput;
  serverErrors: Record<string, string>;
  pending: boolean;
  onBack: () => void;
  onSubmit: (settings: CampaignSettingsOutput) => void;
}) {
  const { register, control, handleSubmit, setValue, watch, formState } = useForm<CampaignSettingsInput, unknown, CampaignSettingsOutput>({ resolver: zodResolver(CampaignSettings), defaultValues });
  const e = formState.errors;
  const practice = usePractice(organizationId);
  const err = (path: string, local?: string) => local ?? serverErrors[path];
  const preview = organizationId
    ? { organizationId, purpose: watch('purpose'), visitType: watch('visitType') || undefined, messageForPatient: watch('messageForPatient') || undefined, voicemailMessage: watch('voicemailMessage') || undefined }
    : null;
  return (
    <form noValidate className="space-y-4" onSubmit={handleSubmit(onSubmit)}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Campaign name" required error={err('name', e.name?.message)}>
          <Input autoComplete="off" {...register('name')} />
        </FormField>
        <FormField label="Purpose" required error={err('purpose', e.purpose?.message)}>
          <Select {...register('purpose')}>
            {OutboundPurpose.options.map((p) => (
              <option key={p} value={p}>
                {PURPOSE_LABELS[p]}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      <FormField
        label="Visit"
        error={err('visitType', e.visitType?.message)}
        description="What the calls are about, said once the person has confirmed who they are (e.g. “well-child check-up”). A “Visit type” column in the file names each contact’s own; an “Appointment” column (date and time) is read for reminders."
      >
        <Input autoComplete="off" {...register('visitType')} />
      </FormField>
      <FormField label="Message for the patient" error={err('messageForPatient', e.messageForPatient?.message)} description="Said word for word to each person once they have confirmed who they are. Leave it empty to let the agent say only the purpose.">
        <Textarea rows={2} {...register('messageForPatient')} />
      </FormField>
      <FormField label="Instructions for the agent" error={err('instructions', e.instructions?.message)} description="Guidance for the agent and for the staff who follow up; it goes with every request and handoff the calls create. Never read out to the person called.">
        <Textarea rows={3} {...register('instructions')} />
      </FormField>
      <FormField label="Voicemail message" error={err('voicemailMessage', e.voicemailMessage?.message)} description="Left once per contact on an answering machine; never include health details. Leave it empty for the standard one.">
        <Textarea rows={2} {...register('voicemailMessage')} />
      </FormField>
      <OpeningPreview body={preview} />
      <Controller
        control={control}
        name="window"
        render={({ field }) => (
          <CallingWindowFieldset
            legend="Calling window (the callee’s local time)"
            value={field.value}
            onChange={field.onChange}
            errors={{ start: err('window.start', e.window?.start?.message), end: err('window.end', e.window?.end?.message), days: err('window.days', e.window?.days?.message ?? e.window?.message) }}
            country={practice?.country}
          />
        )}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label="Maximum attempts" error={err('maxAttempts', e.maxAttempts?.message)} description="No answer and busy are tried again.">
          <Input type="number" min={1} max={10} {...register('maxAttempts', { valueAsNumber: true })} />
        </FormField>
        <FormField label="Minutes between attempts" error={err('retryIntervalMinutes', e.retryIntervalMinutes?.message)}>
          <Input type="number" min={5} max={10080} {...register('retryIntervalMinutes', { valueAsNumber: true })} />
        </FormField>
        <FormField label="Calls at once" error={err('concurrency', e.concurrency?.message)}>
          <Input type="number" min={1} max={50} {...register('concurrency', { valueAsNumber: true })} />
        </FormField>
      </div>
      <WhenField key={organizationId} legend="Start" practice={practice} nowLabel="Now" error={err('startAt', e.startAt?.message)} onChange={(iso) => setValue('startAt', iso)} />
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={onBack}>
          Back to the rows
        </Button>
        <Button type="submit" loading={pending}>
          Create the campaign
        </Button>
      </div>
    </form>
  );
}
