import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentRequests, handoffs } from '../../db/schema/index.js';
import { cookiesFrom, createTestApp, errorCode, outboxFor, type TestAppHandle } from '../../test-support/index.js';
import { createPractice, ORIGIN, requestFields, setAppointmentSettings, submitWebRequest } from '../../test-support/patients.js';
import type { OrganizationRow } from '../organizations/organizations.repository.js';

let t: TestAppHandle;
let practice: OrganizationRow;
const DRAFT = '/api/public/appointment-requests/draft';

beforeAll(async () => {
  t = await createTestApp();
  practice = await createPractice(t.ctx);
});
afterAll(() => t?.close());

async function startDraft(slug = practice.slug, cookie?: string) {
  const res = await t.app.inject({ method: 'POST', url: DRAFT, headers: cookie ? { cookie } : {}, payload: { organization: slug } });
  return { res, cookie: cookiesFrom(res, cookie ?? '') };
}

describe('practice information', () => {
  it('lists practices for the chooser and shows one by slug, with hours, reasons and emergency notice', async () => {
    const list = await t.app.inject({ url: '/api/public/practices' });
    expect(list.statusCode).toBe(200);
    // With its country: the portal's sign-in reads a date of birth in that country's order.
    expect(list.json().items).toContainEqual(expect.objectContaining({ slug: practice.slug, country: 'US', requestsEnabled: true }));
    const info = await t.app.inject({ url: `/api/public/practices/${practice.slug}` });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ name: practice.name, requestsEnabled: true, emergencyNumber: '911', visitReasons: ['New patient visit', 'Follow-up', 'Sick visit'] });
    expect(info.json().weekly).toHaveLength(5);
    // Its country's conventions (issue 28): the page dials `phone` and shows `phoneDisplay`.
    expect(info.json()).toMatchObject({ country: 'US', phoneDisplay: info.json().phone ? expect.stringMatching(/^\(\d{3}\) \d{3}-\d{4}$/) : null });
    expect(typeof info.json().status.open).toBe('boolean');
    // The web says its own emergency words around the number; the phone's "hang up and call" is not for a form (issue 28).
    expect(info.json()).not.toHaveProperty('emergencyMessage');
    expect(info.body).not.toMatch(/hang up/i);
  });

  it('an unknown or malformed slug is 404 practice_not_found', async () => {
    for (const slug of ['no-such-practice', "x'; drop table organizations;--", '%3Cscript%3E']) {
      const res = await t.app.inject({ url: `/api/public/practices/${slug}` });
      expect(res.statusCode, slug).toBe(404);
      expect(errorCode(res)).toBe('practice_not_found');
    }
  });
});

describe('the draft', () => {
  it('lives in an HttpOnly, SameSite=Lax cookie for 24 hours; the same browser resumes it', async () => {
    const { res, cookie } = await startDraft();
    expect(res.statusCode).toBe(200);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^sb\.draft=[A-Za-z0-9_-]{40,};/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).toMatch(/Max-Age=86400/);
    const again = await startDraft(practice.slug, cookie);
    expect(again.res.headers['set-cookie']).toBeUndefined();
  });

  it('keeps what was typed (reload, back, new tab: the same cookie) and normalises the phone to E.164', async () => {
    const { cookie } = await startDraft();
    const patch = await t.app.inject({ method: 'PATCH', url: DRAFT, headers: { cookie, ...ORIGIN }, payload: { firstName: 'Ana', phone: '(860) 555-0142', preferredDays: ['mon'] } });
    expect(patch.statusCode).toBe(200);
    const reload = await t.app.inject({ url: DRAFT, headers: { cookie } });
    expect(reload.json().fields).toMatchObject({ firstName: 'Ana', phone: '+18605550142', preferredDays: ['mon'] });
    // The review shows it as people of the practice's country write it (issue 28).
    expect(reload.json().phoneDisplay).toBe('(860) 555-0142');
    expect(reload.json().step1Complete).toBe(false);
  });

  it('an invalid field saves nothing, and what was saved stays', async () => {
    const { cookie } = await startDraft();
    await t.app.inject({ method: 'PATCH', url: DRAFT, headers: { cookie }, payload: { firstName: 'Ana', lastName: 'García' } });
    const bad = await t.app.inject({ method: 'PATCH', url: DRAFT, headers: { cookie }, payload: { firstName: 'Bea', lastName: '<b>x</b>' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ lastName: 'Remove the < and > characters.' });
    expect((await t.app.inject({ url: DRAFT, headers: { cookie } })).json().fields).toMatchObject({ firstName: 'Ana', lastName: 'García' });
  });

  it('a tampered, unknown or missing cookie is draft_not_found, never another draft', async () => {
    const { cookie } = await startDraft();
    await t.app.inject({ method: 'PATCH', url: DRAFT, headers: { cookie }, payload: { firstName: 'Private' } });
    const token = cookie.split('=')[1]!;
    for (const c of [`sb.draft=${token.slice(0, -1)}x`, 'sb.draft=abc', `sb.draft=${'A'.repeat(300)}`, '']) {
      const res = await t.app.inject({ url: DRAFT, headers: c ? { cookie: c } : {} });
      expect(res.statusCode, c).toBe(404);
      expect(errorCode(res)).toBe('draft_not_found');
      expect(res.body).not.toContain('Private');
    }
  });

  it('expires after 24 hours', async () => {
    const { cookie } = await startDraft();
    t.ctx.clock.advance(24 * 3_600_000 + 60_000);
    try {
      expect((await t.app.inject({ url: DRAFT, headers: { cookie } })).statusCode).toBe(404);
    } finally {
      t.ctx.clock.reset();
    }
  });

  it('no health information in URLs: every request endpoint takes its data in the body', async () => {
    const routes = t.app.printRoutes({ commonPrefix: false });
    expect(routes).not.toMatch(/reason|dateOfBirth|dob/i);
  });
});

describe('steps and submit', () => {
  it('step 1 checks every field at once and in the practice’s context (visit reason, date of birth, phone)', async () => {
    const { cookie } = await startDraft();
    const res = await t.app.inject({
      method: 'PUT',
      url: `${DRAFT}/step-1`,
      headers: { cookie },
      payload: { firstName: 'Ana', lastName: 'García', dateOfBirth: '1899-01-01', phone: '555', email: '', isNewPatient: true, reason: 'Massage', reasonOther: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fieldKeys).toEqual({ dateOfBirth: 'tooOld', phone: 'phoneFormat', reason: 'unknown' });
  });

  it('"other" needs a description', async () => {
    const { cookie } = await startDraft();
    const f = requestFields({ reason: 'other', reasonOther: '' });
    const res = await t.app.inject({ method: 'PUT', url: `${DRAFT}/step-1`, headers: { cookie }, payload: f.step1 });
    expect(res.json().error.fieldKeys).toEqual({ reasonOther: 'required' });
  });

  it('submit turns the draft into a submitted request with an appointment-request handoff and a confirmation', async () => {
    const r = await submitWebRequest(t.app, practice.slug);
    expect(r.referenceCode).toMatch(/^[ACDEFGHJKMNPQRTUVWXY346789]{3}-[ACDEFGHJKMNPQRTUVWXY346789]{4}$/);
    const [row] = await t.db.select().from(appointmentRequests).where(eq(appointmentRequests.referenceCode, r.referenceCode));
    expect(row).toMatchObject({ status: 'submitted', source: 'web', phone: '+18605550142', reason: 'Follow-up', consentToContact: true, organizationId: practice.id });
    const queue = await t.db.select().from(handoffs).where(eq(handoffs.appointmentRequestId, row!.id));
    expect(queue).toHaveLength(1);
    expect(queue[0]).toMatchObject({ type: 'appointment_request', source: 'web', status: 'open' });
    const [mail] = await outboxFor(t.db, r.email, 'appointment-request-received');
    expect(mail!.body).toContain(r.referenceCode);
    expect(mail!.body).toMatch(/\/intake\?token=/);
    expect(mail!.body).not.toContain('Follow-up');
  });

  it('submit is idempotent: a double click and a retry give one request', async () => {
    const f = requestFields();
    const { cookie } = await startDraft();
    await t.app.inject({ method: 'PUT', url: `${DRAFT}/step-1`, headers: { cookie }, payload: f.step1 });
    await t.app.inject({ method: 'PUT', url: `${DRAFT}/step-2`, headers: { cookie }, payload: f.step2 });
    const submit = () => t.app.inject({ method: 'POST', url: `${DRAFT}/submit`, headers: { cookie }, payload: {} });
    const [a, b] = await Promise.all([submit(), submit()]);
    const c = await submit();
    expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([200, 200, 200]);
    expect(new Set([a.json().referenceCode, b.json().referenceCode, c.json().referenceCode]).size).toBe(1);
    const rows = await t.db.select().from(appointmentRequests).where(eq(appointmentRequests.email, f.email));
    expect(rows).toHaveLength(1);
    expect(await t.db.select().from(handoffs).where(eq(handoffs.appointmentRequestId, rows[0]!.id))).toHaveLength(1);
  });

  it('an incomplete draft is not sent: the missing answers come back per field', async () => {
    const { cookie } = await startDraft();
    const res = await t.app.inject({ method: 'POST', url: `${DRAFT}/submit`, headers: { cookie }, payload: {} });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual(expect.arrayContaining(['firstName', 'phone', 'reason', 'consentToContact']));
  });

  it('the honeypot refuses the request and records why', async () => {
    const f = requestFields();
    const { cookie } = await startDraft();
    await t.app.inject({ method: 'PUT', url: `${DRAFT}/step-1`, headers: { cookie }, payload: f.step1 });
    await t.app.inject({ method: 'PUT', url: `${DRAFT}/step-2`, headers: { cookie }, payload: f.step2 });
    const res = await t.app.inject({ method: 'POST', url: `${DRAFT}/submit`, headers: { cookie }, payload: { website: 'http://spam.example' } });
    expect(res.statusCode).toBe(400);
    expect(errorCode(res)).toBe('rejected');
    expect(await t.db.select().from(appointmentRequests).where(eq(appointmentRequests.email, f.email))).toMatchObject([{ status: 'draft' }]);
  });

  it('a practice with requests turned off says so', async () => {
    const closed = await createPractice(t.ctx);
    await setAppointmentSettings(t.ctx, closed.id, { enabled: false, visitReasons: [], message: '' });
    expect((await t.app.inject({ url: `/api/public/practices/${closed.slug}` })).json().requestsEnabled).toBe(false);
    const res = await t.app.inject({ method: 'POST', url: DRAFT, headers: { 'accept-language': 'es' }, payload: { organization: closed.slug } });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'requests_disabled', message: expect.stringContaining('no acepta solicitudes') });
  });

  it('success: reference, when the practice will call (from its hours), intake and portal links without health information', async () => {
    const r = await submitWebRequest(t.app, practice.slug);
    const res = await t.app.inject({ url: '/api/public/appointment-requests/submitted', headers: { cookie: r.cookie } });
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s.referenceCode).toBe(r.referenceCode);
    expect(['today', 'later_today', 'tomorrow', 'weekday', 'date']).toContain(s.callback.kind);
    // The page says the call-back time in the practice's clock and shows numbers as people there write them (issue 28).
    expect(s.organization.country).toBe('US');
    if (s.contact.phone) expect(s.contact.phoneDisplay).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/);
    expect(s.intakeUrl).toMatch(/^http:\/\/localhost:3000\/intake\?token=[A-Za-z0-9_-]{43}$/);
    expect(s.portalUrl).toBe(`http://localhost:3000/portal?org=${practice.slug}`);
    // The draft is gone once sent: the steps now say it was already sent.
    const patch = await t.app.inject({ method: 'PATCH', url: DRAFT, headers: { cookie: r.cookie }, payload: { notes: 'more' } });
    expect(patch.statusCode).toBe(409);
  });
});

describe('abuse controls', () => {
  it('per-IP rate limit on starting drafts', async () => {
    const strict = await createTestApp({ RATE_LIMIT_SCALE: '0.1' });
    try {
      const org = await createPractice(strict.ctx);
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) codes.push((await strict.app.inject({ method: 'POST', url: DRAFT, payload: { organization: org.slug } })).statusCode);
      expect(codes.slice(0, 3)).toEqual([200, 200, 200]);
      expect(codes).toContain(429);
      const limited = await strict.app.inject({ method: 'POST', url: DRAFT, headers: { 'accept-language': 'es' }, payload: { organization: org.slug } });
      expect(limited.json().error).toMatchObject({ code: 'rate_limited', message: expect.stringContaining('Demasiados') });
    } finally {
      await strict.close();
    }
  });

  it('bodies over the size limit are 413', async () => {
    const { cookie } = await startDraft();
    const res = await t.app.inject({ method: 'PATCH', url: DRAFT, headers: { cookie, 'content-type': 'application/json' }, payload: JSON.stringify({ notes: 'x'.repeat(40_000) }) });
    expect(res.statusCode).toBe(413);
    expect(errorCode(res)).toBe('payload_too_large');
  });
});
