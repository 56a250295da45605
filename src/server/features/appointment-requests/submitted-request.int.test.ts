import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createOrganization, createTestApp, type TestAppHandle } from '../../test-support/index.js';
import { appointmentRequestEvents, appointmentRequests, handoffEvents, handoffs, patients } from '../../db/schema/index.js';
import type { OrganizationRow } from '../organizations/organizations.repository.js';
import { handoffDueAt } from '../handoff-records/create-handoff.service.js';
import { findDeadlineRules } from '../handoff-records/handoffs.repository.js';
import { createSubmittedRequest, type SubmittedRequest } from './request-submission.service.js';

/**
 * A submitted request (createSubmittedRequest, the agent's save): what lands in each table, and
 * the patient matching of findOrCreatePatient (same date of birth and phone or email).
 */
let t: TestAppHandle;
let org: OrganizationRow;

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrganization(t.ctx, { name: 'Statement Clinic', timeZone: 'America/Denver' });
});
afterAll(() => t?.close());

const submit = (input: Partial<SubmittedRequest> & { deadlineRules?: Awaited<ReturnType<typeof findDeadlineRules>> } = {}) =>
  t.db.transaction((tx) =>
    createSubmittedRequest(t.ctx, tx, {
      organizationId: org.id,
      source: 'phone',
      firstName: 'Rosa',
      lastName: 'Parks',
      dateOfBirth: '1961-02-04',
      phone: '+17205550101',
      reason: 'Sick visit',
      reasonOther: 'sore throat',
      isNewPatient: false,
      preferences: { days: ['mon'], timesOfDay: ['morning'], text: 'early please' },
      notes: 'Requested by phone through the agent.',
      consentToContact: true,
      ...input,
    }),
  );

describe('createSubmittedRequest', () => {
  it('stores the request, its history event, a new patient, the handoff and its first event', async () => {
    const before = t.ctx.clock.now();
    const { request, handoffId } = await submit();
    expect(request).toMatchObject({ status: 'submitted', referenceCode: expect.stringMatching(/^[A-Z0-9]{3}-[A-Z0-9]{4}$/) });

    const [stored] = await t.db.select().from(appointmentRequests).where(eq(appointmentRequests.id, request.id));
    expect(stored).toMatchObject({
      organizationId: org.id,
      patientId: request.patientId,
      source: 'phone',
      status: 'submitted',
      firstName: 'Rosa',
      lastName: 'Parks',
      dateOfBirth: '1961-02-04',
      phone: '+17205550101',
      email: null,
      isNewPatient: false,
      reason: 'Sick visit',
      reasonOther: 'sore throat',
      preferences: { days: ['mon'], timesOfDay: ['morning'], text: 'early please' },
      insurance: {},
      consentToContact: true,
      locale: 'en',
    });
    expect(stored!.submittedAt!.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);

    const history = await t.db.select().from(appointmentRequestEvents).where(eq(appointmentRequestEvents.appointmentRequestId, request.id));
    expect(history).toEqual([expect.objectContaining({ fromStatus: null, toStatus: 'submitted', actorType: 'agent' })]);

    const [patient] = await t.db.select().from(patients).where(eq(patients.id, request.patientId!));
    expect(patient).toMatchObject({ organizationId: org.id, firstName: 'Rosa', lastName: 'Parks', dateOfBirth: '1961-02-04', phone: '+17205550101', email: null });

    const [handoff] = await t.db.select().from(handoffs).where(eq(handoffs.id, handoffId));
    expect(handoff).toMatchObject({
      organizationId: org.id,
      type: 'appointment_request',
      priority: 'normal',
      status: 'open',
      source: 'call',
      appointmentRequestId: request.id,
      patientId: request.patientId,
      contactName: 'Rosa Parks',
      contactPhone: '+17205550101',
      reason: 'Appointment request: Sick visit — sore throat',
    });
    // The deadline is the one every other handoff of this priority gets (business hours in Denver).
    expect(handoff!.dueAt.toISOString()).toBe((await handoffDueAt(t.db, org.id, 'normal', stored!.submittedAt!)).toISOString());
    const events = await t.db.select().from(handoffEvents).where(eq(handoffEvents.handoffId, handoffId));
    expect(events).toEqual([expect.objectContaining({ kind: 'created', data: { type: 'appointment_request', priority: 'normal' } })]);
  });

  it('links a known patient by date of birth and phone, and completes a missing email (lower-cased)', async () => {
    const first = await submit({ lastName: 'Known', dateOfBirth: '1970-07-07', phone: '+17205550102' });
    const again = await submit({ lastName: 'Known', dateOfBirth: '1970-07-07', phone: '+17205550102', email: '  Rosa.Known@Example.TEST ', source: 'web' });
    expect(again.request.patientId).toBe(first.request.patientId);
    const rows = await t.db.select().from(patients).where(eq(patients.dateOfBirth, '1970-07-07'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ phone: '+17205550102', email: 'rosa.known@example.test' });
    const [handoff] = await t.db.select().from(handoffs).where(eq(handoffs.id, again.handoffId));
    expect(handoff).toMatchObject({ source: 'web', patientId: first.request.patientId });
    const [event] = await t.db.select().from(appointmentRequestEvents).where(eq(appointmentRequestEvents.appointmentRequestId, again.request.id));
    expect(event).toMatchObject({ actorType: 'patient' });

    // Found by email alone too; an existing phone is never replaced.
    const byEmail = await submit({ lastName: 'Known', dateOfBirth: '1970-07-07', phone: '+17205550199', email: 'ROSA.KNOWN@example.test' });
    expect(byEmail.request.patientId).toBe(first.request.patientId);
    const [after] = await t.db.select().from(patients).where(eq(patients.id, first.request.patientId!));
    expect(after!.phone).toBe('+17205550102');
  });

  it('creates another patient when only the name or only the contact matches', async () => {
    const a = await submit({ lastName: 'Twin', dateOfBirth: '1990-01-01', phone: '+17205550103' });
    const otherBirthday = await submit({ lastName: 'Twin', dateOfBirth: '1990-01-02', phone: '+17205550103' });
    const otherPhone = await submit({ lastName: 'Twin', dateOfBirth: '1990-01-01', phone: '+17205550104' });
    expect(new Set([a.request.patientId, otherBirthday.request.patientId, otherPhone.request.patientId]).size).toBe(3);
  });

  it('uses deadline rules the caller already has instead of reading them', async () => {
    const rules = await findDeadlineRules(t.db, org.id);
    // Rules that differ from the stored ones show which were used: 30 clock minutes at most.
    const { handoffId } = await submit({ lastName: 'Rules', deadlineRules: { ...rules!, hours: undefined, sla: { urgentMinutes: null, highMinutes: null, normalMinutes: 30, lowMinutes: null } } });
    const [handoff] = await t.db.select().from(handoffs).where(eq(handoffs.id, handoffId));
    expect(handoff!.dueAt.getTime() - handoff!.createdAt.getTime()).toBe(30 * 60_000);
  });
});
