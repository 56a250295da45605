import type { DbOrTx } from '../../db/client.js';
import { inForce, onDuty, type SchedulePurpose } from '../../../domain/time/index.js';
import { dutyContacts, listOverrides, listSchedules, listShifts } from './schedules.repository.js';
import type { Assignee as AssigneeView } from '../../../contracts/schedules.js';
import { assigneeView, officeOpenAt, toDomainSchedule } from './schedules.service.js';

export type OnDutyPerson = AssigneeView & {
  /** The schedule that puts them on duty (the first one, when several do). */
  scheduleName: string;
  /** Whether that schedule staffs the open office or covers urgent matters after hours. */
  schedulePurpose: SchedulePurpose;
  /** Where a live transfer dials them: a user's own phone (null: none), or the number on duty. */
  dialPhone: string | null;
};

/** Front-desk rotas come first (a caller asking for a person wants reception); then the others, by name. */
const FRONT_DESK = /front|reception|desk|office/i;

/** Office-hours rotas before after-hours coverage; among them the front desk first, then by name. */
function byPurposeThenFrontDesk(a: { name: string; purpose: SchedulePurpose }, b: { name: string; purpose: SchedulePurpose }): number {
  const purpose = Number(a.purpose === 'after_hours') - Number(b.purpose === 'after_hours');
  return purpose || Number(FRONT_DESK.test(b.name)) - Number(FRONT_DESK.test(a.name));
}

/**
 * Everyone on duty at `at` in the organization's schedules, de-duplicated: office-hours rotas
 * first (front desk first among them), then after-hours coverage. `purpose` keeps one kind only
 * (after-hours urgent transfers ask for `after_hours`). Users who are not active are left out, and
 * so are office-hours rotas while the office is closed by its hours (date overrides included:
 * nobody of the front desk is on duty on a holiday), as the schedules page shows them.
 * The one answer to "who is on duty": live transfers dial the first, urgent alerts tell them
 * all, and assignment suggests the first user.
 */
export async function onDutyIn(
  db: DbOrTx,
  organization: { id: string; timeZone: string },
  at: Date,
  options: { purpose?: SchedulePurpose } = {},
): Promise<OnDutyPerson[]> {
  const wanted = (await listSchedules(db, organization.id)).filter((s) => !options.purpose || s.purpose === options.purpose);
  if (wanted.length === 0) return [];
  const officeOpen = await officeOpenAt(db, organization, at);
  const schedules = wanted.filter((s) => inForce(s.purpose, officeOpen)).sort(byPurposeThenFrontDesk);
  if (schedules.length === 0) return [];
  const ids = schedules.map((s) => s.id);
  const [shifts, overrides] = await Promise.all([listShifts(db, ids), listOverrides(db, ids, at, new Date(at.getTime() + 1))]);
  const userIds = [...shifts.map((s) => s.assigneeUserId), ...overrides.map((o) => o.assigneeUserId)].filter((id): id is string => Boolean(id));
  const contacts = await dutyContacts(db, userIds);
  const names = new Map([...contacts].map(([id, c]) => [id, c.name]));
  const seen = new Set<string>();
  const people: OnDutyPerson[] = [];
  for (const schedule of schedules) {
    const own = (r: { scheduleId: string }) => r.scheduleId === schedule.id;
    const domain = toDomainSchedule(organization.timeZone, shifts.filter(own), overrides.filter(own));
    for (const assignee of onDuty(domain, at.getTime())) {
      const key = assignee.type === 'user' ? `user:${assignee.userId}` : `phone:${assignee.phone}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (assignee.type === 'user' && !contacts.get(assignee.userId)?.active) continue;
      const dialPhone = assignee.type === 'user' ? (contacts.get(assignee.userId)?.phone ?? null) : assignee.phone;
      people.push({ ...assigneeView(assignee, names), scheduleName: schedule.name, schedulePurpose: schedule.purpose, dialPhone });
    }
  }
  return people;
}
