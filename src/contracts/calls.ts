import { z } from 'zod';
import { APPOINTMENT_SOURCES, APPOINTMENT_STATUSES } from '../domain/appointment-requests/state.js';
import { CALL_DIRECTIONS, CALL_EVENT_KINDS, CALL_OUTCOMES, CALL_STATUSES } from '../domain/calls/vocabulary.js';
import { HANDOFF_PRIORITIES, HANDOFF_STATUSES, HANDOFF_TYPES } from '../domain/handoffs/state.js';
import { isValidTimeZone } from '../domain/time/wall-clock.js';

/** The calls API (`/api/calls…`): the list, one call, its chat context, notes, outcome, handoffs. */

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i;

/** A calendar date (read in the organization's zone) or an exact instant with its offset. */
export const DateOrInstant = z
  .string()
  .trim()
  .max(40)
  .refine((v) => (ISO_DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v)) || (ISO_INSTANT.test(v) && !Number.isNaN(Date.parse(v))), {
    error: 'Use a date (YYYY-MM-DD) or an instant with its offset (2026-03-01T09:00:00Z).',
  });

const Flag = z
  .enum(['true', 'false', '1', '0'], { error: 'Use true or false.' })
  .transform((v) => v === 'true' || v === '1');

export const CallDirection = z.enum(CALL_DIRECTIONS);
export type CallDirection = z.infer<typeof CallDirection>;
export const CallStatus = z.enum(CALL_STATUSES);
export type CallStatus = z.infer<typeof CallStatus>;
export const CallOutcome = z.enum(CALL_OUTCOMES);
export type CallOutcome = z.infer<typeof CallOutcome>;
export const CallSort = z.enum(['startedAt', 'duration']);
export type CallSort = z.infer<typeof CallSort>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Several organizations: comma-separated in an address, or a list in a JSON body (analytics' drill-down with several organizations chosen). */
export const OrganizationIdList = z
  .union([z.string().max(100 * 37).transform((v) => v.split(',')), z.array(z.string().max(40)).max(100)], { error: 'List at most 100 organization ids, separated by commas.' })
  .transform((ids) => [...new Set(ids.map((s) => s.trim()).filter(Boolean))])
  .refine((ids) => ids.length > 0, { error: 'List at least one organization id.' })
  .refine((ids) => ids.every((id) => UUID.test(id)), { error: 'List organization ids separated by commas.' })
  .refine((ids) => ids.length <= 100, { error: 'At most 100 organizations.' });

/** The filters of the calls list that say nothing about a person (they may travel in a URL). */
const callListFilters = {
  organizationId: z.uuid({ error: 'Not a valid organization id.' }).optional(),
  /** Instead of `organizationId`: calls of any of these organizations. */
  organizationIds: OrganizationIdList.optional(),
  direction: CallDirection.optional(),
  status: CallStatus.optional(),
  /** `none`: calls without an outcome yet. */
  outcome: z.enum([...CALL_OUTCOMES, 'none']).optional(),
  /** From this date (inclusive, organization's zone) or instant. */
  from: DateOrInstant.optional(),
  /** Up to this date (inclusive, organization's zone) or instant (exclusive). */
  to: DateOrInstant.optional(),
  /** Weekday (ISO, 1 = Monday) and hour the call started, `1-09`, read in `timeZone` (analytics' heatmap cells). */
  hourOfWeek: z
    .string()
    .regex(/^[1-7]-([01]\d|2[0-3])$/, { error: 'Use weekday-hour, e.g. 1-09 for Mondays 09:00–10:00.' })
    .optional(),
  /** The zone `hourOfWeek` is read in (IANA name); UTC when absent. */
  timeZone: z.string().max(64).refine(isValidTimeZone, { error: 'Unknown time zone. Use an IANA name such as America/New_York.' }).optional(),
  sort: CallSort.default('startedAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  /** Keyset cursors from a previous page (`nextCursor` / `prevCursor`). */
  after: z.string().max(300).optional(),
  before: z.string().max(300).optional(),
};

/** The filters that name a person: only in a request body (`POST /api/calls/search`), never in a URL or a log. */
const personalCallFilters = {
  /** The caller's (or callee's) number in any common format; normalised to E.164. */
  phone: z.string().trim().max(40).optional(),
  /** Words in the transcript (PostgreSQL full-text, web-search syntax: "quoted phrases", -excluded, or). */
  q: z.string().trim().max(200).optional(),
};

const inBodyOnly = z.never({ error: 'Search by phone number or transcript text with POST /api/calls/search (in the body), not in the address.' }).optional();

/** `GET /api/calls`: the filters that may travel in a URL; `phone` and `q` are refused there. */
export const CallListQuery = z.object({
  ...callListFilters,
  hasHandoff: Flag.optional(),
  /** Only calls still ringing or in progress. */
  live: Flag.optional(),
  phone: inBodyOnly,
  q: inBodyOnly,
});

/** `POST /api/calls/search`: the same filters, with the phone number and transcript text, as JSON. */
export const CallSearchBody = z.object({
  ...callListFilters,
  hasHandoff: z.boolean().optional(),
  /** Only calls still ringing or in progress. */
  live: z.boolean().optional(),
  ...personalCallFilters,
});
/** What the list is asked (flags as booleans, defaults filled): what the web sends. */
export type CallSearchBody = z.infer<typeof CallSearchBody>;

export const CallIdParams = z.object({ id: z.uuid({ error: 'Not a valid call id.' }) });

export const CallListItem = z
  .object({
    id: z.string(),
    organizationId: z.string(),
    organizationName: z.string(),
    direction: CallDirection,
    status: CallStatus,
    outcome: CallOutcome.nullable(),
    live: z.boolean(),
    provider: z.enum(['twilio', 'simulator']),
    fromNumber: z.string(),
    toNumber: z.string(),
    /** The other party: the caller of an inbound call, the callee of an outbound one. */
    contactNumber: z.string(),
    patientId: z.string().nullable(),
    patientName: z.string().nullable(),
    startedAt: z.string(),
    answeredAt: z.string().nullable(),
    endedAt: z.string().nullable(),
    durationSeconds: z.number().nullable(),
    summary: z.string().nullable(),
    hasHandoff: z.boolean(),
    /** An inbound call that completed with no caller turn (silence, a hang-up during the greeting): not answered (PRODUCT §6). */
    hungUpBeforeSpeaking: z.boolean(),
    hasRecording: z.boolean(),
    /** With `q`: the matching words of the transcript, `<b>`-free plain text with « » around matches. */
    match: z.string().nullable(),
  })
  .meta({ id: 'CallListItem' });
export type CallListItem = z.infer<typeof CallListItem>;

export const CallListResponse = z.object({
  items: z.array(CallListItem),
  /** Cursor for the following page (null on the last one). */
  nextCursor: z.string().nullable(),
  /** Cursor for the page before (null on the first one). */
  prevCursor: z.string().nullable(),
});
export type CallListResponse = z.infer<typeof CallListResponse>;

export const CallEvent = z
  .object({
    seq: z.number(),
    kind: z.enum(CALL_EVENT_KINDS),
    at: z.string(),
    latencyMs: z.number().nullable(),
    payload: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'CallEvent' });
export type CallEvent = z.infer<typeof CallEvent>;

export const CallNote = z
  .object({ seq: z.number(), at: z.string(), authorId: z.string().nullable(), authorName: z.string(), text: z.string() })
  .meta({ id: 'CallNote' });
export type CallNote = z.infer<typeof CallNote>;

export const LinkedHandoff = z.object({
  id: z.string(),
  type: z.enum(HANDOFF_TYPES),
  priority: z.enum(HANDOFF_PRIORITIES),
  status: z.enum(HANDOFF_STATUSES),
  source: z.string(),
  reason: z.string(),
  dueAt: z.string(),
  createdAt: z.string(),
  assigneeName: z.string().nullable(),
  resolution: z.string().nullable(),
});
export type LinkedHandoff = z.infer<typeof LinkedHandoff>;

export const LinkedAppointmentRequest = z.object({
  id: z.string(),
  referenceCode: z.string().nullable(),
  status: z.enum(APPOINTMENT_STATUSES),
  source: z.enum(APPOINTMENT_SOURCES),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  submittedAt: z.string().nullable(),
});
export type LinkedAppointmentRequest = z.infer<typeof LinkedAppointmentRequest>;

export const CallDetail = z
  .object({
    call: CallListItem.extend({
      brain: z.enum(['builtin', 'llm']),
      lastActivityAt: z.string(),
      outboundJobId: z.string().nullable(),
      recording: z.object({ url: z.string(), durationSeconds: z.number().nullable() }).nullable(),
    }),
    organization: z.object({ id: z.string(), name: z.string(), timeZone: z.string() }),
    patient: z
      .object({ id: z.string(), firstName: z.string(), lastName: z.string(), dateOfBirth: z.string(), phone: z.string().nullable(), email: z.string().nullable() })
      .nullable(),
    handoffs: z.array(LinkedHandoff),
    appointmentRequests: z.array(LinkedAppointmentRequest),
    /** Every event in order; model requests are summarised here (the full context is under /chat-context). */
    events: z.array(CallEvent),
    notes: z.array(CallNote),
  })
  .meta({ id: 'CallDetail' });
export type CallDetail = z.infer<typeof CallDetail>;

export const AddNoteBody = z.object({
  text: z.string({ error: 'Write a note.' }).trim().min(1, { error: 'Write a note.' }).max(4000, { error: 'Use at most 4000 characters.' }),
});
export type AddNoteBody = z.infer<typeof AddNoteBody>;

export const SetOutcomeBody = z.object({
  outcome: z.enum(CALL_OUTCOMES, { error: 'Choose an outcome.' }),
});
export type SetOutcomeBody = z.infer<typeof SetOutcomeBody>;

export const SetOutcomeResponse = z.object({ id: z.string(), outcome: SetOutcomeBody.shape.outcome, previous: SetOutcomeBody.shape.outcome.nullable(), changed: z.boolean() });
export type SetOutcomeResponse = z.infer<typeof SetOutcomeResponse>;

export const CreateCallHandoffBody = z.object({
  type: z.enum(HANDOFF_TYPES, { error: 'Choose a type.' }),
  priority: z.enum(HANDOFF_PRIORITIES, { error: 'Choose a priority.' }).default('normal'),
  reason: z.string({ error: 'Say what needs doing.' }).trim().min(1, { error: 'Say what needs doing.' }).max(2000, { error: 'Use at most 2000 characters.' }),
});
export type CreateCallHandoffBody = z.input<typeof CreateCallHandoffBody>;

export const CreatedCallHandoff = z.object({ id: z.string(), type: z.string(), priority: z.string(), status: z.string(), dueAt: z.string() });
export type CreatedCallHandoff = z.infer<typeof CreatedCallHandoff>;

const Json = z.unknown();

export const ChatStep = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('model_request'),
    seq: z.number(),
    at: z.string(),
    latencyMs: z.number().nullable(),
    brain: z.string().nullable(),
    model: z.string().nullable(),
    messages: Json,
    tools: Json,
    response: Json,
    intent: z.string().nullable(),
    slots: Json,
    decision: Json,
    promptTokens: z.number().nullable(),
    completionTokens: z.number().nullable(),
    fellBackToBuiltin: z.boolean(),
  }),
  z.object({ kind: z.literal('tool_call'), seq: z.number(), at: z.string(), name: z.string(), arguments: Json }),
  z.object({ kind: z.literal('tool_result'), seq: z.number(), at: z.string(), latencyMs: z.number().nullable(), name: z.string(), ok: z.boolean().nullable(), result: Json }),
  z.object({ kind: z.literal('transfer'), seq: z.number(), at: z.string(), target: Json, result: Json }),
  z.object({ kind: z.literal('error'), seq: z.number(), at: z.string(), payload: Json }),
]);
export type ChatStep = z.infer<typeof ChatStep>;

export const ChatTurn = z.object({
  index: z.number(),
  at: z.string(),
  /** What the caller said (null for the greeting before anyone spoke). */
  callerText: z.string().nullable(),
  callerConfidence: z.number().nullable(),
  steps: z.array(ChatStep),
  agentText: z.string().nullable(),
  latencyMs: z.number().nullable(),
  promptTokens: z.number(),
  completionTokens: z.number(),
});
export type ChatTurn = z.infer<typeof ChatTurn>;

export const ChatContextResponse = z
  .object({
    call: z.object({
      id: z.string(),
      organizationId: z.string(),
      organizationName: z.string(),
      brain: z.enum(['builtin', 'llm']),
      status: CallStatus,
      live: z.boolean(),
      startedAt: z.string(),
      /** Inbound: `contactNumber` called; outbound: it was called (and is labelled so). */
      direction: CallDirection,
      contactNumber: z.string(),
    }),
    /** The system prompt of the first LLM request, when there was one. */
    systemPrompt: z.string().nullable(),
    turns: z.array(ChatTurn),
    totals: z.object({
      turns: z.number(),
      /** Requests to a language model (the LLM brain only). */
      modelRequests: z.number(),
      /** Turns decided by the built-in brain (no model, no tokens). */
      builtinDecisions: z.number(),
      toolCalls: z.number(),
      promptTokens: z.number(),
      completionTokens: z.number(),
      latencyMs: z.number(),
    }),
  })
  .meta({ id: 'ChatContext' });
export type ChatContextResponse = z.infer<typeof ChatContextResponse>;
