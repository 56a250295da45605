import * as React from 'react';
import { formatWallTime, parseWallTime, usesTwelveHourClock, wallTimesInClock } from '@domain/format/clock';
import { Input } from '@web/components/ui/input';
import { cn } from '@web/lib/utils';

export interface TimeInputProps extends Omit<React.InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> {
  /** The stored "HH:MM" (or "24:00"), '' when empty, or the words typed when they are not a time. */
  value: string;
  /** The organization's country: its clock is the one shown and expected. */
  country: string | null | undefined;
  onChange: (value: string) => void;
}

const STORED = /^(?:[01]\d|2[0-4]):[0-5]\d$/;

/**
 * The message of a TimeInput in the organization's clock: a value that is not a time gets an
 * example ("Enter a time such as 9:00 AM or 5:30 PM" / "09:00 or 17:30"), any other message
 * its times in that clock.
 */
export function timeInputMessage(message: string | undefined, value: string, country: string | null | undefined): string | undefined {
  if (!message) return undefined;
  if (!STORED.test(value)) return `Enter a time such as ${usesTwelveHourClock(country) ? '9:00 AM or 5:30 PM' : '09:00 or 17:30'}`;
  return wallTimesInClock(message, country);
}

/**
 * A time of day typed in the organization's clock ("9:00 AM", "9am", "09:00", "17:30" all work)
 * and stored as "HH:MM". A native time picker would show the viewer's own clock, not the
 * practice's (issue 19 §6). While the field has focus it keeps what is typed; on leaving it shows
 * the time back in the organization's clock, so a misread ("5" is 05:00) is seen at once.
 */
export const TimeInput = React.forwardRef<HTMLInputElement, TimeInputProps>(({ value, country, onChange, onBlur, className, ...props }, ref) => {
  const [typing, setTyping] = React.useState<string | null>(null);
  const twelve = usesTwelveHourClock(country);
  const shown = typing ?? (STORED.test(value) ? formatWallTime(value, country) : value);
  return (
    <Input
      ref={ref}
      {...props}
      type="text"
      inputMode="text"
      autoComplete="off"
      spellCheck={false}
      placeholder={twelve ? '9:00 AM' : '09:00'}
      value={shown}
      className={cn(twelve ? 'w-[6.75rem]' : 'w-[5.25rem]', 'tabular-nums', className)}
      onChange={(e) => {
        setTyping(e.target.value);
        onChange(parseWallTime(e.target.value) ?? e.target.value.trim());
      }}
      onBlur={(e) => {
        setTyping(null);
        onBlur?.(e);
      }}
    />
  );
});
TimeInput.displayName = 'TimeInput';
