import { Copy, Plus } from 'lucide-react';
import { usesTwelveHourClock } from '@domain/format/clock';
import { Button } from '@web/components/ui/button';
import { DAYS } from '@web/lib/weekdays';
import { newKey, type DraftErrors, type DraftInterval } from '../model';
import { IntervalRow } from './interval-row';

export interface WeeklyHoursEditorProps {
  weekly: DraftInterval[][];
  errors: DraftErrors;
  readOnly: boolean;
  /** The organization's country: times are shown and typed in its clock. */
  country: string | null | undefined;
  onChange: (weekly: DraftInterval[][]) => void;
}

/** Monday to Sunday, each with any number of opening intervals. */
export function WeeklyHoursEditor({ weekly, errors, readOnly, country, onChange }: WeeklyHoursEditorProps) {
  const setDay = (day: number, intervals: DraftInterval[]) => onChange(weekly.map((d, i) => (i === day ? intervals : d)));
  const add = (day: number) => {
    const list = weekly[day] ?? [];
    const last = list[list.length - 1];
    // A sensible next interval: after the last one, else office hours.
    const next = last && last.end < '22:00' && last.end !== '00:00' ? { start: bump(last.end, 60), end: bump(last.end, 240) } : { start: '09:00', end: '17:00' };
    setDay(day, [...list, { key: newKey(), ...next }]);
    // Focus the new row's first input once it renders.
    requestAnimationFrame(() => document.getElementById(`weekly-${day}-${list.length}-start`)?.focus());
  };
  const copyMonday = () => {
    const monday = weekly[1] ?? [];
    onChange(weekly.map((d, i) => (i >= 2 && i <= 5 ? monday.map((iv) => ({ key: newKey(), start: iv.start, end: iv.end })) : d)));
  };

  return (
    <div className="space-y-3">
      {readOnly ? null : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-muted-foreground">
            Type times as {usesTwelveHourClock(country) ? '9:00 AM, 9am or 17:30' : '09:00, 9.30 or 5:30 PM'}. Add several intervals for a lunch break. A closing time at or before the opening time runs into the next day.
          </p>
          <Button type="button" variant="outline" size="sm" onClick={copyMonday} disabled={(weekly[1] ?? []).length === 0}>
            <Copy aria-hidden="true" />
            Copy Monday to weekdays
          </Button>
        </div>
      )}
      <ul className="divide-y divide-border rounded-lg border border-border">
        {DAYS.map(({ day, name }) => {
          const list = weekly[day] ?? [];
          return (
            <li key={day} className="grid gap-2 p-2 sm:grid-cols-[6.5rem_1fr] sm:items-start sm:gap-4 sm:p-3">
              <h3 className="text-sm font-semibold sm:pt-2.5" id={`weekly-${day}-label`}>
                {name}
              </h3>
              <div className="space-y-2" role="group" aria-labelledby={`weekly-${day}-label`}>
                {list.length === 0 ? <p className="text-sm text-muted-foreground sm:pt-2.5">Closed</p> : null}
                {list.map((iv, i) => (
                  <IntervalRow
                    key={iv.key}
                    idPrefix={`weekly-${day}-${i}`}
                    label={`${name}, hours ${i + 1}`}
                    start={iv.start}
                    end={iv.end}
                    startError={errors[`${iv.key}.start`]}
                    endError={errors[`${iv.key}.end`]}
                    rowError={errors[`row:${iv.key}`]}
                    readOnly={readOnly}
                    country={country}
                    onChange={(patch) => setDay(day, list.map((x) => (x.key === iv.key ? { ...x, ...patch } : x)))}
                    onRemove={() => setDay(day, list.filter((x) => x.key !== iv.key))}
                  />
                ))}
                {readOnly ? null : (
                  <Button type="button" variant="ghost" size="sm" onClick={() => add(day)} className="-ml-2" aria-label={`Add hours on ${name}`}>
                    <Plus aria-hidden="true" />
                    Add hours
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function bump(time: string, minutes: number): string {
  const [h, m] = time.split(':').map(Number);
  const total = Math.min(23 * 60 + 59, (h ?? 0) * 60 + (m ?? 0) + minutes);
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}
