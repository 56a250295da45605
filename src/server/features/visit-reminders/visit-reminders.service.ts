import { DEFAULT_REMINDER_HOURS, REMINDER_HOURS } from '../../../contracts/organizations.js';
import { formatInstantIn, practiceCountry } from '../../../domain/format/clock.js';
import { formatPhoneNumber } from '../../../domain/format/phone.js';
import { emergencyNumber } from '../../../domain/patient/emergency-number.js';
import type { AppContext } from '../../app-context.js';
import type { Tx } from '../../db/client.js';
import { recordAudit } from '../audit/index.js';
import { createHandoff } from '../handoff-records/index.js';
import { phoneNumbersOf, type OrganizationRow } from '../organizations/index.js';
import { sendMessage } from '../outbox/index.js';
import { textOptOutOf } from '../sms-opt-outs/index.js';
import { answerReminder, claimReminder, confirmVisit, linkOutboxMessage, lockLatestReminderTo, upcomingVisits, type UpcomingVisit } from './visit-reminders.repository.js';

/**
 * Reminders before booked visits (issue 31 §5): at the moments the practice chose (24 and 2 hours
 * before by default), by text and e-mail, each at most once (visit_reminders' unique key, taken in
 * the transaction that queues the message). Only the nearest moment that has come is sent — a
 * worker that was down does not send yesterday's reminder and today's together — and only when
 * the visit was booked before that moment (a visit booked this morning for this afternoon gets the
 * 2-hour one, not the 24-hour one). Texts never name the visit's reason (the number may not be
 * the patient's alone); a number that replied STOP gets none (the outbox keeps it suppressed).
 */

export const REMINDER_TEMPLATE = 'visit-reminder';
const LONGEST = Math.max(...REMINDER_HOURS);

export async function sendDueReminders(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  let sent = 0;
  for (const visit of await upcomingVisits(ctx.db, now, LONGEST)) {
    const hours = dueMoment(visit, now);
    if (hours === null) continue;
    sent += await ctx.db.transaction(async (tx) => remind(ctx, tx, visit, hours, now));
  }
  return sent;
}

/** The nearest reminder moment that has come for the visit and that it was booked before; null: none. */
export function dueMoment(visit: Pick<UpcomingVisit, 'startsAt' | 'bookedAt' | 'appointmentSettings'>, now: Date): number | null {
  const chosen = reminderHoursOf(visit.appointmentSettings);
  const due = chosen.filter((h) => {
    const moment = visit.startsAt.getTime() - h * 3_600_000;
    return moment <= now.getTime() && visit.bookedAt.getTime() <= moment;
  });
  return due.length ? Math.min(...due) : null;
}

function reminderHoursOf(settings: Record<string, unknown>): number[] {
  const stored = settings?.reminderHours;
  if (!Array.isArray(stored)) return [...DEFAULT_REMINDER_HOURS];
  return stored.filter((h): h is number => typeof h === 'number' && (REMINDER_HOURS as readonly number[]).includes(h));
}

async function remind(ctx: AppContext, tx: Tx, visit: UpcomingVisit, hours: number, now: Date): Promise<number> {
  const spanish = visit.language === 'es';
  const country = practiceCountry(visit.practiceAddress);
  const when = formatInstantIn(visit.startsAt, visit.timeZone, { country, weekday: 'short', language: spanish ? 'es' : 'en' });
  const number = (await phoneNumbersOf(tx, [visit.organizationId])).get(visit.organizationId)?.[0]?.e164;
  const callUs = number ? formatPhoneNumber(number, country) : null;
  let sent = 0;
  if (visit.phone) {
    const id = await claimReminder(tx, { organizationId: visit.organizationId, visitId: visit.id, hoursBefore: hours, channel: 'sms', recipient: visit.phone, sentAt: now });
    if (id) {
      const body = spanish
        ? `${visit.practice}: le recordamos su cita el ${when} con ${visit.clinician} en ${visit.location}. Responda C para confirmar o R para pedir otro horario.`
        : `${visit.practice}: a reminder of your visit on ${when} with ${visit.clinician} at ${visit.location}. Reply C to confirm or R to ask for another time.`;
      const row = await sendMessage(tx, { channel: 'sms', recipient: visit.phone, body, template: REMINDER_TEMPLATE, organizationId: visit.organizationId, language: spanish ? 'es' : 'en' });
      await linkOutboxMessage(tx, id, row.id);
      sent++;
    }
  }
  if (visit.email) {
    const id = await claimReminder(tx, { organizationId: visit.organizationId, visitId: visit.id, hoursBefore: hours, channel: 'email', recipient: visit.email, sentAt: now });
    if (id) {
      const greeting = visit.firstName ? (spanish ? `Hola ${visit.firstName}:` : `Hello ${visit.firstName},`) : spanish ? 'Hola:' : 'Hello,';
      const where = [visit.location, visit.address].filter(Boolean).join(', ');
      const body = spanish
        ? `${greeting}\n\nLe recordamos su cita en ${visit.practice} el ${when} con ${visit.clinician}, en ${where}.\n\n${callUs ? `Si necesita otro horario o no puede venir, llámenos al ${callUs}.` : 'Si necesita otro horario o no puede venir, llámenos.'}\nEn una emergencia, llame al ${emergencyNumber(country)}.`
        : `${greeting}\n\nThis is a reminder of your visit at ${visit.practice} on ${when} with ${visit.clinician}, at ${where}.\n\n${callUs ? `If you need another time or cannot come, call us at ${callUs}.` : 'If you need another time or cannot come, please call us.'}\nIn an emergency, call ${emergencyNumber(country)}.`;
      const subject = spanish ? `Recordatorio: su cita el ${when}` : `Reminder: your visit on ${when}`;
      const row = await sendMessage(tx, { channel: 'email', recipient: visit.email, subject, body, template: REMINDER_TEMPLATE, organizationId: visit.organizationId });
      await linkOutboxMessage(tx, id, row.id);
      sent++;
    }
  }
  return sent;
}

/** "C", "c.", "confirm", "yes", "sí": the visit is on. */
const CONFIRMS = /^\s*(?:c|confirm(?:ed)?|yes|yep|yeah|si|sí|ok|okay|confirmo|confirmado)\s*[.!]*\s*$/i;
/** "R", "reschedule", "another time": a person finds another time. */
const ANOTHER_TIME = /^\s*(?:r|reschedule|another time|change|cambiar|otro horario|otra hora)\s*[.!]*\s*$/i;

/**
 * A text answering a reminder (C confirms the visit; R asks for another time, which reaches the
 * front desk as a handoff), in the inbound webhook's transaction. Answers what to text back, or
 * undefined when the text is not an answer to a reminder (it then goes where other texts go).
 */
export async function receiveReminderReply(ctx: AppContext, tx: Tx, text: { organization: OrganizationRow; from: string; body: string; messageSid: string }): Promise<{ answer: string | null; language: 'en' | 'es' } | undefined> {
  const confirms = CONFIRMS.test(text.body);
  const anotherTime = !confirms && ANOTHER_TIME.test(text.body);
  if (!confirms && !anotherTime) return undefined;
  const now = ctx.clock.now();
  const reminder = await lockLatestReminderTo(tx, text.organization.id, text.from, now);
  if (!reminder) return undefined;
  const spanish = reminder.language === 'es';
  const language = spanish ? ('es' as const) : ('en' as const);
  const country = practiceCountry(text.organization.address);
  const when = formatInstantIn(reminder.startsAt, text.organization.timeZone, { country, weekday: 'short', language: spanish ? 'es' : 'en' });
  const actor = { kind: 'anonymous' as const, label: `text message from ${text.from}` };
  const optedOut = await textOptOutOf(tx, text.organization.id, text.from);
  if (confirms) {
    await answerReminder(tx, reminder.reminderId, 'confirmed', now);
    const changed = await confirmVisit(tx, reminder.visitId, now);
    await recordAudit(tx, { action: 'visit.confirmed_by_patient', outcome: 'success', actor, organizationId: text.organization.id, recordType: 'booked_visit', recordId: reminder.visitId, details: { by: 'text', messageSid: text.messageSid, changed } });
    if (optedOut) return { answer: null, language };
    return { answer: spanish ? `${text.organization.name}: gracias, su cita del ${when} está confirmada.` : `${text.organization.name}: thank you, your visit on ${when} is confirmed.`, language };
  }
  await answerReminder(tx, reminder.reminderId, 'another_time', now);
  const name = [reminder.firstName, reminder.lastName].filter(Boolean).join(' ');
  const handoff = await createHandoff(ctx, tx, {
    organizationId: text.organization.id,
    type: 'appointment_request',
    priority: 'normal',
    source: 'sms',
    reason: `${name || 'The patient'} answered the reminder of the visit on ${formatInstantIn(reminder.startsAt, text.organization.timeZone, { country, weekday: 'short' })} asking for another time (R). Call them to move it.`,
    contactName: name || null,
    contactPhone: text.from,
    details: { visitReminder: { visitId: reminder.visitId, reminderId: reminder.reminderId } },
    at: now,
  });
  await recordAudit(tx, { action: 'visit.another_time_asked', outcome: 'success', actor, organizationId: text.organization.id, recordType: 'booked_visit', recordId: reminder.visitId, details: { by: 'text', messageSid: text.messageSid, handoffId: handoff.id } });
  if (optedOut) return { answer: null, language };
  return {
    answer: spanish
      ? `${text.organization.name}: gracias, le llamaremos para buscar otro horario. Su cita del ${when} sigue en pie hasta entonces.`
      : `${text.organization.name}: thank you, we will call you to find another time. Your visit on ${when} stands until then.`,
    language,
  };
}
