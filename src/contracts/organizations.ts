import { z } from 'zod';
import { isValidTimeZone } from '../domain/time/wall-clock.js';
import { FAQ_LIMITS } from '../domain/faq/faq-entries.js';
import { MISSED_CALL_PLACEHOLDERS, MISSED_CALL_TEXT_MAX, unknownPlaceholders } from '../domain/messaging/missed-call-text.js';

/**
 * The organizations endpoints (/api/organizations…): what the server validates and answers,
 * what the web's fetchers and organization form send and read, and the OpenAPI components.
 */

const text = (max: number, what = 'this') =>
  z
    .string({ error: `Enter ${what} as text.` })
    .trim()
    .max(max, { error: `Use at most ${max.toLocaleString('en-US')} characters.` });

export const OrganizationName = z
  .string({ error: 'Enter a name.' })
  .trim()
  .min(1, { error: 'Enter a name.' })
  .max(120, { error: 'Use at most 120 characters.' });

export const Slug = z
  .string({ error: 'Enter a slug.' })
  .trim()
  .toLowerCase()
  .min(2, { error: 'Use at least 2 characters.' })
  .max(60, { error: 'Use at most 60 characters.' })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'Use lowercase letters, digits and single hyphens, e.g. maple-street.' });

export const TimeZoneField = z
  .string({ error: 'Choose a time zone.' })
  .trim()
  .min(1, { error: 'Choose a time zone.' })
  .max(64, { error: 'Unknown time zone.' })
  .refine(isValidTimeZone, { error: (iss) => `Unknown time zone "${String(iss.input)}". Use an IANA name such as America/New_York.` });

/** The country is stored upper-case; "us" is read as "US". */
export const Address = z
  .object({
    line1: text(200).default(''),
    line2: text(200).default(''),
    city: text(120).default(''),
    region: text(120).default(''),
    postalCode: text(20).default(''),
    country: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^([A-Z]{2})?$/, { error: 'Use a two-letter country code such as US or GB.' })
      .default(''),
  })
  .meta({ id: 'Address' });
export type Address = z.infer<typeof Address>;

export const PhoneNumberInput = z.object({
  number: z
    .string({ error: 'Enter a phone number.' })
    .trim()
    .min(1, { error: 'Enter a phone number.' })
    .max(40, { error: 'That phone number is too long.' }),
  label: text(60).default(''),
});

export const Brain = z.enum(['builtin', 'llm'], { error: 'Choose the built-in agent or an LLM.' });
export type Brain = z.infer<typeof Brain>;

export const TransferBehaviour = z.enum(['on_duty_then_callback', 'callback_only', 'never_transfer'], { error: 'Choose how calls are transferred.' });
export type TransferBehaviour = z.infer<typeof TransferBehaviour>;

export const VoiceMode = z.enum(['gather', 'relay'], { error: 'Choose Gather or ConversationRelay.' });
export type VoiceMode = z.infer<typeof VoiceMode>;

const faqText = (max: number, empty: string) =>
  z
    .string({ error: `${empty} as text.` })
    .trim()
    .min(1, { error: `${empty}.` })
    .max(max, { error: `Use at most ${max.toLocaleString('en-US')} characters.` });

/**
 * One question of the practice's FAQ and its answer, as the agent says it (issue 26 §6). The
 * Spanish ones are optional: a caller speaking Spanish hears the English answer when there is no
 * Spanish one, and a Spanish question needs its Spanish answer.
 */
export const FaqEntry = z
  .object({
    question: faqText(FAQ_LIMITS.question, 'Enter the question'),
    answer: faqText(FAQ_LIMITS.answer, 'Enter the answer'),
    questionEs: text(FAQ_LIMITS.question).optional(),
    answerEs: text(FAQ_LIMITS.answer).optional(),
  })
  .superRefine((e, ctx) => {
    if (e.questionEs && !e.answerEs) ctx.addIssue({ code: 'custom', path: ['answerEs'], message: 'Enter the answer in Spanish, or clear the question in Spanish.', input: e.answerEs });
  })
  .meta({ id: 'FaqEntry' });
export type FaqEntry = z.infer<typeof FaqEntry>;

export const FaqEntries = z
  .array(FaqEntry, { error: 'Send the FAQ as a list of questions and answers.' })
  .max(FAQ_LIMITS.entries, { error: `Use at most ${FAQ_LIMITS.entries} questions.` });

export const AgentSettings = z
  .object({
    greeting: text(1000).default(''),
    instructions: text(10_000).default(''),
    /** The practice's questions and answers the agent may quote (a free text before issue 26, read as entries: domain/faq). */
    faq: FaqEntries.default([]),
    emergencyMessage: text(1000).default(''),
    voice: text(60).default(''),
    language: z
      .string()
      .trim()
      .regex(/^[a-z]{2,3}(-[A-Z]{2})?$/, { error: 'Use a language tag such as en-US.' })
      .default('en-US'),
    brain: Brain.default('builtin'),
    model: text(100).default(''),
    transferBehaviour: TransferBehaviour.default('on_duty_then_callback'),
    /** Languages the phone agent offers (issue 15 §2): a caller who speaks Spanish, or says "español", is answered in Spanish. */
    languages: z
      .array(z.enum(['en', 'es'], { error: 'Choose English or Spanish.' }))
      .min(1, { error: 'Offer at least one language.' })
      .max(2)
      .default(['en', 'es']),
    /** The greeting and emergency message in Spanish (defaults when empty). */
    greetingEs: text(1000).default(''),
    emergencyMessageEs: text(1000).default(''),
    voiceEs: text(60).default(''),
    /** How calls are heard (issue 20): `gather` — a <Gather> round trip per turn; `relay` — Twilio/Telnyx ConversationRelay over a WebSocket (streamed replies, barge-in). */
    voiceMode: VoiceMode.default('gather'),
  })
  .superRefine((s, ctx) => {
    if (s.brain === 'llm' && s.model === '') ctx.addIssue({ code: 'custom', path: ['model'], message: 'Enter the model name the LLM agent uses.', input: s.model });
  })
  .meta({ id: 'AgentSettings' });
export type AgentSettings = z.infer<typeof AgentSettings>;

/** The moments a practice may remind patients before a booked visit, in hours. */
export const REMINDER_HOURS = [72, 48, 24, 4, 2, 1] as const;
export const DEFAULT_REMINDER_HOURS = [24, 2] as const;

export const AppointmentSettings = z
  .object({
    enabled: z.boolean({ error: 'Choose whether patients may request appointments.' }).default(true),
    visitReasons: z
      .array(z.string().trim().min(1, { error: 'Enter a visit reason or remove it.' }).max(100, { error: 'Use at most 100 characters.' }))
      .max(50, { error: 'Offer at most 50 visit reasons.' })
      .default([]),
    message: text(1000).default(''),
    /** How many hours before a booked visit its reminders go (issue 31 §5); empty: none. */
    reminderHours: z
      .array(
        z
          .number({ error: `Choose from ${REMINDER_HOURS.join(', ')} hours.` })
          .refine((n) => (REMINDER_HOURS as readonly number[]).includes(n), { error: `Choose from ${REMINDER_HOURS.join(', ')} hours.` }),
        { error: 'Choose when reminders go.' },
      )
      .refine((h) => new Set(h).size === h.length, { error: 'Choose each moment once.' })
      .default([...DEFAULT_REMINDER_HOURS]),
  })
  .meta({ id: 'AppointmentSettings' });
export type AppointmentSettings = z.infer<typeof AppointmentSettings>;

const missedCallTemplate = text(MISSED_CALL_TEXT_MAX).superRefine((value, ctx) => {
  const unknown = unknownPlaceholders(value);
  if (unknown.length) {
    const names = MISSED_CALL_PLACEHOLDERS.map((p) => `{${p}}`).join(', ');
    ctx.addIssue({ code: 'custom', message: `${unknown.join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not something we can fill in. Use ${names}, or leave the text empty for the standard one.`, input: value });
  }
});

/**
 * Texts to callers the practice missed (issue 30 §2, decision 047): off unless an administrator
 * turns them on. `message` and `messageEs` are the organization's own words ({practice},
 * {number}, {emergency} filled in); empty: the standard text in that language.
 */
export const MissedCallTexts = z
  .object({
    enabled: z.boolean({ error: 'Choose whether missed callers get a text.' }).default(false),
    message: missedCallTemplate.default(''),
    messageEs: missedCallTemplate.default(''),
  })
  .meta({ id: 'MissedCallTexts' });
export type MissedCallTexts = z.infer<typeof MissedCallTexts>;

export function defaultMissedCallTexts(): MissedCallTexts {
  return { enabled: false, message: '', messageEs: '' };
}

/** A Twilio Messaging Service: texts then come from its pool of numbers. */
export const MESSAGING_SERVICE_SID = /^MG[0-9a-f]{32}$/i;

/**
 * Who the organization's texts come from and how fast they go (issue 30 §1, decision 044):
 * `sender` a phone number or a Twilio Messaging Service SID — empty: its first phone number;
 * `perSecond` its gateway's sending limit — null: the deployment's SMS_PER_SECOND.
 */
export const TextSending = z
  .object({
    sender: z
      .string({ error: 'Enter a phone number or leave it empty.' })
      .trim()
      .max(40, { error: 'Use at most 40 characters.' })
      .refine((v) => v === '' || MESSAGING_SERVICE_SID.test(v) || /^\+?[\d\s().-]{7,25}$/.test(v), {
        error: 'Enter a phone number such as +1 860 555 0100, a Twilio Messaging Service SID (MG followed by 32 letters and digits), or leave it empty.',
      })
      .default(''),
    perSecond: z
      .number({ error: 'Enter a number of texts per second, or leave it empty.' })
      .min(0.1, { error: 'At least 0.1 a second (one every 10 seconds).' })
      .max(100, { error: 'At most 100 a second.' })
      .nullable()
      .default(null),
  })
  .meta({ id: 'TextSending' });
export type TextSending = z.infer<typeof TextSending>;

export function defaultTextSending(): TextSending {
  return { sender: '', perSecond: null };
}

/** What callers hear first when the practice has not written its own greeting. */
export function defaultGreeting(practice: string): string {
  return `Thank you for calling ${practice}. I'm the practice's virtual assistant. How can I help you today?`;
}

/**
 * The agent settings of a new organization, and of a stored one for any setting it lacks: the
 * server stores them at creation, presents them, and the phone agent reads them; the web's
 * organization form starts from them.
 */
export function defaultAgentSettings(practice: string): AgentSettings {
  return {
    greeting: defaultGreeting(practice),
    instructions: 'Be warm, brief and clear. Never give medical advice.',
    faq: [],
    emergencyMessage: 'If this is a medical emergency, hang up and call 911 now.',
    voice: 'Polly.Joanna',
    language: 'en-US',
    brain: 'builtin',
    model: '',
    transferBehaviour: 'on_duty_then_callback',
    languages: ['en', 'es'],
    greetingEs: '',
    emergencyMessageEs: '',
    voiceEs: 'Polly.Lupe',
    voiceMode: 'gather',
  };
}

export function defaultAppointmentSettings(): AppointmentSettings {
  return { enabled: true, visitReasons: ['New patient visit', 'Follow-up', 'Sick visit'], message: 'We will call you to confirm a time.', reminderHours: [...DEFAULT_REMINDER_HOURS] };
}

export const OrganizationStatus = z.enum(['active', 'paused', 'deactivated']);
export type OrganizationStatus = z.infer<typeof OrganizationStatus>;

/** Deactivating is its own action (administrators); an edit sets one of these. */
export const EditableOrganizationStatus = z.enum(['active', 'paused'], { error: 'Choose active or paused.' });

export const PhoneNumbers = z.array(PhoneNumberInput).max(20, { error: 'Use at most 20 numbers.' });
const Version = z.number({ error: 'Send the version you started from.' }).int().min(0);

export const CreateOrganizationBody = z.object({
  name: OrganizationName,
  slug: Slug,
  timeZone: TimeZoneField,
  status: EditableOrganizationStatus.default('active'),
  address: Address.optional(),
  phoneNumbers: PhoneNumbers.default([]),
  agentSettings: AgentSettings.optional(),
  appointmentSettings: AppointmentSettings.optional(),
  missedCallTexts: MissedCallTexts.optional(),
  textSending: TextSending.optional(),
});
/** What a client sends (fields with defaults may be left out). */
export type CreateOrganizationBody = z.input<typeof CreateOrganizationBody>;
/** What the server reads once the body is parsed. */
export type CreateOrganizationInput = z.infer<typeof CreateOrganizationBody>;

export const UpdateOrganizationBody = z.object({
  version: Version,
  name: OrganizationName.optional(),
  slug: Slug.optional(),
  timeZone: TimeZoneField.optional(),
  status: EditableOrganizationStatus.optional(),
  address: Address.optional(),
  phoneNumbers: PhoneNumbers.optional(),
  agentSettings: AgentSettings.optional(),
  appointmentSettings: AppointmentSettings.optional(),
  missedCallTexts: MissedCallTexts.optional(),
  textSending: TextSending.optional(),
  confirmRequiredSuiteFailure: z
    .boolean({ error: 'Send true or false.' })
    .optional()
    .describe(
      'Save the agent settings although a required agent-test suite failed on exactly these settings (the second confirmation after a 409 `required_suite_failing`); the save is then audited as `organization.agent_settings_saved_despite_failing_suite`.',
    ),
});
export type UpdateOrganizationBody = z.input<typeof UpdateOrganizationBody>;
export type UpdateOrganizationInput = z.infer<typeof UpdateOrganizationBody>;

/**
 * A required agent-test suite whose latest finished run on exactly the agent settings being saved
 * failed (decision 056, addendum): the 409 `required_suite_failing` of an organization update
 * lists them in `suites`.
 */
export const FailingRequiredSuite = z.object({
  id: z.string(),
  name: z.string(),
  /** The failed run on these settings. */
  runId: z.string(),
  passed: z.number(),
  total: z.number(),
});
export type FailingRequiredSuite = z.infer<typeof FailingRequiredSuite>;

export const VersionBody = z.object({ version: Version.optional() });
export type VersionBody = z.input<typeof VersionBody>;

/** Ids are checked as uuids by the service (a malformed one is "not found"), never by Postgres. */
export const OrganizationIdParams = z.object({ id: z.string().max(100) });

export const OrganizationListQuery = z.object({
  q: z.string().trim().max(200).optional(),
  status: OrganizationStatus.optional(),
  /** Administrators only: deactivated organizations are otherwise left out. */
  includeDeactivated: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

const PhoneNumberView = z.object({ id: z.string(), number: z.string(), label: z.string() }).meta({ id: 'OrganizationPhoneNumber' });
/** E.164, e.g. +18605550100, with its label. */
export type PhoneNumber = z.infer<typeof PhoneNumberView>;

export const OrganizationSummary = z
  .object({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    timeZone: z.string(),
    status: OrganizationStatus,
    address: Address,
    phoneNumbers: z.array(PhoneNumberView),
    version: z.number(),
    updatedAt: z.string(),
  })
  .meta({ id: 'OrganizationSummary' });
export type OrganizationSummary = z.infer<typeof OrganizationSummary>;

export const OrganizationView = z
  .object({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    timeZone: z.string(),
    status: OrganizationStatus,
    address: Address,
    phoneNumbers: z.array(PhoneNumberView),
    agentSettings: AgentSettings,
    appointmentSettings: AppointmentSettings,
    missedCallTexts: MissedCallTexts,
    textSending: TextSending,
    version: z.number(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Organization' });
export type Organization = z.infer<typeof OrganizationView>;

export const OrganizationListResponse = z.object({ items: z.array(OrganizationSummary) });
export type OrganizationListResponse = z.infer<typeof OrganizationListResponse>;

export const MemberView = z
  .object({ id: z.string(), name: z.string(), email: z.string(), role: z.string(), status: z.string() })
  .meta({ id: 'OrganizationMember' });
export type Member = z.infer<typeof MemberView>;
export const MemberListResponse = z.object({ items: z.array(MemberView) });
export type MemberListResponse = z.infer<typeof MemberListResponse>;
