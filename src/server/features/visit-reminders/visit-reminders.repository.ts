import { and, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { appointmentRequests, bookedVisits, clinicians, locations, organizations, visitReminders } from '../../db/schema/index.js';

export interface UpcomingVisit {
  id: string;
  organizationId: string;
  startsAt: Date;
  bookedAt: Date;
  status: string;
  firstName: string | null;
  phone: string | null;
  email: string | null;
  clinician: string;
  location: string;
  address: string;
  practice: string;
  timeZone: string;
  practiceAddress: Record<string, string>;
  appointmentSettings: Record<string, unknown>;
  language: string | null;
}

/**
 * Booked or confirmed visits starting within the next `withinHours` that take reminders, with what
 * a reminder says. Every organization's but the agent-test sandboxes' (decision 056): their visits
 * are test calls' (which take no reminders anyway, being simulated).
 */
export async function upcomingVisits(db: DbOrTx, now: Date, withinHours: number): Promise<UpcomingVisit[]> {
  return db
    .select({
      id: bookedVisits.id,
      organizationId: bookedVisits.organizationId,
      startsAt: bookedVisits.startsAt,
      bookedAt: sql<Date>`coalesce(${bookedVisits.bookedAt}, ${bookedVisits.createdAt})`.mapWith((v: string | Date) => new Date(v)),
      status: bookedVisits.status,
      firstName: bookedVisits.firstName,
      phone: bookedVisits.phone,
      email: bookedVisits.email,
      clinician: clinicians.name,
      location: locations.name,
      address: locations.address,
      practice: organizations.name,
      timeZone: organizations.timeZone,
      practiceAddress: organizations.address,
      appointmentSettings: organizations.appointmentSettings,
      language: appointmentRequests.locale,
    })
    .from(bookedVisits)
    .innerJoin(clinicians, eq(clinicians.id, bookedVisits.clinicianId))
    .innerJoin(locations, eq(locations.id, bookedVisits.locationId))
    .innerJoin(organizations, eq(organizations.id, bookedVisits.organizationId))
    .leftJoin(appointmentRequests, eq(appointmentRequests.id, bookedVisits.appointmentRequestId))
    .where(
      and(
        inArray(bookedVisits.status, ['booked', 'confirmed']),
        eq(bookedVisits.sendReminders, true),
        gt(bookedVisits.startsAt, now),
        lte(bookedVisits.startsAt, new Date(now.getTime() + withinHours * 3_600_000)),
        eq(organizations.status, 'active'),
        isNull(organizations.sandboxOf),
      ),
    ) as Promise<UpcomingVisit[]>;
}

/** Takes the reminder of a visit for a moment and channel: false when it was already sent. */
export async function claimReminder(db: DbOrTx, row: { organizationId: string; visitId: string; hoursBefore: number; channel: 'sms' | 'email'; recipient: string; sentAt: Date }): Promise<string | null> {
  const [inserted] = await db.insert(visitReminders).values(row).onConflictDoNothing().returning({ id: visitReminders.id });
  return inserted?.id ?? null;
}

export async function linkOutboxMessage(db: DbOrTx, reminderId: string, outboxMessageId: string): Promise<void> {
  await db.update(visitReminders).set({ outboxMessageId }).where(eq(visitReminders.id, reminderId));
}

/**
 * The latest reminder texted to a number by the organization, unanswered, for a visit still to
 * come and still booked or confirmed — locked, so two replies at once answer it once.
 */
export async function lockLatestReminderTo(db: DbOrTx, organizationId: string, phone: string, now: Date) {
  const [row] = await db
    .select({ reminderId: visitReminders.id, visitId: bookedVisits.id, status: bookedVisits.status, startsAt: bookedVisits.startsAt, version: bookedVisits.version, firstName: bookedVisits.firstName, lastName: bookedVisits.lastName, language: appointmentRequests.locale, answer: visitReminders.answer })
    .from(visitReminders)
    .innerJoin(bookedVisits, eq(bookedVisits.id, visitReminders.visitId))
    .leftJoin(appointmentRequests, eq(appointmentRequests.id, bookedVisits.appointmentRequestId))
    .where(and(eq(visitReminders.organizationId, organizationId), eq(visitReminders.recipient, phone), eq(visitReminders.channel, 'sms'), gt(bookedVisits.startsAt, now), inArray(bookedVisits.status, ['booked', 'confirmed']), isNull(visitReminders.answer)))
    .orderBy(desc(visitReminders.sentAt))
    .limit(1)
    .for('update', { of: visitReminders });
  return row;
}

export async function answerReminder(db: DbOrTx, reminderId: string, answer: 'confirmed' | 'another_time', at: Date): Promise<void> {
  await db.update(visitReminders).set({ answer, answeredAt: at }).where(eq(visitReminders.id, reminderId));
}

/** A booked visit the patient confirmed: booked → confirmed (a confirmed one stays as it is). */
export async function confirmVisit(db: DbOrTx, visitId: string, at: Date): Promise<boolean> {
  const updated = await db
    .update(bookedVisits)
    .set({ status: 'confirmed', version: sql`${bookedVisits.version} + 1`, updatedAt: at })
    .where(and(eq(bookedVisits.id, visitId), eq(bookedVisits.status, 'booked')))
    .returning({ id: bookedVisits.id });
  return updated.length > 0;
}
