import { Temporal } from 'temporal-polyfill';
import { z } from 'zod';
import { WEEKDAY_SHORT, isValidTimeZone, parseTimeOfDay } from './wall-clock.js';

export interface FieldError {
  /** Dotted path into the input, e.g. "weekly.2.end" ("" for the whole object). */
  path: string;
  message: string;
}

type IssuePath = Array<string | number>;
interface RawIssue {
  path: IssuePath;
  message: string;
}

export const TimeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'use HH:MM between 00:00 and 23:59' });
export type TimeOfDay = z.infer<typeof TimeOfDay>;

/** An end time may also be "24:00" (end of the day). */
export const EndTimeOfDay = z
  .string()
  .regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, { error: 'use HH:MM between 00:00 and 24:00' });

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export const IsoDate = z
  .string()
  .regex(ISO_DATE, { error: 'use YYYY-MM-DD' })
  .refine((v) => !ISO_DATE.test(v) || isIsoDate(v), { error: 'not a calendar date' });
export type IsoDate = z.infer<typeof IsoDate>;

export const TimeZone = z.string().refine(isValidTimeZone, { error: (iss) => `unknown time zone "${String(iss.input)}"` });

export const DayOfWeek = z.number().int().min(1, { error: 'day is 1 (Monday) to 7 (Sunday)' }).max(7, {
  error: 'day is 1 (Monday) to 7 (Sunday)',
});

const endDiffers = { error: 'end must differ from start', path: ['end'] };

export const DailyInterval = z
  .object({ start: TimeOfDay, end: EndTimeOfDay })
  .refine((iv) => iv.end !== iv.start, endDiffers);
export type DailyInterval = z.infer<typeof DailyInterval>;

/** `end <= start` means the interval runs past midnight into the next day (22:00–06:00). */
export const WeeklyInterval = z
  .object({ day: DayOfWeek, start: TimeOfDay, end: EndTimeOfDay })
  .refine((iv) => iv.end !== iv.start, endDiffers);
export type WeeklyInterval = z.infer<typeof WeeklyInterval>;

export const HoursOverride = z
  .object({
    id: z.string().optional(),
    from: IsoDate,
    to: IsoDate,
    label: z.string().trim().max(100, { error: 'at most 100 characters' }),
    closed: z.boolean(),
    intervals: z.array(DailyInterval).default([]),
  })
  .refine((o) => !(isIsoDate(o.from) && isIsoDate(o.to)) || o.to >= o.from, {
    error: 'must be on or after the start date',
    path: ['to'],
  });
export type HoursOverride = z.infer<typeof HoursOverride>;

export const Hours = z.object({
  timeZone: TimeZone,
  weekly: z.array(WeeklyInterval),
  overrides: z.array(HoursOverride).default([]),
});
export type Hours = z.infer<typeof Hours>;

/** Hours with the cross-field rules (overlaps, empty special days) reported per field. */
export const HoursInput = Hours.superRefine((hours, ctx) => {
  for (const issue of hoursIssues(hours)) ctx.addIssue({ code: 'custom', input: hours, ...issue });
});

export function validateHours(input: unknown): FieldError[] {
  const result = HoursInput.safeParse(input);
  return result.success ? [] : toFieldErrors(result.error.issues);
}

export function toFieldErrors(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): FieldError[] {
  return issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}

export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string' || !ISO_DATE.test(value)) return false;
  try {
    Temporal.PlainDate.from(value, { overflow: 'reject' });
    return true;
  } catch {
    return false;
  }
}

interface Span {
  start: number;
  end: number;
  name: string;
  path: IssuePath;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const END_TIME = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

/**
 * Minutes from the cycle's origin; null for a malformed interval. Refinements also run when a
 * field already failed its format check, and such an interval is reported by that check alone.
 */
function spanOf(start: unknown, end: unknown, offset: number): { start: number; end: number } | null {
  if (typeof start !== 'string' || typeof end !== 'string' || !TIME.test(start) || !END_TIME.test(end) || start === end) {
    return null;
  }
  const startMin = parseTimeOfDay(start);
  const endMin = parseTimeOfDay(end);
  return { start: offset + startMin, end: offset + (endMin > startMin ? endMin : endMin + 1440) };
}

/**
 * Pairwise overlap on a repeating cycle (a week, or a day for multi-day overrides): a span that
 * runs past the cycle's end wraps onto its beginning (Sunday 22:00–06:00 meets Monday 05:00).
 */
function overlapIssues(spans: Span[], cycle: number | null): RawIssue[] {
  const issues: RawIssue[] = [];
  const shifts = cycle === null ? [0] : [0, cycle, -cycle];
  for (let j = 1; j < spans.length; j++) {
    for (let i = 0; i < j; i++) {
      const a = spans[i]!;
      const b = spans[j]!;
      if (shifts.some((k) => a.start < b.end + k && b.start + k < a.end)) {
        issues.push({ path: b.path, message: `${a.name} overlaps ${b.name}` });
        break;
      }
    }
  }
  return issues;
}

export function hoursIssues(hours: Hours): RawIssue[] {
  const weekly: Span[] = [];
  hours.weekly.forEach((iv, i) => {
    const valid = Number.isInteger(iv.day) && iv.day >= 1 && iv.day <= 7;
    const span = valid ? spanOf(iv.start, iv.end, (iv.day - 1) * 1440) : null;
    if (span) weekly.push({ ...span, name: `${WEEKDAY_SHORT[iv.day - 1]} ${iv.start}–${iv.end}`, path: ['weekly', i] });
  });
  const issues = overlapIssues(weekly, 7 * 1440);
  hours.overrides.forEach((o, oi) => {
    if (o.closed) return;
    if (o.intervals.length === 0) {
      issues.push({ path: ['overrides', oi, 'intervals'], message: 'add opening hours or mark the dates closed' });
    }
    const spans: Span[] = [];
    o.intervals.forEach((iv, i) => {
      const span = spanOf(iv.start, iv.end, 0);
      if (span) spans.push({ ...span, name: `${iv.start}–${iv.end}`, path: ['overrides', oi, 'intervals', i] });
    });
    // A single date's overnight tail lands on an ordinary day, so only longer ranges wrap.
    issues.push(...overlapIssues(spans, o.from === o.to ? null : 1440));
  });
  return issues;
}
