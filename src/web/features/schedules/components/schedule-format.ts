import { formatInstantIn, formatWallTime } from '@domain/format/clock';
import type { DutyNow, SchedulePurpose } from '@contracts/schedules';
import { DAYS } from '@web/lib/weekdays';

/** "Mon–Fri", "Mon, Wed, Fri", "Every day", "Sat–Sun". */
export function formatDays(days: number[]): string {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  if (sorted.length === 7) return 'Every day';
  const runs: number[][] = [];
  for (const d of sorted) {
    const run = runs[runs.length - 1];
    if (run && run[run.length - 1] === d - 1) run.push(d);
    else runs.push([d]);
  }
  const short = (d: number) => DAYS[d - 1]?.short ?? String(d);
  return runs.map((r) => (r.length >= 3 ? `${short(r[0]!)}–${short(r[r.length - 1]!)}` : r.map(short).join(', '))).join(', ');
}

/** "17:00–08:00 (next day)" / "5:00 PM–8:00 AM (next day)": in the clock of the practice's country (issue 28). */
export function formatShiftTime(start: string, end: string, country?: string | null): string {
  const overnight = end !== '24:00' && end <= start;
  return `${formatWallTime(start, country)}–${formatWallTime(end === '00:00' || end === '24:00' ? '24:00' : end, country)}${overnight && end !== '00:00' ? ' (next day)' : ''}`;
}

/** "Thu, Nov 26, 8:00 AM" / "Thu 26 Nov, 08:00" from a wall time "2026-11-26T08:00", in the practice's country's date order and clock. */
export function formatLocal(local: string, country?: string | null): string {
  const [date, time] = local.split('T');
  const d = new Date(`${date}T00:00:00Z`);
  const day = formatInstantIn(d, 'UTC', { country, parts: 'date', weekday: 'short', omitCurrentYear: true, now: d });
  return `${day}, ${formatWallTime(time ?? '', country)}`;
}

/** Calendar colours, given out in the order people first appear in the week; all keep white borders visible. */
export const PALETTE = ['bg-teal-600', 'bg-indigo-500', 'bg-amber-500', 'bg-sky-600', 'bg-fuchsia-600', 'bg-lime-600', 'bg-orange-600', 'bg-violet-700'];

/** What a schedule is for, as the schedule dialog offers it and the list shows it. */
export const PURPOSE_OPTIONS: { value: SchedulePurpose; label: string; short: string; description: string }[] = [
  {
    value: 'office_hours',
    label: 'Office hours',
    short: 'Office hours',
    description: 'Staffs the office while it is open: transfers and callbacks. Its coverage check counts office hours.',
  },
  {
    value: 'after_hours',
    label: 'After-hours coverage',
    short: 'After hours',
    description: 'A nurse or on-call clinician for urgent transfers while the office is closed. Patients never see these hours.',
  },
];

/** "On duty now" when nobody is needed: said neutrally, never as a gap (a closed office is not one). */
export const DUTY_NOT_NEEDED: Record<Exclude<DutyNow, 'on_duty' | 'gap'>, string> = {
  office_closed: 'Closed now',
  office_open: 'Office open: not needed now',
};
