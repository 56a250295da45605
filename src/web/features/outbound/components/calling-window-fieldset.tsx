import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { WEEKDAYS } from '../labels';

export interface WindowValue {
  start: string;
  end: string;
  days: number[];
}

/**
 * A calling window (the callee's local time): from, until, and the weekdays. Controlled; shared by
 * the campaign wizard and the organization's outbound settings.
 */
export function CallingWindowFieldset({
  legend,
  value,
  onChange,
  errors,
  disabled,
}: {
  legend: string;
  value: WindowValue;
  onChange: (next: WindowValue) => void;
  errors: { start?: string; end?: string; days?: string };
  disabled?: boolean;
}) {
  return (
    <fieldset className="space-y-3 rounded-xl border border-border p-4" disabled={disabled}>
      <legend className="px-1 text-sm font-medium">{legend}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="From" error={errors.start}>
          <Input type="time" value={value.start} onChange={(e) => onChange({ ...value, start: e.target.value })} />
        </FormField>
        <FormField label="Until" error={errors.end}>
          <Input type="time" value={value.end} onChange={(e) => onChange({ ...value, end: e.target.value })} />
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
      <p className="text-sm text-muted-foreground">Nobody is ever called before 08:00 or after 21:00 in their own time zone, whatever the window says.</p>
    </fieldset>
  );
}
