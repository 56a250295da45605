import { Trash2 } from 'lucide-react';
import type { Location } from '@contracts/calendars';
import { wallTimesInClock } from '@domain/format/clock';
import { Button } from '@web/components/ui/button';
import { Select } from '@web/components/ui/select';
import { TimeInput, timeInputMessage } from '@web/components/ui/time-input';
import { sentence } from '@web/lib/field-messages';

export interface RangeDraft {
  key: string;
  day: number;
  start: string;
  end: string;
  locationId: string;
}

export interface AvailabilityRowProps {
  range: RangeDraft;
  /** e.g. "Monday, range 1": prefixes the controls' accessible names. */
  label: string;
  idPrefix: string;
  locations: Location[];
  country: string | null | undefined;
  errors: { start?: string; end?: string; locationId?: string; row?: string };
  /** Saved, but outside office hours: no visit is offered then. */
  warning?: string;
  onChange: (patch: Partial<Omit<RangeDraft, 'key' | 'day'>>) => void;
  onRemove: () => void;
}

/** One range of a weekday: from – to, at a location. */
export function AvailabilityRow({ range, label, idPrefix, locations, country, errors, warning, onChange, onRemove }: AvailabilityRowProps) {
  const startError = timeInputMessage(errors.start, range.start, country);
  const endError = timeInputMessage(errors.end, range.end, country);
  const rowError = errors.row && wallTimesInClock(errors.row, country);
  const messages: [string | undefined, string, string][] = [
    [startError, 'start', 'From: '],
    [endError, 'end', 'Until: '],
    [errors.locationId, 'location', 'Location: '],
    [rowError, 'row', ''],
  ];
  const describedBy = messages
    .filter(([m]) => m)
    .map(([, kind]) => `${idPrefix}-${kind}-error`)
    .concat(warning ? [`${idPrefix}-warning`] : [])
    .join(' ');
  // A location no longer in use stays offered while a range still names it.
  const offered = locations.filter((l) => l.active || l.id === range.locationId);
  return (
    // On a phone a range takes two lines (times, then place): a rule on its left keeps them together.
    <div className="space-y-1 max-sm:border-l-2 max-sm:border-border max-sm:pl-2">
      <div className="flex flex-wrap items-center gap-2">
        <div className="flex items-center gap-2">
          <TimeInput
            id={`${idPrefix}-start`}
            country={country}
            value={range.start}
            aria-label={`${label}: from`}
            aria-invalid={Boolean(startError || rowError) || undefined}
            aria-describedby={describedBy || undefined}
            onChange={(start) => onChange({ start })}
            className="max-sm:px-2"
          />
          <span aria-hidden="true" className="text-muted-foreground">
            –
          </span>
          <TimeInput
            id={`${idPrefix}-end`}
            country={country}
            value={range.end}
            aria-label={`${label}: until`}
            aria-invalid={Boolean(endError || rowError) || undefined}
            aria-describedby={describedBy || undefined}
            onChange={(end) => onChange({ end })}
            className="max-sm:px-2"
          />
        </div>
        {/* Beside the times when there is room, else on a line of its own (basis: the width it needs). */}
        <div className="flex min-w-0 flex-[1_1_12rem] items-center gap-2">
          <div className="min-w-0 flex-1 sm:max-w-64">
            <Select
              id={`${idPrefix}-location`}
              aria-label={`${label}: location`}
              aria-invalid={errors.locationId ? true : undefined}
              aria-describedby={describedBy || undefined}
              value={range.locationId}
              onChange={(e) => onChange({ locationId: e.target.value })}
            >
              {range.locationId === '' ? <option value="">Choose a location…</option> : null}
              {offered.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                  {l.active ? '' : ' (not in use)'}
                </option>
              ))}
            </Select>
          </div>
          <Button type="button" variant="ghost" size="icon" className="size-9" onClick={onRemove} aria-label={`Remove ${label}`}>
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
      {messages.map(([message, kind, prefix]) =>
        message ? (
          <p key={kind} id={`${idPrefix}-${kind}-error`} className="text-sm font-medium text-destructive">
            {prefix}
            {sentence(message)}
          </p>
        ) : null,
      )}
      {warning ? (
        <p id={`${idPrefix}-warning`} className="text-sm text-warning-soft-foreground">
          {sentence(wallTimesInClock(warning, country))}
        </p>
      ) : null}
    </div>
  );
}
