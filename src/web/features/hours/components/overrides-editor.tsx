import { CalendarX2, Plus, Trash2 } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { sentence } from '@web/lib/field-messages';
import { newKey, type DraftErrors, type DraftOverride } from '../model';
import { IntervalRow } from './interval-row';

export interface OverridesEditorProps {
  overrides: DraftOverride[];
  errors: DraftErrors;
  readOnly: boolean;
  /** Today in the organization's zone (YYYY-MM-DD), the default for a new override. */
  today: string;
  /** The organization's country: times are shown and typed in its clock. */
  country: string | null | undefined;
  onChange: (overrides: DraftOverride[]) => void;
}

/** Dates that differ from the week: holidays and vacations (closed) or special hours. */
export function OverridesEditor({ overrides, errors, readOnly, today, country, onChange }: OverridesEditorProps) {
  const set = (key: string, patch: Partial<DraftOverride>) => onChange(overrides.map((o) => (o.key === key ? { ...o, ...patch } : o)));
  const add = () => {
    onChange([...overrides, { key: newKey(), from: today, to: today, label: '', closed: true, intervals: [] }]);
    requestAnimationFrame(() => document.getElementById(`override-${overrides.length}-from`)?.focus());
  };

  return (
    <div className="space-y-3">
      {overrides.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-border px-4 py-8 text-center">
          <CalendarX2 aria-hidden="true" className="size-6 text-muted-foreground" />
          <p className="text-sm font-medium">No holidays or special days</p>
          <p className="max-w-sm text-sm text-muted-foreground">Add a closure (a holiday, a vacation range) or special hours that replace a day's usual hours.</p>
        </div>
      ) : null}
      <ul className="space-y-3">
        {overrides.map((o, index) => {
          const err = (field: string) => sentence(errors[`override:${o.key}.${field}`]);
          const title = o.label || (o.from && o.to ? (o.from === o.to ? o.from : `${o.from} to ${o.to}`) : `Override ${index + 1}`);
          return (
            <li key={o.key} className="rounded-lg border border-border p-4">
              <fieldset className="min-w-0 space-y-4" disabled={readOnly}>
                <legend className="sr-only">{title}</legend>
                <div className="grid grid-cols-[1fr_auto] items-start gap-3 sm:grid-cols-[1fr_1fr_auto]">
                  <FormField label="From" error={err('from')} id={`override-${index}-from`} className="max-sm:col-start-1">
                    <Input type="date" value={o.from} onChange={(e) => set(o.key, { from: e.target.value, to: o.to && o.to >= e.target.value ? o.to : e.target.value })} />
                  </FormField>
                  <FormField label="To" error={err('to')} id={`override-${index}-to`} className="max-sm:col-start-1 max-sm:row-start-2">
                    <Input type="date" value={o.to} min={o.from || undefined} onChange={(e) => set(o.key, { to: e.target.value })} />
                  </FormField>
                  {readOnly ? null : (
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      className="col-start-2 row-start-1 mt-6 sm:col-start-3"
                      onClick={() => onChange(overrides.filter((x) => x.key !== o.key))}
                      aria-label={`Remove ${title}`}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  )}
                </div>
                <FormField label="Label" error={err('label')} id={`override-${index}-label`} description="Shown in the status, e.g. “Closed · Thanksgiving”.">
                  <Input value={o.label} maxLength={100} placeholder="e.g. Thanksgiving" onChange={(e) => set(o.key, { label: e.target.value })} />
                </FormField>
                <div role="radiogroup" aria-label={`Hours on ${title}`} className="flex flex-wrap gap-x-6 gap-y-2">
                  {[
                    [true, 'Closed'],
                    [false, 'Special hours'],
                  ].map(([closed, label]) => (
                    <label key={String(closed)} className="flex items-center gap-2 text-sm">
                      <input
                        type="radio"
                        name={`override-${o.key}-closed`}
                        className="size-4 accent-primary"
                        checked={o.closed === closed}
                        onChange={() =>
                          set(o.key, {
                            closed: closed as boolean,
                            intervals: !closed && o.intervals.length === 0 ? [{ key: newKey(), start: '09:00', end: '13:00' }] : o.intervals,
                          })
                        }
                      />
                      {label as string}
                    </label>
                  ))}
                </div>
                {!o.closed ? (
                  <div className="space-y-2">
                    {o.intervals.map((iv, i) => (
                      <IntervalRow
                        key={iv.key}
                        idPrefix={`override-${index}-${i}`}
                        label={`${title}, hours ${i + 1}`}
                        start={iv.start}
                        end={iv.end}
                        startError={errors[`override:${o.key}.${iv.key}.start`]}
                        endError={errors[`override:${o.key}.${iv.key}.end`]}
                        rowError={errors[`override:${o.key}.${iv.key}.row`]}
                        readOnly={readOnly}
                        country={country}
                        onChange={(patch) => set(o.key, { intervals: o.intervals.map((x) => (x.key === iv.key ? { ...x, ...patch } : x)) })}
                        onRemove={() => set(o.key, { intervals: o.intervals.filter((x) => x.key !== iv.key) })}
                      />
                    ))}
                    {err('intervals') ? <p className="text-sm font-medium text-destructive">{err('intervals')}</p> : null}
                    {readOnly ? null : (
                      <Button
                        type="button"
                        variant="ghost"
                        size="sm"
                        onClick={() => set(o.key, { intervals: [...o.intervals, { key: newKey(), start: '14:00', end: '17:00' }] })}
                      >
                        <Plus aria-hidden="true" />
                        Add hours
                      </Button>
                    )}
                  </div>
                ) : null}
                {err('row') || err('closed') ? <p className="text-sm font-medium text-destructive">{err('row') ?? err('closed')}</p> : null}
              </fieldset>
            </li>
          );
        })}
      </ul>
      {readOnly ? null : (
        <Button type="button" variant="outline" onClick={add}>
          <Plus aria-hidden="true" />
          Add a holiday or special hours
        </Button>
      )}
    </div>
  );
}
