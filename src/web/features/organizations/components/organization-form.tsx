import * as React from 'react';
import { Controller, useFieldArray, useForm, type FieldPath, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Plus, Trash2 } from 'lucide-react';
import {
  Address,
  AgentSettings,
  AppointmentSettings,
  CreateOrganizationBody,
  MissedCallTexts,
  TextSending,
  TransferBehaviour,
  defaultAgentSettings,
  defaultAppointmentSettings,
  defaultGreeting,
  defaultMissedCallTexts,
  defaultTextSending,
  DEFAULT_REMINDER_HOURS,
  type Organization,
} from '@contracts/organizations';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Select } from '@web/components/ui/select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { Textarea } from '@web/components/ui/textarea';
import { isApiError } from '@web/lib/api';
import { sentence } from '@web/lib/field-messages';
import { timeZoneList } from '@web/lib/time-zones';
import { TRANSFER_LABELS } from '../labels';
import { FaqEntriesEditor } from './faq-entries-editor';
import { MissedCallTextsFields } from './missed-call-texts-fields';
import { ReminderHoursField } from './reminder-hours-field';
import { TextSendingFields } from './text-sending-fields';

const visitReasonLines = (text: string) =>
  text
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * The create body, as the form holds it: every part present, and the visit reasons typed one a
 * line (sent as `appointmentSettings.visitReasons`, checked by the same rule).
 */
const organizationFormSchema = CreateOrganizationBody.extend({
  address: Address,
  agentSettings: AgentSettings,
  appointmentSettings: AppointmentSettings.omit({ visitReasons: true }),
  missedCallTexts: MissedCallTexts,
  textSending: TextSending,
  visitReasonsText: z.string(),
}).superRefine((v, ctx) => {
  const reasons = AppointmentSettings.shape.visitReasons.safeParse(visitReasonLines(v.visitReasonsText));
  const issue = reasons.success ? undefined : reasons.error.issues[0];
  if (issue) {
    const line = typeof issue.path[0] === 'number' ? `Line ${issue.path[0] + 1}: ` : '';
    ctx.addIssue({ code: 'custom', path: ['visitReasonsText'], message: `${line}${issue.message}` });
  }
});

export type OrganizationFormInput = z.input<typeof organizationFormSchema>;
export type OrganizationFormValues = z.output<typeof organizationFormSchema>;

type Tab = 'details' | 'numbers' | 'agent' | 'faq' | 'appointments' | 'texts';
const TAB_OF: Array<[RegExp, Tab]> = [
  [/^phoneNumbers/, 'numbers'],
  [/^agentSettings\.faq/, 'faq'],
  [/^agentSettings/, 'agent'],
  [/^(appointmentSettings|visitReasonsText)/, 'appointments'],
  [/^(missedCallTexts|textSending)/, 'texts'],
];
const tabOf = (field: string): Tab => TAB_OF.find(([re]) => re.test(field))?.[1] ?? 'details';

function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}

/** A new organization starts from the server's defaults; its greeting is written from its name on save. */
export function valuesFrom(org: Organization | null): OrganizationFormInput {
  const appointments = org?.appointmentSettings ?? defaultAppointmentSettings();
  const agent = org?.agentSettings ?? { ...defaultAgentSettings(''), greeting: '' };
  return {
    name: org?.name ?? '',
    slug: org?.slug ?? '',
    timeZone: org?.timeZone ?? '',
    status: org?.status === 'paused' ? 'paused' : 'active',
    address: org?.address ?? { line1: '', line2: '', city: '', region: '', postalCode: '', country: 'US' },
    phoneNumbers: org?.phoneNumbers.map((p) => ({ number: p.number, label: p.label })) ?? [],
    // Every text of an FAQ entry is a field of the form, the Spanish ones too.
    agentSettings: { ...agent, faq: agent.faq.map((e) => ({ questionEs: '', answerEs: '', ...e })) },
    appointmentSettings: { enabled: appointments.enabled, message: appointments.message, reminderHours: appointments.reminderHours ?? [...DEFAULT_REMINDER_HOURS] },
    visitReasonsText: appointments.visitReasons.join('\n'),
    missedCallTexts: org?.missedCallTexts ?? defaultMissedCallTexts(),
    textSending: org?.textSending ?? defaultTextSending(),
  };
}

export function inputFrom({ visitReasonsText, ...values }: OrganizationFormValues): CreateOrganizationBody {
  return {
    ...values,
    agentSettings: { ...values.agentSettings, greeting: values.agentSettings.greeting || defaultGreeting(values.name) },
    appointmentSettings: { ...values.appointmentSettings, visitReasons: visitReasonLines(visitReasonsText) },
  };
}

export interface OrganizationFormHandle {
  /** Places a failed save's field messages beside their fields; answers those that fit none. */
  showServerErrors: (error: unknown) => Record<string, string>;
  /** The agent settings as typed so far, not saved (an agent-test run on a draft takes them). */
  draftAgentSettings: () => Record<string, unknown>;
}

export interface OrganizationFormProps {
  id: string;
  organization: Organization | null;
  readOnly: boolean;
  onSubmit: (values: OrganizationFormValues) => void;
}

export const OrganizationForm = React.forwardRef<OrganizationFormHandle, OrganizationFormProps>(function OrganizationForm(
  { id, organization, readOnly, onSubmit },
  ref,
) {
  const form = useForm<OrganizationFormInput, unknown, OrganizationFormValues>({
    resolver: zodResolver(organizationFormSchema),
    defaultValues: valuesFrom(organization),
  });
  const { register, control, handleSubmit, setError, setValue, formState } = form;
  const errors = formState.errors;
  const numbers = useFieldArray({ control, name: 'phoneNumbers' });
  const [tab, setTab] = React.useState<Tab>('details');
  const slugEdited = React.useRef(Boolean(organization));
  const zoneListId = React.useId();

  /** Opens the tab that holds a field and, once it shows, focuses the field (a hidden one cannot take focus). */
  const showField = (name: string) => {
    setTab(tabOf(name));
    setTimeout(() => form.setFocus(name as FieldPath<OrganizationFormInput>), 0);
  };

  React.useImperativeHandle(ref, () => ({
    // As a save would send them (an empty greeting is written from the name, as `inputFrom` does), so
    // that a run on this draft is a run on exactly the settings a save then stores (decision 056).
    draftAgentSettings: () => {
      const agent = form.getValues('agentSettings');
      return { ...agent, greeting: agent.greeting?.trim() || defaultGreeting((form.getValues('name') ?? '').trim()) } as Record<string, unknown>;
    },
    showServerErrors: (error) => {
      const unmatched: Record<string, string> = {};
      if (!isApiError(error)) return unmatched;
      let first: string | null = null;
      for (const [key, message] of Object.entries(error.fields)) {
        const name = key.startsWith('appointmentSettings.visitReasons') ? 'visitReasonsText' : key;
        const known = /^(name|slug|timeZone|status|address\.\w+|phoneNumbers\.\d+\.(number|label)|agentSettings\.\w+|agentSettings\.faq\.\d+\.(question|answer|questionEs|answerEs)|appointmentSettings\.(enabled|message)|missedCallTexts\.(enabled|message|messageEs)|visitReasonsText)$/.test(name);
        if (!known) {
          unmatched[key] = message;
          continue;
        }
        setError(name as FieldPath<OrganizationFormInput>, { type: 'server', message: sentence(message) });
        first ??= name;
      }
      if (first) showField(first);
      return unmatched;
    },
  }));

  const tabHasError = (t: Tab) => Object.keys(flatErrors(errors)).some((k) => tabOf(k) === t);
  // The errors of this submit come as the argument: `formState.errors` is still the previous render's.
  const onInvalid = (invalid: FieldErrors<OrganizationFormInput>) => {
    const first = Object.keys(flatErrors(invalid))[0];
    if (first) showField(first);
  };
  const brain = form.watch('agentSettings.brain');
  const spanish = (form.watch('agentSettings.languages') ?? ['en', 'es']).includes('es');

  return (
    <form id={id} noValidate onSubmit={handleSubmit(onSubmit, onInvalid)} className="min-w-0">
      <fieldset disabled={readOnly} className="min-w-0">
        <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)}>
          <TabsList className="w-full justify-start">
            {(
              [
                ['details', 'Details'],
                ['numbers', 'Phone numbers'],
                ['agent', 'Agent'],
                ['faq', 'FAQ'],
                ['appointments', 'Appointments'],
                ['texts', 'Texts'],
              ] as const
            ).map(([value, label]) => (
              <TabsTrigger key={value} value={value}>
                {label}
                {tabHasError(value) ? (
                  <span className="size-1.5 rounded-full bg-destructive" aria-label="has errors" role="img" />
                ) : null}
              </TabsTrigger>
            ))}
          </TabsList>

          <TabsContent value="details" forceMount className="space-y-4 data-[state=inactive]:hidden">
            <FormField label="Name" required error={errors.name?.message}>
              <Input
                autoComplete="organization"
                {...register('name', {
                  onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
                    if (!slugEdited.current) setValue('slug', slugify(e.target.value));
                  },
                })}
              />
            </FormField>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label="Slug" required error={errors.slug?.message} description="Used in links for patients.">
                <Input spellCheck={false} autoCapitalize="none" {...register('slug', { onChange: () => (slugEdited.current = true) })} />
              </FormField>
              <FormField label="Time zone" required error={errors.timeZone?.message} description="Hours and schedules are kept in this zone.">
                <Input list={zoneListId} spellCheck={false} autoCapitalize="none" placeholder="America/New_York" {...register('timeZone')} />
              </FormField>
              <datalist id={zoneListId}>
                {timeZoneList().map((z) => (
                  <option key={z} value={z} />
                ))}
              </datalist>
            </div>
            <FormField
              label="Status"
              error={errors.status?.message}
              description="A paused organization's numbers are answered with the closed message."
            >
              <Select {...register('status')}>
                <option value="active">Active — calls are answered</option>
                <option value="paused">Paused — callers hear the closed message</option>
              </Select>
            </FormField>
            <fieldset className="space-y-4 rounded-lg border border-border p-4">
              <legend className="px-1 text-sm font-semibold">Address</legend>
              <FormField label="Street address" error={errors.address?.line1?.message}>
                <Input autoComplete="address-line1" {...register('address.line1')} />
              </FormField>
              <FormField label="Address line 2" error={errors.address?.line2?.message}>
                <Input autoComplete="address-line2" {...register('address.line2')} />
              </FormField>
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField label="City" error={errors.address?.city?.message}>
                  <Input autoComplete="address-level2" {...register('address.city')} />
                </FormField>
                <FormField label="State or region" error={errors.address?.region?.message}>
                  <Input autoComplete="address-level1" {...register('address.region')} />
                </FormField>
                <FormField label="Postal code" error={errors.address?.postalCode?.message}>
                  <Input autoComplete="postal-code" {...register('address.postalCode')} />
                </FormField>
                <FormField label="Country code" error={errors.address?.country?.message} description="Two letters, e.g. US or GB.">
                  <Input maxLength={2} autoComplete="country" className="uppercase" {...register('address.country')} />
                </FormField>
              </div>
            </fieldset>
          </TabsContent>

          <TabsContent value="numbers" forceMount className="space-y-4 data-[state=inactive]:hidden">
            <p className="text-sm text-muted-foreground">
              Calls to these numbers reach this organization. A number belongs to one organization only. Numbers are stored in international
              form (E.164); numbers without a country code are read in the address's country.
            </p>
            {numbers.fields.length === 0 ? <p className="text-sm">No numbers yet.</p> : null}
            <ul className="space-y-3">
              {numbers.fields.map((field, i) => (
                <li key={field.id} className="grid gap-3 rounded-lg border border-border p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
                  <FormField label={`Number ${i + 1}`} error={errors.phoneNumbers?.[i]?.number?.message}>
                    <Input type="tel" autoComplete="off" placeholder="+1 860 555 0100" {...register(`phoneNumbers.${i}.number`)} />
                  </FormField>
                  <FormField label={`Label of number ${i + 1}`} error={errors.phoneNumbers?.[i]?.label?.message}>
                    <Input placeholder="Main line" {...register(`phoneNumbers.${i}.label`)} />
                  </FormField>
                  <Button type="button" variant="ghost" size="icon" className="sm:mt-6" onClick={() => numbers.remove(i)} aria-label={`Remove number ${i + 1}`}>
                    <Trash2 aria-hidden="true" />
                  </Button>
                </li>
              ))}
            </ul>
            {readOnly ? null : (
              <Button type="button" variant="outline" onClick={() => numbers.append({ number: '', label: '' }, { shouldFocus: true })}>
                <Plus aria-hidden="true" />
                Add a number
              </Button>
            )}
          </TabsContent>

          <TabsContent value="agent" forceMount className="space-y-4 data-[state=inactive]:hidden">
            <FormField label="Greeting" error={errors.agentSettings?.greeting?.message} description="The first thing callers hear.">
              <Textarea rows={2} {...register('agentSettings.greeting')} />
            </FormField>
            <FormField label="Instructions" error={errors.agentSettings?.instructions?.message}>
              <Textarea rows={3} {...register('agentSettings.instructions')} />
            </FormField>
            <FormField label="Emergency message" error={errors.agentSettings?.emergencyMessage?.message}>
              <Textarea rows={2} {...register('agentSettings.emergencyMessage')} />
            </FormField>
            <FormField label="Languages on the phone" description="Callers who speak Spanish, or say “español”, are answered in Spanish.">
              <Select value={spanish ? 'en,es' : 'en'} onChange={(e) => form.setValue('agentSettings.languages', e.target.value === 'en' ? ['en'] : ['en', 'es'], { shouldDirty: true })}>
                <option value="en,es">English and Spanish</option>
                <option value="en">English only</option>
              </Select>
            </FormField>
            {spanish ? (
              <>
                <FormField label="Greeting in Spanish" error={errors.agentSettings?.greetingEs?.message} description="Empty: a standard Spanish greeting.">
                  <Textarea rows={2} {...register('agentSettings.greetingEs')} />
                </FormField>
                <FormField label="Emergency message in Spanish" error={errors.agentSettings?.emergencyMessageEs?.message} description="Empty: a standard message with your country's emergency number.">
                  <Textarea rows={2} {...register('agentSettings.emergencyMessageEs')} />
                </FormField>
              </>
            ) : null}
            <FormField label="When a caller asks for a person" error={errors.agentSettings?.transferBehaviour?.message}>
              <Select {...register('agentSettings.transferBehaviour')}>
                {TransferBehaviour.options.map((k) => (
                  <option key={k} value={k}>
                    {TRANSFER_LABELS[k]}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField
              label="How calls are heard"
              error={errors.agentSettings?.voiceMode?.message}
              description="Real-time needs ConversationRelay enabled on the Twilio (or Telnyx) account and an https PUBLIC_URL; callers can interrupt the agent."
            >
              <Select {...register('agentSettings.voiceMode')}>
                <option value="gather">Turn by turn (Gather)</option>
                <option value="relay">Real-time (ConversationRelay)</option>
              </Select>
            </FormField>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label="Voice" error={errors.agentSettings?.voice?.message}>
                <Input {...register('agentSettings.voice')} />
              </FormField>
              <FormField label="Language" error={errors.agentSettings?.language?.message}>
                <Input placeholder="en-US" {...register('agentSettings.language')} />
              </FormField>
              <FormField label="Brain" error={errors.agentSettings?.brain?.message}>
                <Select {...register('agentSettings.brain')}>
                  <option value="builtin">Built-in (works offline)</option>
                  <option value="llm">LLM (OpenAI-compatible)</option>
                </Select>
              </FormField>
              <FormField label="Model" required={brain === 'llm'} error={errors.agentSettings?.model?.message}>
                <Input placeholder={brain === 'llm' ? 'gpt-4o-mini' : 'Only for the LLM brain'} {...register('agentSettings.model')} />
              </FormField>
            </div>
          </TabsContent>

          <TabsContent value="faq" forceMount className="data-[state=inactive]:hidden">
            <FaqEntriesEditor form={form} spanish={spanish} readOnly={readOnly} />
          </TabsContent>

          <TabsContent value="appointments" forceMount className="space-y-4 data-[state=inactive]:hidden">
            <Controller
              control={control}
              name="appointmentSettings.enabled"
              render={({ field }) => (
                <div className="flex items-start gap-3">
                  <Checkbox id={`${id}-appointments`} checked={field.value} onCheckedChange={(v) => field.onChange(v === true)} />
                  <div className="space-y-1">
                    <Label htmlFor={`${id}-appointments`}>Patients may request appointments on the web</Label>
                    <p className="text-sm text-muted-foreground">Shown on /request-appointment with this organization's hours.</p>
                  </div>
                </div>
              )}
            />
            <FormField label="Visit reasons" error={errors.visitReasonsText?.message} description="One per line.">
              <Textarea rows={5} {...register('visitReasonsText')} />
            </FormField>
            <FormField label="Message shown to patients" error={errors.appointmentSettings?.message?.message}>
              <Textarea rows={2} {...register('appointmentSettings.message')} />
            </FormField>
            <Controller
              control={control}
              name="appointmentSettings.reminderHours"
              render={({ field }) => <ReminderHoursField id={id} value={field.value ?? []} onChange={field.onChange} error={errors.appointmentSettings?.reminderHours?.message} />}
            />
          </TabsContent>

          <TabsContent value="texts" forceMount className="data-[state=inactive]:hidden">
            <div className="space-y-8">
              <MissedCallTextsFields form={form} spanish={spanish} id={id} />
              <TextSendingFields form={form} />
            </div>
          </TabsContent>
        </Tabs>
      </fieldset>
    </form>
  );
});

/** "phoneNumbers.0.number" → message, for react-hook-form's nested errors. */
function flatErrors(errors: object, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if ('message' in value && typeof (value as { message?: unknown }).message === 'string') out[path] = (value as { message: string }).message;
    else Object.assign(out, flatErrors(value as object, path));
  }
  return out;
}
