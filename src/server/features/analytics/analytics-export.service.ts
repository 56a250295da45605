import type { AppContext } from '../../app-context.js';
import type { StaffActor } from '../../policy/actor.js';
import type { AnalyticsExportQuery, AnalyticsResponse } from '../../../contracts/analytics.js';
import { toCsv, type CsvValue } from '../../../domain/export/csv.js';
import { rangeInstants } from '../../../domain/analytics/buckets.js';
import { APPOINTMENT_SOURCES } from '../../../domain/appointment-requests/state.js';
import { OUTCOME_KEYS, type Figures } from '../../../domain/analytics/figures.js';
import { directionsOf, getAnalytics, resolveScope } from './analytics.service.js';
import { callRows, handoffRows, requestRows } from './analytics-export.repository.js';

/** Rows past this are left out of a records export (and the file says so in its last line). */
export const EXPORT_ROW_LIMIT = 100_000;

const FIGURE_COLUMNS: [string, (f: Figures) => CsvValue][] = [
  ['inbound_calls', (f) => f.inboundCalls],
  ['outbound_calls', (f) => f.outboundCalls],
  ['answered', (f) => f.answered],
  ['hung_up_before_speaking', (f) => f.hungUpBeforeSpeaking],
  ['contained', (f) => f.contained],
  ['handed_off', (f) => f.handedOff],
  ['containment_rate', (f) => f.containmentRate],
  ['handoff_rate', (f) => f.handoffRate],
  ['average_handle_seconds', (f) => f.averageHandleSeconds],
  ...OUTCOME_KEYS.map((k): [string, (f: Figures) => CsvValue] => [`outcome_${k}`, (f) => f.outcomes[k]]),
  ...(['timeToClaim', 'timeToResolve', 'timeToClaimBusiness', 'timeToResolveBusiness'] as const).flatMap((k): [string, (f: Figures) => CsvValue][] => {
    const name = k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    return [
      [`${name}_median_seconds`, (f) => f[k].median],
      [`${name}_p90_seconds`, (f) => f[k].p90],
      [`${name}_count`, (f) => f[k].count],
    ];
  }),
  ...[...APPOINTMENT_SOURCES, 'all' as const].flatMap((s): [string, (f: Figures) => CsvValue][] => [
    [`funnel_${s}_started`, (f) => f.funnel[s].started],
    [`funnel_${s}_submitted`, (f) => f.funnel[s].submitted],
    [`funnel_${s}_scheduled`, (f) => f.funnel[s].scheduled],
  ]),
  ['outbound_connected', (f) => f.outboundConnected],
  ['outbound_voicemail', (f) => f.outboundVoicemail],
  ['outbound_connect_rate', (f) => f.outboundConnectRate],
  ['voicemail_rate', (f) => f.voicemailRate],
  ['do_not_call_additions', (f) => f.doNotCallAdditions],
];

export function figuresCsv(a: AnalyticsResponse): string {
  const rows: CsvValue[][] = [['bucket', 'start', 'end', ...FIGURE_COLUMNS.map(([n]) => n)]];
  for (const s of a.series) rows.push([s.label, s.start, s.end, ...FIGURE_COLUMNS.map(([, f]) => f(s.figures))]);
  rows.push(['total', a.period.start, a.period.end, ...FIGURE_COLUMNS.map(([, f]) => f(a.totals))]);
  rows.push(['previous period', a.previousPeriod.start, a.previousPeriod.end, ...FIGURE_COLUMNS.map(([, f]) => f(a.previousTotals))]);
  return toCsv(rows);
}

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

export async function analyticsCsv(ctx: AppContext, actor: StaffActor, query: AnalyticsExportQuery): Promise<{ fileName: string; csv: string }> {
  const stem = `analytics-${query.kind}-${query.from}-to-${query.to}`;
  if (query.kind === 'figures') {
    const a = await getAnalytics(ctx, actor, query);
    return { fileName: `${stem}-${query.granularity}.csv`, csv: figuresCsv(a) };
  }
  const { organizations, zone } = await resolveScope(ctx, actor, query);
  const { start, end } = rangeInstants(query, zone);
  const w = { organizationIds: organizations.map((o) => o.id), start: new Date(start), end: new Date(end) };
  let rows: CsvValue[][];
  let count = 0;
  if (organizations.length === 0) rows = [['no organizations']];
  else if (query.kind === 'calls') {
    const calls = await callRows(ctx.db, w, directionsOf(query.direction), EXPORT_ROW_LIMIT + 1);
    count = calls.length;
    rows = [['call_id', 'organization', 'direction', 'status', 'outcome', 'started_at', 'duration_seconds', 'has_handoff'], ...calls.slice(0, EXPORT_ROW_LIMIT).map((c) => [c.id, c.organization, c.direction, c.status, c.outcome, iso(c.startedAt), c.durationSeconds, c.hasHandoff])];
  } else if (query.kind === 'handoffs') {
    const handoffs = await handoffRows(ctx.db, w, EXPORT_ROW_LIMIT + 1);
    count = handoffs.length;
    rows = [
      ['handoff_id', 'organization', 'type', 'priority', 'status', 'created_at', 'claimed_at', 'resolved_at', 'claim_seconds', 'resolve_seconds', 'claim_business_seconds', 'resolve_business_seconds'],
      ...handoffs.slice(0, EXPORT_ROW_LIMIT).map((h) => [h.id, h.organization, h.type, h.priority, h.status, iso(h.createdAt), iso(h.claimedAt), iso(h.resolvedAt), h.claimSeconds, h.resolveSeconds, h.claimBusinessSeconds, h.resolveBusinessSeconds]),
    ];
  } else {
    const requests = await requestRows(ctx.db, w, EXPORT_ROW_LIMIT + 1);
    count = requests.length;
    rows = [['request_id', 'organization', 'source', 'status', 'created_at', 'submitted_at'], ...requests.slice(0, EXPORT_ROW_LIMIT).map((r) => [r.id, r.organization, r.source, r.status, iso(r.createdAt), iso(r.submittedAt)])];
  }
  if (count > EXPORT_ROW_LIMIT) rows.push([`Only the first ${EXPORT_ROW_LIMIT} rows; choose a shorter period for the rest.`]);
  return { fileName: `${stem}.csv`, csv: toCsv(rows) };
}
