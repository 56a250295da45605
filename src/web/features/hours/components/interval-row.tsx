import { Trash2 } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { wallTimesInClock } from '@domain/format/clock';
import { sentence } from '@web/lib/field-messages';
import { TimeInput, timeInputMessage } from '@web/components/ui/time-input';

export interface IntervalRowProps {
  /** e.g. "Monday, hours 1": prefixes the inputs' accessible names. */
  label: string;
  start: string;
  end: string;
  startError?: string;
  endError?: string;
  /** A problem with the row as a whole (an overlap). */
  rowError?: string;
  readOnly: boolean;
  idPrefix: string;
  /** The organization's country: times are shown and typed in its clock. */
  country: string | null | undefined;
  onChange: (patch: { start?: string; end?: string }) => void;
  onRemove: () => void;
}

const STORED = /^(?:[01]\d|2[0-4]):[0-5]\d$/;

/** One opening interval: opens – closes, with a note when it runs past midnight. */
export function IntervalRow({ label, start, end, readOnly, idPrefix, country, onChange, onRemove, ...messages }: IntervalRowProps) {
  const startError = timeInputMessage(messages.startError, start, country);
  const endError = timeInputMessage(messages.endError, end, country);
  const rowError = messages.rowError && wallTimesInClock(messages.rowError, country);
  const overnight = STORED.test(start) && STORED.test(end) && end !== '24:00' && end <= start && end !== start;
  const errorIds = [startError && `${idPrefix}-start-error`, endError && `${idPrefix}-end-error`, rowError && `${idPrefix}-row-error`].filter(Boolean).join(' ');
  return (
    <div className="space-y-1">
      <div className="flex items-center gap-2">
        <TimeInput
          id={`${idPrefix}-start`}
          country={country}
          value={start}
          disabled={readOnly}
          aria-label={`${label}: opens`}
          aria-invalid={Boolean(startError || rowError) || undefined}
          aria-describedby={errorIds || undefined}
          onChange={(value) => onChange({ start: value })}
          className="max-sm:px-2"
        />
        <span aria-hidden="true" className="text-muted-foreground">
          –
        </span>
        <TimeInput
          id={`${idPrefix}-end`}
          country={country}
          value={end}
          disabled={readOnly}
          aria-label={`${label}: closes`}
          aria-invalid={Boolean(endError || rowError) || undefined}
          aria-describedby={errorIds || undefined}
          onChange={(value) => onChange({ end: value })}
          className="max-sm:px-2"
        />
        {overnight || end === '00:00' || end === '24:00' ? (
          <span className="text-xs text-muted-foreground">{end === '00:00' || end === '24:00' ? 'until midnight' : 'next day'}</span>
        ) : null}
        {readOnly ? null : (
          <Button type="button" variant="ghost" size="icon" className="size-9" onClick={onRemove} aria-label={`Remove ${label}`}>
            <Trash2 aria-hidden="true" />
          </Button>
        )}
      </div>
      {[
        [startError, 'start'],
        [endError, 'end'],
        [rowError, 'row'],
      ].map(([message, kind]) =>
        message ? (
          <p key={kind} id={`${idPrefix}-${kind}-error`} className="text-sm font-medium text-destructive">
            {kind === 'start' ? 'Opens: ' : kind === 'end' ? 'Closes: ' : ''}
            {sentence(message)}
          </p>
        ) : null,
      )}
    </div>
  );
}
