import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { CampaignSettings, OutboundPurpose } from '@contracts/outbound';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { Textarea } from '@web/components/ui/textarea';
import { PURPOSE_LABELS } from '../../labels';
import { CallingWindowFieldset } from '../calling-window-fieldset';
import { WhenField } from '../when-field';

export type CampaignSettingsInput = z.input<typeof CampaignSettings>;
export type CampaignSettingsOutput = z.output<typeof CampaignSettings>;
export const SETTINGS_FIELDS = ['name', 'purpose', 'instructions', 'voicemailMessage', 'window', 'window.start', 'window.end', 'window.days', 'maxAttempts', 'retryIntervalMinutes', 'concurrency', 'startAt'] as const;

export const DEFAULT_SETTINGS: CampaignSettingsInput = {
  name: '',
  purpose: 'appointment_reminder',
  instructions: '',
  voicemailMessage: '',
  window: { start: '09:00', end: '18:00', days: [1, 2, 3, 4, 5] },
  maxAttempts: 3,
  retryIntervalMinutes: 60,
  concurrency: 2,
  startAt: undefined,
};

/** Step 4: how the campaign calls. The calling window is the callee's local time; 08:00–21:00 there always applies. */
export function SettingsStep({
  defaultValues,
  serverErrors,
  pending,
  onBack,
  onSubmit,
}: {
  defaultValues: CampaignSettingsInput;
  serverErrors: Record<string, string>;
  pending: boolean;
  onBack: () => void;
  onSubmit: (settings: CampaignSettingsOutput) => void;
}) {
  const { register, control, handleSubmit, setValue, formState } = useForm<CampaignSettingsInput, unknown, CampaignSettingsOutput>({ resolver: zodResolver(CampaignSettings), defaultValues });
  const e = formState.errors;
  const err = (path: string, local?: string) => local ?? serverErrors[path];
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
      <FormField label="Instructions for the agent" error={err('instructions', e.instructions?.message)} description="What to tell each contact. Extra CSV columns (e.g. the appointment time) are available to the agent. Health details only after identity is confirmed.">
        <Textarea rows={3} {...register('instructions')} />
      </FormField>
      <FormField label="Voicemail message" error={err('voicemailMessage', e.voicemailMessage?.message)} description="Left on an answering machine; never include health details.">
        <Textarea rows={2} {...register('voicemailMessage')} />
      </FormField>
      <Controller
        control={control}
        name="window"
        render={({ field }) => (
          <CallingWindowFieldset
            legend="Calling window (the callee’s local time)"
            value={field.value}
            onChange={field.onChange}
            errors={{ start: err('window.start', e.window?.start?.message), end: err('window.end', e.window?.end?.message), days: err('window.days', e.window?.days?.message ?? e.window?.message) }}
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
      <WhenField legend="Start" nowLabel="Now" error={err('startAt', e.startAt?.message)} onChange={(iso) => setValue('startAt', iso)} />
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
