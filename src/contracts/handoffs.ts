import { z } from 'zod';
import { APPOINTMENT_SOURCES, APPOINTMENT_STATUSES } from '../domain/appointment-requests/state.js';
import { HANDOFF_PRIORITIES, HANDOFF_SOURCES, HANDOFF_STATUSES, HANDOFF_TYPES } from '../domain/handoffs/state.js';
import { HANDOFF_TEXT_LANGUAGES, HANDOFF_TEXT_MAX, HANDOFF_TEXT_TEMPLATES } from '../domain/messaging/handoff-texts.js';
import { RequestView } from './appointment-requests.js';
import { OrganizationIdList } from './calls.js';

/** The human work queue (`/api/handoffs…`) and each organization's handoff deadlines. */

/** Ids are checked as uuids by the service (a malformed one is "not found"), never by Postgres. */
export const HandoffIdParams = z.object({ id: z.string().max(100) });
export const OrganizationParams = z.object({ id: z.string().max(100) });

const text = (max: number, required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: `Use at most ${max} characters.` });

export const HandoffType = z.enum(HANDOFF_TYPES);
export type HandoffType = z.infer<typeof HandoffType>;
export const HandoffPriority = z.enum(HANDOFF_PRIORITIES);
export type HandoffPriority = z.infer<typeof HandoffPriority>;
export const HandoffStatus = z.enum(HANDOFF_STATUSES);
export type HandoffStatus = z.infer<typeof HandoffStatus>;

export const HandoffTab = z.enum(['open', 'mine', 'resolved'], { error: 'Choose open, mine or resolved.' });
export type HandoffTab = z.infer<typeof HandoffTab>;

/** The steps of the appointment funnel (PRODUCT §6): requests started, of those submitted, of those scheduled. */
export const FunnelStep = z.enum(['started', 'submitted', 'scheduled'], { error: 'Use started, submitted or scheduled.' });
export type FunnelStep = z.infer<typeof FunnelStep>;

const Instant = z
  .string()
  .trim()
  .max(40)
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i, { error: 'Use an instant with its offset (2026-03-01T09:00:00Z).' })
  .refine(isRealInstant, { error: 'Not a valid instant: that date does not exist.' });

/** Date.parse rolls 2026-02-30 over into March: the calendar date itself must exist. */
function isRealInstant(v: string): boolean {
  const [y, m, d] = v.slice(0, 10).split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d && !Number.isNaN(Date.parse(v));
}

export const HandoffListQuery = z.object({
  /** `all`: every status (analytics' drill-down into a funnel step). */
  tab: z.enum([...HandoffTab.options, 'all'], { error: 'Choose open, mine, resolved or all.' }).default('open'),
  organizationId: z.uuid({ error: 'Not a valid organization id.' }).optional(),
  /** Instead of `organizationId`: handoffs of any of these organizations (comma-separated). */
  organizationIds: OrganizationIdList.optional(),
  /**
   * A funnel step (analytics' drill-down): the first handoff of each appointment request created
   * in [requestFrom, requestTo) that reached the step, of `requestSource` if given. Drafts have no
   * handoff, so the started step lists the requests that were sent.
   */
  requestStep: FunnelStep.optional(),
  requestSource: z.enum(APPOINTMENT_SOURCES, { error: `Use one of: ${APPOINTMENT_SOURCES.join(', ')}.` }).optional(),
  requestFrom: Instant.optional(),
  requestTo: Instant.optional(),
  type: z.enum(HANDOFF_TYPES, { error: 'Not a handoff type.' }).optional(),
  priority: z.enum(HANDOFF_PRIORITIES, { error: 'Not a priority.' }).optional(),
  /** A user id, or `unassigned`. */
  assigneeId: z.string().trim().min(1).max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
/** The query as the server reads it (defaults filled). */
export type HandoffListQuery = z.infer<typeof HandoffListQuery>;
/** The query as the web sends it: paging may be left to the server's defaults. */
export type HandoffListParams = Omit<HandoffListQuery, 'page' | 'pageSize'> & Partial<Pick<HandoffListQuery, 'page' | 'pageSize'>>;

const Person = z.object({ id: z.string(), name: z.string() });
export type Person = z.infer<typeof Person>;

export const HandoffSummary = z
  .object({
    id: z.string(),
    organizationId: z.string(),
    organizationName: z.string(),
    type: HandoffType,
    priority: HandoffPriority,
    status: HandoffStatus,
    source: z.enum(HANDOFF_SOURCES),
    reason: z.string(),
    contactName: z.string().nullable(),
    contactPhone: z.string().nullable(),
    dueAt: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    claimedAt: z.string().nullable(),
    resolvedAt: z.string().nullable(),
    resolution: z.string().nullable(),
    assignee: Person.nullable(),
    callId: z.string().nullable(),
    appointmentRequestId: z.string().nullable(),
    appointmentRequestStatus: z.enum(APPOINTMENT_STATUSES).nullable(),
    version: z.number(),
  })
  .meta({ id: 'HandoffSummary' });
export type HandoffSummary = z.infer<typeof HandoffSummary>;

export const HandoffListResponse = z.object({
  items: z.array(HandoffSummary),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** Open (unresolved) handoffs, and those assigned to the caller, under the same filters. */
  counts: z.object({ open: z.number(), mine: z.number() }),
});
export type HandoffListResponse = z.infer<typeof HandoffListResponse>;

export const HandoffEventKind = z.enum(['created', 'claimed', 'assigned', 'note', 'callback_attempt', 'resolved', 'reopened', 'canceled', 'message_sent', 'patient_reply']);
export type HandoffEventKind = z.infer<typeof HandoffEventKind>;

export const HandoffEvent = z.object({
  id: z.number(),
  kind: HandoffEventKind,
  body: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  at: z.string(),
  actor: Person.nullable(),
});
export type HandoffEvent = z.infer<typeof HandoffEvent>;

export const CallExcerpt = z.object({
  id: z.string(),
  direction: z.string(),
  status: z.string(),
  outcome: z.string().nullable(),
  fromNumber: z.string(),
  toNumber: z.string(),
  startedAt: z.string(),
  durationSeconds: z.number().nullable(),
  summary: z.string().nullable(),
  turnCount: z.number(),
  excerpt: z.array(z.object({ speaker: z.enum(['caller', 'agent']), text: z.string(), at: z.string() })),
});
export type CallExcerpt = z.infer<typeof CallExcerpt>;

export const HandoffDetail = z
  .object({
    handoff: HandoffSummary.extend({ details: z.record(z.string(), z.unknown()) }),
    organization: z.object({ id: z.string(), name: z.string(), timeZone: z.string() }),
    events: z.array(HandoffEvent),
    call: CallExcerpt.nullable(),
    appointmentRequest: RequestView.nullable(),
    patient: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), dateOfBirth: z.string(), phone: z.string().nullable(), email: z.string().nullable() }).nullable(),
    history: z.array(z.object({ kind: z.enum(['call', 'appointment_request', 'handoff']), id: z.string(), at: z.string(), title: z.string(), status: z.string() })),
    /** Where the patient can be reached from here: the number to call back, the address to write to. */
    contact: z.object({ phone: z.string().nullable(), email: z.string().nullable() }),
  })
  .meta({ id: 'HandoffDetail' });
export type HandoffDetail = z.infer<typeof HandoffDetail>;

export const AssigneeOptions = z.object({
  items: z.array(z.object({ id: z.string(), name: z.string(), role: z.string(), onDuty: z.boolean() })),
  /** The on-duty person to suggest (first on duty who may work handoffs), if any. */
  suggestedUserId: z.string().nullable(),
  onDuty: z.array(z.object({ type: z.enum(['user', 'phone']), userId: z.string().nullable(), phone: z.string().nullable(), name: z.string(), scheduleName: z.string() })),
});
export type AssigneeOptions = z.infer<typeof AssigneeOptions>;

export const CreateHandoffBody = z.object({
  organizationId: z.uuid({ error: 'Choose an organization.' }),
  type: z.enum(HANDOFF_TYPES, { error: 'Choose a type.' }),
  priority: z.enum(HANDOFF_PRIORITIES, { error: 'Choose a priority.' }).default('normal'),
  reason: text(2000, 'Say what needs doing.'),
  contactName: z.string().trim().max(200, { error: 'Use at most 200 characters.' }).optional(),
  contactPhone: z.string().trim().max(40, { error: 'Use at most 40 characters.' }).optional(),
  callId: z.uuid({ error: 'Not a valid call id.' }).optional(),
});
/** The body as the server reads it (defaults filled). */
export type CreateHandoffBody = z.infer<typeof CreateHandoffBody>;

/** What every action on a handoff answers: the handoff as it is now. */
export const HandoffUpdated = z.object({ handoff: HandoffSummary });
export type HandoffUpdated = z.infer<typeof HandoffUpdated>;

export const AssignBody = z.object({ userId: z.string({ error: 'Choose a person.' }).trim().min(1, { error: 'Choose a person.' }).max(100) });
export type AssignBody = z.infer<typeof AssignBody>;

export const NoteBody = z.object({ body: text(5000, 'Write a note.') });
export type NoteBody = z.infer<typeof NoteBody>;

export const ResolutionOutcome = z.enum(['completed', 'appointment_scheduled', 'patient_reached', 'message_delivered', 'no_action_needed', 'unreachable', 'duplicate', 'other'], {
  error: 'Choose an outcome.',
});
export type ResolutionOutcome = z.infer<typeof ResolutionOutcome>;

export const ResolveBody = z.object({
  outcome: ResolutionOutcome,
  note: z.string().trim().max(5000, { error: 'Use at most 5000 characters.' }).optional(),
});
export type ResolveBody = z.infer<typeof ResolveBody>;

export const ReopenBody = z.object({ note: z.string().trim().max(5000, { error: 'Use at most 5000 characters.' }).optional() }).default({});
export type ReopenBody = z.input<typeof ReopenBody>;

export const CancelBody = z.object({ reason: text(1000, 'Say why it is canceled.') });
export type CancelBody = z.infer<typeof CancelBody>;

export const CallbackResult = z.enum(['reached', 'no_answer', 'voicemail', 'busy', 'wrong_number', 'failed'], { error: 'Choose what happened.' });
export type CallbackResult = z.infer<typeof CallbackResult>;

export const CallbackBody = z.object({
  result: CallbackResult,
  note: z.string().trim().max(2000, { error: 'Use at most 2000 characters.' }).optional(),
});
export type CallbackBody = z.infer<typeof CallbackBody>;

export const MessageBody = z.object({
  channel: z.enum(['email', 'sms'], { error: 'Choose email or text message.' }),
  body: text(1000, 'Write the message.'),
});
export type MessageBody = z.infer<typeof MessageBody>;

/**
 * A text to the patient from the handoff (decision 048): one of the templates, in English or
 * Spanish, with an optional message of one's own (required for `message`), which only a number
 * the patient confirmed may receive (checked by the server).
 */
export const HandoffTextBody = z
  .object({
    template: z.enum(HANDOFF_TEXT_TEMPLATES, { error: 'Choose what to text.' }),
    language: z.enum(HANDOFF_TEXT_LANGUAGES, { error: 'Choose English or Spanish.' }),
    text: z
      .string({ error: 'Write the message as text.' })
      .trim()
      .max(HANDOFF_TEXT_MAX, { error: `Use at most ${HANDOFF_TEXT_MAX} characters.` })
      .optional(),
  })
  .superRefine((b, issue) => {
    if (b.template === 'message' && !b.text) issue.addIssue({ code: 'custom', path: ['text'], message: 'Write the message.' });
  });
export type HandoffTextBody = z.infer<typeof HandoffTextBody>;

/** One text of the thread: sent by the practice (with its delivery status) or received from the patient. */
export const HandoffTextItem = z.object({
  id: z.number(),
  direction: z.enum(['outbound', 'inbound']),
  body: z.string(),
  at: z.string(),
  by: z.string().nullable(),
  /** The outbox row's status for a text sent (`queued → sent → delivered | undelivered | failed`, or `suppressed`). */
  status: z.string().nullable(),
});
export type HandoffTextItem = z.infer<typeof HandoffTextItem>;

/** What the "Text the patient" panel needs: the number, whether and what may be sent, the words, the thread. */
export const HandoffTexts = z.object({
  phone: z.string().nullable(),
  /** Why nothing can be texted (no number, a landline, STOP, a closed handoff), or null. */
  blocked: z.object({ code: z.enum(['no_number', 'not_textable', 'opted_out', 'closed']), message: z.string() }).nullable(),
  /** The patient showed the number is theirs (called or texted from it, or signed in to the portal with a code sent to it): a message of one's own may go to it. */
  confirmed: z.boolean(),
  confirmedBy: z.enum(['call', 'text', 'portal']).nullable(),
  /** Filled into the templates: the practice's name and number. */
  values: z.object({ practice: z.string(), number: z.string() }),
  thread: z.array(HandoffTextItem),
});
export type HandoffTexts = z.infer<typeof HandoffTexts>;

const SlaValue = z
  .number({ error: 'Enter a number of minutes.' })
  .int({ error: 'Use whole minutes.' })
  .min(1, { error: 'Use at least 1 minute.' })
  .max(14_400, { error: 'Use at most 14,400 minutes (30 business days).' })
  .nullable();

/** Minutes per priority; null goes back to the default. */
export const DeadlinesBody = z.object({ urgent: SlaValue, high: SlaValue, normal: SlaValue, low: SlaValue });
export type DeadlinesBody = z.infer<typeof DeadlinesBody>;

const Rule = z.object({
  minutes: z.number(),
  defaultMinutes: z.number(),
  custom: z.boolean(),
  /** Counted in the organization's business hours (urgent counts clock time). */
  business: z.boolean(),
});
export const DeadlinesView = z
  .object({
    organizationId: z.string(),
    timeZone: z.string(),
    rules: z.object({ urgent: Rule, high: Rule, normal: Rule, low: Rule }),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'HandoffDeadlines' });
export type DeadlinesView = z.infer<typeof DeadlinesView>;
