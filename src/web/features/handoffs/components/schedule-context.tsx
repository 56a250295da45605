import { formatInstantIn, formatWallTime } from '@domain/format/clock';
import { clinicianKey } from '@domain/appointment-requests/booked-visits';
import type { SlotWarning } from '@domain/appointment-requests/visit-slots';
import { cn } from '@web/lib/utils';
import type { ScheduleOptions } from '../api/get-schedule-options';
import { DAY_LABELS, earliestDateLabel } from '../labels';

const DAY_NAMES = ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

export const WARNING_TEXT: Record<SlotWarning, string> = {
  outside_office_hours: 'outside office hours',
  not_a_preferred_day: 'not a day the patient asked for',
  not_a_preferred_time: 'not the time of day the patient asked for',
  before_earliest_date: 'before the earliest date the patient gave',
  clinician_busy: 'overlapping another visit with the same clinician',
};

/** "10:00 AM" for an instant, in the practice's zone and clock. */
export function wallTime(at: string | number, zone: string, country: string): string {
  const hhmm = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(at));
  return formatWallTime(hhmm, country);
}

/** "another visit with Dr Chen at 10:00 AM – 10:30 AM": which of the clinician's visits a slot overlaps (never whose). */
export function clashText(clashes: { at: string; durationMinutes: number; clinician: string | null }[], zone: string, country: string): string {
  const visits = clashes.map((c) => `${wallTime(c.at, zone, country)} – ${wallTime(Date.parse(c.at) + c.durationMinutes * 60_000, zone, country)}`);
  const who = clashes[0]?.clinician ?? 'the same clinician';
  return `${visits.length === 1 ? 'another visit' : `${visits.length} other visits`} with ${who} at ${visits.join(' and ')}`;
}

/** "Mon–Fri 8:00 AM – 5:00 PM · Sat closed": the weekly office hours, days with the same hours grouped. */
export function describeOfficeHours(weekly: ScheduleOptions['officeHours']['weekly'], country: string): string[] {
  const byDay = new Map<number, string>();
  for (let day = 1; day <= 7; day++) {
    const ivs = weekly.filter((w) => w.day === day).sort((a, b) => a.start.localeCompare(b.start));
    byDay.set(day, ivs.length ? ivs.map((iv) => `${formatWallTime(iv.start, country)} – ${formatWallTime(iv.end, country)}`).join(', ') : 'closed');
  }
  const lines: string[] = [];
  for (let day = 1; day <= 7; ) {
    let end = day;
    while (end < 7 && byDay.get(end + 1) === byDay.get(day)) end++;
    lines.push(`${day === end ? DAY_NAMES[day] : `${DAY_NAMES[day]}–${DAY_NAMES[end]}`} ${byDay.get(day)}`);
    day = end + 1;
  }
  return lines;
}

/** "Tue, Dec 1 · 8:00 AM" for a suggested slot, in the practice's zone and clock. */
export function slotLabel(at: string, zone: string, country: string): string {
  const date = formatInstantIn(at, zone, { country, parts: 'date', weekday: 'short', omitCurrentYear: true, now: at });
  return `${date} · ${wallTime(at, zone, country)}`;
}

/** What the patient asked for and when the office is open: the two things a slot should fit. */
export function SchedulingFacts({ options }: { options: ScheduleOptions }) {
  const p = options.preferences;
  const asked = [
    p.days.length ? p.days.map((d) => DAY_LABELS[d] ?? d).join(', ') : 'any day',
    p.timesOfDay.length ? p.timesOfDay.join(', ') : 'any time of day',
    ...(p.earliestDate ? [earliestDateLabel(p.earliestDate, { country: options.country })] : []),
  ].join(' · ');
  return (
    <div className="grid gap-3 rounded-md bg-muted px-3 py-2 text-sm sm:grid-cols-2">
      <div>
        <p className="font-medium">The patient asked for</p>
        <p data-testid="patient-preferences">{asked}</p>
        {p.text ? <p className="mt-1 italic text-muted-foreground">“{p.text}”</p> : null}
        {options.patientNotes && options.patientNotes !== p.text ? (
          <p className="mt-1 text-muted-foreground">
            Their notes: <span className="italic">“{options.patientNotes}”</span>
          </p>
        ) : null}
      </div>
      <div>
        <p className="font-medium">Office hours</p>
        {options.officeHours.weekly.length ? (
          <ul data-testid="office-hours">
            {describeOfficeHours(options.officeHours.weekly, options.country).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : (
          <p>No office hours are set for this practice.</p>
        )}
      </div>
    </div>
  );
}

/**
 * The next slots that fit both, as toggle buttons that fill in the date and time. With a clinician,
 * never when they already have a visit; without one, times when the practice has no other visit
 * come first, and a time that has some says how many.
 */
export function SuggestedSlots({ options, chosen, onChoose }: { options: ScheduleOptions; chosen: string; onChoose: (local: string) => void }) {
  // The practice's own spelling of the name typed ("dr chen" is Dr Chen), when it has one.
  const who = options.clinician ? (options.clinicians.find((c) => clinicianKey(c) === clinicianKey(options.clinician)) ?? options.clinician) : null;
  if (!options.suggestions.length) {
    return <p className="text-sm text-muted-foreground">No open time in the next 60 days{who ? ` when ${who} is free` : ''}: enter a date and time below.</p>;
  }
  const fits = options.suggestions[0]!.fitsPreferences;
  const free = who ? ` ${who} has no other visit at these times.` : ' Times with no other visit at the practice come first; choose a clinician to see only their free times.';
  return (
    <fieldset>
      <legend className="text-sm font-medium">Suggested times</legend>
      <p className="text-sm text-muted-foreground" data-testid="suggestions-note">
        {fits ? 'Within office hours and what the patient asked for.' : 'Nothing within office hours fits what the patient asked for in the next 60 days; these are the next open times.'}
        {free}
      </p>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {options.suggestions.map((s) => (
          <button
            key={s.local}
            type="button"
            aria-pressed={chosen === s.local}
            onClick={() => onChoose(s.local)}
            className={cn(
              'rounded-md border px-3 py-2 text-left text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              chosen === s.local ? 'border-primary bg-primary text-primary-foreground' : 'border-border bg-background hover:bg-muted',
            )}
          >
            {slotLabel(s.at, options.timeZone, options.country)}
            {s.otherVisits ? ' ' : null}
            {s.otherVisits ? (
              <span className={cn('block text-xs', chosen === s.local ? 'text-primary-foreground/80' : 'text-muted-foreground')}>
                {s.otherVisits === 1 ? '1 other visit' : `${s.otherVisits} other visits`} at this time{who ? ' (other clinicians)' : ''}
              </span>
            ) : null}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
