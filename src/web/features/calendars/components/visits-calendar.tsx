import * as React from 'react';
import { CalendarDays, CalendarPlus, ChevronLeft, ChevronRight, LayoutGrid, List } from 'lucide-react';
import type { ClinicianSummary, Location, Visit, VisitType } from '@contracts/calendars';
import { zoneAbbreviation } from '@domain/format/clock';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { EmptyState } from '@web/components/ui/empty-state';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Select } from '@web/components/ui/select';
import { Skeleton } from '@web/components/ui/skeleton';
import { zoneLabel } from '@web/lib/time-zones';
import { useNow } from '@web/lib/use-now';
import { useSearchParamsUpdate } from '@web/lib/use-search-params-update';
import { cn } from '@web/lib/utils';
import { useVisits } from '../api/list-visits';
import { useMediaQuery } from '../use-media-query';
import { BookVisitDialog } from './book-visit-dialog';
import { STATUS_LABELS, addDays, dateOf, daysOfWeek, formatDay, formatWeek, isIsoDate, localNow, minutesOfDay, mondayOf } from './calendar-format';
import { CalendarGrid, type GridColumn } from './calendar-grid';
import { LoadError } from './panel-states';
import { VisitAgenda } from './visit-agenda';
import { VISIT_BLOCK } from './visit-block-style';
import { VisitDialog } from './visit-dialog';
import { WeekBoard } from './week-board';

const NO_PAGE: readonly string[] = [];

export interface VisitsCalendarProps {
  organizationId: string;
  timeZone: string;
  country: string | null | undefined;
  /** Staff who may book, cancel and mark visits (admins, supervisors, the front desk). */
  canBook: boolean;
  clinicians: ClinicianSummary[];
  locations: Location[];
  visitTypes: VisitType[];
  /** Go to the records (nothing to show on a calendar yet). */
  onSetUp: () => void;
}

function SegmentButton({ pressed, onClick, children }: { pressed: boolean; onClick: () => void; children: React.ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        'inline-flex h-8 items-center gap-1.5 rounded-md px-3 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        pressed ? 'bg-card text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
      )}
    >
      {children}
    </button>
  );
}

/**
 * Booked, held and confirmed visits by day or week, for every clinician or one, at every location
 * or one: a time grid on a wide screen, a list by day on a phone (or when chosen). The date, view
 * and filters live in the address, so a view can be shared and the back button works.
 */
export function VisitsCalendar({ organizationId, timeZone, country, canBook, clinicians, locations, visitTypes, onSetUp }: VisitsCalendarProps) {
  const { searchParams, update } = useSearchParamsUpdate(NO_PAGE);
  const now = useNow(60_000);
  const nowLocal = localNow(timeZone, now);
  const today = dateOf(nowLocal);
  const wide = useMediaQuery('(min-width: 1024px)');

  const view = searchParams.get('view') === 'week' ? 'week' : 'day';
  const dateParam = searchParams.get('date');
  const date = isIsoDate(dateParam) ? dateParam : today;
  const who = clinicians.some((c) => c.id === searchParams.get('who')) ? searchParams.get('who')! : '';
  const where = locations.some((l) => l.id === searchParams.get('where')) ? searchParams.get('where')! : '';
  const layout = wide && searchParams.get('layout') !== 'list' ? 'grid' : 'list';
  const showCanceled = searchParams.get('canceled') === '1';

  const visits = useVisits(organizationId, { date, view, clinicianId: who || undefined, locationId: where || undefined });
  const [open, setOpen] = React.useState<Visit | null>(null);
  const [booking, setBooking] = React.useState(false);

  const step = view === 'week' ? 7 : 1;
  const go = (next: string) => update({ date: next === today ? undefined : next });
  const items = (visits.data?.items ?? []).filter((v) => showCanceled || v.status !== 'canceled');
  const canceledCount = (visits.data?.items ?? []).filter((v) => v.status === 'canceled').length;
  const days = view === 'week' ? daysOfWeek(date) : [date];
  const onDay = (d: string) => items.filter((v) => dateOf(v.startLocal) === d).sort((a, b) => a.startLocal.localeCompare(b.startLocal));
  const title = view === 'week' ? formatWeek(mondayOf(date), country) : formatDay(date, country, { year: true });
  // Every clinician's week on one hour scale leaves no room to read; it is a board of days instead.
  const weekBoard = view === 'week' && !who && clinicians.length > 1;

  if (clinicians.length === 0) {
    return (
      <EmptyState
        icon={CalendarDays}
        headingLevel="h2"
        title="No clinicians yet"
        description="Visits are booked with a clinician at a location, for a visit type. Set those up first."
        action={<Button onClick={onSetUp}>Set up clinicians</Button>}
      />
    );
  }

  // The hours shown: 8:00 to 18:00, widened to every visit of the view.
  let startHour = 8;
  let endHour = 18;
  for (const v of items) {
    startHour = Math.min(startHour, Math.floor(minutesOfDay(v.startLocal) / 60));
    endHour = Math.max(endHour, dateOf(v.endLocal) > dateOf(v.startLocal) ? 24 : Math.ceil(minutesOfDay(v.endLocal) / 60));
  }

  const columns: GridColumn[] =
    view === 'week'
      ? days.map((d) => ({ key: d, date: d, name: formatDay(d, country, { year: true }), label: <>{formatDay(d, country)}</>, visits: onDay(d), highlighted: d === today }))
      : (() => {
          const dayVisits = onDay(date);
          const shown = clinicians.filter((c) => (who ? c.id === who : c.active || dayVisits.some((v) => v.clinician.id === c.id)));
          return shown.map((c) => ({ key: c.id, date, name: c.name, label: c.name, visits: dayVisits.filter((v) => v.clinician.id === c.id) }));
        })();

  return (
    <section aria-labelledby="calendar-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <div role="group" aria-label="Show" className="inline-flex rounded-lg bg-muted p-1">
            <SegmentButton pressed={view === 'day'} onClick={() => update({ view: undefined })}>
              Day
            </SegmentButton>
            <SegmentButton pressed={view === 'week'} onClick={() => update({ view: 'week' })}>
              Week
            </SegmentButton>
          </div>
          <div className="flex items-center gap-1">
            <Button variant="outline" size="icon" className="size-9" onClick={() => go(addDays(date, -step))} aria-label={view === 'week' ? 'Previous week' : 'Previous day'}>
              <ChevronLeft aria-hidden="true" />
            </Button>
            <Button variant="outline" size="sm" className="h-9" onClick={() => go(today)} disabled={view === 'week' ? mondayOf(date) === mondayOf(today) : date === today}>
              Today
            </Button>
            <Button variant="outline" size="icon" className="size-9" onClick={() => go(addDays(date, step))} aria-label={view === 'week' ? 'Next week' : 'Next day'}>
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
          <Input type="date" aria-label="Go to date" value={date} onChange={(e) => (isIsoDate(e.target.value) ? go(e.target.value) : undefined)} className="h-9 w-auto" />
        </div>
        {canBook ? (
          <Button onClick={() => setBooking(true)}>
            <CalendarPlus aria-hidden="true" />
            Book a visit
          </Button>
        ) : null}
      </div>

      <div className="flex flex-wrap items-end gap-3">
        <div className="w-full space-y-1 sm:w-56">
          <Label htmlFor="calendar-who">Clinician</Label>
          <Select id="calendar-who" value={who} onChange={(e) => update({ who: e.target.value || undefined })}>
            <option value="">All clinicians</option>
            {clinicians.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
                {c.active ? '' : ' (not taking visits)'}
              </option>
            ))}
          </Select>
        </div>
        {locations.length > 1 ? (
          <div className="w-full space-y-1 sm:w-56">
            <Label htmlFor="calendar-where">Location</Label>
            <Select id="calendar-where" value={where} onChange={(e) => update({ where: e.target.value || undefined })}>
              <option value="">All locations</option>
              {locations.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </Select>
          </div>
        ) : null}
        <div className="flex h-10 items-center gap-2">
          <Checkbox id="calendar-canceled" checked={showCanceled} onCheckedChange={(v) => update({ canceled: v === true ? '1' : undefined })} />
          <Label htmlFor="calendar-canceled" className="font-normal">
            Show canceled{canceledCount ? ` (${canceledCount})` : ''}
          </Label>
        </div>
        {wide ? (
          <div role="group" aria-label="Layout" className="ml-auto inline-flex rounded-lg bg-muted p-1">
            <SegmentButton pressed={layout === 'grid'} onClick={() => update({ layout: undefined })}>
              <LayoutGrid aria-hidden="true" className="size-4" />
              Grid
            </SegmentButton>
            <SegmentButton pressed={layout === 'list'} onClick={() => update({ layout: 'list' })}>
              <List aria-hidden="true" className="size-4" />
              List
            </SegmentButton>
          </div>
        ) : null}
      </div>

      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="calendar-title" className="text-lg font-semibold">
          {title}
          {view === 'day' && date === today ? <span className="ml-2 text-base font-normal text-primary">today</span> : null}
        </h2>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {visits.isPending ? 'Loading visits…' : `${items.length === 1 ? '1 visit' : `${items.length} visits`} · times in ${zoneLabel(timeZone)} (${zoneAbbreviation(timeZone, `${date}T12:00:00Z`, country)})`}
        </p>
      </div>

      {visits.isPending ? (
        <div role="status" aria-label="Loading visits" className="space-y-2">
          <Skeleton className="h-16 w-full rounded-lg" />
          <Skeleton className="h-16 w-full rounded-lg" />
          <Skeleton className="h-16 w-full rounded-lg" />
        </div>
      ) : visits.isError ? (
        <LoadError title="The visits could not be loaded." error={visits.error} onRetry={() => void visits.refetch()} />
      ) : (
        <div className={cn('transition-opacity', visits.isPlaceholderData && 'opacity-60')}>
          {layout === 'grid' ? (
            <>
              <div className="mb-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
                <p className="text-sm text-muted-foreground">
                  {items.length === 0 ? (view === 'week' ? 'No visits this week.' : 'No visits on this day.') : weekBoard ? 'Choose a visit for its details, a day to see it by hour, or a clinician to see their week by hour.' : 'Choose a visit for its details.'}
                </p>
                <ul aria-label="Statuses" className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground">
                  {(['held', 'booked', 'confirmed', 'ended', 'completed', 'no_show', ...(showCanceled ? (['canceled'] as const) : [])] as const).map((s) => (
                    <li key={s} className="inline-flex items-center gap-1.5">
                      <span aria-hidden="true" className={cn('inline-block h-3 w-4 rounded-sm border border-l-4', VISIT_BLOCK[s])} />
                      {STATUS_LABELS[s]}
                    </li>
                  ))}
                </ul>
              </div>
              {weekBoard ? (
                <WeekBoard days={days.map((d) => ({ date: d, visits: onDay(d), today: d === today }))} country={country} nowMs={now.getTime()} onOpen={setOpen} onDay={(d) => update({ date: d === today ? undefined : d, view: undefined })} />
              ) : (
                <CalendarGrid columns={columns} startHour={startHour} endHour={endHour} country={country} nowLocal={nowLocal} nowMs={now.getTime()} showClinician={view === 'week' && !who} onOpen={setOpen} />
              )}
            </>
          ) : view === 'day' && items.length === 0 ? (
            <EmptyState icon={CalendarDays} headingLevel="h3" title="No visits on this day" description={canBook ? 'Book one with “Book a visit”, or look at another day.' : 'Look at another day or the week.'} className="rounded-lg border border-dashed border-border py-8" />
          ) : (
            <VisitAgenda days={days.map((d) => ({ date: d, visits: onDay(d), today: d === today }))} country={country} nowMs={now.getTime()} showDayHeadings={view === 'week'} onOpen={setOpen} />
          )}
        </div>
      )}

      <VisitDialog visit={open} timeZone={timeZone} country={country} canBook={canBook} now={now} onClose={() => setOpen(null)} />
      <BookVisitDialog
        open={booking}
        organizationId={organizationId}
        timeZone={timeZone}
        country={country}
        today={today}
        initial={{ from: date, clinicianId: who || null, locationId: where || null }}
        visitTypes={visitTypes}
        clinicians={clinicians}
        locations={locations}
        onClose={() => setBooking(false)}
        onBooked={(visit) => {
          setBooking(false);
          const d = dateOf(visit.startLocal);
          update({ date: d === today ? undefined : d, view: view === 'week' && mondayOf(d) === mondayOf(date) ? 'week' : undefined });
        }}
      />
    </section>
  );
}
