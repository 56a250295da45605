import { z } from 'zod';
import { DayOfWeek, EndTimeOfDay, IsoDate, TimeOfDay } from '../domain/time/hours.schema.js';
import { SchedulePurpose, ScheduleTime } from '../domain/time/schedule.schema.js';

export { SchedulePurpose };

/**
 * The schedules endpoints (/api/organizations/:id/schedules, /api/schedules/…): what the server
 * validates and answers, and what the web's schedule, shift and cover dialogs send and check.
 */

const Version = z.number({ error: 'Send the version you started from.' }).int().min(0);

export const ScheduleName = z
  .string({ error: 'Enter a name.' })
  .trim()
  .min(1, { error: 'Enter a name, e.g. Front desk.' })
  .max(80, { error: 'Use at most 80 characters.' });
const Description = z.string().trim().max(500, { error: 'Use at most 500 characters.' });

/** A person of the organization, or an outside number (normalised to E.164 by the service). */
export const AssigneeInput = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('user'), userId: z.string({ error: 'Choose a person.' }).min(1, { error: 'Choose a person.' }).max(100) }),
    z.object({
      type: z.literal('phone'),
      phone: z.string({ error: 'Enter a phone number.' }).trim().min(1, { error: 'Enter a phone number.' }).max(40, { error: 'That phone number is too long.' }),
    }),
  ],
  { error: 'Choose a person or enter a phone number.' },
);
export type AssigneeInput = z.infer<typeof AssigneeInput>;

export const CreateScheduleBody = z.object({ name: ScheduleName, description: Description.default(''), purpose: SchedulePurpose.default('office_hours') });
export type CreateScheduleBody = z.input<typeof CreateScheduleBody>;
export const UpdateScheduleBody = z
  .object({ version: Version, name: ScheduleName.optional(), description: Description.optional(), purpose: SchedulePurpose.optional() })
  .refine((b) => b.name !== undefined || b.description !== undefined || b.purpose !== undefined, { error: 'Change the name, the description or what the schedule is for.' });
export type UpdateScheduleBody = z.input<typeof UpdateScheduleBody>;

export const ShiftBody = z
  .object({
    assignee: AssigneeInput,
    days: z.array(DayOfWeek).min(1, { error: 'Choose at least one day.' }).max(7, { error: 'Choose each day once.' }),
    start: TimeOfDay,
    /** At or before the start: the shift runs past midnight into the next day. */
    end: EndTimeOfDay,
    effectiveFrom: IsoDate.nullable().default(null),
    effectiveTo: IsoDate.nullable().default(null),
    /** Lower comes first in the on-duty order. */
    precedence: z
      .number({ error: 'Enter a number.' })
      .int({ error: 'Use a whole number.' })
      .min(-999, { error: 'Use a number from -999 to 999.' })
      .max(999, { error: 'Use a number from -999 to 999.' })
      .default(0),
  })
  .superRefine((s, ctx) => {
    if (s.end === s.start) ctx.addIssue({ code: 'custom', path: ['end'], message: 'end must differ from start', input: s.end });
    if (new Set(s.days).size !== s.days.length) ctx.addIssue({ code: 'custom', path: ['days'], message: 'choose each day only once', input: s.days });
    if (s.effectiveFrom && s.effectiveTo && s.effectiveTo < s.effectiveFrom) {
      ctx.addIssue({ code: 'custom', path: ['effectiveTo'], message: 'must be on or after the start date', input: s.effectiveTo });
    }
  });
/** What a client sends (fields with defaults may be left out). */
export type ShiftBody = z.input<typeof ShiftBody>;
/** What the server reads once the body is parsed. */
export type ShiftInput = z.infer<typeof ShiftBody>;
export const UpdateShiftBody = z.object({ version: Version, shift: ShiftBody });
export type UpdateShiftBody = z.input<typeof UpdateShiftBody>;

export const OverrideBody = z.object({
  assignee: AssigneeInput,
  /** The person being covered for: off duty while the override runs. */
  replacesAssignee: AssigneeInput.nullable().default(null),
  /** A wall time "2026-06-05T17:00" in the organization's zone, or an instant with an offset. */
  from: ScheduleTime,
  to: ScheduleTime,
  note: z.string().trim().max(200, { error: 'Use at most 200 characters.' }).default(''),
});
export type OverrideBody = z.input<typeof OverrideBody>;
export type OverrideInput = z.infer<typeof OverrideBody>;
export const UpdateOverrideBody = z.object({ version: Version, override: OverrideBody });
export type UpdateOverrideBody = z.input<typeof UpdateOverrideBody>;

export const VersionQuery = z.object({ version: z.coerce.number({ error: 'Send the version you started from.' }).int().min(0) });

export const OrganizationParams = z.object({ id: z.string().max(100) });
export const ScheduleParams = z.object({ scheduleId: z.string().max(100) });
export const ShiftParams = z.object({ scheduleId: z.string().max(100), shiftId: z.string().max(100) });
export const OverrideParams = z.object({ scheduleId: z.string().max(100), overrideId: z.string().max(100) });

export const OnDutyQuery = z.object({ at: z.iso.datetime({ offset: true, error: 'Use an ISO date-time such as 2026-06-05T17:00:00Z.' }).optional() });
export const CoverageQuery = z.object({
  /** First date, in the organization's zone; today there by default. */
  from: IsoDate.optional(),
  days: z.coerce.number().int().min(1, { error: 'Ask for 1 to 31 days.' }).max(31, { error: 'Ask for 1 to 31 days.' }).default(7),
});

export const AssigneeView = z
  .object({
    type: z.enum(['user', 'phone']),
    userId: z.string().nullable(),
    phone: z.string().nullable(),
    /** The person's name, or the number. */
    name: z.string(),
  })
  .meta({ id: 'Assignee' });
/** Who is on duty, with the name to show. */
export type Assignee = z.infer<typeof AssigneeView>;

export const ShiftView = z
  .object({
    id: z.string(),
    assignee: AssigneeView,
    days: z.array(z.number()),
    start: z.string(),
    end: z.string(),
    effectiveFrom: z.string().nullable(),
    effectiveTo: z.string().nullable(),
    precedence: z.number(),
    version: z.number(),
  })
  .meta({ id: 'Shift' });
export type Shift = z.infer<typeof ShiftView>;

export const OverrideView = z
  .object({
    id: z.string(),
    assignee: AssigneeView,
    replacesAssignee: AssigneeView.nullable(),
    from: z.string(),
    to: z.string(),
    /** The same instants as wall times in the organization's zone. */
    fromLocal: z.string(),
    toLocal: z.string(),
    note: z.string(),
    version: z.number(),
  })
  .meta({ id: 'ScheduleOverride' });
export type ScheduleOverride = z.infer<typeof OverrideView>;

/**
 * What "on duty now" means, read against the office's hours and their date overrides: someone is
 * on duty; nobody while someone must be (`gap`); or nobody needed — an office rota while the office
 * is closed (`office_closed`: a holiday or a closed evening is no gap), after-hours coverage while
 * it is open (`office_open`).
 */
export const DutyNow = z.enum(['on_duty', 'gap', 'office_closed', 'office_open']);
export type DutyNow = z.infer<typeof DutyNow>;

export const ScheduleSummary = z
  .object({
    id: z.string(),
    organizationId: z.string(),
    name: z.string(),
    description: z.string(),
    purpose: SchedulePurpose,
    version: z.number(),
    shiftCount: z.number(),
    overrideCount: z.number(),
    onDutyNow: z.array(AssigneeView),
    dutyNow: DutyNow,
    updatedAt: z.string(),
  })
  .meta({ id: 'ScheduleSummary' });
export type ScheduleSummary = z.infer<typeof ScheduleSummary>;

export const ScheduleListResponse = z.object({ timeZone: z.string(), items: z.array(ScheduleSummary) });
export type ScheduleListResponse = z.infer<typeof ScheduleListResponse>;

export const ScheduleView = z
  .object({
    id: z.string(),
    organizationId: z.string(),
    timeZone: z.string(),
    name: z.string(),
    description: z.string(),
    purpose: SchedulePurpose,
    version: z.number(),
    shifts: z.array(ShiftView),
    /** Running and upcoming overrides, and those that ended in the last 14 days. */
    overrides: z.array(OverrideView),
    onDutyNow: z.array(AssigneeView),
    dutyNow: DutyNow,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Schedule' });
export type Schedule = z.infer<typeof ScheduleView>;

export const OnDutyResponse = z.object({ at: z.string(), timeZone: z.string(), onDuty: z.array(AssigneeView), dutyNow: DutyNow }).meta({ id: 'OnDuty' });
export type OnDuty = z.infer<typeof OnDutyResponse>;

export const CoverageResponse = z
  .object({
    timeZone: z.string(),
    from: z.string(),
    to: z.string(),
    /** The schedule's purpose decides which hours must be covered. */
    purpose: SchedulePurpose,
    /** `label`: the hours' date override governing the day (a holiday, special hours), or null. */
    days: z.array(z.object({ date: z.string(), start: z.string(), end: z.string(), label: z.string().nullable() })),
    /**
     * Contiguous, covering [from, to), split where the office opens or closes. `required`: the
     * schedule must have someone on duty then (office hours for an office schedule, the closed
     * hours for after-hours coverage); a required segment with nobody on duty is a gap.
     */
    segments: z.array(z.object({ start: z.string(), end: z.string(), onDuty: z.array(AssigneeView), required: z.boolean() })),
    /** The required segments with nobody on duty, and their total length in minutes. */
    gapCount: z.number(),
    gapMinutes: z.number(),
  })
  .meta({ id: 'Coverage' });
export type Coverage = z.infer<typeof CoverageResponse>;

