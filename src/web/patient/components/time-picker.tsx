/** @jsxImportSource preact */
import type { OpenTime } from '@contracts/calendars';
import type { PublicOpenTimesResponse } from '@contracts/public-booking';
import { formatCalendarDate } from '@domain/format/date-of-birth';
import { localeOfCountry } from '@domain/format/clock';
import { useState } from 'preact/hooks';
import { ApiError } from '../api';
import { formatLongDay, formatTimeIn, sameWallClock, viewerZone, zoneAbbreviation, type PracticeClock } from '../format';
import { useI18n, type MessageKey } from '../i18n/i18n';
import { useLoad } from '../use-load';

/**
 * Open times of one visit type, by day (issue 31 §4): a clinician or "first available", a week of
 * dates at a time, then the chosen date's times by part of the day. Times are the practice's wall
 * clock, its zone named; when the patient's own zone reads another time, it is shown under each.
 * Every control is a button or a select with its label, so the whole picker works from the keyboard.
 */

export interface PickerClinician {
  id: string;
  name: string;
  title?: string;
}

export interface TimePickerProps {
  /** Prefix of the element ids (two pickers may share a page). */
  id: string;
  clock: PracticeClock;
  clinicians: PickerClinician[];
  load: (q: { from?: string; clinicianId?: string; days: number }) => Promise<PublicOpenTimesResponse>;
  selected: OpenTime | null;
  onSelect: (time: OpenTime) => void;
  /** The patient's zone (the browser's by default). */
  zone?: string;
  /** Changed by the page to read the times again (after a time was refused). */
  reloadKey?: number;
  initialClinicianId?: string;
  /** The level of the picker's headings (its dates and the chosen date's times); parts of the day one below. */
  headingLevel?: 2 | 3 | 4 | 5;
}

const WINDOW_DAYS = 7;
const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const datesFrom = (from: string, to: string) => {
  const out: string[] = [];
  for (let d = from; d <= to && out.length < 31; d = addDays(d, 1)) out.push(d);
  return out;
};
const PARTS = [
  { key: 'morning', until: 12 },
  { key: 'afternoon', until: 17 },
  { key: 'evening', until: 24 },
] as const;
const hourOf = (t: OpenTime) => Number(t.startLocal.slice(11, 13));

export function TimePicker(p: TimePickerProps) {
  const { t, locale } = useI18n();
  const [clinicianId, setClinicianId] = useState(p.initialClinicianId ?? '');
  const [from, setFrom] = useState<string | undefined>(undefined);
  const [day, setDay] = useState<string | null>(null);
  const level = p.headingLevel ?? 2;
  const Heading = `h${level}` as 'h2';
  const SubHeading = `h${level + 1}` as 'h3';
  const times = useLoad(() => p.load({ from, clinicianId: clinicianId || undefined, days: WINDOW_DAYS }), `${clinicianId}|${from ?? ''}|${p.reloadKey ?? 0}`);
  const zone = p.zone ?? viewerZone();
  const data = times.data;
  const country = p.clock.country;
  const firstDayWith = (d: PublicOpenTimesResponse) => datesFrom(d.from, d.to).find((date) => d.times.some((x) => x.startLocal.startsWith(date))) ?? null;
  const activeDay = data && day && data.times.some((x) => x.startLocal.startsWith(day)) ? day : data ? firstDayWith(data) : null;
  const dateIn = (date: string, options: Intl.DateTimeFormatOptions) => formatCalendarDate(date, localeOfCountry(country, locale), options);
  const shortDay = (date: string) => dateIn(date, { weekday: 'short', month: 'short', day: 'numeric' });
  const nowIso = data?.times[0]?.start ?? new Date().toISOString();
  const ownZoneDiffers = !sameWallClock(nowIso, p.clock.timeZone, zone);

  const move = (days: number) => {
    if (!data) return;
    setDay(null);
    setFrom(addDays(data.from, days));
  };
  const label = (x: OpenTime) =>
    [
      formatLongDay(x.startLocal.slice(0, 10), locale, country),
      formatTimeIn(x.start, p.clock.timeZone, locale, country),
      t('time.with', { clinician: x.clinicianName }),
      ...(ownZoneDiffers ? [t('time.yours', { time: formatTimeIn(x.start, zone, locale, country) })] : []),
    ].join(', ');

  return (
    <div class="space-y-5">
      {p.clinicians.length > 1 && (
        <div>
          <label for={`${p.id}-clinician`} class="mb-1.5 block font-medium">
            {t('time.clinician')}
          </label>
          <select
            id={`${p.id}-clinician`}
            class="field-input sm:max-w-md"
            value={clinicianId}
            onChange={(e) => {
              setClinicianId(e.currentTarget.value);
              setDay(null);
            }}
          >
            <option value="">{t('time.firstAvailable')}</option>
            {p.clinicians.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title ? `${c.name}, ${c.title}` : c.name}
              </option>
            ))}
          </select>
        </div>
      )}

      <div class="text-sm text-muted-foreground">
        <p>{t('time.zone', { zone: zoneAbbreviation(p.clock.timeZone, nowIso, country) })}</p>
        {ownZoneDiffers && <p>{t('time.yourZone', { zone: zoneAbbreviation(zone, nowIso, country) })}</p>}
      </div>

      {times.error !== undefined && (
        <div role="alert" class="rounded-lg border border-red-200 bg-destructive-soft px-4 py-3 text-sm text-destructive-soft-foreground">
          <p>{times.error instanceof ApiError ? times.error.text() : t('common.network')}</p>
          <button type="button" class="btn btn-secondary mt-2" onClick={times.reload}>
            {t('common.retry')}
          </button>
        </div>
      )}

      {!data && times.loading && (
        <div role="status" class="space-y-3">
          <span class="sr-only">{t('time.loadingTimes')}</span>
          <div aria-hidden="true" class="grid grid-cols-[repeat(auto-fit,minmax(4.5rem,1fr))] gap-2">
            {Array.from({ length: 7 }, (_, i) => (
              <div key={i} class="h-16 animate-pulse rounded-md bg-secondary" />
            ))}
          </div>
          <div aria-hidden="true" class="h-24 animate-pulse rounded-md bg-muted" />
        </div>
      )}

      {data && (
        <div aria-busy={times.loading} class={times.loading ? 'opacity-60' : undefined}>
          <div class="flex items-center justify-between gap-2">
            <Heading id={`${p.id}-days`} class="font-medium">
              {t('time.days')} <span class="font-normal text-muted-foreground">· {shortDay(data.from)} – {shortDay(data.to)}</span>
            </Heading>
            <div class="flex gap-2">
              <button type="button" class="btn btn-secondary px-3" onClick={() => move(-WINDOW_DAYS)} disabled={times.loading || data.from <= data.firstDate}>
                <span aria-hidden="true">←</span>
                <span class="sr-only sm:not-sr-only">{t('time.earlier')}</span>
              </button>
              <button type="button" class="btn btn-secondary px-3" onClick={() => move(WINDOW_DAYS)} disabled={times.loading || data.to >= data.lastDate}>
                <span class="sr-only sm:not-sr-only">{t('time.later')}</span>
                <span aria-hidden="true">→</span>
              </button>
            </div>
          </div>
          <div role="group" aria-labelledby={`${p.id}-days`} class="mt-3 grid grid-cols-[repeat(auto-fit,minmax(4.5rem,1fr))] gap-2">
            {datesFrom(data.from, data.to).map((date) => {
              const count = data.times.filter((x) => x.startLocal.startsWith(date)).length;
              const pressed = date === activeDay;
              const counted = count === 0 ? t('time.noTimesDay') : count === 1 ? t('time.countOne') : t('time.count', { n: count });
              return (
                <button
                  key={date}
                  type="button"
                  aria-pressed={pressed}
                  aria-label={`${shortDay(date)}, ${counted}`}
                  disabled={count === 0}
                  onClick={() => setDay(date)}
                  class={`flex min-h-16 flex-col items-center justify-center rounded-md border px-1 py-2 text-center text-sm disabled:cursor-not-allowed disabled:opacity-50 ${pressed ? 'border-primary bg-primary text-primary-foreground' : 'border-input bg-card hover:bg-muted'}`}
                >
                  <span aria-hidden="true" class="text-xs font-medium uppercase tracking-wide">
                    {dateIn(date, { weekday: 'short' })}
                  </span>
                  <span aria-hidden="true" class="font-semibold">
                    {dateIn(date, { month: 'short', day: 'numeric' })}
                  </span>
                  <span aria-hidden="true" class={pressed ? 'text-xs' : 'text-xs text-muted-foreground'}>
                    {counted}
                  </span>
                </button>
              );
            })}
          </div>

          {activeDay === null ? (
            <p class="mt-4 rounded-lg bg-muted p-4 text-muted-foreground">{t('time.noTimes', { from: shortDay(data.from), to: shortDay(data.to) })}</p>
          ) : (
            <section aria-labelledby={`${p.id}-times`} class="mt-5">
              <Heading id={`${p.id}-times`} class="font-medium">
                {t('time.timesOn', { date: formatLongDay(activeDay, locale, country) })}
              </Heading>
              {PARTS.map((part, i) => {
                const slots = data.times.filter((x) => x.startLocal.startsWith(activeDay) && hourOf(x) < part.until && hourOf(x) >= (i === 0 ? 0 : PARTS[i - 1]!.until));
                if (!slots.length) return null;
                return (
                  <div key={part.key} class="mt-3">
                    <SubHeading class="text-sm font-medium text-muted-foreground">{t(`tod.${part.key}` as MessageKey)}</SubHeading>
                    <ul class="mt-1.5 grid grid-cols-[repeat(auto-fill,minmax(5.75rem,1fr))] gap-2">
                      {slots.map((x) => {
                        const chosen = p.selected?.start === x.start && p.selected.clinicianId === x.clinicianId;
                        return (
                          <li key={`${x.start}-${x.clinicianId}`}>
                            <button
                              type="button"
                              aria-pressed={chosen}
                              aria-label={label(x)}
                              onClick={() => p.onSelect(x)}
                              class={`flex min-h-11 w-full flex-col items-center justify-center rounded-md border px-1 py-1.5 text-sm font-medium tabular-nums ${chosen ? 'border-primary bg-primary text-primary-foreground' : 'border-input bg-card hover:border-primary hover:bg-primary-soft'}`}
                            >
                              <span>{formatTimeIn(x.start, p.clock.timeZone, locale, country)}</span>
                              {/* The patient's own time, under it; the note above the dates says so. */}
                              {ownZoneDiffers && <span class={`text-xs font-normal ${chosen ? '' : 'text-muted-foreground'}`}>{formatTimeIn(x.start, zone, locale, country)}</span>}
                            </button>
                          </li>
                        );
                      })}
                    </ul>
                  </div>
                );
              })}
            </section>
          )}
        </div>
      )}
    </div>
  );
}
