import * as React from 'react';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';

/** A local date-time from <input type="datetime-local"> as an ISO instant (the browser's zone). */
export function localToIso(local: string): string | undefined {
  if (!local) return undefined;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/**
 * "Now" or "at a time": the radio pair and, for a time, the browser's date-time picker. Reports
 * the chosen instant (undefined: now).
 */
export function WhenField({ legend, onChange, error, nowLabel = 'Now (as soon as the calling window allows)' }: { legend: string; onChange: (iso: string | undefined) => void; error?: string; nowLabel?: string }) {
  const name = React.useId();
  const [mode, setMode] = React.useState<'now' | 'later'>('now');
  const [local, setLocal] = React.useState('');
  const set = (nextMode: 'now' | 'later', nextLocal: string) => {
    setMode(nextMode);
    setLocal(nextLocal);
    onChange(nextMode === 'now' ? undefined : localToIso(nextLocal));
  };
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-4 text-sm">
        <label className="flex items-center gap-2">
          <input type="radio" name={name} checked={mode === 'now'} onChange={() => set('now', local)} />
          {nowLabel}
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name={name} checked={mode === 'later'} onChange={() => set('later', local)} />
          At a time
        </label>
      </div>
      {mode === 'later' ? (
        <FormField label="Date and time (your time zone)" error={error}>
          <Input type="datetime-local" value={local} onChange={(e) => set('later', e.target.value)} className="sm:max-w-xs" />
        </FormField>
      ) : null}
    </fieldset>
  );
}
