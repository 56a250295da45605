import * as React from 'react';
import { localTimeToInstant } from '@domain/appointment-requests/scheduling';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { TimeInput } from '@web/components/ui/time-input';
import { viewerTimeZone } from '@web/lib/format-date';
import { viewerCountry } from '@web/lib/format-phone';
import type { Practice } from '@web/lib/format-date';
import { formatInZone, todayInZone } from '@web/lib/zoned-time';

/**
 * The instant a date and a time of day name in the practice's zone, or a message saying what is
 * missing. A time a daylight-saving change skips is refused rather than moved.
 */
export function practiceInstant(date: string, time: string, zone: string): { iso: string } | { message: string } {
  if (!date) return { message: 'Choose a date' };
  if (!/^\d{2}:\d{2}$/.test(time)) return { message: 'Enter a time' };
  const at = localTimeToInstant(`${date}T${time}`, zone);
  if (!at.ok) return { message: at.reason === 'skipped' ? 'That time does not exist on that day (the clocks change): choose another' : 'Enter a real date' };
  return { iso: new Date(at.epochMs).toISOString() };
}

/**
 * "Now" or "at a time": the radio pair and, for a time, a date and a time in the practice's zone
 * and clock (issue 28: a practice's records are in the practice's zone, not the viewer's). Reports
 * the chosen instant: undefined for now, '' while "at a time" is not yet a whole time (so the
 * form refuses it, and this field says what is missing rather than the schema's message).
 */
export function WhenField({ legend, practice, onChange, error, nowLabel = 'Now (as soon as the calling window allows)' }: { legend: string; practice: Practice | undefined; onChange: (iso: string | undefined) => void; error?: string; nowLabel?: string }) {
  const name = React.useId();
  const zone = practice?.timeZone ?? viewerTimeZone();
  const [picked, setPicked] = React.useState({ mode: 'now' as 'now' | 'later', date: '', time: '' });
  const { mode, date, time } = picked;
  const chosen = mode === 'later' ? practiceInstant(date, time, zone) : null;
  const iso = chosen && 'iso' in chosen ? chosen.iso : undefined;
  const set = (change: Partial<typeof picked>) => {
    const next = { ...picked, ...change };
    setPicked(next);
    if (next.mode === 'now') return onChange(undefined);
    const at = practiceInstant(next.date, next.time, zone);
    onChange('iso' in at ? at.iso : '');
  };
  const problem = chosen && 'message' in chosen ? chosen.message : undefined;
  const shown = problem && (error || (date !== '' && time !== '')) ? problem : error;
  const viewerZone = viewerTimeZone();
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-4 text-sm">
        <label className="flex items-center gap-2">
          <input type="radio" name={name} checked={mode === 'now'} onChange={() => set({ mode: 'now' })} />
          {nowLabel}
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name={name} checked={mode === 'later'} onChange={() => set({ mode: 'later' })} />
          At a time
        </label>
      </div>
      {mode === 'later' ? (
        <div className="space-y-1">
          <div className="flex flex-wrap gap-4">
            <FormField label="Date" error={shown}>
              <Input type="date" min={todayInZone(zone)} value={date} onChange={(e) => set({ date: e.target.value })} className="w-auto" />
            </FormField>
            <FormField label={`Time (${zone})`}>
              <TimeInput country={practice?.country} value={time} onChange={(value) => set({ time: value })} />
            </FormField>
          </div>
          {iso && viewerZone !== zone ? <p className="text-sm text-muted-foreground">In your time zone: {formatInZone(iso, viewerZone, viewerCountry())}</p> : null}
        </div>
      ) : null}
    </fieldset>
  );
}
