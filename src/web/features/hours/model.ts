import { HoursBody, type OrganizationHours } from '@contracts/hours';
import { toFieldErrors, type Hours } from '@domain/time/hours.schema';
import { DAYS } from '@web/lib/weekdays';

/**
 * The editor's working copy of an organization's hours: intervals grouped by weekday (as the
 * page shows them), overrides in the order listed, every row with a stable key for React.
 * `toHours` flattens it the way the API takes it and remembers where each row went, so the
 * server's (and the shared validator's) "weekly.7.end" finds its way back to the right input.
 */

export interface DraftInterval {
  key: string;
  start: string;
  end: string;
}

export interface DraftOverride {
  key: string;
  id?: string;
  from: string;
  to: string;
  label: string;
  closed: boolean;
  intervals: DraftInterval[];
}

export interface HoursDraft {
  /** Index 1..7 (0 unused). */
  weekly: DraftInterval[][];
  overrides: DraftOverride[];
}

let counter = 0;
export const newKey = () => `k${++counter}`;

export function draftFrom(stored: Pick<OrganizationHours, 'weekly' | 'overrides'>): HoursDraft {
  const weekly: DraftInterval[][] = [[], [], [], [], [], [], [], []];
  for (const iv of stored.weekly) weekly[iv.day]?.push({ key: newKey(), start: iv.start, end: iv.end });
  for (const day of weekly) day.sort((a, b) => a.start.localeCompare(b.start));
  return {
    weekly,
    overrides: stored.overrides.map((o) => ({
      key: newKey(),
      id: o.id,
      from: o.from,
      to: o.to,
      label: o.label,
      closed: o.closed,
      intervals: o.intervals.map((iv) => ({ key: newKey(), start: iv.start, end: iv.end })),
    })),
  };
}

export interface FlatHours {
  body: Pick<Hours, 'weekly' | 'overrides'>;
  /** weekly index in the body → the draft row's key. */
  weeklyKeys: string[];
}

export function flatten(draft: HoursDraft): FlatHours {
  const weekly: Hours['weekly'] = [];
  const weeklyKeys: string[] = [];
  for (const { day } of DAYS) {
    for (const iv of draft.weekly[day] ?? []) {
      weekly.push({ day, start: iv.start, end: iv.end });
      weeklyKeys.push(iv.key);
    }
  }
  const overrides: Hours['overrides'] = draft.overrides.map((o) => ({
    ...(o.id ? { id: o.id } : {}),
    from: o.from,
    to: o.to,
    label: o.label,
    closed: o.closed,
    intervals: o.closed ? [] : o.intervals.map((iv) => ({ start: iv.start, end: iv.end })),
  }));
  return { body: { weekly, overrides }, weeklyKeys };
}

export function toHours(draft: HoursDraft, timeZone: string): { hours: Hours; flat: FlatHours } {
  const flat = flatten(draft);
  return { hours: { timeZone, weekly: flat.body.weekly, overrides: flat.body.overrides }, flat };
}

/**
 * Messages by where they show: `row:<key>` for a weekly row, `<key>.start|end` for its inputs,
 * `override:<key>.<field>` for an override's fields and `override:<key>.<intervalKey>.start|end`
 * (or `.row`) for its intervals.
 */
export type DraftErrors = Record<string, string>;

export function mapErrors(fields: Record<string, string>, draft: HoursDraft, flat: FlatHours): { errors: DraftErrors; other: string[] } {
  const errors: DraftErrors = {};
  const other: string[] = [];
  for (const [path, message] of Object.entries(fields)) {
    const parts = path.split('.');
    if (parts[0] === 'weekly' && parts.length >= 2) {
      const key = flat.weeklyKeys[Number(parts[1])];
      if (key === undefined) other.push(message);
      else if (parts[2] === 'start' || parts[2] === 'end') errors[`${key}.${parts[2]}`] ??= message;
      else errors[`row:${key}`] ??= message;
    } else if (parts[0] === 'overrides' && parts.length >= 2) {
      const o = draft.overrides[Number(parts[1])];
      if (!o) {
        other.push(message);
        continue;
      }
      if (parts[2] === 'intervals' && parts.length >= 4) {
        const iv = o.intervals[Number(parts[3])];
        const where = parts[4] === 'start' || parts[4] === 'end' ? parts[4] : 'row';
        if (iv) errors[`override:${o.key}.${iv.key}.${where}`] ??= message;
        else errors[`override:${o.key}.intervals`] ??= message;
      } else {
        errors[`override:${o.key}.${parts[2] ?? 'row'}`] ??= message;
      }
    } else {
      other.push(message);
    }
  }
  return { errors, other };
}

/** The verdict of the endpoint's own body schema on the draft, in the same shape as the server's. */
export function validateDraft(
  draft: HoursDraft,
  stored: Pick<OrganizationHours, 'timeZone' | 'version'>,
): { errors: DraftErrors; other: string[]; hours: Hours | null } {
  const { hours, flat } = toHours(draft, stored.timeZone);
  const result = HoursBody.safeParse({ version: stored.version, ...flat.body });
  if (result.success) return { errors: {}, other: [], hours };
  const fields: Record<string, string> = {};
  for (const p of toFieldErrors(result.error.issues)) fields[p.path] ??= p.message;
  return { ...mapErrors(fields, draft, flat), hours: null };
}

export function sameDraft(a: HoursDraft, b: HoursDraft): boolean {
  return JSON.stringify(flatten(a).body) === JSON.stringify(flatten(b).body);
}
