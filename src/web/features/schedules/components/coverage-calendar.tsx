import { TriangleAlert } from 'lucide-react';
import { wallClock } from '@web/features/organizations/lib/time-zones';
import { cn } from '@web/lib/utils';
import type { Assignee, Coverage } from '@contracts/schedules';
import { assigneeKey } from '../assignee-key';
import { PALETTE } from './schedule-format';

interface DaySegment {
  start: number;
  end: number;
  onDuty: Assignee[];
}

const GAP = 'bg-[repeating-linear-gradient(135deg,#fca5a5_0_5px,#fee2e2_5px_10px)]';

function hhmm(ms: number, zone: string): string {
  return wallClock(new Date(ms), zone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
}

function formatHours(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h} h ${m} min` : `${h} h`;
}

/**
 * Seven days of the rota in the organization's zone: a bar per day (who is on duty, gaps
 * striped red, a line at "now") and, for screen readers and for reading, the same as a list.
 */
export function CoverageCalendar({ coverage, now }: { coverage: Coverage; now: Date }) {
  const zone = coverage.timeZone;
  const segments = coverage.segments.map((s) => ({ start: Date.parse(s.start), end: Date.parse(s.end), onDuty: s.onDuty }));
  const days = coverage.days.map((d) => {
    const start = Date.parse(d.start);
    const end = Date.parse(d.end);
    const own: DaySegment[] = segments
      .filter((s) => s.end > start && s.start < end)
      .map((s) => ({ start: Math.max(s.start, start), end: Math.min(s.end, end), onDuty: s.onDuty }));
    return { date: d.date, start, end, segments: own };
  });
  const gaps = segments.filter((s) => s.onDuty.length === 0);
  const gapMs = gaps.reduce((sum, s) => sum + (s.end - s.start), 0);
  const people = new Map<string, string>();
  for (const s of segments) for (const a of s.onDuty) people.set(assigneeKey(a), a.name);
  const colours = new Map([...people.keys()].map((key, i) => [key, PALETTE[i % PALETTE.length]!]));
  const colourOf = (key: string) => colours.get(key) ?? PALETTE[0]!;
  const nowMs = now.getTime();

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        {gaps.length ? (
          <p className="inline-flex items-center gap-1.5 font-medium text-destructive">
            <TriangleAlert aria-hidden="true" className="size-4" />
            {gaps.length === 1 ? '1 gap' : `${gaps.length} gaps`} in coverage ({formatHours(gapMs)})
          </p>
        ) : (
          <p className="font-medium text-success">Covered around the clock</p>
        )}
        <ul className="flex flex-wrap gap-x-3 gap-y-1" aria-label="Legend">
          {[...people].map(([key, name]) => (
            <li key={key} className="inline-flex items-center gap-1.5 text-muted-foreground">
              <span aria-hidden="true" className={cn('size-2.5 rounded-sm', colourOf(key))} />
              {name}
            </li>
          ))}
          <li className="inline-flex items-center gap-1.5 text-muted-foreground">
            <span aria-hidden="true" className={cn('size-2.5 rounded-sm', GAP)} />
            No one on duty
          </li>
        </ul>
      </div>

      <ol className="space-y-3">
        {days.map((day, i) => {
          const span = day.end - day.start;
          const nowInDay = nowMs >= day.start && nowMs < day.end;
          const title = new Date(`${day.date}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
          return (
            <li key={day.date} className="rounded-lg border border-border p-3">
              <h3 className="mb-2 text-sm font-semibold">
                {title}
                {i === 0 && nowInDay ? <span className="ml-2 font-normal text-primary">today</span> : null}
                {span !== 86_400_000 ? <span className="ml-2 font-normal text-muted-foreground">({formatHours(span)} day: clocks change)</span> : null}
              </h3>
              <div aria-hidden="true" className="relative">
                <div className="flex h-6 overflow-hidden rounded-md bg-muted">
                  {day.segments.map((s) => (
                    <div
                      key={s.start}
                      className={cn('h-full border-r border-white/60 last:border-r-0', s.onDuty.length ? colourOf(assigneeKey(s.onDuty[0]!)) : GAP)}
                      style={{ width: `${((s.end - s.start) / span) * 100}%` }}
                      title={`${hhmm(s.start, zone)}–${s.end >= day.end ? '24:00' : hhmm(s.end, zone)} ${s.onDuty.length ? s.onDuty.map((a) => a.name).join(', ') : 'No one on duty'}`}
                    />
                  ))}
                </div>
                {nowInDay ? <div className="absolute -top-1 bottom-[-0.25rem] w-0.5 bg-foreground" style={{ left: `${((nowMs - day.start) / span) * 100}%` }} /> : null}
                <div className="mt-1 flex justify-between text-[0.6875rem] text-muted-foreground">
                  <span>00</span>
                  <span>06</span>
                  <span>12</span>
                  <span>18</span>
                  <span>24</span>
                </div>
              </div>
              <ul className="mt-2 space-y-0.5 text-sm">
                {day.segments.map((s) => (
                  <li key={s.start} className={cn('flex gap-3', s.onDuty.length === 0 && 'font-medium text-destructive')}>
                    <span className="w-24 shrink-0 tabular-nums">
                      {hhmm(s.start, zone)}–{s.end >= day.end ? '24:00' : hhmm(s.end, zone)}
                    </span>
                    <span>{s.onDuty.length ? s.onDuty.map((a) => a.name).join(', ') : 'Gap: no one on duty'}</span>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
