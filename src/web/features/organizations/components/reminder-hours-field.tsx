import { REMINDER_HOURS } from '@contracts/organizations';
import { Checkbox } from '@web/components/ui/checkbox';
import { Label } from '@web/components/ui/label';

const LABELS: Record<number, string> = { 72: '3 days before', 48: '2 days before', 24: 'The day before (24 hours)', 4: '4 hours before', 2: '2 hours before', 1: '1 hour before' };

/**
 * When patients with a booked visit are reminded (issue 31 §5): by text, with C to confirm and R
 * to ask for another time, and by e-mail. None chosen: no reminders.
 */
export function ReminderHoursField({ id, value, onChange, error }: { id: string; value: number[]; onChange: (hours: number[]) => void; error?: string }) {
  const toggle = (h: number, on: boolean) => onChange(on ? [...value, h].sort((a, b) => b - a) : value.filter((x) => x !== h));
  return (
    <fieldset className="space-y-2" aria-describedby={`${id}-reminders-description`}>
      <legend className="text-sm font-medium">Reminders before a booked visit</legend>
      <p id={`${id}-reminders-description`} className="text-sm text-muted-foreground">
        By text (the patient replies C to confirm or R to ask for another time) and by e-mail. A visit booked after a moment gets only the later reminders.
      </p>
      <div className="grid gap-2 sm:grid-cols-3">
        {REMINDER_HOURS.map((h) => (
          <div key={h} className="flex items-center gap-2">
            <Checkbox id={`${id}-reminder-${h}`} checked={value.includes(h)} onCheckedChange={(v) => toggle(h, v === true)} />
            <Label htmlFor={`${id}-reminder-${h}`} className="font-normal">
              {LABELS[h]}
            </Label>
          </div>
        ))}
      </div>
      {error ? <p className="text-sm text-destructive">{error}</p> : null}
    </fieldset>
  );
}
