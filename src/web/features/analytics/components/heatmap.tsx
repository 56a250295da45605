import { Link } from 'react-router';
import type { AnalyticsResponse } from '@contracts/analytics';
import { FIGURES } from '@domain/analytics/definitions';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { callsHref } from '../format';

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const DAY_NAMES = ['Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays', 'Sundays'];

/** Calls by weekday and hour: a table whose cells are links to those calls (keyboard and screen readers get the same grid). */
export function Heatmap({ data, organizationId }: { data: AnalyticsResponse; organizationId?: string }) {
  const max = Math.max(1, ...data.heatmap.map((c) => c.calls));
  const cell = (weekday: number, hour: number) => data.heatmap[(weekday - 1) * 24 + hour]!;
  const hh = (h: number) => String(h).padStart(2, '0');
  return (
    <Card role="region" aria-labelledby="heatmap-title" data-testid="heatmap" className="xl:col-span-2">
      <CardHeader className="pb-2">
        <CardTitle id="heatmap-title" className="text-base">
          {FIGURES.hourOfWeek.label}
        </CardTitle>
        <CardDescription>
          {FIGURES.hourOfWeek.definition} Zone: {data.timeZone}. Choose a cell to open its calls.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div className="relative overflow-x-auto" tabIndex={0} role="group" aria-label="Heatmap, scrolls sideways">
          <table className="border-separate border-spacing-0.5 text-[10px]">
            <caption className="sr-only">Calls by weekday (rows) and hour of the day (columns)</caption>
            <thead>
              <tr>
                <th scope="col" className="w-8" />
                {Array.from({ length: 24 }, (_, h) => (
                  <th key={h} scope="col" className="w-6 font-normal text-muted-foreground">
                    {h % 3 === 0 ? hh(h) : <span className="sr-only">{hh(h)}</span>}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {DAYS.map((day, i) => (
                <tr key={day}>
                  <th scope="row" className="pr-1 text-left font-normal text-muted-foreground">
                    {day}
                  </th>
                  {Array.from({ length: 24 }, (_, h) => {
                    const c = cell(i + 1, h);
                    const alpha = c.calls === 0 ? 0 : 0.12 + 0.88 * (c.calls / max);
                    return (
                      <td key={h} className="p-0">
                        <Link
                          to={callsHref({ start: data.period.start, end: data.period.end, direction: data.direction, organizationId, extra: { how: `${i + 1}-${hh(h)}`, tz: data.timeZone } })}
                          className="flex h-6 w-6 items-center sm:h-7 sm:w-7 justify-center rounded-sm border border-border/50 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
                          style={{ backgroundColor: c.calls ? `rgba(37, 99, 235, ${alpha.toFixed(2)})` : undefined }}
                          aria-label={`${DAY_NAMES[i]} ${hh(h)}:00: ${c.calls} calls`}
                          data-testid={`heat-${i + 1}-${hh(h)}`}
                        >
                          <span aria-hidden="true" className={alpha > 0.55 ? 'text-white' : 'text-foreground/70'}>
                            {c.calls > 0 && c.calls < 100 ? c.calls : c.calls >= 100 ? '99+' : ''}
                          </span>
                        </Link>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </CardContent>
    </Card>
  );
}
