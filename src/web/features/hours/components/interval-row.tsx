import { Trash2 } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { sentence } from '@web/features/organizations/lib/messages';

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
  onChange: (patch: { start?: string; end?: string }) => void;
  onRemove: () => void;
}

/** Fits "08:00 AM" with the picker button; on phones the picker button gives way (a tap opens the picker). */
const TIME_INPUT = 'w-[8.75rem] max-sm:w-[6.5rem] max-sm:px-2 max-sm:[&::-webkit-calendar-picker-indicator]:hidden';

/** One opening interval: opens – closes, with a note when it runs past midnight. */
export function IntervalRow({ label, start, end, startError, endError, rowError, readOnly, idPrefix, onChange, onRemove }: IntervalRowProps) {
  const overnight = start !== '' && end !== '' && end !== '24:00' && end <= start && end !== start;
  const errorIds = [startError && `${idPrefix}-start-error`, endError && `${idPrefix}-end-error`, rowError && `${idPrefix}-row-error`].filter(Boolean).join(' ');
  return (
    <div className="space-y-1">
      <div className="flex items-center gap-2">
        <Input
          id={`${idPrefix}-start`}
          type="time"
          step={60}
          value={start}
          disabled={readOnly}
          aria-label={`${label}: opens`}
          aria-invalid={Boolean(startError || rowError) || undefined}
          aria-describedby={errorIds || undefined}
          onChange={(e) => onChange({ start: e.target.value })}
          className={TIME_INPUT}
        />
        <span aria-hidden="true" className="text-muted-foreground">
          –
        </span>
        <Input
          id={`${idPrefix}-end`}
          type="time"
          step={60}
          value={end === '24:00' ? '00:00' : end}
          disabled={readOnly}
          aria-label={`${label}: closes`}
          aria-invalid={Boolean(endError || rowError) || undefined}
          aria-describedby={errorIds || undefined}
          onChange={(e) => onChange({ end: e.target.value })}
          className={TIME_INPUT}
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
