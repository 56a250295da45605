import { z } from 'zod';
import {
  CAMPAIGN_STATUSES,
  OUTBOUND_ATTEMPT_RESULTS,
  OUTBOUND_JOB_STATUSES,
  OUTBOUND_OUTCOMES,
  OUTBOUND_PLACEMENT_STATES,
  OUTBOUND_PROVIDERS,
  OUTBOUND_PURPOSES,
} from '../domain/outbound/vocabulary.js';

/**
 * Outbound calling (`/api/outbound…`, PRODUCT §3 /outbound, §4 Outbound, §5; issue 16): single
 * calls, campaigns (their contacts come from the CSV import, contracts/outbound-import.ts), jobs with
 * their attempts, pause/resume/cancel, results as CSV, and the queue summary for /overview.
 * Agents create single calls; supervisors and administrators run campaigns; developers have no outbound.
 */

export const OutboundPurpose = z.enum(OUTBOUND_PURPOSES, { error: 'Choose a purpose: appointment reminder, recall, callback, web request follow-up or custom.' });
export type OutboundPurpose = z.infer<typeof OutboundPurpose>;
export const OutboundJobStatus = z.enum(OUTBOUND_JOB_STATUSES);
export type OutboundJobStatus = z.infer<typeof OutboundJobStatus>;
export const OutboundOutcome = z.enum(OUTBOUND_OUTCOMES);
export type OutboundOutcome = z.infer<typeof OutboundOutcome>;
export const OutboundAttemptResult = z.enum(OUTBOUND_ATTEMPT_RESULTS);
export type OutboundAttemptResult = z.infer<typeof OutboundAttemptResult>;
export const CampaignStatus = z.enum(CAMPAIGN_STATUSES);
export type CampaignStatus = z.infer<typeof CampaignStatus>;
export const OutboundProvider = z.enum(OUTBOUND_PROVIDERS);
export type OutboundProvider = z.infer<typeof OutboundProvider>;

/** Any text up to 100 characters: a malformed id is "not found", like an unknown one. */
export const OutboundIdParams = z.object({ id: z.string().max(100) });
export type OutboundIdParams = z.infer<typeof OutboundIdParams>;

const Instant = z.iso.datetime({ offset: true, error: 'Use an ISO date-time with its offset (2026-03-01T09:00:00-05:00).' });
/** Guidance for the agent and the staff who follow up: never spoken (issue 27). */
const Instructions = z.string().trim().max(2000, 'At most 2,000 characters.');
/** Said as written to the confirmed patient after the purpose; no instructions to the agent here. */
const MessageForPatient = z.string().trim().max(500, 'At most 500 characters.');
/** What the call is about, said after identity is confirmed ("well-child check-up"). */
const VisitType = z.string().trim().max(100, 'At most 100 characters.');
const TimeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM between 00:00 and 23:59.');

/** `POST /api/outbound/calls`: one call, now or at a time. The number is read for the organization's country. */
export const CreateSingleCallBody = z
  .object({
    organizationId: z.uuid({ error: 'Choose an organization.' }),
    phone: z.string().trim().min(1, 'Enter a phone number.').max(40, 'At most 40 characters.'),
    contactName: z.string().trim().max(200, 'At most 200 characters.').optional(),
    patientId: z.uuid({ error: 'Not a valid patient id.' }).optional(),
    purpose: OutboundPurpose,
    instructions: Instructions.optional(),
    messageForPatient: MessageForPatient.optional(),
    visitType: VisitType.optional(),
    /** The reminded visit (appointment reminders). */
    appointmentAt: Instant.optional(),
    /** Omitted: as soon as the callee's calling window allows. */
    scheduledFor: Instant.optional(),
  })
  .meta({ id: 'CreateSingleCall' });
export type CreateSingleCallBody = z.infer<typeof CreateSingleCallBody>;

/** `POST /api/handoffs/{id}/call-back`: a call to the handoff's contact through the same queue. */
export const CallBackBody = z
  .object({
    instructions: Instructions.optional(),
    scheduledFor: Instant.optional(),
  })
  .meta({ id: 'CallBackHandoff' });
export type CallBackBody = z.infer<typeof CallBackBody>;

export const CallingWindow = z
  .object({
    /** Local time of the callee; the queue also never calls outside 08:00–21:00 there. */
    start: TimeOfDay,
    end: TimeOfDay,
    /** ISO weekdays, 1 (Monday) to 7 (Sunday). */
    days: z
      .array(z.number().int().min(1, 'Days are 1 (Monday) to 7 (Sunday).').max(7, 'Days are 1 (Monday) to 7 (Sunday).'))
      .min(1, 'Choose at least one day.')
      .max(7)
      .refine((d) => new Set(d).size === d.length, 'Each day once.'),
  })
  .refine((w) => w.start < w.end, { error: 'The window must end after it starts (same day).', path: ['end'] })
  .meta({ id: 'CallingWindow' });
export type CallingWindow = z.infer<typeof CallingWindow>;

/** The settings of a campaign (its contacts are added by the import: contracts/outbound-import.ts). */
export const CampaignSettings = z.object({
  name: z.string().trim().min(1, 'Name the campaign.').max(200, 'At most 200 characters.'),
  purpose: OutboundPurpose,
  instructions: Instructions.default(''),
  messageForPatient: MessageForPatient.default(''),
  visitType: VisitType.default(''),
  voicemailMessage: z.string().trim().max(1000, 'At most 1,000 characters.').default(''),
  window: CallingWindow,
  maxAttempts: z.number({ error: 'Enter a number of attempts.' }).int('A whole number.').min(1, 'At least 1.').max(10, 'At most 10.'),
  retryIntervalMinutes: z.number({ error: 'Enter minutes between attempts.' }).int('A whole number.').min(5, 'At least 5 minutes.').max(10_080, 'At most a week.'),
  concurrency: z.number({ error: 'Enter how many calls at once.' }).int('A whole number.').min(1, 'At least 1.').max(50, 'At most 50.'),
  /** Omitted: now. */
  startAt: Instant.optional(),
});
export type CampaignSettings = z.infer<typeof CampaignSettings>;

export const CreateCampaignBody = CampaignSettings.extend({ organizationId: z.uuid({ error: 'Choose an organization.' }) }).meta({ id: 'CreateCampaign' });
export type CreateCampaignBody = z.infer<typeof CreateCampaignBody>;

/** One placement of a job and its call record (`callId` opens /calls/{id}). */
export const OutboundAttempt = z.object({
  id: z.string(),
  attemptNo: z.number().int(),
  provider: OutboundProvider,
  placement: z.enum(OUTBOUND_PLACEMENT_STATES),
  callId: z.string().nullable(),
  result: OutboundAttemptResult.nullable(),
  answeredBy: z.string().nullable(),
  claimedAt: z.string(),
  placedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
});
export type OutboundAttempt = z.infer<typeof OutboundAttempt>;

export const OutboundJobSummary = z
  .object({
    id: z.string(),
    organizationId: z.string(),
    campaignId: z.string().nullable(),
    handoffId: z.string().nullable(),
    patientId: z.string().nullable(),
    contactName: z.string(),
    /** E.164. */
    phone: z.string(),
    /** The zone the calling window is read in ("US (all zones)" when the number names only a country with several: the window must hold in each), and where it came from. */
    timeZone: z.string(),
    timeZoneSource: z.enum(['contact', 'number', 'country', 'organization']),
    purpose: OutboundPurpose,
    status: OutboundJobStatus,
    outcome: OutboundOutcome.nullable(),
    attempts: z.number().int(),
    maxAttempts: z.number().int(),
    lastResult: OutboundAttemptResult.nullable(),
    nextAttemptAt: z.string().nullable(),
    /** The call of the latest attempt. */
    lastCallId: z.string().nullable(),
    rowNumber: z.number().int().nullable(),
    /** What the callee said that decided the outcome, in their words. */
    response: z.string().nullable(),
    /** What the call created for staff: the appointment request (its handoff) or a handoff. */
    created: z
      .object({ kind: z.enum(['appointment_request', 'handoff']), handoffId: z.string().nullable(), appointmentRequestId: z.string().nullable(), referenceCode: z.string().nullable() })
      .nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** Pass as `cursor` to read the jobs after this one. */
    cursor: z.string(),
  })
  .meta({ id: 'OutboundJobSummary' });
export type OutboundJobSummary = z.infer<typeof OutboundJobSummary>;

export const OutboundJobDetail = OutboundJobSummary.extend({
  instructions: z.string(),
  messageForPatient: z.string(),
  visitType: z.string(),
  appointmentAt: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  fields: z.record(z.string(), z.string()),
  attempts: z.number().int(),
  attemptList: z.array(OutboundAttempt),
  /** May this viewer cancel it (a job not yet final and not on a call). */
  cancelable: z.boolean(),
}).meta({ id: 'OutboundJobDetail' });
export type OutboundJobDetail = z.infer<typeof OutboundJobDetail>;

/** Keyset cursor: `<created at, epoch µs>.<id>`. */
const Cursor = z
  .string()
  .regex(/^\d{1,20}\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Use the `cursor` of the last item of the previous page.')
  .optional();

export const OutboundJobListQuery = z.object({
  organizationId: z.uuid({ error: 'Not a valid organization id.' }).optional(),
  campaignId: z.uuid({ error: 'Not a valid campaign id.' }).optional(),
  /** `single`: jobs without a campaign (single calls and call-backs). */
  kind: z.enum(['single', 'campaign', 'all'], { error: 'Choose single, campaign or all.' }).default('all'),
  status: OutboundJobStatus.optional(),
  handoffId: z.uuid({ error: 'Not a valid handoff id.' }).optional(),
  cursor: Cursor,
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type OutboundJobListQuery = z.infer<typeof OutboundJobListQuery>;

export const OutboundJobList = z.object({ items: z.array(OutboundJobSummary), nextCursor: z.string().nullable() }).meta({ id: 'OutboundJobList' });
export type OutboundJobList = z.infer<typeof OutboundJobList>;

/** How many of a campaign's contacts are where (PRODUCT §3: the progress bar's segments). */
export const CampaignProgress = z
  .object({
    total: z.number().int(),
    /** Waiting for their time, window or a line (scheduled, queued, or a retry). */
    queued: z.number().int(),
    dialing: z.number().int(),
    /** On the call now. */
    inProgress: z.number().int(),
    /** Completed, a person answered. */
    answered: z.number().int(),
    voicemail: z.number().int(),
    noAnswer: z.number().int(),
    busy: z.number().int(),
    failed: z.number().int(),
    doNotCall: z.number().int(),
    canceled: z.number().int(),
    /** Final in any way. */
    done: z.number().int(),
  })
  .meta({ id: 'CampaignProgress' });
export type CampaignProgress = z.infer<typeof CampaignProgress>;

export const CampaignView = z
  .object({
    id: z.string(),
    organizationId: z.string(),
    name: z.string(),
    purpose: OutboundPurpose,
    instructions: z.string(),
    messageForPatient: z.string(),
    visitType: z.string(),
    voicemailMessage: z.string(),
    window: z.object({ start: z.string(), end: z.string(), days: z.array(z.number().int()) }),
    maxAttempts: z.number().int(),
    retryIntervalMinutes: z.number().int(),
    concurrency: z.number().int(),
    status: CampaignStatus,
    startAt: z.string(),
    createdBy: z.string().nullable(),
    createdAt: z.string(),
    completedAt: z.string().nullable(),
    progress: CampaignProgress,
    /** What the viewer may do now. */
    actions: z.object({ pause: z.boolean(), resume: z.boolean(), cancel: z.boolean() }),
    cursor: z.string(),
  })
  .meta({ id: 'Campaign' });
export type CampaignView = z.infer<typeof CampaignView>;

export const CampaignListQuery = z.object({
  organizationId: z.uuid({ error: 'Not a valid organization id.' }).optional(),
  status: CampaignStatus.optional(),
  cursor: Cursor,
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type CampaignListQuery = z.infer<typeof CampaignListQuery>;

export const CampaignList = z.object({ items: z.array(CampaignView), nextCursor: z.string().nullable() }).meta({ id: 'CampaignList' });
export type CampaignList = z.infer<typeof CampaignList>;

/** `GET /api/outbound/campaigns/{id}/contacts`: per-contact results (the jobs of the campaign). */
export const CampaignContactsQuery = OutboundJobListQuery.pick({ status: true, cursor: true, limit: true });
export type CampaignContactsQuery = z.infer<typeof CampaignContactsQuery>;

/** The outbound part of /overview. */
export const OutboundQueueSummary = z
  .object({
    /** Who places calls on this deployment (the page says it plainly). */
    provider: OutboundProvider,
    runningCampaigns: z.array(z.object({ id: z.string(), organizationId: z.string(), name: z.string(), total: z.number().int(), done: z.number().int() })),
    callsInProgress: z.number().int(),
    /** Jobs due now, waiting for a line. */
    waiting: z.number().int(),
    /** When the next waiting job's calling window opens (null: none waits for a window). */
    nextWindowOpensAt: z.string().nullable(),
  })
  .meta({ id: 'OutboundQueueSummary' });
export type OutboundQueueSummary = z.infer<typeof OutboundQueueSummary>;

export const OutboundSummaryQuery = z.object({ organizationId: z.uuid({ error: 'Not a valid organization id.' }).optional() });
export type OutboundSummaryQuery = z.infer<typeof OutboundSummaryQuery>;

/** Live-channel payloads (event `outbound`): enough for the page to refetch what changed. */
export const OutboundLiveEvent = z.object({
  organizationId: z.string(),
  jobId: z.string().nullable(),
  campaignId: z.string().nullable(),
  status: z.string(),
});
export type OutboundLiveEvent = z.infer<typeof OutboundLiveEvent>;

/** `GET|PUT /api/organizations/{id}/outbound-settings`: the organization's own outbound settings. */
export const OutboundSettings = z
  .object({
    organizationId: z.string(),
    /** The window of single calls and call-backs (campaigns set their own), in the callee's local time; 08:00–21:00 there always applies too. */
    window: z.object({ start: z.string(), end: z.string(), days: z.array(z.number().int()) }),
    /** Simultaneous outbound calls; null: the deployment's default. */
    concurrency: z.number().int().nullable(),
    /** The deployment's default (`OUTBOUND_ORG_CONCURRENCY`), shown beside an empty field. */
    defaultConcurrency: z.number().int(),
    /** What the dispatcher uses now. */
    effectiveConcurrency: z.number().int(),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'OutboundSettings' });
export type OutboundSettings = z.infer<typeof OutboundSettings>;

export const UpdateOutboundSettingsBody = z
  .object({
    window: CallingWindow,
    /** null: the deployment's default. */
    concurrency: z.number({ error: 'Enter how many calls at once, or leave it empty for the default.' }).int('A whole number.').min(1, 'At least 1.').max(50, 'At most 50.').nullable(),
  })
  .meta({ id: 'UpdateOutboundSettings' });
export type UpdateOutboundSettingsBody = z.infer<typeof UpdateOutboundSettingsBody>;

/** `GET /api/outbound/calls/timing`: when a single call to this number would really be placed. */
export const SingleCallTimingQuery = z.object({
  organizationId: z.uuid({ error: 'Choose an organization.' }),
  phone: z.string().trim().min(1, 'Enter a phone number.').max(40, 'At most 40 characters.'),
  /** Omitted: now. */
  scheduledFor: Instant.optional(),
});
export type SingleCallTimingQuery = z.infer<typeof SingleCallTimingQuery>;

export const SingleCallTiming = z
  .object({
    /** The number as it will be dialled (E.164). */
    phone: z.string(),
    /** The zone the window is read in ("US (all zones)" when the number does not say which). */
    timeZone: z.string(),
    timeZoneSource: z.enum(['contact', 'number', 'country', 'organization']),
    /** The time asked for (now when none was). */
    requestedAt: z.string(),
    /** When the queue will place it; null: the window never opens for this number. */
    placeAt: z.string().nullable(),
    /** The requested time is outside the calling window: the call waits until `placeAt`. */
    waits: z.boolean(),
  })
  .meta({ id: 'SingleCallTiming' });
export type SingleCallTiming = z.infer<typeof SingleCallTiming>;

/** `POST /api/outbound/preview`: what the agent will say on such a call, before it is placed (issue 27 §1). */
export const OutboundPreviewBody = z
  .object({
    organizationId: z.uuid({ error: 'Choose an organization.' }),
    purpose: OutboundPurpose,
    contactName: z.string().trim().max(200, 'At most 200 characters.').optional(),
    /** YYYY-MM-DD: a child's call asks for a parent or guardian. */
    dateOfBirth: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD.').optional(),
    visitType: VisitType.optional(),
    messageForPatient: MessageForPatient.optional(),
    appointmentAt: Instant.optional(),
    voicemailMessage: z.string().trim().max(1000, 'At most 1,000 characters.').optional(),
  })
  .meta({ id: 'OutboundPreviewRequest' });
export type OutboundPreviewBody = z.infer<typeof OutboundPreviewBody>;

export const OutboundPreview = z
  .object({
    /** The agent's lines in order: the greeting, the identity question, then (once confirmed) the purpose. */
    opening: z.array(z.string()),
    /** Said when an answering machine picks up. */
    voicemail: z.string(),
  })
  .meta({ id: 'OutboundPreview' });
export type OutboundPreview = z.infer<typeof OutboundPreview>;
