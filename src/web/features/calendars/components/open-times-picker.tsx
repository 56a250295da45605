import * as React from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ClinicianSummary, Location, OpenTime, VisitType } from '@contracts/calendars';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { Skeleton } from '@web/components/ui/skeleton';
import { errorMessage } from '@web/lib/api';
import { cn } from '@web/lib/utils';
import { useOpenTimes } from '../api/get-open-times';
import { addDays, dateOf, formatDay, formatLocalTime, visitTypeLabel } from './calendar-format';

export const FIRST_AVAILABLE = '';
const DAYS_SHOWN = 7;

export interface TimeSearch {
  visitTypeId: string;
  clinicianId: string;
  locationId: string;
  from: string;
}

export interface OpenTimesPickerProps {
  organizationId: string;
  country: string | null | undefined;
  today: string;
  visitTypes: VisitType[];
  clinicians: ClinicianSummary[];
  locations: Location[];
  search: TimeSearch;
  onSearch: (search: TimeSearch) => void;
  chosen: OpenTime | null;
  onChoose: (time: OpenTime) => void;
}

/** A time as a toggle button: "9:00 AM", and with whom and where when that is not already said. */
export function OpenTimeButton({ time, country, pressed, withWho, withDate, onChoose }: { time: OpenTime; country: string | null | undefined; pressed: boolean; withWho: boolean; withDate?: boolean; onChoose: () => void }) {
  const when = `${withDate ? `${formatDay(dateOf(time.startLocal), country)}, ` : ''}${formatLocalTime(time.startLocal, country)}`;
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onChoose}
      aria-label={`${when}${withWho ? `, ${time.clinicianName} at ${time.locationName}` : ''}`}
      className={cn(
        'rounded-md border px-3 py-2 text-left text-sm tabular-nums focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        pressed ? 'border-primary bg-primary text-primary-foreground' : 'border-border bg-background hover:bg-muted',
      )}
    >
      <span className="font-medium">{when}</span>
      {withWho ? <span className={cn('block text-xs', pressed ? 'text-primary-foreground/85' : 'text-muted-foreground')}>{time.clinicianName}</span> : null}
    </button>
  );
}

/** Step 1 of booking: the visit type, a clinician or the first available, and an open time of the week shown. */
export function OpenTimesPicker({ organizationId, country, today, visitTypes, clinicians, locations, search, onSearch, chosen, onChoose }: OpenTimesPickerProps) {
  const bookable = visitTypes.filter((t) => t.active && t.bookableBy.includes('staff'));
  const doing = clinicians.filter((c) => c.active && (!search.visitTypeId || c.visitTypeIds.includes(search.visitTypeId)));
  const activeLocations = locations.filter((l) => l.active);
  const times = useOpenTimes(
    organizationId,
    search.visitTypeId
      ? { visitTypeId: search.visitTypeId, clinicianId: search.clinicianId || undefined, locationId: search.locationId || undefined, from: search.from, days: DAYS_SHOWN, limit: 500 }
      : null,
  );
  const byDay = React.useMemo(() => {
    const map = new Map<string, OpenTime[]>();
    for (const t of times.data?.times ?? []) {
      const d = dateOf(t.startLocal);
      map.set(d, [...(map.get(d) ?? []), t]);
    }
    return [...map];
  }, [times.data]);
  const lastDay = addDays(search.from, DAYS_SHOWN - 1);
  const firstAvailable = search.clinicianId === FIRST_AVAILABLE;
  const set = (patch: Partial<TimeSearch>) => onSearch({ ...search, ...patch });

  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Visit type" required>
          <Select
            value={search.visitTypeId}
            onChange={(e) => {
              const visitTypeId = e.target.value;
              const keeps = clinicians.some((c) => c.id === search.clinicianId && c.visitTypeIds.includes(visitTypeId));
              set({ visitTypeId, clinicianId: keeps ? search.clinicianId : FIRST_AVAILABLE });
            }}
          >
            <option value="">Choose a visit type…</option>
            {bookable.map((t) => (
              <option key={t.id} value={t.id}>
                {visitTypeLabel(t)}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Clinician">
          <Select value={search.clinicianId} onChange={(e) => set({ clinicianId: e.target.value })} disabled={!search.visitTypeId}>
            <option value={FIRST_AVAILABLE}>First available</option>
            {doing.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Select>
        </FormField>
        {activeLocations.length > 1 ? (
          <FormField label="Location">
            <Select value={search.locationId} onChange={(e) => set({ locationId: e.target.value })}>
              <option value="">Any location</option>
              {activeLocations.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </Select>
          </FormField>
        ) : null}
        <FormField label="From">
          <Input type="date" value={search.from} min={today} onChange={(e) => (e.target.value ? set({ from: e.target.value < today ? today : e.target.value }) : undefined)} />
        </FormField>
      </div>

      {!search.visitTypeId ? (
        bookable.length === 0 ? (
          <Alert variant="info">No visit type can be booked by staff yet: add one (or allow staff to book one) in the Visit types tab.</Alert>
        ) : (
          <p className="text-sm text-muted-foreground">Choose a visit type to see the open times.</p>
        )
      ) : doing.length === 0 ? (
        <Alert variant="info">No clinician does this visit type yet: choose its clinicians in the Clinicians tab.</Alert>
      ) : (
        <div role="group" aria-labelledby="open-times-title" className="space-y-3" aria-busy={times.isFetching || undefined}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p id="open-times-title" className="text-sm font-medium">
              Open times, {formatDay(search.from, country)} – {formatDay(lastDay, country)}
            </p>
            <div className="flex gap-1">
              <Button type="button" variant="outline" size="sm" disabled={search.from <= today} onClick={() => set({ from: addDays(search.from, -DAYS_SHOWN) < today ? today : addDays(search.from, -DAYS_SHOWN) })}>
                <ChevronLeft aria-hidden="true" />
                Earlier
              </Button>
              <Button type="button" variant="outline" size="sm" onClick={() => set({ from: addDays(search.from, DAYS_SHOWN) })}>
                Later
                <ChevronRight aria-hidden="true" />
              </Button>
            </div>
          </div>
          {times.isPending ? (
            <div role="status" aria-label="Loading open times" className="space-y-2">
              <Skeleton className="h-5 w-40" />
              <Skeleton className="h-10 w-full" />
              <Skeleton className="h-10 w-full" />
            </div>
          ) : times.isError ? (
            <Alert variant="destructive" assertive title="The open times could not be loaded.">
              <p>{errorMessage(times.error)}</p>
              <Button type="button" variant="outline" size="sm" className="mt-2" onClick={() => void times.refetch()}>
                Try again
              </Button>
            </Alert>
          ) : byDay.length === 0 ? (
            <p className="rounded-lg border border-dashed border-border p-4 text-sm text-muted-foreground" role="status">
              No open time in these days{firstAvailable ? '' : ` with ${doing.find((c) => c.id === search.clinicianId)?.name ?? 'this clinician'}`}. Try later days{firstAvailable ? '' : ', or the first available clinician'}.
            </p>
          ) : (
            <div className="max-h-[45dvh] space-y-3 overflow-y-auto pr-1">
              {byDay.map(([day, list]) => (
                <div key={day} role="group" aria-labelledby={`open-${day}`}>
                  <p id={`open-${day}`} className="mb-1.5 text-sm font-semibold">
                    {formatDay(day, country)}
                  </p>
                  <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
                    {list.map((t) => (
                      <OpenTimeButton
                        key={`${t.start}:${t.clinicianId}`}
                        time={t}
                        country={country}
                        withWho={firstAvailable}
                        pressed={chosen?.start === t.start && chosen.clinicianId === t.clinicianId}
                        onChoose={() => onChoose(t)}
                      />
                    ))}
                  </div>
                </div>
              ))}
              {times.data?.truncated ? <p className="text-sm text-muted-foreground">More times than shown: choose a clinician or a later start to see them.</p> : null}
            </div>
          )}
        </div>
      )}
    </div>
  );
}
