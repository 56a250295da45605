import { z } from 'zod';
import { APPOINTMENT_SOURCES } from '../domain/appointment-requests/state.js';
import { GRANULARITIES, rangeDays } from '../domain/analytics/buckets.js';
import { OUTCOME_KEYS } from '../domain/analytics/figures.js';
import { isValidTimeZone } from '../domain/time/wall-clock.js';

/** Analytics (`GET /api/analytics`, `GET /api/analytics/export.csv`): PRODUCT §3 and §6. */

export const MAX_RANGE_DAYS = 731;
export const MAX_HOURLY_DAYS = 31;
export const MAX_ORGANIZATIONS = 100;

const isDate = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

/** A query value given twice arrives as an array: say so rather than zod's "expected string". */
const once = (what: string) => (issue: { input?: unknown }) => (issue.input === undefined ? `Required: ${what}.` : Array.isArray(issue.input) ? `Give it once: ${what}.` : `Use ${what}.`);

const LocalDate = z
  .string({ error: once('a date (YYYY-MM-DD)') })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Use a date (YYYY-MM-DD).' })
  .refine(isDate, { error: 'Not a calendar date.' })
  .refine((v) => v >= '2000-01-01' && v <= '2100-12-31', { error: 'Use a date between 2000 and 2100.' });

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Comma-separated organization ids; absent: every organization the user may see. */
const OrganizationList = z
  .string({ error: once('organization ids separated by commas') })
  .trim()
  .max(MAX_ORGANIZATIONS * 37, { error: `At most ${MAX_ORGANIZATIONS} organizations.` })
  // Ids are stored in lower case; an id copied in upper case is the same organization.
  .transform((v) => [...new Set(v.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean))])
  .refine((ids) => ids.every((id) => uuidPattern.test(id)), { error: 'List organization ids separated by commas.' })
  .refine((ids) => ids.length <= MAX_ORGANIZATIONS, { error: `At most ${MAX_ORGANIZATIONS} organizations.` });

export const AnalyticsDirection = z.enum(['all', 'inbound', 'outbound'], { error: 'Use one of: all, inbound, outbound.' });
export type AnalyticsDirection = z.infer<typeof AnalyticsDirection>;

const queryShape = {
  from: LocalDate,
  to: LocalDate,
  organizations: OrganizationList.optional(),
  granularity: z.enum(GRANULARITIES, { error: `Use one of: ${GRANULARITIES.join(', ')}.` }).default('day'),
  direction: AnalyticsDirection.default('all'),
  /**
   * The zone buckets are read in: one of the zones of the organizations the user may see (any other
   * is a 400 naming this field, checked by the service); by default the one most of the chosen
   * organizations share (the first by name on a tie).
   */
  timeZone: z
    .string()
    .trim()
    .max(64)
    .refine(isValidTimeZone, { error: 'Unknown time zone. Use an IANA name such as America/New_York.' })
    .describe('The IANA zone the dates, buckets and heatmap are read in: one of the zones of your organizations. Default: the zone most of the chosen organizations share.')
    .optional(),
};


function checkRange(q: { from: string; to: string; granularity: string }, ctx: z.RefinementCtx) {
  // Runs even when a field failed (zod 4): only compare dates that are dates.
  if (!isDate(q.from) || !isDate(q.to)) return;
  if (q.to < q.from) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end date is before the start date.' });
    return;
  }
  const days = rangeDays(q);
  if (days > MAX_RANGE_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: `Choose at most ${MAX_RANGE_DAYS} days (two years).` });
  else if (q.granularity === 'hour' && days > MAX_HOURLY_DAYS) ctx.addIssue({ code: 'custom', path: ['granularity'], message: `Hourly figures cover at most ${MAX_HOURLY_DAYS} days; choose day, week or month.` });
}

// `when`: check the range even when another field failed, so every bad field is reported at once.
const rangeCheck = [checkRange, { when: () => true }] as const;

export const AnalyticsQuery = z.object(queryShape).superRefine(...rangeCheck);
export type AnalyticsQuery = z.infer<typeof AnalyticsQuery>;
export type AnalyticsQueryInput = z.input<typeof AnalyticsQuery>;

export const ANALYTICS_EXPORTS = ['figures', 'calls', 'handoffs', 'requests'] as const;
export const AnalyticsExportQuery = z
  .object({ ...queryShape, kind: z.enum(ANALYTICS_EXPORTS, { error: `Use one of: ${ANALYTICS_EXPORTS.join(', ')}.` }).default('figures') })
  .superRefine(...rangeCheck);
export type AnalyticsExportQuery = z.infer<typeof AnalyticsExportQuery>;

/** Median and 90th percentile, read from mergeable sketches: within 1 % of the exact nearest-rank value (decision 046); `count` is exact. */
const Percentiles = z.object({ median: z.number().nullable(), p90: z.number().nullable(), count: z.number() });
const FunnelStep = z.object({ started: z.number(), submitted: z.number(), scheduled: z.number() });

export const Figures = z
  .object({
    inboundCalls: z.number(),
    outboundCalls: z.number(),
    answered: z.number(),
    /** Inbound calls completed with no caller turn: in volume only, not answered (PRODUCT §6). */
    hungUpBeforeSpeaking: z.number(),
    contained: z.number(),
    handedOff: z.number(),
    containmentRate: z.number().nullable(),
    handoffRate: z.number().nullable(),
    averageHandleSeconds: z.number().nullable(),
    outcomes: z.object(Object.fromEntries(OUTCOME_KEYS.map((k) => [k, z.number()])) as Record<(typeof OUTCOME_KEYS)[number], z.ZodNumber>),
    timeToClaim: Percentiles,
    timeToResolve: Percentiles,
    timeToClaimBusiness: Percentiles,
    timeToResolveBusiness: Percentiles,
    funnel: z.object({ ...(Object.fromEntries(APPOINTMENT_SOURCES.map((s) => [s, FunnelStep])) as Record<(typeof APPOINTMENT_SOURCES)[number], typeof FunnelStep>), all: FunnelStep }),
    outboundConnected: z.number(),
    outboundVoicemail: z.number(),
    outboundConnectRate: z.number().nullable(),
    voicemailRate: z.number().nullable(),
    doNotCallAdditions: z.number(),
  })
  .meta({ id: 'AnalyticsFigures' });
export type Figures = z.infer<typeof Figures>;

const Period = z.object({ from: z.string(), to: z.string(), start: z.string(), end: z.string() });

export const AnalyticsResponse = z
  .object({
    timeZone: z.string(),
    granularity: z.enum(GRANULARITIES),
    direction: AnalyticsDirection,
    organizations: z.array(z.object({ id: z.string(), name: z.string(), timeZone: z.string() })),
    period: Period,
    previousPeriod: Period,
    totals: Figures,
    previousTotals: Figures,
    series: z.array(z.object({ key: z.string(), label: z.string(), start: z.string(), end: z.string(), figures: Figures })),
    /** Calls of the selected directions by ISO weekday (1 = Monday) and hour, in `timeZone`. */
    heatmap: z.array(z.object({ weekday: z.number(), hour: z.number(), calls: z.number() })),
    /**
     * The figures include every change committed before this instant (ISO): when the worker last
     * brought the rollups up to date (every few seconds). Null before its first pass.
     */
    asOf: z.string().nullable(),
    /** How long the server took to compute this answer, milliseconds. */
    computedInMs: z.number(),
  })
  .meta({ id: 'Analytics' });
export type AnalyticsResponse = z.infer<typeof AnalyticsResponse>;
