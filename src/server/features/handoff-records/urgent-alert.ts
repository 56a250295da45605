import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { sendMessage } from '../outbox/index.js';
import { findOrganizationById } from '../organizations/index.js';
import { formatInstantIn, practiceCountry } from '../../../domain/format/clock.js';
import { formatPhoneNumber } from '../../../domain/format/phone.js';
import { onDutyIn } from '../schedules/index.js';
import type { HandoffRow } from './create-handoff.service.js';
import { alertTargets, insertHandoffEvent, supervisorsOf, type AssignableUser } from './handoffs.repository.js';

export const URGENT_ALERT_TEMPLATE = 'urgent-handoff';

/**
 * Tells the people on duty now (any of the organization's schedules) about an urgent handoff,
 * through the outbox in the caller's transaction: staff by email (and text message when they
 * chose texts and have a number), on-duty phone numbers by text. With nobody on duty, the
 * organization's supervisors hear of it. Staff who turned urgent alerts off are skipped. The
 * alert names no patient and no reason (email and SMS are not private): it links to the queue.
 */
export async function alertOnDutyOfUrgentHandoff(ctx: AppContext, tx: DbOrTx, handoff: HandoffRow): Promise<void> {
  const org = await findOrganizationById(tx, handoff.organizationId);
  if (!org) return;
  const now = ctx.clock.now();
  const onDuty = await onDutyIn(tx, org, now);
  const staffIds = onDuty.flatMap((p) => (p.type === 'user' && p.userId ? [p.userId] : []));
  const phones = onDuty.flatMap((p) => (p.type === 'phone' && p.phone ? [p.phone] : []));
  let people: AssignableUser[] = await alertTargets(tx, staffIds);
  const fallback = onDuty.length === 0;
  if (fallback) people = await supervisorsOf(tx, org.id);

  const link = `${ctx.baseUrl}/handoffs/${handoff.id}`;
  // In the practice's zone and clock, its zone named (the people alerted may be anywhere).
  const country = practiceCountry(org.address);
  const due = formatInstantIn(handoff.dueAt, org.timeZone, { country, showZone: true, parts: 'time' });
  const subject = `Urgent handoff at ${org.name}`;
  const body = `An urgent handoff is waiting at ${org.name}. Please claim it by ${due}.\n\nOpen it: ${link}`;
  const sms = `Switchboard: urgent handoff at ${org.name}, due ${due}. ${link}`;
  const notified: string[] = [];
  for (const person of people) {
    if (person.notificationPreferences?.urgentHandoffs === false) continue;
    await sendMessage(tx, { channel: 'email', recipient: person.email, subject, body, template: URGENT_ALERT_TEMPLATE, organizationId: org.id });
    const text = Boolean(person.notificationPreferences?.sms && person.phone);
    if (text) await sendMessage(tx, { channel: 'sms', recipient: person.phone!, body: sms, template: URGENT_ALERT_TEMPLATE, organizationId: org.id });
    notified.push(`${person.name} (email${text ? ', text' : ''})`);
  }
  for (const phone of phones) {
    await sendMessage(tx, { channel: 'sms', recipient: phone, body: sms, template: URGENT_ALERT_TEMPLATE, organizationId: org.id });
    notified.push(`${formatPhoneNumber(phone, country)} (text)`);
  }
  const who = notified.length ? notified.join(', ') : 'nobody (no one on duty and no supervisor to alert)';
  await insertHandoffEvent(tx, {
    handoffId: handoff.id,
    kind: 'note',
    actorUserId: null,
    body: `Urgent alert sent to ${fallback && notified.length ? 'supervisors (no one on duty): ' : ''}${who}.`,
    data: { system: true, alert: 'urgent', recipients: notified.length },
    at: now,
  });
}
