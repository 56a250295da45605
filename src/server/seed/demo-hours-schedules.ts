import { randomUUID } from 'node:crypto';
import { Temporal } from 'temporal-polyfill';
import { resolveScheduleTime, type HoursOverride, type WeeklyInterval } from '../../domain/time/index.js';
import type { Tx } from '../db/client.js';
import { organizationHours, organizationPhoneNumbers, scheduleOverrides, scheduleShifts, schedules } from '../db/schema/index.js';

/**
 * Hours, numbers and rotas of the three demo practices, relative to the day of seeding so the
 * demo always has something coming up: Maple Street has a lunch break, Harbor Pediatrics an
 * after-hours nurse line (coverage, not opening hours: patients see office hours only), Camden
 * Road a practice holiday next week and no after-hours coverage.
 */

export type OrgKey = 'maple' | 'harbor' | 'camden';

/** Staff who work the rotas (beyond the four demo sign-ins). They sign in with the demo password. */
export const DEMO_STAFF = [
  { key: 'dana', email: 'dana.reyes@switchboard.demo', name: 'Dana Reyes', role: 'agent', orgs: ['maple'] },
  { key: 'lee', email: 'lee.chen@switchboard.demo', name: 'Lee Chen', role: 'agent', orgs: ['maple'] },
  { key: 'maria', email: 'maria.lopez@switchboard.demo', name: 'Maria Lopez', role: 'agent', orgs: ['harbor'] },
  { key: 'oliver', email: 'oliver.bennett@switchboard.demo', name: 'Oliver Bennett', role: 'agent', orgs: ['camden'] },
  { key: 'priya', email: 'priya.shah@switchboard.demo', name: 'Priya Shah', role: 'agent', orgs: ['camden'] },
  { key: 'amelia', email: 'amelia.hart@switchboard.demo', name: 'Dr Amelia Hart', role: 'supervisor', orgs: ['camden'] },
] as const;

export const DEMO_PHONE_NUMBERS: Record<OrgKey, { e164: string; label: string }[]> = {
  maple: [
    { e164: '+18605550100', label: 'Main line' },
    { e164: '+18605550101', label: 'Appointments' },
  ],
  harbor: [{ e164: '+15105550100', label: 'Main line' }],
  camden: [{ e164: '+442079460000', label: 'Reception' }],
};

const WEEKDAYS = [1, 2, 3, 4, 5];
const every = (days: number[], start: string, end: string): WeeklyInterval[] => days.map((day) => ({ day, start, end }));

interface DemoShift {
  assignee: { user: string } | { phone: string };
  days: number[];
  start: string;
  end: string;
  precedence: number;
}

interface DemoOverride {
  assignee: { user: string } | { phone: string };
  replaces?: { user: string } | { phone: string };
  /** Wall times in the organization's zone. */
  from: string;
  to: string;
  note: string;
}

interface DemoSchedule {
  name: string;
  description: string;
  /** Office hours (staffs the open office) or after-hours coverage (urgent transfers while closed). */
  purpose: 'office_hours' | 'after_hours';
  shifts: DemoShift[];
  overrides: DemoOverride[];
}

/** The next date (after today) that falls on ISO weekday `dow`. */
function nextWeekday(today: Temporal.PlainDate, dow: number): Temporal.PlainDate {
  return today.add({ days: (dow - today.dayOfWeek + 7) % 7 || 7 });
}

/** Thanksgiving (fourth Thursday of November) this year, or next year's once it has passed. */
function nextThanksgiving(today: Temporal.PlainDate): string {
  for (const year of [today.year, today.year + 1]) {
    const first = Temporal.PlainDate.from({ year, month: 11, day: 1 });
    const date = first.add({ days: ((4 - first.dayOfWeek + 7) % 7) + 21 });
    if (Temporal.PlainDate.compare(date, today) >= 0) return date.toString();
  }
  throw new Error('unreachable');
}

function plan(key: OrgKey, today: Temporal.PlainDate): { weekly: WeeklyInterval[]; overrides: Omit<HoursOverride, 'id'>[]; schedules: DemoSchedule[] } {
  switch (key) {
    case 'maple': {
      const thanksgiving = nextThanksgiving(today);
      // Lee's day off is a Thursday that is not Thanksgiving.
      let thursday = nextWeekday(today, 4);
      if (thursday.toString() === thanksgiving) thursday = thursday.add({ days: 7 });
      return {
        // A lunch break every weekday, and Saturday mornings.
        weekly: [...every(WEEKDAYS, '08:00', '12:00'), ...every(WEEKDAYS, '13:00', '17:00'), { day: 6, start: '09:00', end: '12:00' }],
        overrides: [
          { from: thanksgiving, to: Temporal.PlainDate.from(thanksgiving).add({ days: 1 }).toString(), label: 'Thanksgiving', closed: true, intervals: [] },
        ],
        schedules: [
          {
            name: 'Front desk',
            description: 'Answers transfers while the practice is open.',
            purpose: 'office_hours',
            shifts: [
              { assignee: { user: 'dana' }, days: [1, 2, 3], start: '08:00', end: '17:00', precedence: 0 },
              { assignee: { user: 'lee' }, days: [4, 5], start: '08:00', end: '17:00', precedence: 0 },
              { assignee: { user: 'agent' }, days: WEEKDAYS, start: '08:00', end: '17:00', precedence: 1 },
              { assignee: { user: 'supervisor' }, days: [6], start: '09:00', end: '12:00', precedence: 0 },
            ],
            overrides: [
              { assignee: { user: 'dana' }, replaces: { user: 'lee' }, from: `${thursday}T08:00`, to: `${thursday}T17:00`, note: 'Lee at a training course' },
            ],
          },
          {
            name: 'On-call nurse',
            description: 'Urgent clinical questions outside office hours.',
            purpose: 'after_hours',
            shifts: [
              { assignee: { phone: '+18605550142' }, days: [1, 2, 3, 4, 5, 6, 7], start: '17:00', end: '08:00', precedence: 0 },
              // The lunch break is outside office hours too.
              { assignee: { phone: '+18605550142' }, days: WEEKDAYS, start: '12:00', end: '13:00', precedence: 0 },
              { assignee: { user: 'supervisor' }, days: [6, 7], start: '08:00', end: '17:00', precedence: 0 },
            ],
            overrides: [],
          },
        ],
      };
    }
    case 'harbor': {
      // Two nights from now: inside the 7-day view whatever the weekday.
      const night = today.add({ days: 2 });
      const morning = night.add({ days: 1 });
      return {
        // Office hours: weekdays and weekend mornings. The nurse line below is after-hours
        // coverage, never opening hours.
        weekly: [...every(WEEKDAYS, '08:00', '18:00'), ...every([6, 7], '09:00', '13:00')],
        overrides: [],
        schedules: [
          {
            name: 'Front desk',
            description: 'Daytime reception and scheduling.',
            purpose: 'office_hours',
            shifts: [
              { assignee: { user: 'maria' }, days: WEEKDAYS, start: '08:00', end: '18:00', precedence: 0 },
              { assignee: { user: 'supervisor' }, days: WEEKDAYS, start: '08:00', end: '18:00', precedence: 1 },
              { assignee: { phone: '+15105550199' }, days: [6, 7], start: '09:00', end: '13:00', precedence: 0 },
            ],
            overrides: [],
          },
          {
            name: 'After-hours nurse line',
            description: 'Paediatric nurse advice whenever the office is closed.',
            purpose: 'after_hours',
            // Every closed hour: weekday evenings and nights, weekend afternoons and nights.
            shifts: [
              { assignee: { phone: '+15105550123' }, days: [1, 2, 3, 4], start: '18:00', end: '08:00', precedence: 0 },
              { assignee: { phone: '+15105550123' }, days: [5], start: '18:00', end: '09:00', precedence: 0 },
              { assignee: { phone: '+15105550123' }, days: [6], start: '13:00', end: '09:00', precedence: 0 },
              { assignee: { phone: '+15105550123' }, days: [7], start: '13:00', end: '08:00', precedence: 0 },
            ],
            overrides: [
              { assignee: { user: 'maria' }, replaces: { phone: '+15105550123' }, from: `${night}T21:00`, to: `${morning}T07:00`, note: 'Nurse line provider maintenance' },
            ],
          },
        ],
      };
    }
    case 'camden': {
      // Wednesday of next week.
      const holiday = nextWeekday(today, 1).add({ days: 2 });
      return {
        weekly: every(WEEKDAYS, '08:00', '18:30'),
        overrides: [{ from: holiday.toString(), to: holiday.toString(), label: 'Practice holiday', closed: true, intervals: [] }],
        schedules: [
          {
            name: 'Reception',
            description: 'Front desk, mornings and afternoons.',
            purpose: 'office_hours',
            shifts: [
              { assignee: { user: 'oliver' }, days: WEEKDAYS, start: '08:00', end: '13:00', precedence: 0 },
              { assignee: { user: 'priya' }, days: WEEKDAYS, start: '13:00', end: '18:30', precedence: 0 },
            ],
            overrides: [],
          },
          {
            name: 'Duty doctor',
            description: 'Clinical call-backs during surgery hours.',
            purpose: 'office_hours',
            shifts: [
              { assignee: { user: 'amelia' }, days: [1, 3, 5], start: '08:00', end: '18:30', precedence: 0 },
              { assignee: { phone: '+442079460018' }, days: [2, 4], start: '08:00', end: '18:30', precedence: 0 },
            ],
            overrides: [],
          },
        ],
      };
    }
  }
}

export async function seedHoursAndSchedules(
  tx: Tx,
  orgs: { key: OrgKey; id: string; timeZone: string }[],
  userIds: Map<string, string>,
  now: Date,
): Promise<void> {
  for (const org of orgs) {
    const today = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(org.timeZone).toPlainDate();
    const p = plan(org.key, today);
    p.weekly.sort((a, b) => a.day - b.day || a.start.localeCompare(b.start));
    await tx
      .insert(organizationHours)
      .values({ organizationId: org.id, weekly: p.weekly, overrides: p.overrides.map((o) => ({ id: randomUUID(), ...o })) })
      .onConflictDoUpdate({ target: organizationHours.organizationId, set: { weekly: p.weekly, overrides: p.overrides.map((o) => ({ id: randomUUID(), ...o })) } });
    await tx.insert(organizationPhoneNumbers).values(DEMO_PHONE_NUMBERS[org.key].map((n) => ({ organizationId: org.id, ...n })));

    const assignee = (a: { user: string } | { phone: string }) =>
      'user' in a
        ? { type: 'user' as const, userId: userIds.get(a.user) ?? fail(`unknown demo user ${a.user}`), phone: null }
        : { type: 'phone' as const, userId: null, phone: a.phone };

    for (const s of p.schedules) {
      const [row] = await tx.insert(schedules).values({ organizationId: org.id, name: s.name, description: s.description, purpose: s.purpose }).returning({ id: schedules.id });
      for (const shift of s.shifts) {
        const a = assignee(shift.assignee);
        await tx.insert(scheduleShifts).values({
          scheduleId: row!.id,
          organizationId: org.id,
          assigneeType: a.type,
          assigneeUserId: a.userId,
          assigneePhone: a.phone,
          days: shift.days,
          startTime: shift.start,
          endTime: shift.end,
          precedence: shift.precedence,
        });
      }
      for (const o of s.overrides) {
        const a = assignee(o.assignee);
        const r = o.replaces ? assignee(o.replaces) : null;
        await tx.insert(scheduleOverrides).values({
          scheduleId: row!.id,
          organizationId: org.id,
          assigneeType: a.type,
          assigneeUserId: a.userId,
          assigneePhone: a.phone,
          replacesType: r?.type ?? null,
          replacesUserId: r?.userId ?? null,
          replacesPhone: r?.phone ?? null,
          startsAt: new Date(resolveScheduleTime(o.from, org.timeZone, 'start')),
          endsAt: new Date(resolveScheduleTime(o.to, org.timeZone, 'end')),
          note: o.note,
        });
      }
    }
  }
}

function fail(message: string): never {
  throw new Error(message);
}
