import type { DbOrTx } from '../../db/client.js';
import { onDuty } from '../../../domain/time/index.js';
import { listOverrides, listSchedules, listShifts, userNames } from './schedules.repository.js';
import { assigneeView, toDomainSchedule, type AssigneeView } from './schedules.service.js';

export interface OnDutyPerson extends AssigneeView {
  /** The schedule that puts them on duty (the first one, when several do). */
  scheduleName: string;
}

/**
 * Everyone on duty at `at` in any of the organization's schedules, de-duplicated, in schedule
 * order. Handoff routing (assignment suggestions, urgent alerts) and live transfers read it.
 */
export async function onDutyIn(db: DbOrTx, organization: { id: string; timeZone: string }, at: Date): Promise<OnDutyPerson[]> {
  const schedules = await listSchedules(db, organization.id);
  if (schedules.length === 0) return [];
  const ids = schedules.map((s) => s.id);
  const [shifts, overrides] = await Promise.all([listShifts(db, ids), listOverrides(db, ids, at, new Date(at.getTime() + 1))]);
  const userIds = [...shifts.map((s) => s.assigneeUserId), ...overrides.map((o) => o.assigneeUserId)].filter((id): id is string => Boolean(id));
  const names = await userNames(db, userIds);
  const seen = new Set<string>();
  const people: OnDutyPerson[] = [];
  for (const schedule of schedules) {
    const own = (r: { scheduleId: string }) => r.scheduleId === schedule.id;
    const domain = toDomainSchedule(organization.timeZone, shifts.filter(own), overrides.filter(own));
    for (const assignee of onDuty(domain, at.getTime())) {
      const key = assignee.type === 'user' ? `user:${assignee.userId}` : `phone:${assignee.phone}`;
      if (seen.has(key)) continue;
      seen.add(key);
      people.push({ ...assigneeView(assignee, names), scheduleName: schedule.name });
    }
  }
  return people;
}
