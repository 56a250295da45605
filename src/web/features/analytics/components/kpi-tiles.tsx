import { ArrowDownRight, ArrowUpRight, Minus } from 'lucide-react';
import type { AnalyticsResponse, Figures } from '@contracts/analytics';
import { FIGURES, type FigureId } from '@domain/analytics/definitions';
import { changeOf, duration, percent, type Change } from '../format';

interface Tile {
  id: FigureId;
  value: (f: Figures) => number | null;
  kind: 'count' | 'rate' | 'seconds';
  /** Whether a rise is good news (colours only; the text says the direction). */
  higherIsBetter?: boolean;
  note?: (f: Figures) => string;
  /** The calls it is about (PRODUCT §6: answered calls are inbound); none: handoffs, the do-not-call list. */
  calls?: 'inbound' | 'outbound';
}

const TILES: Tile[] = [
  { id: 'inboundCalls', calls: 'inbound', value: (f) => f.inboundCalls, kind: 'count' },
  { id: 'answered', calls: 'inbound', value: (f) => f.answered, kind: 'count', higherIsBetter: true, note: (f) => `${f.hungUpBeforeSpeaking.toLocaleString()} hung up before speaking` },
  { id: 'containmentRate', calls: 'inbound', value: (f) => f.containmentRate, kind: 'rate', higherIsBetter: true, note: (f) => `${f.contained.toLocaleString()} of ${f.answered.toLocaleString()} answered` },
  { id: 'handoffRate', calls: 'inbound', value: (f) => f.handoffRate, kind: 'rate', higherIsBetter: false, note: (f) => `${f.handedOff.toLocaleString()} calls handed off` },
  { id: 'averageHandleSeconds', calls: 'inbound', value: (f) => f.averageHandleSeconds, kind: 'seconds' },
  { id: 'timeToClaim', value: (f) => f.timeToClaim.median, kind: 'seconds', higherIsBetter: false, note: (f) => `p90 ${duration(f.timeToClaim.p90)} · ${f.timeToClaim.count} claimed` },
  { id: 'timeToClaimBusiness', value: (f) => f.timeToClaimBusiness.median, kind: 'seconds', higherIsBetter: false, note: (f) => `p90 ${duration(f.timeToClaimBusiness.p90)}` },
  { id: 'timeToResolve', value: (f) => f.timeToResolve.median, kind: 'seconds', higherIsBetter: false, note: (f) => `p90 ${duration(f.timeToResolve.p90)} · business hours ${duration(f.timeToResolveBusiness.median)}` },
  { id: 'outboundCalls', calls: 'outbound', value: (f) => f.outboundCalls, kind: 'count' },
  { id: 'outboundConnectRate', calls: 'outbound', value: (f) => f.outboundConnectRate, kind: 'rate', higherIsBetter: true, note: (f) => `${f.outboundConnected.toLocaleString()} answered by a person` },
  { id: 'voicemailRate', calls: 'outbound', value: (f) => f.voicemailRate, kind: 'rate', note: (f) => `${f.outboundVoicemail.toLocaleString()} voicemails` },
  { id: 'doNotCallAdditions', value: (f) => f.doNotCallAdditions, kind: 'count' },
];

const show = (v: number | null, kind: Tile['kind']) => (kind === 'rate' ? percent(v) : kind === 'seconds' ? duration(v) : v === null ? '—' : v.toLocaleString());

function ChangeBadge({ change, higherIsBetter }: { change: Change; higherIsBetter?: boolean }) {
  const Icon = change.direction === 'up' ? ArrowUpRight : change.direction === 'down' ? ArrowDownRight : Minus;
  const good = higherIsBetter === undefined || change.direction === 'same' || change.direction === 'none' ? null : (change.direction === 'up') === higherIsBetter;
  const tone = good === null ? 'text-muted-foreground' : good ? 'text-emerald-700 dark:text-emerald-400' : 'text-rose-700 dark:text-rose-400';
  return (
    <span className={`inline-flex items-center gap-0.5 text-xs font-medium ${tone}`}>
      <Icon aria-hidden="true" className="size-3.5" />
      {change.text}
    </span>
  );
}

/** The headline figures, each with its change against the previous period and its definition one click away. */
export function KpiTiles({ data }: { data: AnalyticsResponse }) {
  const previous = `${data.previousPeriod.from} – ${data.previousPeriod.to}`;
  // A direction filter leaves out the other direction's tiles rather than showing them unfiltered.
  const tiles = TILES.filter((t) => data.direction === 'all' || !t.calls || t.calls === data.direction);
  return (
    <>
      {data.direction !== 'all' ? (
        <p className="mb-2 text-sm text-muted-foreground" data-testid="direction-note">
          {data.direction === 'inbound' ? 'Inbound calls only.' : 'Outbound calls only.'} Handoff times and do-not-call additions do not depend on a call’s direction.
        </p>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-4" aria-label="Key figures">
        {tiles.map((t) => {
          const def = FIGURES[t.id];
          const current = t.value(data.totals);
          const before = t.value(data.previousTotals);
          return (
            <div key={t.id} className="flex flex-col rounded-xl border border-border bg-card p-3 text-card-foreground shadow-xs sm:p-4" data-testid={`kpi-${t.id}`}>
              <dt className="text-sm font-medium text-muted-foreground">{def.label}</dt>
              <dd className="mt-1 flex flex-1 flex-col">
                <span className="text-2xl font-semibold tabular-nums tracking-tight">{show(current, t.kind)}</span>
                <span className="mt-0.5 flex flex-wrap items-center gap-x-1 text-xs text-muted-foreground">
                  <ChangeBadge change={changeOf(current, before, t.kind)} higherIsBetter={t.higherIsBetter} />
                  <span>
                    vs {show(before, t.kind)} <span className="sr-only">in the previous period ({previous})</span>
                  </span>
                </span>
                {t.note ? <span className="mt-0.5 text-xs text-muted-foreground">{t.note(data.totals)}</span> : null}
                <details className="mt-2 text-xs">
                  <summary className="cursor-pointer text-primary underline-offset-2 hover:underline">Definition</summary>
                  <p className="mt-1 text-muted-foreground">{def.definition}</p>
                </details>
              </dd>
            </div>
          );
        })}
      </dl>
    </>
  );
}
