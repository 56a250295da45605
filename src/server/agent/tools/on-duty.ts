import { onDuty } from '../../../domain/time/index.js';
import type { DbOrTx } from '../../db/client.js';
import { listOverrides, listSchedules, listShifts } from '../../features/schedules/schedules.repository.js';
import { toDomainSchedule } from '../../features/schedules/schedules.service.js';
import type { TransferTarget } from '../agent-types.js';
import { userContacts } from './agent-tools.repository.js';

/** Front-desk rotas are asked first; then the others, by name. */
const FRONT = /front|reception|desk|office/i;

/**
 * Who can take a transferred call now: the people and numbers on duty in the organization's
 * schedules, front desk first. Users are dialled on their phone when they have one, otherwise
 * in the browser softphone (a Twilio Client identity).
 */
export async function onDutyTargets(db: DbOrTx, organizationId: string, timeZone: string, now: Date): Promise<TransferTarget[]> {
  const schedules = (await listSchedules(db, organizationId)).sort((a, b) => Number(FRONT.test(b.name)) - Number(FRONT.test(a.name)));
  if (schedules.length === 0) return [];
  const ids = schedules.map((s) => s.id);
  const [shifts, overrides] = await Promise.all([listShifts(db, ids), listOverrides(db, ids, now)]);
  const assignees = schedules.flatMap((s) =>
    onDuty(
      toDomainSchedule(
        timeZone,
        shifts.filter((x) => x.scheduleId === s.id),
        overrides.filter((x) => x.scheduleId === s.id),
      ),
      now.getTime(),
    ),
  );
  const contacts = await userContacts(db, assignees.flatMap((a) => (a.type === 'user' ? [a.userId] : [])));
  const seen = new Set<string>();
  const targets: TransferTarget[] = [];
  for (const a of assignees) {
    const key = a.type === 'user' ? a.userId : a.phone;
    if (seen.has(key)) continue;
    seen.add(key);
    if (a.type === 'phone') targets.push({ type: 'phone', phone: a.phone, name: a.phone });
    else {
      const c = contacts.get(a.userId);
      if (c?.active) targets.push({ type: 'user', userId: a.userId, name: c.name, phone: c.phone });
    }
  }
  return targets;
}
