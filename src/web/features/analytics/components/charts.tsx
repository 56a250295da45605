import { Link, useNavigate } from 'react-router';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AnalyticsResponse } from '@contracts/analytics';
import { FIGURES } from '@domain/analytics/definitions';
import { OUTCOME_KEYS } from '@domain/analytics/figures';
import { OUTCOME_LABELS } from '@web/lib/call-labels';
import { callsHref, duration, percent } from '../format';
import { ChartCard, DataTable } from './chart-card';

/*
 * The charts of /analytics (Recharts). This module is imported only by the analytics route, a
 * lazy chunk, so the library never enters the initial staff bundle.
 */

const INBOUND = 'var(--color-primary, #2563eb)';
const OUTBOUND = '#f59e0b';
const SHORT = (label: string) => label.replace(/^Week of /, '').replace(/ \(.*\)$/, '');

interface Props {
  data: AnalyticsResponse;
  tables: boolean;
  organizationId?: string;
}

export function VolumeChart({ data, tables, organizationId }: Props) {
  const navigate = useNavigate();
  const rows = data.series.map((s) => ({ label: SHORT(s.label), inbound: s.figures.inboundCalls, outbound: s.figures.outboundCalls, s }));
  const href = (s: AnalyticsResponse['series'][number]) => callsHref({ start: s.start, end: s.end, direction: data.direction, organizationId });
  const open = (entry: unknown) => {
    const s = (entry as { payload?: { s?: AnalyticsResponse['series'][number] } } | undefined)?.payload?.s;
    if (s) void navigate(href(s));
  };
  return (
    <ChartCard
      id="volume"
      title="Call volume"
      description={`${FIGURES.inboundCalls.definition} Click a bar to open its calls.`}
      tables={tables}
      chart={
        <ResponsiveContainer width="100%" height={260}>
          <BarChart data={rows} margin={{ left: -16, right: 8 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tick={{ fontSize: 11 }} minTickGap={12} />
            <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
            <Tooltip />
            <Legend />
            {data.direction !== 'outbound' ? <Bar dataKey="inbound" name="Inbound" stackId="calls" fill={INBOUND} cursor="pointer" onClick={open} /> : null}
            {data.direction !== 'inbound' ? <Bar dataKey="outbound" name="Outbound" stackId="calls" fill={OUTBOUND} cursor="pointer" onClick={open} /> : null}
          </BarChart>
        </ResponsiveContainer>
      }
      table={
        <DataTable
          caption="Call volume per period"
          head={['Period', 'Inbound', 'Outbound', 'Calls']}
          rows={data.series.map((s) => [
            s.label,
            s.figures.inboundCalls.toLocaleString(),
            s.figures.outboundCalls.toLocaleString(),
            <Link key="l" to={href(s)} className="text-primary underline underline-offset-2">
              Open {(s.figures.inboundCalls + s.figures.outboundCalls).toLocaleString()} calls
            </Link>,
          ])}
        />
      }
    />
  );
}

export function RatesChart({ data, tables }: Props) {
  const rows = data.series.map((s) => ({
    label: SHORT(s.label),
    containment: s.figures.containmentRate === null ? null : Math.round(s.figures.containmentRate * 1000) / 10,
    handoff: s.figures.handoffRate === null ? null : Math.round(s.figures.handoffRate * 1000) / 10,
    connect: s.figures.outboundConnectRate === null ? null : Math.round(s.figures.outboundConnectRate * 1000) / 10,
  }));
  return (
    <ChartCard
      id="rates"
      title="Containment, handoff and connect rates"
      description={`${FIGURES.containmentRate.definition} ${FIGURES.outboundConnectRate.definition}`}
      tables={tables}
      chart={
        <ResponsiveContainer width="100%" height={240}>
          <LineChart data={rows} margin={{ left: -16, right: 8 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tick={{ fontSize: 11 }} minTickGap={12} />
            <YAxis unit="%" domain={[0, 100]} tick={{ fontSize: 11 }} />
            <Tooltip formatter={(v) => `${String(v)} %`} />
            <Legend />
            <Line dataKey="containment" name="Containment" stroke={INBOUND} dot={false} connectNulls />
            <Line dataKey="handoff" name="Handoff" stroke="#e11d48" dot={false} connectNulls />
            <Line dataKey="connect" name="Outbound connect" stroke={OUTBOUND} dot={false} connectNulls />
          </LineChart>
        </ResponsiveContainer>
      }
      table={
        <DataTable
          caption="Rates per period"
          head={['Period', 'Containment', 'Handoff', 'Outbound connect', 'Voicemail']}
          rows={data.series.map((s) => [s.label, percent(s.figures.containmentRate), percent(s.figures.handoffRate), percent(s.figures.outboundConnectRate), percent(s.figures.voicemailRate)])}
        />
      }
    />
  );
}

/**
 * The unit a time axis reads best in, by the largest value shown (seconds): minutes up to two
 * hours, hours up to two days, days beyond — never "2400 min".
 */
export function timeUnitFor(values: readonly (number | null)[]): { label: 'min' | 'h' | 'days'; seconds: number } {
  const max = Math.max(0, ...values.filter((v): v is number => v !== null));
  if (max <= 2 * 3600) return { label: 'min', seconds: 60 };
  if (max <= 2 * 86_400) return { label: 'h', seconds: 3600 };
  return { label: 'days', seconds: 86_400 };
}

export function HandoffTimesChart({ data, tables }: Props) {
  const unit = timeUnitFor(data.series.flatMap((s) => [s.figures.timeToClaim.median, s.figures.timeToClaimBusiness.median, s.figures.timeToResolve.median]));
  const inUnit = (v: number | null) => (v === null ? null : Math.round((v / unit.seconds) * 10) / 10);
  const rows = data.series.map((s) => ({ label: SHORT(s.label), claim: inUnit(s.figures.timeToClaim.median), claimBusiness: inUnit(s.figures.timeToClaimBusiness.median), resolve: inUnit(s.figures.timeToResolve.median) }));
  return (
    <ChartCard
      id="handoff-times"
      title="Time to claim and resolve (median)"
      description={`${FIGURES.timeToClaim.definition} ${FIGURES.timeToClaimBusiness.definition}`}
      tables={tables}
      chart={
        <ResponsiveContainer width="100%" height={240}>
          <LineChart data={rows} margin={{ left: -8, right: 8 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tick={{ fontSize: 11 }} minTickGap={12} />
            <YAxis unit={` ${unit.label}`} tick={{ fontSize: 11 }} />
            <Tooltip formatter={(v) => `${String(v)} ${unit.label}`} />
            <Legend />
            <Line dataKey="claim" name="To claim" stroke={INBOUND} dot={false} connectNulls />
            <Line dataKey="claimBusiness" name="To claim (business hours)" stroke="#16a34a" dot={false} connectNulls />
            <Line dataKey="resolve" name="To resolve" stroke="#7c3aed" dot={false} connectNulls />
          </LineChart>
        </ResponsiveContainer>
      }
      table={
        <DataTable
          caption="Handoff times per period"
          head={['Period', 'Claim median', 'Claim p90', 'Claim median (business)', 'Resolve median', 'Resolve p90', 'Resolve median (business)']}
          rows={data.series.map((s) => [
            s.label,
            duration(s.figures.timeToClaim.median),
            duration(s.figures.timeToClaim.p90),
            duration(s.figures.timeToClaimBusiness.median),
            duration(s.figures.timeToResolve.median),
            duration(s.figures.timeToResolve.p90),
            duration(s.figures.timeToResolveBusiness.median),
          ])}
        />
      }
    />
  );
}

export function OutcomesChart({ data, tables, organizationId }: Props) {
  const rows = OUTCOME_KEYS.map((k) => ({ key: k, label: k === 'none' ? 'No outcome' : OUTCOME_LABELS[k], calls: data.totals.outcomes[k] }));
  const href = (k: string) => callsHref({ start: data.period.start, end: data.period.end, direction: data.direction, organizationId, extra: { outcome: k } });
  const navigate = useNavigate();
  return (
    <ChartCard
      id="outcomes"
      title="Outcomes"
      description={`${FIGURES.outcomes.definition} Click a bar to open its calls.`}
      tables={tables}
      chart={
        <ResponsiveContainer width="100%" height={280}>
          <BarChart data={rows} layout="vertical" margin={{ left: 24, right: 16 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" allowDecimals={false} tick={{ fontSize: 11 }} />
            <YAxis type="category" dataKey="label" width={120} tick={{ fontSize: 11 }} />
            <Tooltip />
            <Bar dataKey="calls" name="Calls" fill={INBOUND} cursor="pointer" onClick={(e) => void navigate(href((e as { payload?: { key?: string } }).payload?.key ?? 'none'))} />
          </BarChart>
        </ResponsiveContainer>
      }
      table={
        <DataTable
          caption="Calls by outcome"
          head={['Outcome', 'Calls']}
          rows={rows.map((r) => [
            r.label,
            <Link key="l" to={href(r.key)} className="text-primary underline underline-offset-2">
              {r.calls.toLocaleString()}
            </Link>,
          ])}
        />
      }
    />
  );
}
