import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentRequests, handoffEvents, handoffs } from '../../db/schema/index.js';
import { auditRows, createCall, createStaffUser, createTestApp, errorCode, outboxFor, signIn, type TestAppHandle } from '../../test-support/index.js';
import { createPractice, portalSignIn, submitWebRequest } from '../../test-support/patients.js';
import type { OrganizationRow } from '../organizations/organizations.repository.js';

/**
 * Issue 19 §4: a conversation between the practice and a patient — staff write from the
 * handoff, the patient reads and answers in the portal, the answer lands on the handoff.
 */
let t: TestAppHandle;
let practice: OrganizationRow;
let elsewhere: OrganizationRow;
let staff: string;
let outsider: string;

beforeAll(async () => {
  t = await createTestApp();
  practice = await createPractice(t.ctx);
  elsewhere = await createPractice(t.ctx);
  const agent = await createStaffUser(t.ctx, { role: 'agent', organizationIds: [practice.id] });
  staff = await signIn(t.app, agent.email, agent.password);
  const other = await createStaffUser(t.ctx, { role: 'supervisor', organizationIds: [elsewhere.id] });
  outsider = await signIn(t.app, other.email, other.password);
});
afterAll(() => t?.close());

/** A patient with a request at `org`, signed in to the portal; the id of the request's handoff. */
async function patientAt(org: OrganizationRow, overrides: Record<string, unknown> = {}) {
  const r = await submitWebRequest(t.app, org.slug, overrides);
  const [request] = await t.db.select().from(appointmentRequests).where(eq(appointmentRequests.referenceCode, r.referenceCode));
  const [handoff] = await t.db.select().from(handoffs).where(eq(handoffs.appointmentRequestId, request!.id));
  const cookie = await portalSignIn(t.app, t.ctx, org.slug, r.email, r.dateOfBirth);
  return { ...r, requestId: request!.id, handoffId: handoff!.id, cookie };
}

const staffMessage = (cookie: string, handoffId: string, body: string, channel: 'email' | 'sms' = 'email') =>
  t.app.inject({ method: 'POST', url: `/api/handoffs/${handoffId}/messages`, headers: { cookie }, payload: { channel, body } });
const reply = (cookie: string, threadId: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/portal/threads/${threadId}/replies`, headers: { cookie, ...headers }, payload: payload as object });
const overview = async (cookie: string) => (await t.app.inject({ url: '/api/portal/overview', headers: { cookie } })).json();
const repliesOn = (handoffId: string) => t.db.select().from(handoffEvents).where(and(eq(handoffEvents.handoffId, handoffId), eq(handoffEvents.kind, 'patient_reply')));

describe('the practice writes', () => {
  it('the email only says a message waits, with the portal link; the message itself is in the portal', async () => {
    const p = await patientAt(practice);
    const sent = await staffMessage(staff, p.handoffId, 'Your MRI results are in. Can you come on Tuesday at 9?');
    expect(sent.statusCode).toBe(200);
    const [notice] = await outboxFor(t.db, p.email, 'portal-message-waiting');
    expect(notice!.subject).toBe(`You have a new message from ${practice.name}`);
    expect(notice!.body).toContain(`http://localhost:3000/portal?org=${practice.slug}`);
    expect(`${notice!.subject} ${notice!.body}`).not.toMatch(/MRI|Tuesday|Follow-up|García|Ana/);
    expect(await outboxFor(t.db, p.email, 'handoff-message')).toEqual([]);

    const [request] = (await overview(p.cookie)).requests;
    expect(request.messages).toEqual([{ body: 'Your MRI results are in. Can you come on Tuesday at 9?', at: expect.any(String), channel: 'email', from: 'practice' }]);
    expect(request.thread).toEqual({ id: p.handoffId });
  });

  it('by text: the notice, the link and the opt-out wording, nothing about health', async () => {
    const p = await patientAt(practice);
    expect((await staffMessage(staff, p.handoffId, 'Please bring your inhaler.', 'sms')).statusCode).toBe(200);
    const [text] = await outboxFor(t.db, '+18605550142', 'portal-message-waiting');
    expect(text!.body).toBe(`${practice.name}: you have a new message. Read and reply in your patient portal: http://localhost:3000/portal?org=${practice.slug}. Reply STOP to opt out.`);
  });

  it('a handoff without a request (a caller who cannot sign in) still gets the message itself, by text once the number is confirmed (decision 048)', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/handoffs',
      headers: { cookie: staff },
      payload: { organizationId: practice.id, type: 'callback', reason: 'Call back', contactName: 'Pat Doe', contactPhone: '(860) 555-0188' },
    });
    expect(created.statusCode).toBe(201);
    const typed = await staffMessage(staff, created.json().handoff.id, 'We tried to reach you; call us at the office.', 'sms');
    expect(typed.statusCode).toBe(400);
    expect(await outboxFor(t.db, '+18605550188', 'handoff-message')).toHaveLength(0);
    await createCall(t.ctx, { organizationId: practice.id, provider: 'twilio', fromNumber: '+18605550188' });
    expect((await staffMessage(staff, created.json().handoff.id, 'We tried to reach you; call us at the office.', 'sms')).statusCode).toBe(200);
    const [text] = await outboxFor(t.db, '+18605550188', 'handoff-message');
    expect(text!.body).toBe(`${practice.name}: We tried to reach you; call us at the office. Reply STOP to opt out.`);
  });
});

describe('the patient replies', () => {
  it('the reply lands on the handoff staff see, in order, audited', async () => {
    const p = await patientAt(practice);
    await staffMessage(staff, p.handoffId, 'Can you come on Tuesday at 9?');
    const res = await reply(p.cookie, p.handoffId, { reply: '  Tuesday at 9 works. Thank you!  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json().request.messages.map((m: { from: string; body: string }) => [m.from, m.body])).toEqual([
      ['practice', 'Can you come on Tuesday at 9?'],
      ['you', 'Tuesday at 9 works. Thank you!'],
    ]);

    const detail = (await t.app.inject({ url: `/api/handoffs/${p.handoffId}`, headers: { cookie: staff } })).json();
    expect(detail.events.at(-1)).toMatchObject({ kind: 'patient_reply', body: 'Tuesday at 9 works. Thank you!', actor: null, data: { by: 'patient' } });
    const [audit] = await auditRows(t.db, 'portal.reply', p.handoffId);
    expect(audit).toMatchObject({ actorType: 'patient', organizationId: practice.id, outcome: 'success', details: expect.objectContaining({ appointmentRequestId: p.requestId, reopened: false }) });
    expect(JSON.stringify(audit!.details)).not.toContain('Tuesday');
  });

  it('a reply to a resolved handoff puts it back in the queue', async () => {
    const p = await patientAt(practice);
    await staffMessage(staff, p.handoffId, 'All done — see you Tuesday.');
    const resolved = await t.app.inject({ method: 'POST', url: `/api/handoffs/${p.handoffId}/resolve`, headers: { cookie: staff }, payload: { outcome: 'patient_reached' } });
    expect(resolved.statusCode).toBe(200);
    expect((await reply(p.cookie, p.handoffId, { reply: 'Sorry, can we make it Wednesday?' })).statusCode).toBe(201);
    const [row] = await t.db.select().from(handoffs).where(eq(handoffs.id, p.handoffId));
    expect(row).toMatchObject({ status: 'open', assigneeId: null, resolution: null });
    expect((await repliesOn(p.handoffId))[0]!.data).toMatchObject({ reopened: true, previousStatus: 'resolved' });
  });

  it('only on the patient’s own conversations: another patient, another practice, no message yet, a made-up id → 404; no session → 401', async () => {
    const a = await patientAt(practice);
    await staffMessage(staff, a.handoffId, 'A message for patient A.');
    const b = await patientAt(practice);
    const c = await patientAt(elsewhere);
    expect(errorCode(await reply(b.cookie, a.handoffId, { reply: 'I am not A' }))).toBe('not_found');
    expect((await reply(c.cookie, a.handoffId, { reply: 'Another practice' })).statusCode).toBe(404);
    // B's own handoff, but the practice has not written on it: nothing to answer.
    expect((await reply(b.cookie, b.handoffId, { reply: 'Hello?' })).statusCode).toBe(404);
    expect((await reply(a.cookie, '00000000-0000-4000-8000-000000000000', { reply: 'x' })).statusCode).toBe(404);
    expect((await reply(a.cookie, 'not-an-id', { reply: 'x' })).statusCode).toBe(404);
    expect((await reply(staff, a.handoffId, { reply: 'Staff are not patients' })).statusCode).toBe(401);
    expect((await reply('', a.handoffId, { reply: 'anonymous' })).statusCode).toBe(401);
    expect(await repliesOn(a.handoffId)).toEqual([]);
    expect(await repliesOn(b.handoffId)).toEqual([]);
    // And B's portal does not show A's conversation.
    expect((await overview(b.cookie)).requests.flatMap((r: { messages: unknown[] }) => r.messages)).toEqual([]);
  });

  it('the same person at another practice is another patient there', async () => {
    const email = `twice-${Date.now()}@example.test`;
    const here = await patientAt(practice, { email });
    const there = await patientAt(elsewhere, { email });
    await staffMessage(staff, here.handoffId, 'From the first practice.');
    expect((await reply(there.cookie, here.handoffId, { reply: 'x' })).statusCode).toBe(404);
    expect((await overview(there.cookie)).requests[0].messages).toEqual([]);
    // Staff of the other practice cannot message this patient's handoff either.
    expect((await staffMessage(outsider, here.handoffId, 'Not my patient')).statusCode).toBe(404);
  });

  it('refuses an empty, blank, too long or marked-up reply with a message for the field, and stores nothing', async () => {
    const p = await patientAt(practice);
    await staffMessage(staff, p.handoffId, 'Anything else?');
    const cases: [unknown, string][] = [
      [{ reply: '' }, 'Write your reply before sending it.'],
      [{ reply: '   \n ' }, 'Write your reply before sending it.'],
      [{}, 'Write your reply before sending it.'],
      [{ reply: 'x'.repeat(1001) }, 'Use at most 1,000 characters.'],
      [{ reply: 'see <script>alert(1)</script>' }, 'Remove the < and > characters.'],
    ];
    for (const [payload, message] of cases) {
      const res = await reply(p.cookie, p.handoffId, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.fields.reply).toBe(message);
    }
    const extra = await reply(p.cookie, p.handoffId, { reply: 'ok', role: 'admin' });
    expect(extra.statusCode).toBe(400);
    const spanish = await reply(p.cookie, p.handoffId, { reply: '' }, { 'accept-language': 'es' });
    expect(spanish.json().error.fields.reply).toBe('Escriba su respuesta antes de enviarla.');
    expect((await reply(p.cookie, p.handoffId, { reply: 'x'.repeat(1000) })).statusCode).toBe(201);
    expect(await repliesOn(p.handoffId)).toHaveLength(1);
  });

  it('five replies per conversation per 10 minutes, then says when to try again', async () => {
    const p = await patientAt(practice);
    await staffMessage(staff, p.handoffId, 'Tell us more.');
    try {
      for (let i = 1; i <= 5; i++) {
        expect((await reply(p.cookie, p.handoffId, { reply: `Reply ${i}` })).statusCode).toBe(201);
        t.ctx.clock.advance(60_000);
      }
      const sixth = await reply(p.cookie, p.handoffId, { reply: 'Reply 6' });
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json().error.code).toBe('reply_too_soon');
      // The first reply was 5 minutes ago: it leaves the window in 5 minutes.
      expect(sixth.json().error.retryAfterSeconds).toBeGreaterThan(295);
      expect(sixth.json().error.retryAfterSeconds).toBeLessThanOrEqual(300);
      t.ctx.clock.advance(301_000);
      // The session was idle while the clock jumped: sign in again (the limit is the thread's, not the session's).
      const cookie = await portalSignIn(t.app, t.ctx, practice.slug, p.email, p.dateOfBirth);
      expect((await reply(cookie, p.handoffId, { reply: 'Reply 6' })).statusCode).toBe(201);
    } finally {
      t.ctx.clock.reset();
    }
    expect(await repliesOn(p.handoffId)).toHaveLength(6);
  });
});
