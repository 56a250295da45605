import type { Visit } from '@contracts/calendars';
import { cn } from '@web/lib/utils';
import { formatDay, formatLocalTime, shownStatus } from './calendar-format';
import { VISIT_ACCENT } from './visit-block-style';
import { patientName, visitAccessibleName } from './visit-summary';

export interface BoardDay {
  date: string;
  visits: Visit[];
  today: boolean;
}

/**
 * A week of every clinician's visits on a wide screen: a column per day listing its visits in
 * order (time, clinician, patient). Placed on an hour scale, three clinicians' visits side by side
 * in a seventh of the screen leave no room to read a name; one clinician's week is a time grid.
 */
export function WeekBoard({ days, country, nowMs, onOpen, onDay }: { days: BoardDay[]; country: string | null | undefined; nowMs: number; onOpen: (visit: Visit) => void; onDay: (date: string) => void }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-border bg-card">
      <div className="grid min-w-fit grid-cols-[repeat(7,minmax(7.5rem,1fr))] divide-x divide-border">
        {days.map((d) => (
          <section key={d.date} aria-labelledby={`board-${d.date}`} className="min-w-0">
            <h3 id={`board-${d.date}`} className="border-b border-border px-2 py-2 text-sm font-medium">
              <button
                type="button"
                onClick={() => onDay(d.date)}
                className={cn('rounded-sm hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring', d.today && 'text-primary')}
                aria-label={`${formatDay(d.date, country, { year: true })}: ${d.visits.length === 1 ? '1 visit' : `${d.visits.length} visits`}, show the day`}
              >
                {formatDay(d.date, country)}
              </button>
              <span className="block text-xs font-normal text-muted-foreground">{d.visits.length === 0 ? 'No visits' : d.visits.length === 1 ? '1 visit' : `${d.visits.length} visits`}</span>
            </h3>
            <ol className="space-y-1 p-1.5">
              {d.visits.map((v) => (
                <li key={v.id}>
                  <button
                    type="button"
                    onClick={() => onOpen(v)}
                    aria-label={visitAccessibleName(v, country, nowMs)}
                    title={visitAccessibleName(v, country, nowMs)}
                    className={cn(
                      'block w-full rounded-md border border-l-4 border-border bg-card px-1.5 py-1 text-left text-xs leading-tight hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                      VISIT_ACCENT[shownStatus(v, nowMs)],
                      v.status === 'canceled' && 'opacity-75',
                    )}
                  >
                    <span className="block truncate">
                      <span className="font-semibold tabular-nums">{formatLocalTime(v.startLocal, country)}</span> <span className="text-muted-foreground">{v.clinician.name}</span>
                    </span>
                    <span className={cn('block truncate font-medium', v.status === 'canceled' && 'line-through')}>{patientName(v)}</span>
                  </button>
                </li>
              ))}
            </ol>
          </section>
        ))}
      </div>
    </div>
  );
}
