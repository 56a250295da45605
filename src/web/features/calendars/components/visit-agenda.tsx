import type { Visit } from '@contracts/calendars';
import { Badge } from '@web/components/ui/badge';
import { cn } from '@web/lib/utils';
import { STATUS_BADGE, STATUS_LABELS, formatDay, formatLocalRange, shownStatus } from './calendar-format';
import { VISIT_ACCENT } from './visit-block-style';
import { patientName, visitAccessibleName } from './visit-summary';

export interface AgendaDay {
  date: string;
  visits: Visit[];
  today: boolean;
}

function VisitList({ visits, country, nowMs, onOpen }: { visits: Visit[]; country: string | null | undefined; nowMs: number; onOpen: (visit: Visit) => void }) {
  if (visits.length === 0) return <p className="rounded-lg border border-dashed border-border px-3 py-3 text-sm text-muted-foreground">No visits</p>;
  return (
    <ol className="space-y-2">
      {visits.map((v) => (
        <li key={v.id}>
          <button
            type="button"
            onClick={() => onOpen(v)}
            aria-label={visitAccessibleName(v, country, nowMs)}
            className={cn(
              'flex w-full flex-wrap items-start gap-x-3 gap-y-1 rounded-lg border border-l-4 border-border bg-card p-3 text-left hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              VISIT_ACCENT[shownStatus(v, nowMs)],
              v.status === 'canceled' && 'opacity-75',
            )}
          >
            <span className="w-[5.5rem] shrink-0 text-sm font-semibold tabular-nums sm:w-36">{formatLocalRange(v.startLocal, v.endLocal, country)}</span>
            <span className="min-w-0 flex-1">
              <span className={cn('block font-medium text-foreground', v.status === 'canceled' && 'line-through')}>{patientName(v)}</span>
              <span className="block text-sm text-muted-foreground">
                {v.visitType.nameEn} · {v.clinician.name} · {v.location.name}
              </span>
            </span>
            <Badge variant={STATUS_BADGE[shownStatus(v, nowMs)]} className="shrink-0">
              {STATUS_LABELS[shownStatus(v, nowMs)]}
            </Badge>
          </button>
        </li>
      ))}
    </ol>
  );
}

/**
 * Visits as a list by day: readable on a phone, and the order a screen reader follows. A week's
 * days are sections under their headings; a single day's list sits under the page's own heading.
 */
export function VisitAgenda({ days, country, nowMs, showDayHeadings, onOpen }: { days: AgendaDay[]; country: string | null | undefined; nowMs: number; showDayHeadings: boolean; onOpen: (visit: Visit) => void }) {
  if (!showDayHeadings) {
    return (
      <div className="space-y-4">
        {days.map((d) => (
          <VisitList key={d.date} visits={d.visits} country={country} nowMs={nowMs} onOpen={onOpen} />
        ))}
      </div>
    );
  }
  return (
    <div className="space-y-4">
      {days.map((d) => (
        <section key={d.date} aria-labelledby={`agenda-${d.date}`}>
          <h3 id={`agenda-${d.date}`} className="mb-2 text-sm font-semibold">
            {formatDay(d.date, country)}
            {d.today ? <span className="ml-2 font-normal text-primary">today</span> : null}
          </h3>
          <VisitList visits={d.visits} country={country} nowMs={nowMs} onOpen={onOpen} />
        </section>
      ))}
    </div>
  );
}
