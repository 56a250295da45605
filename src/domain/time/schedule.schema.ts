import { Temporal } from 'temporal-polyfill';
import { z } from 'zod';
import { DayOfWeek, EndTimeOfDay, type FieldError, IsoDate, TimeOfDay, TimeZone, isIsoDate, toFieldErrors } from './hours.schema.js';
import { epochDayOfDate, isValidTimeZone, wallClockToEpochMs, type Edge } from './wall-clock.js';

/**
 * What a schedule is for: `office_hours` staffs the office while it is open; `after_hours` puts a
 * nurse or on-call clinician on duty for urgent transfers while the office is closed.
 */
export const SCHEDULE_PURPOSES = ['office_hours', 'after_hours'] as const;
export const SchedulePurpose = z.enum(SCHEDULE_PURPOSES, { error: 'Choose office hours or after-hours coverage.' });
export type SchedulePurpose = z.infer<typeof SchedulePurpose>;

export const E164 = z.string().regex(/^\+[1-9]\d{1,14}$/, { error: 'use an international number like +14155550123' });

export const Assignee = z.discriminatedUnion('type', [
  z.object({ type: z.literal('user'), userId: z.string().min(1, { error: 'choose a user' }) }),
  z.object({ type: z.literal('phone'), phone: E164 }),
]);
export type Assignee = z.infer<typeof Assignee>;

export function assigneeKey(a: Assignee): string {
  return a.type === 'user' ? `user:${a.userId}` : `phone:${a.phone}`;
}

const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/;

/** An exact instant ("2026-03-08T14:00:00Z", with an offset) or a wall time "2026-03-08T09:00". */
export const ScheduleTime = z.string().refine((v) => parseScheduleTime(v) !== null, {
  error: 'use YYYY-MM-DDTHH:MM in the schedule’s time zone, or an ISO instant with an offset',
});

type ParsedTime = { kind: 'instant'; ms: number } | { kind: 'local'; date: string; minutes: number };

function parseScheduleTime(value: string): ParsedTime | null {
  const local = LOCAL_DATE_TIME.exec(value);
  if (local) {
    const [, date, hh, mm] = local;
    const minutes = Number(hh) * 60 + Number(mm);
    return isIsoDate(date) && Number(hh) < 24 && Number(mm) < 60 ? { kind: 'local', date: date!, minutes } : null;
  }
  try {
    return { kind: 'instant', ms: Temporal.Instant.from(value).epochMilliseconds };
  } catch {
    return null;
  }
}

/**
 * Epoch ms of a schedule time. Wall times follow the hours rules: a skipped time is the
 * transition, and a repeated one is its first occurrence for a start and second for an end.
 */
export function resolveScheduleTime(value: string, zone: string, edge: Edge): number {
  const parsed = parseScheduleTime(value);
  if (parsed === null) throw new RangeError(`invalid schedule time "${value}"`);
  if (parsed.kind === 'instant') return parsed.ms;
  return wallClockToEpochMs(zone, epochDayOfDate(parsed.date), parsed.minutes, edge);
}

export const Shift = z
  .object({
    id: z.string().min(1),
    assignee: Assignee,
    days: z.array(DayOfWeek).min(1, { error: 'choose at least one day' }),
    start: TimeOfDay,
    /** `end <= start` runs past midnight into the next day; the shift belongs to its start day. */
    end: EndTimeOfDay,
    effectiveFrom: IsoDate.optional(),
    effectiveTo: IsoDate.optional(),
    /** Lower goes first in the on-duty list. */
    precedence: z.number(),
  })
  .superRefine((s, ctx) => {
    if (s.end === s.start) ctx.addIssue({ code: 'custom', input: s, path: ['end'], message: 'end must differ from start' });
    if (new Set(s.days).size !== s.days.length) {
      ctx.addIssue({ code: 'custom', input: s, path: ['days'], message: 'each day only once' });
    }
    if (isIsoDate(s.effectiveFrom) && isIsoDate(s.effectiveTo) && s.effectiveTo < s.effectiveFrom) {
      ctx.addIssue({ code: 'custom', input: s, path: ['effectiveTo'], message: 'must be on or after the start date' });
    }
  });
export type Shift = z.infer<typeof Shift>;

export const ScheduleOverride = z
  .object({
    id: z.string().min(1),
    assignee: Assignee,
    from: ScheduleTime,
    to: ScheduleTime,
    /** The person being covered for: off duty while this override runs. */
    replacesAssignee: Assignee.optional(),
  })
  .refine((o) => !o.replacesAssignee || assigneeKey(o.replacesAssignee) !== assigneeKey(o.assignee), {
    error: 'cannot cover for themselves',
    path: ['replacesAssignee'],
  });
export type ScheduleOverride = z.infer<typeof ScheduleOverride>;

export const Schedule = z.object({
  timeZone: TimeZone,
  shifts: z.array(Shift),
  overrides: z.array(ScheduleOverride).default([]),
});
export type Schedule = z.infer<typeof Schedule>;

export const ScheduleInput = Schedule.superRefine((schedule, ctx) => {
  const seen = new Set<string>();
  schedule.shifts.forEach((s, i) => {
    if (seen.has(s.id)) ctx.addIssue({ code: 'custom', input: s, path: ['shifts', i, 'id'], message: 'duplicate id' });
    seen.add(s.id);
  });
  // Wall times mean nothing without a zone; the zone field already reports itself.
  if (!isValidTimeZone(schedule.timeZone)) return;
  schedule.overrides.forEach((o, i) => {
    if (parseScheduleTime(o.from) === null || parseScheduleTime(o.to) === null) return;
    if (resolveScheduleTime(o.to, schedule.timeZone, 'end') <= resolveScheduleTime(o.from, schedule.timeZone, 'start')) {
      ctx.addIssue({ code: 'custom', input: o, path: ['overrides', i, 'to'], message: 'must be after the start' });
    }
  });
});

export function validateSchedule(input: unknown): FieldError[] {
  const result = ScheduleInput.safeParse(input);
  return result.success ? [] : toFieldErrors(result.error.issues);
}
