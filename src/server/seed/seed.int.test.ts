import fs from 'node:fs';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, outboxFor, signIn, type TestAppHandle } from '../test-support/index.js';
import { portalSignIn } from '../test-support/patients.js';
import { appointmentRequests, auditEvents, bookedVisits, handoffs, intakeLinks, organizations, outboxMessages, visitReminders } from '../db/schema/index.js';
import { REMINDER_TEMPLATE, sendDueReminders } from '../features/visit-reminders/index.js';
import type { PortalRequest } from '../../contracts/portal.js';
import { seedDemo, type SeedResult } from './seed.js';
import { DEMO_PATIENTS } from './demo-patients.js';
import { DEMO_ORGANIZATIONS } from './demo-organizations.js';

let t: TestAppHandle;
let seed: SeedResult;
beforeAll(async () => {
  t = await createTestApp();
  seed = await seedDemo(t.ctx, { dataDir: t.ctx.env.dataDir, demoPassword: 'demo-password-for-tests' });
});
afterAll(() => t?.close());

const DAY = 86_400_000;

describe('the demo patients (issue 30 §4)', () => {
  it('are listed with the demo sign-in, in the credentials file too', () => {
    expect(seed.seeded).toBe(true);
    expect(seed.patients.map((p) => p.slug)).toEqual(DEMO_ORGANIZATIONS.map((o) => o.slug));
    const file = fs.readFileSync(seed.credentialsFile, 'utf8');
    for (const p of DEMO_PATIENTS) {
      const slug = DEMO_ORGANIZATIONS.find((o) => o.key === p.practice)!.slug;
      expect(file).toContain(`patient    ${p.email}  date of birth ${p.dateOfBirth}  http://localhost:3000/portal?org=${slug}`);
    }
    // The staff lines are as they were (npm run call reads the administrator's password from its line).
    expect(file).toMatch(/^admin {6}admin@switchboard\.demo {2}demo-password-for-tests$/m);
  });

  for (const p of DEMO_PATIENTS) {
    const org = DEMO_ORGANIZATIONS.find((o) => o.key === p.practice)!;
    it(`${org.name}: ${p.firstName} signs in with ${p.email} and finds a visit, a request in review, an intake form to fill and a message`, async () => {
      const now = Date.now();
      const cookie = await portalSignIn(t.app, t.ctx, org.slug, p.email, p.dateOfBirth);
      const res = await t.app.inject({ url: '/api/portal/overview', headers: { cookie } });
      expect(res.statusCode).toBe(200);
      const body = res.json() as { patient: { firstName: string }; practice: { slug: string }; requests: PortalRequest[] };
      expect(body.practice.slug).toBe(org.slug);
      expect(body.patient.firstName).toBe(p.firstName);
      const [pending, scheduled] = body.requests;
      expect(body.requests).toHaveLength(2);

      // The visit: scheduled by the front desk, still to come, with its clinician.
      expect(scheduled).toMatchObject({ status: 'scheduled', reason: p.visit.reason, canCancel: false });
      expect(scheduled!.referenceCode).toMatch(/^[A-Z0-9]{3}-[A-Z0-9]{4}$/);
      expect(scheduled!.visit).toMatchObject({ clinician: p.clinician, durationMinutes: 30 });
      const startsAt = new Date(scheduled!.visit!.startsAt).getTime();
      expect(startsAt).toBeGreaterThan(now + DAY);
      expect(startsAt).toBeLessThan(now + 21 * DAY);
      expect(scheduled!.history.map((h) => [h.status, h.by])).toEqual([
        ['submitted', 'you'],
        ['in_review', 'practice'],
        ['scheduled', 'practice'],
      ]);
      // In the past, in order: sent five days ago, scheduled the next morning.
      const times = scheduled!.history.map((h) => new Date(h.at).getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(times[0]).toBeGreaterThan(now - 6 * DAY);
      expect(times[2]).toBeLessThan(now - 3 * DAY);

      // The request in review, with the practice's message on its thread (which the patient may answer).
      expect(pending).toMatchObject({ status: 'in_review', reason: p.request.reason, canCancel: true, visit: null });
      expect(pending!.messages).toEqual([expect.objectContaining({ from: 'practice', body: p.message, channel: 'email' })]);
      expect(pending!.thread).not.toBeNull();
      expect(new Date(pending!.messages[0]!.at).getTime()).toBeLessThan(now);

      // The intake forms: sent with the confirmations, not filled; the portal opens one.
      for (const r of [pending!, scheduled!]) expect(r.intake).toEqual({ status: 'not_started', available: true });
      const links = await t.db.select().from(intakeLinks).where(inArray(intakeLinks.appointmentRequestId, [pending!.id, scheduled!.id]));
      expect(links.map((l) => [l.appointmentRequestId, l.issuedVia]).sort()).toEqual(
        [
          [pending!.id, 'confirmation'],
          [scheduled!.id, 'confirmation'],
        ].sort(),
      );
      const link = await t.app.inject({ method: 'POST', url: `/api/portal/requests/${pending!.id}/intake-link`, headers: { cookie }, payload: {} });
      expect(link.statusCode).toBe(200);
      const token = new URL(link.json().url as string).searchParams.get('token')!;
      const form = await t.app.inject({ url: '/api/intake', headers: { 'x-intake-token': token } });
      expect(form.statusCode).toBe(200);

      // A reply lands on the handoff the front desk works.
      const reply = await t.app.inject({ method: 'POST', url: `/api/portal/threads/${pending!.thread!.id}/replies`, headers: { cookie }, payload: { reply: 'Yes, that works for me.' } });
      expect(reply.statusCode, reply.body).toBe(201);
    });
  }

  it('are made by the product’s services: audit, handoffs and outbox as the web form and the staff screens leave them', async () => {
    const demoOrgs = await t.db.select().from(organizations).where(inArray(organizations.slug, DEMO_ORGANIZATIONS.map((o) => o.slug)));
    for (const org of demoOrgs) {
      const p = DEMO_PATIENTS.find((x) => DEMO_ORGANIZATIONS.find((o) => o.key === x.practice)!.slug === org.slug)!;
      const requests = await t.db.select().from(appointmentRequests).where(and(eq(appointmentRequests.organizationId, org.id), eq(appointmentRequests.email, p.email)));
      expect(requests.map((r) => r.source)).toEqual(['web', 'web']);
      const audit = await t.db.select().from(auditEvents).where(and(eq(auditEvents.organizationId, org.id), inArray(auditEvents.recordId, requests.map((r) => r.id))));
      expect(audit.map((a) => a.action).sort()).toEqual(['appointment_request.draft_started', 'appointment_request.draft_started', 'appointment_request.scheduled', 'appointment_request.submitted', 'appointment_request.submitted']);
      const scheduledAudit = audit.find((a) => a.action === 'appointment_request.scheduled')!;
      // The dialog's first suggestion: inside office hours and the patient's preferences, so nothing to warn about.
      expect(scheduledAudit.details).toMatchObject({ warnings: [] });
      expect(scheduledAudit.actorType).toBe('staff');
      const threads = await t.db.select().from(handoffs).where(inArray(handoffs.appointmentRequestId, requests.map((r) => r.id)));
      // The visit's handoff resolved by scheduling; the other's is the front desk's (claimed), where the reply above landed.
      expect(threads.map((h) => h.status).sort()).toEqual(['claimed', 'resolved']);
    }
    // The history's e-mails and texts are in the outbox, unsent (nothing printed, nothing to a made-up address); the sign-in codes went out.
    const toPatients = await t.db.select().from(outboxMessages).where(inArray(outboxMessages.recipient, DEMO_PATIENTS.map((p) => p.email)));
    const history = toPatients.filter((m) => m.template !== 'portal-sign-in-code');
    expect(new Set(history.map((m) => m.template))).toEqual(new Set(['appointment-request-received', 'appointment-scheduled', 'portal-message-waiting']));
    expect(history.every((m) => m.status === 'suppressed' && m.lastError?.startsWith('Demo history'))).toBe(true);
    expect(toPatients.filter((m) => m.template === 'portal-sign-in-code').every((m) => m.status === 'queued')).toBe(true);
    const texts = await outboxFor(t.db, '+18605550118');
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.every((m) => m.status === 'suppressed')).toBe(true);
  });

  it('a second start adds nothing and lists them again', async () => {
    const again = await seedDemo(t.ctx, { dataDir: t.ctx.env.dataDir, demoPassword: 'another' });
    expect(again.seeded).toBe(false);
    expect(again.patients.map((p) => p.email)).toEqual(DEMO_PATIENTS.map((p) => p.email));
    const rows = await t.db.select().from(appointmentRequests).where(inArray(appointmentRequests.email, DEMO_PATIENTS.map((p) => p.email)));
    expect(rows).toHaveLength(2 * DEMO_PATIENTS.length);
  });
});

describe('the demo calendars (issue 31 §7)', () => {
  it('every practice has clinicians, visit types booked directly and by request, and a week of visits behind and two ahead that the booking engine respects', async () => {
    const cookie = await signIn(t.app, 'admin@switchboard.demo', 'demo-password-for-tests');
    const get = async (url: string) => {
      const res = await t.app.inject({ url, headers: { cookie } });
      expect(res.statusCode, url).toBe(200);
      return res.json();
    };
    for (const o of DEMO_ORGANIZATIONS) {
      const [org] = await t.db.select().from(organizations).where(eq(organizations.slug, o.slug));
      const types: { id: string; bookableBy: string[] }[] = (await get(`/api/organizations/${org!.id}/visit-types`)).items;
      expect(types.some((v) => v.bookableBy.includes('phone') && v.bookableBy.includes('web')), o.slug).toBe(true);
      expect(types.some((v) => v.bookableBy.join() === 'staff'), o.slug).toBe(true);
      const clinicians: { id: string }[] = (await get(`/api/organizations/${org!.id}/clinicians`)).items;
      expect(clinicians.length).toBeGreaterThanOrEqual(2);

      const rows = await t.db.select().from(bookedVisits).where(eq(bookedVisits.organizationId, org!.id));
      const now = Date.now();
      expect(rows.filter((v) => v.startsAt.getTime() > now + DAY).length, o.slug).toBeGreaterThan(20);
      expect(rows.filter((v) => v.endsAt.getTime() <= now).every((v) => v.status === 'completed' || v.status === 'no_show')).toBe(true);
      for (const c of clinicians) expect(rows.some((v) => v.clinicianId === c.id), `${o.slug} ${c.id}`).toBe(true);

      // The week ahead shows on the calendar, and a directly bookable visit still has open times.
      const week = await get(`/api/organizations/${org!.id}/visits?view=week&date=${new Date(now + 7 * DAY).toISOString().slice(0, 10)}`);
      expect(week.items.length, o.slug).toBeGreaterThan(5);
      const direct = types.find((v) => v.bookableBy.includes('phone'))!;
      const open = await get(`/api/organizations/${org!.id}/open-times?visitTypeId=${direct.id}&channel=phone&days=14`);
      expect(open.times.length, o.slug).toBeGreaterThan(0);
    }
  });

  it('texts no reminder to the made-up patients’ numbers: their visits take none', async () => {
    const demoVisits = await t.db.select({ id: bookedVisits.id }).from(bookedVisits).where(and(inArray(bookedVisits.status, ['booked', 'confirmed']), sql`${bookedVisits.startsAt} between now() and now() + interval '24 hours'`));
    expect(demoVisits.length).toBeGreaterThan(0);
    await sendDueReminders(t.ctx);
    const sent = await t.db.select().from(visitReminders).where(inArray(visitReminders.visitId, demoVisits.map((v) => v.id)));
    expect(sent).toEqual([]);
    expect(await t.db.select().from(outboxMessages).where(eq(outboxMessages.template, REMINDER_TEMPLATE))).toEqual([]);
  });
});
