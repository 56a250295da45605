import { wallTimesInClock } from '@domain/format/clock';
import { FormField } from '@web/components/ui/form-field';
import { TimeInput, timeInputMessage } from '@web/components/ui/time-input';
import { WEEKDAYS } from '../labels';

export interface WindowValue {
  start: string;
  end: string;
  days: number[];
}

/**
 * A calling window (the callee's local time): from, until, and the weekdays. Controlled; shared by
 * the campaign wizard and the organization's outbound settings. Times are typed and shown in the
 * organization's clock (TimeInput, as the hours editor): "9:00 AM" for a US practice, "09:00" for
 * a UK one, whatever the browser's own; the value stays "HH:MM".
 */
export function CallingWindowFieldset({
  legend,
  value,
  onChange,
  errors,
  disabled,
  country,
}: {
  legend: string;
  value: WindowValue;
  onChange: (next: WindowValue) => void;
  errors: { start?: string; end?: string; days?: string };
  disabled?: boolean;
  /** The organization's country: its clock (12- or 24-hour). */
  country: string | null | undefined;
}) {
  return (
    <fieldset className="space-y-3 rounded-xl border border-border p-4" disabled={disabled}>
      <legend className="px-1 text-sm font-medium">{legend}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="From" error={timeInputMessage(errors.start, value.start, country)}>
          <TimeInput country={country} value={value.start} onChange={(start) => onChange({ ...value, start })} />
        </FormField>
        <FormField label="Until" error={timeInputMessage(errors.end, value.end, country)}>
          <TimeInput country={country} value={value.end} onChange={(end) => onChange({ ...value, end })} />
        </FormField>
      </div>
      <fieldset>
        <legend className="mb-2 text-sm font-medium">Days</legend>
        <div className="flex flex-wrap gap-3">
          {WEEKDAYS.map((d) => (
            <label key={d.value} className="flex items-center gap-1.5 text-sm">
              <input
                type="checkbox"
                checked={value.days.includes(d.value)}
                onChange={(ev) => onChange({ ...value, days: ev.target.checked ? [...value.days, d.value].sort((a, b) => a - b) : value.days.filter((v) => v !== d.value) })}
              />
              <span aria-hidden="true">{d.short}</span>
              <span className="sr-only">{d.long}</span>
            </label>
          ))}
        </div>
        {errors.days ? <p className="mt-1 text-sm text-destructive">{errors.days}</p> : null}
      </fieldset>
      <p className="text-sm text-muted-foreground">{wallTimesInClock('Nobody is ever called before 08:00 or after 21:00 in their own time zone, whatever the window says.', country)}</p>
    </fieldset>
  );
}
