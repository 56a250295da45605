import * as React from 'react';
import type { Visit } from '@contracts/calendars';
import { formatWallTime } from '@domain/format/clock';
import { cn } from '@web/lib/utils';
import { dateOf, formatLocalTime, minutesOfDay, shownStatus } from './calendar-format';
import { VISIT_BLOCK } from './visit-block-style';
import { patientName, visitAccessibleName } from './visit-summary';

export interface GridColumn {
  key: string;
  /** The column's heading: a clinician's name (day view) or a date (week view). */
  label: React.ReactNode;
  /** Its accessible name, e.g. "Tue, Mar 10" or "Dr. Rivera". */
  name: string;
  /** The date whose visits it shows. */
  date: string;
  visits: Visit[];
  highlighted?: boolean;
}

/** An hour's height: a 15-minute visit (20 px) still shows its time and patient on one line. */
const HOUR_PX = 80;
/** The least height of a visit: one line of text (15 px), its borders and a gap. */
const MIN_MINUTES = (19 / HOUR_PX) * 60;

interface Placed {
  visit: Visit;
  top: number;
  height: number;
  lane: number;
  lanes: number;
}

/** Visits of one column placed on the hour scale; visits at the same time side by side. */
function place(visits: Visit[], date: string, startHour: number, endHour: number): Placed[] {
  const span = (v: Visit) => {
    const s = dateOf(v.startLocal) < date ? 0 : minutesOfDay(v.startLocal);
    const e = dateOf(v.endLocal) > date ? 1440 : minutesOfDay(v.endLocal);
    // A visit shorter than a line of text is drawn a line tall, and counts so when visits are put side by side.
    return { s: Math.max(s, startHour * 60), e: Math.min(Math.max(e, s + MIN_MINUTES), endHour * 60) };
  };
  const sorted = [...visits].sort((a, b) => a.startLocal.localeCompare(b.startLocal));
  const out: Placed[] = [];
  let cluster: Placed[] = [];
  let clusterEnd = -1;
  let laneEnds: number[] = [];
  const close = () => {
    for (const p of cluster) p.lanes = laneEnds.length;
    cluster = [];
    laneEnds = [];
  };
  for (const v of sorted) {
    const { s, e } = span(v);
    if (s >= clusterEnd) close();
    let lane = laneEnds.findIndex((end) => end <= s);
    if (lane < 0) lane = laneEnds.push(e) - 1;
    else laneEnds[lane] = e;
    const p: Placed = { visit: v, top: ((s - startHour * 60) / 60) * HOUR_PX, height: ((e - s) / 60) * HOUR_PX, lane, lanes: 1 };
    cluster.push(p);
    out.push(p);
    clusterEnd = Math.max(clusterEnd, e);
  }
  close();
  return out;
}

export interface CalendarGridProps {
  columns: GridColumn[];
  startHour: number;
  endHour: number;
  country: string | null | undefined;
  /** The practice's wall time now ("2026-03-10T10:42"): a line across today's column. */
  nowLocal: string;
  /** Now, as an instant: a visit whose time is over shows as ended (calendar-format.ts shownStatus). */
  nowMs: number;
  /** Name the clinician on each visit (columns are dates). */
  showClinician: boolean;
  onOpen: (visit: Visit) => void;
}

/** A time grid of visits: hours down the side, a column per clinician or per day. */
export function CalendarGrid({ columns, startHour, endHour, country, nowLocal, nowMs, showClinician, onOpen }: CalendarGridProps) {
  const hours = Array.from({ length: endHour - startHour }, (_, i) => startHour + i);
  const height = hours.length * HOUR_PX;
  const nowMinutes = minutesOfDay(nowLocal);
  // A week's seven days fit a 1280 px screen; a clinician's column of a day is wider.
  const template = `4rem repeat(${columns.length}, minmax(${showClinician || columns.length > 5 ? '6.5rem' : '9rem'}, 1fr))`;
  return (
    <div className="overflow-x-auto rounded-lg border border-border bg-card">
      <div className="min-w-fit">
        <div className="sticky top-0 z-10 grid border-b border-border bg-card" style={{ gridTemplateColumns: template }} aria-hidden="true">
          <div />
          {columns.map((c) => (
            <div key={c.key} className={cn('truncate border-l border-border px-2 py-2 text-sm font-medium', c.highlighted && 'text-primary')}>
              {c.label}
            </div>
          ))}
        </div>
        <div className="grid" style={{ gridTemplateColumns: template }}>
          <div className="relative" style={{ height }} aria-hidden="true">
            {hours.map((h, i) => (
              <span key={h} className={cn('absolute right-2 text-[0.6875rem] text-muted-foreground tabular-nums', i === 0 ? 'top-1' : '-translate-y-1/2')} style={i === 0 ? undefined : { top: i * HOUR_PX }}>
                {formatWallTime(`${String(h).padStart(2, '0')}:00`, country).replace(/:00(?=\s|$)/, '')}
              </span>
            ))}
          </div>
          {columns.map((c) => {
            const placed = place(c.visits, c.date, startHour, endHour);
            const showNow = dateOf(nowLocal) === c.date && nowMinutes >= startHour * 60 && nowMinutes < endHour * 60;
            return (
              <section key={c.key} aria-label={`${c.name}: ${c.visits.length === 0 ? 'no visits' : c.visits.length === 1 ? '1 visit' : `${c.visits.length} visits`}`} className="relative border-l border-border" style={{ height }}>
                {hours.map((h, i) => (
                  <div key={h} aria-hidden="true" className="absolute inset-x-0 border-t border-border/70" style={{ top: i * HOUR_PX }} />
                ))}
                {showNow ? <div aria-hidden="true" className="absolute inset-x-0 z-[5] border-t-2 border-destructive" style={{ top: ((nowMinutes - startHour * 60) / 60) * HOUR_PX }} /> : null}
                <ol>
                  {placed.map((p) => (
                    <li key={p.visit.id}>
                      <button
                        type="button"
                        onClick={() => onOpen(p.visit)}
                        aria-label={visitAccessibleName(p.visit, country, nowMs)}
                        title={visitAccessibleName(p.visit, country, nowMs)}
                        className={cn(
                          'absolute overflow-hidden rounded-md border border-l-4 px-1.5 text-left text-xs leading-tight shadow-xs hover:z-[6] hover:shadow-md focus-visible:z-[6] focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                          p.height < 30 ? 'py-0' : 'py-0.5',
                          VISIT_BLOCK[shownStatus(p.visit, nowMs)],
                        )}
                        style={{ top: p.top + 1, height: p.height - 2, left: `calc(${(p.lane / p.lanes) * 100}% + 2px)`, width: `calc(${100 / p.lanes}% - 4px)` }}
                      >
                        <span className="block truncate">
                          <span className="font-semibold tabular-nums">{formatLocalTime(p.visit.startLocal, country)}</span> <span className="font-medium">{patientName(p.visit)}</span>
                        </span>
                        {p.height >= 34 ? (
                          <span className="block truncate">
                            {p.visit.visitType.nameEn}
                            {showClinician ? ` · ${p.visit.clinician.name}` : ''}
                          </span>
                        ) : null}
                      </button>
                    </li>
                  ))}
                </ol>
              </section>
            );
          })}
        </div>
      </div>
    </div>
  );
}
