import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookedVisits, clinicians, handoffs, locations, organizations, outboxMessages, visitReminders, visitTypes } from '../../db/schema/index.js';
import { auditRows, createTestApp, type TestAppHandle } from '../../test-support/index.js';
import { createPractice, uniqueNumber, type Practice } from '../../telephony/testing/call-fixtures.js';
import { postSigned, TWILIO_TEST_TOKEN } from '../../telephony/testing/fake-twilio.js';
import { TWILIO_SMS_PATH } from '../../telephony/twilio/twilio-sms.routes.js';
import { REMINDER_TEMPLATE, sendDueReminders } from './index.js';

/**
 * Issue 31 §5: reminders before booked visits go by text and e-mail at the practice's moments
 * (24 and 2 hours by default), each once, only the nearest that has come and only to visits booked
 * before it; the patient answers C (the visit is confirmed) or R (a handoff asks the front desk to
 * find another time); other words go where texts go.
 */
let t: TestAppHandle;
let practice: Practice;
let place: { clinicianId: string; locationId: string; visitTypeId: string };
const HOUR = 3_600_000;
let sid = 0;
const text = (from: string, body: string) => postSigned(t.app, TWILIO_SMS_PATH, { MessageSid: `SMreminder${++sid}`, AccountSid: 'AC-test', From: from, To: practice.number, Body: body });

beforeAll(async () => {
  t = await createTestApp({ TWILIO_AUTH_TOKEN: TWILIO_TEST_TOKEN });
  practice = await createPractice(t.ctx, { open: true });
  const [l] = await t.db.insert(locations).values({ organizationId: practice.id, name: 'Main clinic', address: '1 Test Street' }).returning();
  const [v] = await t.db.insert(visitTypes).values({ organizationId: practice.id, nameEn: 'Annual physical', nameEs: 'Examen anual', lengthMinutes: 30 }).returning();
  const [c] = await t.db.insert(clinicians).values({ organizationId: practice.id, name: 'Dr. Rebecca Hart' }).returning();
  place = { clinicianId: c!.id, locationId: l!.id, visitTypeId: v!.id };
});
afterAll(() => t?.close());

async function visit(startsInHours: number, bookedHoursAgo: number, contact: { phone?: string; email?: string } = {}) {
  const now = Date.now();
  const startsAt = new Date(now + startsInHours * HOUR);
  // A clinician of their own: the visits of one clinician may not overlap.
  const [c] = await t.db.insert(clinicians).values({ organizationId: practice.id, name: 'Dr. Rebecca Hart' }).returning();
  const [row] = await t.db
    .insert(bookedVisits)
    .values({
      organizationId: practice.id,
      ...place,
      clinicianId: c!.id,
      status: 'booked',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * 60_000),
      occupiedUntil: new Date(startsAt.getTime() + 30 * 60_000),
      channel: 'phone',
      firstName: 'Jordan',
      lastName: 'Ellis',
      dateOfBirth: '1984-03-14',
      phone: contact.phone ?? null,
      email: contact.email ?? null,
      bookedAt: new Date(now - bookedHoursAgo * HOUR),
    })
    .returning();
  return row!;
}

const remindersOf = (visitId: string) => t.db.select().from(visitReminders).where(eq(visitReminders.visitId, visitId));

describe('visit reminders', () => {
  it('go by text and e-mail at the nearest moment that has come, once, and only to visits booked before it', async () => {
    const phone = uniqueNumber();
    const tomorrow = await visit(23.5, 72, { phone, email: 'jordan@example.test' });
    const soon = await visit(1.5, 72, { phone: uniqueNumber() });
    const bookedJustNow = await visit(1, 0.5, { phone: uniqueNumber() });
    const later = await visit(30, 72, { phone: uniqueNumber() });

    await sendDueReminders(t.ctx);
    await sendDueReminders(t.ctx);

    expect((await remindersOf(tomorrow.id)).map((r) => [r.hoursBefore, r.channel]).sort()).toEqual([[24, 'email'], [24, 'sms']]);
    expect((await remindersOf(soon.id)).map((r) => r.hoursBefore)).toEqual([2]);
    expect(await remindersOf(bookedJustNow.id)).toEqual([]);
    expect(await remindersOf(later.id)).toEqual([]);

    const sent = await t.db.select().from(outboxMessages).where(and(eq(outboxMessages.template, REMINDER_TEMPLATE), eq(outboxMessages.recipient, phone)));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatch(/a reminder of your visit on .+ with Dr\. Rebecca Hart at Main clinic\. Reply C to confirm or R to ask for another time\./);
    expect(sent[0]!.body).not.toMatch(/physical/i);
    const [mail] = await t.db.select().from(outboxMessages).where(and(eq(outboxMessages.template, REMINDER_TEMPLATE), eq(outboxMessages.recipient, 'jordan@example.test')));
    expect(mail!.subject).toMatch(/^Reminder: your visit on /);
  });

  it('none when the practice turned them off', async () => {
    const [org] = await t.db.select().from(organizations).where(eq(organizations.id, practice.id));
    await t.db.update(organizations).set({ appointmentSettings: { ...org!.appointmentSettings, reminderHours: [] } }).where(eq(organizations.id, practice.id));
    const v = await visit(20, 72, { phone: uniqueNumber() });
    await sendDueReminders(t.ctx);
    expect(await remindersOf(v.id)).toEqual([]);
    await t.db.update(organizations).set({ appointmentSettings: org!.appointmentSettings }).where(eq(organizations.id, practice.id));
  });

  it('C confirms the visit and says so; R asks the front desk for another time; other words are not an answer', async () => {
    const phone = uniqueNumber();
    const v = await visit(22, 72, { phone });
    await sendDueReminders(t.ctx);

    const chat = await text(phone, 'thanks!');
    expect(chat.body).not.toMatch(/confirmed/);

    const confirmed = await text(phone, 'C');
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toMatch(/thank you, your visit on .+ is confirmed\./);
    expect((await t.db.select().from(bookedVisits).where(eq(bookedVisits.id, v.id)))[0]!.status).toBe('confirmed');
    expect((await auditRows(t.db, 'visit.confirmed_by_patient', v.id)).length).toBe(1);
    // Answered once: a second C finds no reminder waiting for an answer.
    const again = await text(phone, 'c');
    expect(again.body).not.toMatch(/is confirmed/);

    const phone2 = uniqueNumber();
    const w = await visit(21, 72, { phone: phone2 });
    await sendDueReminders(t.ctx);
    const another = await text(phone2, 'R');
    expect(another.body).toMatch(/we will call you to find another time/);
    const [h] = await t.db.select().from(handoffs).where(and(eq(handoffs.organizationId, practice.id), eq(handoffs.contactPhone, phone2)));
    expect(h).toMatchObject({ type: 'appointment_request', source: 'sms', status: 'open' });
    expect(h!.reason).toMatch(/asking for another time/);
    expect((await t.db.select().from(bookedVisits).where(eq(bookedVisits.id, w.id)))[0]!.status).toBe('booked');
  });
});
