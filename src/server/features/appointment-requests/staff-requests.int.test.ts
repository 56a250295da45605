import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createStaffUser, createTestApp, errorCode, outboxFor, signIn, type TestAppHandle } from '../../test-support/index.js';
import type { OrganizationRow } from '../organizations/organizations.repository.js';
import { createSubmittedRequest, type SubmittedRequest } from './request-submission.service.js';

let t: TestAppHandle;
let org: OrganizationRow;
let agent: string;
let supervisor: string;
let outsider: string;
let n = 0;

/** A request submitted as the agent does; `request` also carries the contact details it was sent with. */
const submit = async (input: Partial<SubmittedRequest> = {}) => {
  n++;
  const submitted: SubmittedRequest = {
    organizationId: org.id,
    source: 'web',
    firstName: 'Robin',
    lastName: `Patient${n}`,
    dateOfBirth: '1984-06-01',
    phone: `+1860555${String(1000 + n).padStart(4, '0')}`,
    email: `robin${n}@example.test`,
    reason: 'Annual physical',
    preferences: { days: ['tue', 'thu'], timesOfDay: ['morning'], earliestDate: '2026-04-01' },
    insurance: { carrier: 'Acme Health', memberId: 'X123' },
    consentToContact: true,
    ...input,
  };
  const { request, handoffId } = await t.db.transaction((tx) => createSubmittedRequest(t.ctx, tx, submitted));
  return { request: { ...request, email: submitted.email ?? null, phone: submitted.phone ?? null }, handoffId };
};
const post = (cookie: string, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
/** A wall time some days ahead at 09:30 (never a skipped time). */
const daysAhead = (days: number) => `${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)}T09:30`;

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrganization(t.ctx, { name: 'Request Clinic', timeZone: 'America/Chicago' });
  const other = await createOrganization(t.ctx);
  const a = await createStaffUser(t.ctx, { role: 'agent', organizationIds: [org.id], name: 'Ada Agent' });
  const s = await createStaffUser(t.ctx, { role: 'supervisor', organizationIds: [org.id], name: 'Sol Supervisor' });
  const o = await createStaffUser(t.ctx, { role: 'supervisor', organizationIds: [other.id] });
  agent = await signIn(t.app, a.email, a.password);
  supervisor = await signIn(t.app, s.email, s.password);
  outsider = await signIn(t.app, o.email, o.password);
});
afterAll(() => t?.close());

describe('scheduling', () => {
  it('claiming the handoff puts the request in review; scheduling stores the instant, resolves the handoff and notifies the patient', async () => {
    const { request, handoffId } = await submit();
    await post(agent, `/api/handoffs/${handoffId}/claim`, {});
    const detail = (await t.app.inject({ url: `/api/handoffs/${handoffId}`, headers: { cookie: agent } })).json();
    expect(detail.appointmentRequest).toMatchObject({ status: 'in_review', version: 2, email: request.email });
    const local = daysAhead(5);
    const res = await post(agent, `/api/appointment-requests/${request.id}/schedule`, { version: 2, scheduledFor: local, note: 'Dr. Lee' });
    expect(res.statusCode).toBe(200);
    const scheduled = res.json().appointmentRequest;
    expect(scheduled).toMatchObject({ status: 'scheduled', decidedBy: { name: 'Ada Agent' }, version: 3 });
    // 09:30 in Chicago is 14:30 or 15:30 UTC depending on daylight saving.
    expect(new Date(scheduled.scheduledFor).toLocaleString('sv-SE', { timeZone: 'America/Chicago' }).slice(0, 16).replace(' ', 'T')).toBe(local);
    expect(scheduled.history.map((h: { toStatus: string }) => h.toStatus)).toEqual(['submitted', 'in_review', 'scheduled']);

    const [email] = await outboxFor(t.db, request.email!, 'appointment-scheduled');
    expect(email?.subject).toBe('Your appointment with Request Clinic is scheduled');
    expect(email?.body).toMatch(/ at 9:30 AM\./);
    expect(email?.body).toContain(request.referenceCode!);
    expect(await outboxFor(t.db, request.phone!, 'appointment-scheduled')).toHaveLength(1);

    const after = (await t.app.inject({ url: `/api/handoffs/${handoffId}`, headers: { cookie: agent } })).json();
    expect(after.handoff).toMatchObject({ status: 'resolved', resolution: 'appointment_scheduled', appointmentRequestStatus: 'scheduled' });
  });

  it('resolving its handoff as "Appointment scheduled" does not leave the request in review: it is refused until the request is scheduled, which resolves both (issue 28)', async () => {
    const { request, handoffId } = await submit();
    await post(agent, `/api/handoffs/${handoffId}/claim`, {});
    const refused = await post(agent, `/api/handoffs/${handoffId}/resolve`, { outcome: 'appointment_scheduled', note: 'Booked on the phone' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ outcome: expect.stringMatching(/^Schedule the appointment request first/) });
    const unchanged = (await t.app.inject({ url: `/api/handoffs/${handoffId}`, headers: { cookie: agent } })).json();
    expect(unchanged.handoff).toMatchObject({ status: 'claimed', appointmentRequestStatus: 'in_review' });
    expect(unchanged.appointmentRequest).toMatchObject({ status: 'in_review' });

    // Other outcomes still resolve the handoff alone; scheduling the request resolves it as scheduled.
    expect((await post(agent, `/api/appointment-requests/${request.id}/schedule`, { version: 2, scheduledFor: daysAhead(4) })).statusCode).toBe(200);
    const both = (await t.app.inject({ url: `/api/handoffs/${handoffId}`, headers: { cookie: agent } })).json();
    expect(both.handoff).toMatchObject({ status: 'resolved', resolution: 'appointment_scheduled', appointmentRequestStatus: 'scheduled' });
    expect(both.appointmentRequest).toMatchObject({ status: 'scheduled' });
  });

  it('other outcomes still resolve a handoff about a request on their own', async () => {
    const { handoffId } = await submit();
    expect((await post(agent, `/api/handoffs/${handoffId}/resolve`, { outcome: 'no_action_needed' })).statusCode).toBe(200);
  });

  it('two people scheduling the same request at once: one succeeds, the other gets 409 and no second notice', async () => {
    const { request } = await submit();
    const [a, b] = await Promise.all([
      post(agent, `/api/appointment-requests/${request.id}/schedule`, { version: 1, scheduledFor: daysAhead(3) }),
      post(supervisor, `/api/appointment-requests/${request.id}/schedule`, { version: 1, scheduledFor: daysAhead(4) }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(['invalid_transition', 'stale_version']).toContain(errorCode(loser));
    expect(await outboxFor(t.db, request.email!, 'appointment-scheduled')).toHaveLength(1);
  });

  it('refuses a past time, a time the clocks skip, and a stale version', async () => {
    const { request } = await submit();
    const past = await post(agent, `/api/appointment-requests/${request.id}/schedule`, { version: 1, scheduledFor: '2020-01-01T10:00' });
    expect(past.json().error.fields.scheduledFor).toMatch(/future/);
    const skipped = await post(agent, `/api/appointment-requests/${request.id}/schedule`, { version: 1, scheduledFor: '2027-03-14T02:30' });
    expect(skipped.json().error.fields.scheduledFor).toMatch(/does not exist in America\/Chicago/);
    const malformed = await post(agent, `/api/appointment-requests/${request.id}/schedule`, { version: 1, scheduledFor: 'next tuesday' });
    expect(malformed.statusCode).toBe(400);
    const stale = await post(agent, `/api/appointment-requests/${request.id}/schedule`, { version: 7, scheduledFor: daysAhead(2) });
    expect(stale.statusCode).toBe(409);
    expect(errorCode(stale)).toBe('stale_version');
  });
});

describe('declining and canceling', () => {
  it('declining needs a reason, which the patient is told; a declined request cannot be scheduled or declined again', async () => {
    const { request, handoffId } = await submit({ locale: 'es' });
    expect((await post(agent, `/api/appointment-requests/${request.id}/decline`, { version: 1, reason: '' })).json().error.fields).toHaveProperty('reason');
    const res = await post(agent, `/api/appointment-requests/${request.id}/decline`, { version: 1, reason: 'No aceptamos pacientes nuevos' });
    expect(res.json().appointmentRequest).toMatchObject({ status: 'declined', declineReason: 'No aceptamos pacientes nuevos' });
    const [email] = await outboxFor(t.db, request.email!, 'appointment-declined');
    expect(email?.body).toContain('Motivo: No aceptamos pacientes nuevos');
    for (const [path, body] of [['schedule', { version: 2, scheduledFor: daysAhead(3) }], ['decline', { version: 2, reason: 'again' }], ['cancel', { version: 2 }]] as const) {
      const again = await post(supervisor, `/api/appointment-requests/${request.id}/${path}`, body);
      expect(again.statusCode, path).toBe(409);
      expect(errorCode(again), path).toBe('invalid_transition');
      expect(again.json().error.message).toContain('already declined by Ada Agent');
    }
    const handoff = (await t.app.inject({ url: `/api/handoffs/${handoffId}`, headers: { cookie: agent } })).json().handoff;
    expect(handoff).toMatchObject({ status: 'resolved', resolution: 'appointment_declined' });
  });

  it('a scheduled appointment can still be canceled (patient notified); then nothing more', async () => {
    const { request } = await submit();
    await post(agent, `/api/appointment-requests/${request.id}/schedule`, { version: 1, scheduledFor: daysAhead(6) });
    const res = await post(agent, `/api/appointment-requests/${request.id}/cancel`, { version: 2, reason: 'Patient asked by phone' });
    expect(res.json().appointmentRequest.status).toBe('canceled');
    expect(await outboxFor(t.db, request.email!, 'appointment-canceled')).toHaveLength(1);
    expect((await post(agent, `/api/appointment-requests/${request.id}/cancel`, { version: 3 })).statusCode).toBe(409);
  });

  it('another organization’s request is not found; so is a malformed id', async () => {
    const { request } = await submit();
    expect((await post(outsider, `/api/appointment-requests/${request.id}/schedule`, { version: 1, scheduledFor: daysAhead(3) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/appointment-requests/${request.id}/fhir`, headers: { cookie: outsider } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/appointment-requests/nope/fhir`, headers: { cookie: agent } })).statusCode).toBe(404);
    expect(await outboxFor(t.db, request.email!, 'appointment-scheduled')).toHaveLength(0);
  });
});

describe('FHIR R4 Appointment', () => {
  const fhir = async (id: string) => {
    const res = await t.app.inject({ url: `/api/appointment-requests/${id}/fhir`, headers: { cookie: agent } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/fhir\+json/);
    return res.json();
  };

  it('carries markup a patient typed as JSON data, in a response no browser renders as a page', async () => {
    const firstName = '<script>alert("x")</script>';
    const reason = '</script><img src=x onerror=alert(1)>';
    const { request } = await submit({ firstName, reason });
    const res = await t.app.inject({ url: `/api/appointment-requests/${request.id}/fhir`, headers: { cookie: agent } });
    expect(res.headers['content-type']).toMatch(/^application\/fhir\+json/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    const r = res.json();
    expect(r.contained[0].name[0].given).toEqual([firstName]);
    expect(r.reasonCode).toEqual([{ text: reason }]);
  });

  it('is proposed with requested periods from the preferences while pending', async () => {
    const { request } = await submit();
    const r = await fhir(request.id);
    expect(r).toMatchObject({
      resourceType: 'Appointment',
      id: request.id,
      status: 'proposed',
      identifier: [{ value: request.referenceCode }],
      reasonCode: [{ text: 'Annual physical' }],
      participant: [{ actor: { reference: '#patient' }, required: 'required', status: 'accepted' }],
      contained: [expect.objectContaining({ resourceType: 'Patient', birthDate: '1984-06-01' })],
    });
    expect(r.start).toBeUndefined();
    expect(r.requestedPeriod.length).toBeGreaterThan(0);
    for (const p of r.requestedPeriod as { start: string; end: string }[]) {
      const start = new Date(p.start);
      expect(['Tue', 'Thu']).toContain(start.toLocaleDateString('en-US', { weekday: 'short', timeZone: 'America/Chicago' }));
      expect(p.start).toMatch(/T08:00:00-0[56]:00$/);
      expect(p.end).toMatch(/T12:00:00-0[56]:00$/);
      expect(p.start >= '2026-04-01').toBe(true);
    }
  });

  it('is booked with start and end once scheduled, and cancelled with the reason when declined', async () => {
    const { request } = await submit();
    await post(agent, `/api/appointment-requests/${request.id}/schedule`, { version: 1, scheduledFor: daysAhead(8) });
    const booked = await fhir(request.id);
    expect(booked.status).toBe('booked');
    expect(new Date(booked.end).getTime() - new Date(booked.start).getTime()).toBe(30 * 60_000);
    expect(booked.requestedPeriod).toBeUndefined();
    const second = await submit();
    await post(agent, `/api/appointment-requests/${second.request.id}/decline`, { version: 1, reason: 'Outside our specialty' });
    const declined = await fhir(second.request.id);
    expect(declined).toMatchObject({ status: 'cancelled', cancelationReason: { text: 'Declined by the practice: Outside our specialty' } });
  });
});
