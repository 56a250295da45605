import { TriangleAlert } from 'lucide-react';
import { formatInstantIn, formatWallTime } from '@domain/format/clock';
import { wallClock } from '@web/lib/time-zones';
import { cn } from '@web/lib/utils';
import type { Assignee, Coverage } from '@contracts/schedules';
import { assigneeKey } from '../assignee-key';
import { PALETTE } from './schedule-format';

interface DaySegment {
  start: number;
  end: number;
  onDuty: Assignee[];
  required: boolean;
}

const GAP = 'bg-[repeating-linear-gradient(135deg,#fca5a5_0_5px,#fee2e2_5px_10px)]';
/** Nobody on duty when nobody needs to be (an office rota at night, after-hours cover by day). */
const NOT_NEEDED = 'bg-muted';

/** A wall time of the practice's zone in its country's clock ("8:00 AM" / "08:00"). */
function hhmm(ms: number, zone: string, country?: string | null): string {
  return formatWallTime(wallClock(new Date(ms), zone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }), country);
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
 * A gap is a stretch the schedule must cover with nobody on duty: office hours for an office
 * rota, the closed hours for after-hours coverage (the server marks them `required`).
 */
export function CoverageCalendar({ coverage, now, country }: { coverage: Coverage; now: Date; country?: string | null }) {
  const zone = coverage.timeZone;
  const segments = coverage.segments.map((s) => ({ start: Date.parse(s.start), end: Date.parse(s.end), onDuty: s.onDuty, required: s.required }));
  const days = coverage.days.map((d) => {
    const start = Date.parse(d.start);
    const end = Date.parse(d.end);
    const own: DaySegment[] = segments
      .filter((s) => s.end > start && s.start < end)
      .map((s) => ({ start: Math.max(s.start, start), end: Math.min(s.end, end), onDuty: s.onDuty, required: s.required }));
    return { date: d.date, start, end, label: d.label, segments: own };
  });
  const people = new Map<string, string>();
  for (const s of segments) for (const a of s.onDuty) people.set(assigneeKey(a), a.name);
  const colours = new Map([...people.keys()].map((key, i) => [key, PALETTE[i % PALETTE.length]!]));
  const colourOf = (key: string) => colours.get(key) ?? PALETTE[0]!;
  const nowMs = now.getTime();
  const notNeeded = coverage.purpose === 'after_hours' ? 'Office open: not needed' : 'Office closed: not needed';

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        {coverage.gapCount ? (
          <p className="inline-flex items-center gap-1.5 font-medium text-destructive">
            <TriangleAlert aria-hidden="true" className="size-4" />
            {coverage.gapCount === 1 ? '1 gap' : `${coverage.gapCount} gaps`} in {coverage.purpose === 'after_hours' ? 'after-hours coverage' : 'office-hours coverage'} (
            {formatHours(coverage.gapMinutes * 60_000)})
          </p>
        ) : (
          <p className="font-medium text-success">{coverage.purpose === 'after_hours' ? 'Every closed hour is covered' : 'Every office hour is covered'}</p>
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
            Gap: no one on duty
          </li>
          <li className="inline-flex items-center gap-1.5 text-muted-foreground">
            <span aria-hidden="true" className={cn('size-2.5 rounded-sm border border-border', NOT_NEEDED)} />
            {coverage.purpose === 'after_hours' ? 'Office open: not needed' : 'Office closed: not needed'}
          </li>
        </ul>
      </div>

      <ol className="space-y-3">
        {days.map((day, i) => {
          const span = day.end - day.start;
          const nowInDay = nowMs >= day.start && nowMs < day.end;
          const title = formatInstantIn(`${day.date}T12:00:00Z`, 'UTC', { country, parts: 'date', weekday: 'short', omitCurrentYear: true, now: Date.parse(`${day.date}T12:00:00Z`) });
          return (
            <li key={day.date} className="rounded-lg border border-border p-3">
              <h3 className="mb-2 text-sm font-semibold">
                {title}
                {i === 0 && nowInDay ? <span className="ml-2 font-normal text-primary">today</span> : null}
                {day.label ? <span className="ml-2 font-normal text-muted-foreground">· {day.label}</span> : null}
                {span !== 86_400_000 ? <span className="ml-2 font-normal text-muted-foreground">({formatHours(span)} day: clocks change)</span> : null}
              </h3>
              <div aria-hidden="true" className="relative">
                <div className="flex h-6 overflow-hidden rounded-md bg-muted">
                  {day.segments.map((s) => (
                    <div
                      key={s.start}
                      className={cn('h-full border-r border-white/60 last:border-r-0', s.onDuty.length ? colourOf(assigneeKey(s.onDuty[0]!)) : s.required ? GAP : NOT_NEEDED)}
                      style={{ width: `${((s.end - s.start) / span) * 100}%` }}
                      title={`${hhmm(s.start, zone, country)}–${s.end >= day.end ? formatWallTime('24:00', country) : hhmm(s.end, zone, country)} ${s.onDuty.length ? s.onDuty.map((a) => a.name).join(', ') : s.required ? 'Gap: no one on duty' : notNeeded}`}
                    />
                  ))}
                </div>
                {nowInDay ? <div className="absolute -top-1 bottom-[-0.25rem] w-0.5 bg-foreground" style={{ left: `${((nowMs - day.start) / span) * 100}%` }} /> : null}
                <div className="mt-1 flex justify-between text-[0.6875rem] text-muted-foreground">
                  {['00:00', '06:00', '12:00', '18:00', '24:00'].map((at) => (
                    <span key={at}>{scaleLabel(at, country)}</span>
                  ))}
                </div>
              </div>
              <ul className="mt-2 space-y-0.5 text-sm">
                {day.segments.map((s) => (
                  <li key={s.start} className={cn('flex gap-3', s.onDuty.length === 0 && s.required && 'font-medium text-destructive', s.onDuty.length === 0 && !s.required && 'text-muted-foreground')}>
                    <span className="min-w-24 shrink-0 whitespace-nowrap tabular-nums">
                      {hhmm(s.start, zone, country)}–{s.end >= day.end ? formatWallTime('24:00', country) : hhmm(s.end, zone, country)}
                    </span>
                    <span>{s.onDuty.length ? s.onDuty.map((a) => a.name).join(', ') : s.required ? 'Gap: no one on duty' : notNeeded}</span>
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

/** The day's scale in the practice's clock, whole hours only: "6 AM" / "06". */
function scaleLabel(hhmm: string, country: string | null | undefined): string {
  return formatWallTime(hhmm, country).replace(/:00(?=\s|$)/, '');
}
