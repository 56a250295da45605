import * as React from 'react';
import { Temporal } from 'temporal-polyfill';
import { describeStatus, openIntervals, type Hours } from '@domain/time';
import { dayContext } from '@domain/time/hours';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { viewerTimeZone, wallClock, zoneLabel } from '@web/lib/time-zones';
import { formatInstantIn, formatWallTime } from '@domain/format/clock';
import { cn } from '@web/lib/utils';

const hhmm = (ms: number, zone: string) => wallClock(new Date(ms), zone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
/** "9:00 AM" / "09:00": a wall time in the clock of the organization's country (domain/format/clock.ts). */
const clock = (ms: number, zone: string, country: string | null | undefined) => formatWallTime(hhmm(ms, zone), country);
/** "Wed 2:05 PM" in `zone`, on the organization's clock. */
const dayAndTime = (at: Date, zone: string, country: string | null | undefined) => `${wallClock(at, zone, { weekday: 'short' })} ${clock(at.getTime(), zone, country)}`;

/**
 * What callers get, computed in the browser with the same engine as the server: open or closed
 * now and the next change in the organization's zone (with the viewer's own time beside it when
 * the zones differ), and the coming week day by day.
 */
export function HoursPreview({
  hours,
  timeZone,
  country,
  now,
  invalid,
  paused,
}: {
  hours: Hours | null;
  timeZone: string;
  country?: string | null;
  now: Date;
  invalid: boolean;
  paused: boolean;
}) {
  const viewerZone = viewerTimeZone();
  const sameZone = viewerZone === timeZone || wallClock(now, viewerZone) === wallClock(now, timeZone);
  const status = React.useMemo(() => (hours ? describeStatus(hours, now.getTime(), 'en-US', country ?? null) : null), [hours, now, country]);
  const week = React.useMemo(() => (hours ? nextSevenDays(hours, now, country) : []), [hours, now, country]);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Preview</CardTitle>
        <CardDescription>
          As callers will hear it, in {zoneLabel(timeZone)}. It is {dayAndTime(now, timeZone, country)} there
          {sameZone ? '.' : `; ${dayAndTime(now, viewerZone, country)} your time (${zoneLabel(viewerZone)}).`}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div aria-live="polite" className="rounded-lg bg-muted p-4">
          {status ? (
            <>
              <p className="flex items-start gap-2 text-base font-semibold">
                <span aria-hidden="true" className={cn('mt-1.5 size-2.5 shrink-0 rounded-full', status.open ? 'bg-success' : 'bg-muted-foreground/60')} />
                <span data-testid="hours-preview-status">{status.text}</span>
              </p>
              {status.nextChange && !sameZone ? (
                <p className="mt-1 pl-4.5 text-sm text-muted-foreground">
                  {status.nextChange.opens ? 'Opens' : 'Closes'} at {dayAndTime(new Date(status.nextChange.at.epochMilliseconds), viewerZone, country)} your time.
                </p>
              ) : null}
              {paused ? <p className="mt-1 pl-4.5 text-sm text-muted-foreground">The organization is paused: callers get the closed message whatever the hours say.</p> : null}
            </>
          ) : (
            <p className="text-sm text-muted-foreground">
              {invalid ? 'Fix the fields marked in red to see the preview.' : 'Loading the preview…'}
            </p>
          )}
        </div>
        {week.length ? (
          <div>
            <h3 className="mb-2 text-sm font-semibold">The next 7 days</h3>
            <ul className="divide-y divide-border text-sm">
              {week.map((d) => (
                <li key={d.date} className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-1.5">
                  <span className={cn('font-medium', d.today && 'text-primary')}>
                    {d.title}
                    {d.today ? ' (today)' : ''}
                  </span>
                  <span className="text-right text-muted-foreground">
                    {d.label ? <span className="mr-2 font-medium text-foreground">{d.label}</span> : null}
                    {d.intervals.length ? d.intervals.join(', ') : 'Closed'}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function nextSevenDays(hours: Hours, now: Date, country: string | null | undefined) {
  const zone = hours.timeZone;
  const today = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(zone).toPlainDate();
  return Array.from({ length: 7 }, (_, i) => {
    const date = today.add({ days: i });
    const start = date.toZonedDateTime({ timeZone: zone }).epochMilliseconds;
    const end = date.add({ days: 1 }).toZonedDateTime({ timeZone: zone }).epochMilliseconds;
    const intervals = openIntervals(hours, start, end).map((iv) => {
      const s = iv.start.epochMilliseconds;
      const e = iv.end.epochMilliseconds;
      return `${clock(s, zone, country)}–${e >= end ? formatWallTime('24:00', country) : clock(e, zone, country)}`;
    });
    return {
      date: date.toString(),
      title: formatInstantIn(start, zone, { country, parts: 'date', weekday: 'short', omitCurrentYear: true, now: start }),
      today: i === 0,
      label: dayContext(hours, start).label,
      intervals,
    };
  });
}
