import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { callEvents, calls, handoffEvents, scheduleShifts, schedules } from '../../db/schema/index.js';
import { auditRows, createCall, createOrganization, createStaffUser, createTestApp, errorCode, outboxFor, signIn, type TestAppHandle } from '../../test-support/index.js';
import type { OrganizationRow } from '../organizations/organizations.repository.js';
import { saveHoursIfVersion } from '../organizations/hours.repository.js';
import { createHandoff, handoffDueAt, type NewHandoff } from '../handoff-records/create-handoff.service.js';

let t: TestAppHandle;
let org: OrganizationRow;
let other: OrganizationRow;
const cookies = {} as Record<'agent' | 'supervisor' | 'developer' | 'outsider' | 'admin', string>;
const ids = {} as Record<'agent' | 'supervisor', string>;

const newHandoff = (input: Partial<NewHandoff> = {}) =>
  t.db.transaction((tx) =>
    createHandoff(t.ctx, tx, { organizationId: org.id, type: 'callback', priority: 'normal', source: 'staff', reason: 'Call back about a prescription', contactName: 'Pat Doe', contactPhone: '+18605550100', ...input }),
  );
const post = (cookie: string, url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrganization(t.ctx, { name: 'Queue Clinic' });
  other = await createOrganization(t.ctx, { name: 'Elsewhere Clinic' });
  for (const role of ['agent', 'supervisor', 'developer'] as const) {
    const u = await createStaffUser(t.ctx, { role, organizationIds: [org.id], name: `Queue ${role}` });
    cookies[role] = await signIn(t.app, u.email, u.password);
    if (role !== 'developer') ids[role] = u.id;
  }
  const outsider = await createStaffUser(t.ctx, { role: 'supervisor', organizationIds: [other.id] });
  cookies.outsider = await signIn(t.app, outsider.email, outsider.password);
  const admin = await createStaffUser(t.ctx, { role: 'admin' });
  cookies.admin = await signIn(t.app, admin.email, admin.password);
});
afterAll(() => t?.close());

describe('claim', () => {
  it('of two claims at the same moment exactly one wins; the other is told who has it', async () => {
    for (let round = 0; round < 5; round++) {
      const h = await newHandoff();
      const [a, b] = await Promise.all([post(cookies.agent, `/api/handoffs/${h.id}/claim`), post(cookies.supervisor, `/api/handoffs/${h.id}/claim`)]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const [winner, loser] = a.statusCode === 200 ? [a, b] : [b, a];
      const winnerName = winner.json().handoff.assignee.name as string;
      expect(errorCode(loser)).toBe('already_claimed');
      expect(loser.json().error.message).toBe(`Claimed by ${winnerName}.`);
      expect(loser.json().error.claimedBy.name).toBe(winnerName);
      const detail = (await get(cookies.agent, `/api/handoffs/${h.id}`)).json();
      expect(detail.events.filter((e: { kind: string }) => e.kind === 'claimed')).toHaveLength(1);
    }
  });

  it('claiming one’s own claim again is harmless; a resolved one cannot be claimed', async () => {
    const h = await newHandoff();
    expect((await post(cookies.agent, `/api/handoffs/${h.id}/claim`)).statusCode).toBe(200);
    expect((await post(cookies.agent, `/api/handoffs/${h.id}/claim`)).statusCode).toBe(200);
    expect((await post(cookies.agent, `/api/handoffs/${h.id}/resolve`, { outcome: 'completed' })).statusCode).toBe(200);
    const res = await post(cookies.supervisor, `/api/handoffs/${h.id}/claim`);
    expect(res.statusCode).toBe(409);
    expect(errorCode(res)).toBe('invalid_transition');
  });
});

describe('transitions', () => {
  it('open → claimed → resolved → reopened (fresh deadline, unassigned) → canceled, each in the history', async () => {
    const h = await newHandoff();
    const assign = await post(cookies.supervisor, `/api/handoffs/${h.id}/assign`, { userId: ids.agent });
    expect(assign.statusCode).toBe(200);
    expect(assign.json().handoff).toMatchObject({ status: 'claimed', assignee: { id: ids.agent, name: 'Queue agent' } });
    expect((await post(cookies.agent, `/api/handoffs/${h.id}/notes`, { body: 'Left a voicemail' })).statusCode).toBe(200);
    const resolved = await post(cookies.agent, `/api/handoffs/${h.id}/resolve`, { outcome: 'patient_reached', note: 'Spoke with Pat' });
    expect(resolved.json().handoff).toMatchObject({ status: 'resolved', resolution: 'patient_reached' });
    const reopened = await post(cookies.supervisor, `/api/handoffs/${h.id}/reopen`, { note: 'Pat called again' });
    expect(reopened.json().handoff).toMatchObject({ status: 'open', assignee: null, resolution: null, resolvedAt: null });
    expect((await post(cookies.agent, `/api/handoffs/${h.id}/cancel`, { reason: 'Duplicate of another request' })).json().handoff.status).toBe('canceled');
    const events = (await get(cookies.agent, `/api/handoffs/${h.id}`)).json().events as { kind: string; body: string | null; actor: { name: string } | null }[];
    expect(events.map((e) => e.kind)).toEqual(['created', 'assigned', 'note', 'resolved', 'reopened', 'canceled']);
    expect(events[2]).toMatchObject({ body: 'Left a voicemail', actor: { name: 'Queue agent' } });
  });

  it('refuses illegal transitions with 409 invalid_transition and changes nothing', async () => {
    const h = await newHandoff();
    const reopen = await post(cookies.agent, `/api/handoffs/${h.id}/reopen`);
    expect(reopen.statusCode).toBe(409);
    expect(errorCode(reopen)).toBe('invalid_transition');
    await post(cookies.agent, `/api/handoffs/${h.id}/cancel`, { reason: 'Not needed' });
    for (const [path, body] of [['resolve', { outcome: 'completed' }], ['cancel', { reason: 'again' }], ['assign', { userId: ids.agent }], ['callback-attempts', { result: 'reached' }]] as const) {
      const res = await post(cookies.agent, `/api/handoffs/${h.id}/${path}`, body);
      expect(res.statusCode, path).toBe(409);
      expect(errorCode(res), path).toBe('invalid_transition');
    }
    const detail = (await get(cookies.agent, `/api/handoffs/${h.id}`)).json();
    expect(detail.handoff.status).toBe('canceled');
  });

  it('validates bodies: outcome, reason, assignee of the organization', async () => {
    const h = await newHandoff();
    expect((await post(cookies.agent, `/api/handoffs/${h.id}/resolve`, { outcome: 'whatever' })).json().error.fields).toHaveProperty('outcome');
    expect((await post(cookies.agent, `/api/handoffs/${h.id}/cancel`, { reason: '   ' })).json().error.fields).toHaveProperty('reason');
    const stranger = await createStaffUser(t.ctx, { role: 'agent', organizationIds: [other.id] });
    const res = await post(cookies.agent, `/api/handoffs/${h.id}/assign`, { userId: stranger.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.userId).toMatch(/works in this organization/);
  });

  it('records call-back attempts with the number called, and messages the patient through the outbox', async () => {
    const h = await newHandoff({ contactPhone: '+18605550177' });
    const cb = await post(cookies.agent, `/api/handoffs/${h.id}/callback-attempts`, { result: 'no_answer', note: 'Rang out' });
    expect(cb.statusCode).toBe(200);
    // Words of one's own go by text only to a number the patient called or texted from (decision 048).
    const typed = await post(cookies.agent, `/api/handoffs/${h.id}/messages`, { channel: 'sms', body: 'Please call us back at the office.' });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().error.fields.channel).toMatch(/has not called or texted from this number, nor signed in to the portal with it/);
    await createCall(t.ctx, { organizationId: h.organizationId, provider: 'twilio', fromNumber: '+18605550177' });
    const sms = await post(cookies.agent, `/api/handoffs/${h.id}/messages`, { channel: 'sms', body: 'Please call us back at the office.' });
    expect(sms.statusCode).toBe(200);
    const email = await post(cookies.agent, `/api/handoffs/${h.id}/messages`, { channel: 'email', body: 'Hello' });
    expect(email.statusCode).toBe(400);
    expect(email.json().error.fields.channel).toMatch(/no email/);
    const [message] = await outboxFor(t.db, '+18605550177', 'handoff-message');
    expect(message?.body).toContain('Please call us back at the office.');
    const events = (await get(cookies.agent, `/api/handoffs/${h.id}`)).json().events as { kind: string; body: string; data: Record<string, unknown> }[];
    expect(events.find((e) => e.kind === 'callback_attempt')).toMatchObject({ body: 'Rang out', data: { result: 'no_answer', number: '+18605550177' } });
    expect(events.find((e) => e.kind === 'message_sent')).toMatchObject({ body: 'Please call us back at the office.', data: { channel: 'sms' } });
  });
});

describe('the queue', () => {
  it('lists open work by priority then deadline, with tabs and filters, only of the user’s organizations', async () => {
    const fresh = await createOrganization(t.ctx, { name: 'Sorted Clinic' });
    const worker = await createStaffUser(t.ctx, { role: 'agent', organizationIds: [fresh.id] });
    const cookie = await signIn(t.app, worker.email, worker.password);
    const make = (priority: NewHandoff['priority'], reason: string) =>
      t.db.transaction((tx) => createHandoff(t.ctx, tx, { organizationId: fresh.id, type: 'message', priority, source: 'staff', reason }));
    await make('low', 'low');
    await make('urgent', 'urgent');
    await make('normal', 'normal');
    const mine = await make('high', 'high');
    await post(cookie, `/api/handoffs/${mine.id}/claim`);
    const open = (await get(cookie, '/api/handoffs?tab=open')).json();
    expect(open.items.map((i: { reason: string }) => i.reason)).toEqual(['urgent', 'high', 'normal', 'low']);
    expect(open.counts).toEqual({ open: 4, mine: 1 });
    expect((await get(cookie, '/api/handoffs?tab=mine')).json().items.map((i: { reason: string }) => i.reason)).toEqual(['high']);
    expect((await get(cookie, '/api/handoffs?priority=urgent')).json().total).toBe(1);
    expect((await get(cookie, '/api/handoffs?assigneeId=unassigned')).json().total).toBe(3);
    await post(cookie, `/api/handoffs/${mine.id}/resolve`, { outcome: 'completed' });
    expect((await get(cookie, '/api/handoffs?tab=resolved')).json().items.map((i: { id: string }) => i.id)).toEqual([mine.id]);
    // Another organization's queue is invisible, even when asked for by id.
    const foreign = (await get(cookies.outsider, `/api/handoffs?organizationId=${fresh.id}`)).json();
    expect(foreign.total).toBe(0);
    expect((await get(cookies.developer, '/api/handoffs')).statusCode).toBe(403);
  });

  it('answers 404 for another organization’s handoff, for every action, and for malformed ids', async () => {
    const h = await newHandoff();
    expect((await get(cookies.outsider, `/api/handoffs/${h.id}`)).statusCode).toBe(404);
    // Each action's own valid body: a body with fields the action does not take is a 400 before any lookup.
    const bodies: Record<string, object> = { claim: {}, notes: { body: 'x' }, resolve: { outcome: 'completed' }, cancel: { reason: 'x' } };
    for (const [path, body] of Object.entries(bodies)) {
      const res = await post(cookies.outsider, `/api/handoffs/${h.id}/${path}`, body);
      expect(res.statusCode, path).toBe(404);
    }
    expect((await get(cookies.agent, '/api/handoffs/not-a-uuid')).statusCode).toBe(404);
    expect((await get(cookies.admin, `/api/handoffs/${h.id}`)).statusCode).toBe(200);
  });
});

describe('detail', () => {
  it('shows the linked call with a transcript excerpt and the patient’s history, and audits the view', async () => {
    const [call] = await t.db
      .insert(calls)
      .values({ organizationId: org.id, direction: 'inbound', status: 'completed', provider: 'simulator', providerCallId: `sim-${Date.now()}`, fromNumber: '+18605550199', toNumber: '+18605550000' })
      .returning();
    await t.db.insert(callEvents).values([
      { callId: call!.id, seq: 1, kind: 'agent_speech', payload: { text: 'Thank you for calling. How can I help?' } },
      { callId: call!.id, seq: 2, kind: 'caller_speech', payload: { text: 'I need someone to call me back about my results.' } },
      { callId: call!.id, seq: 3, kind: 'tool_call', payload: { name: 'transfer' } },
    ]);
    const earlier = await newHandoff({ contactPhone: '+18605550199', reason: 'Earlier question' });
    const h = await newHandoff({ callId: call!.id, source: 'call', contactPhone: '+18605550199' });
    const res = await get(cookies.agent, `/api/handoffs/${h.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.call).toMatchObject({ id: call!.id, turnCount: 2 });
    expect(body.call.excerpt).toEqual([
      expect.objectContaining({ speaker: 'agent', text: 'Thank you for calling. How can I help?' }),
      expect.objectContaining({ speaker: 'caller', text: 'I need someone to call me back about my results.' }),
    ]);
    expect(body.history.map((i: { id: string }) => i.id)).toEqual(expect.arrayContaining([earlier.id]));
    expect(body.history.map((i: { id: string }) => i.id)).not.toContain(call!.id);
    expect(body.contact.phone).toBe('+18605550199');
    const [audit] = await auditRows(t.db, 'phi.view', h.id);
    expect(audit).toMatchObject({ recordType: 'handoff', outcome: 'success' });
  });

  it('suggests the person on duty when assigning (an office rota only while the office is open)', async () => {
    const [schedule] = await t.db.insert(schedules).values({ organizationId: org.id, name: 'Front desk (all week)' }).returning();
    await t.db.insert(scheduleShifts).values({ scheduleId: schedule!.id, organizationId: org.id, assigneeType: 'user', assigneeUserId: ids.supervisor, days: [1, 2, 3, 4, 5, 6, 7], startTime: '00:00', endTime: '00:00' });
    const h = await newHandoff();
    // The clinic has no office hours: closed, so nobody of its front desk is on duty.
    const closed = (await get(cookies.agent, `/api/handoffs/${h.id}/assignees`)).json();
    expect(closed.suggestedUserId).toBeNull();
    const open = await saveHoursIfVersion(t.db, org.id, 0, { weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: '00:00', end: '24:00' })), overrides: [], updatedBy: ids.supervisor });
    try {
      const body = (await get(cookies.agent, `/api/handoffs/${h.id}/assignees`)).json();
      expect(body.suggestedUserId).toBe(ids.supervisor);
      expect(body.items).toEqual(expect.arrayContaining([expect.objectContaining({ id: ids.supervisor, onDuty: true }), expect.objectContaining({ id: ids.agent, onDuty: false })]));
      expect(body.items.map((i: { role: string }) => i.role)).not.toContain('developer');
    } finally {
      await saveHoursIfVersion(t.db, org.id, open!.version, { weekly: [], overrides: [], updatedBy: ids.supervisor });
    }
  });
});

describe('urgent handoffs', () => {
  it('alert the on-duty people through the outbox, with no health details', async () => {
    const urgentOrg = await createOrganization(t.ctx, { name: 'Urgent Clinic' });
    const nurse = await createStaffUser(t.ctx, { role: 'agent', organizationIds: [urgentOrg.id], name: 'Nurse On Call' });
    // After-hours cover: on duty whenever its shifts say (the clinic has no office hours: it is closed).
    const [schedule] = await t.db.insert(schedules).values({ organizationId: urgentOrg.id, name: 'On-call nurse', purpose: 'after_hours' }).returning();
    await t.db.insert(scheduleShifts).values([
      { scheduleId: schedule!.id, organizationId: urgentOrg.id, assigneeType: 'user', assigneeUserId: nurse.id, days: [1, 2, 3, 4, 5, 6, 7], startTime: '00:00', endTime: '00:00' },
      { scheduleId: schedule!.id, organizationId: urgentOrg.id, assigneeType: 'phone', assigneePhone: '+18605550123', days: [1, 2, 3, 4, 5, 6, 7], startTime: '00:00', endTime: '00:00' },
    ]);
    const h = await t.db.transaction((tx) =>
      createHandoff(t.ctx, tx, { organizationId: urgentOrg.id, type: 'urgent', priority: 'urgent', source: 'call', reason: 'Caller reports chest pain', contactPhone: '+18605550111' }),
    );
    const [email] = await outboxFor(t.db, nurse.email, 'urgent-handoff');
    expect(email?.body).toContain(`/handoffs/${h.id}`);
    expect(email?.body).not.toContain('chest pain');
    const [sms] = await outboxFor(t.db, '+18605550123', 'urgent-handoff');
    expect(sms?.channel).toBe('sms');
    // The deadline in the practice's clock with its zone named; the number texted as people there write it (issue 28).
    expect(sms?.body).toMatch(/due \d{1,2}:\d{2} [AP]M E[SD]T\./);
    const [note] = await t.db.select().from(handoffEvents).where(and(eq(handoffEvents.handoffId, h.id), eq(handoffEvents.kind, 'note')));
    expect(note?.body).toContain('(860) 555-0123 (text)');
    // A normal handoff alerts nobody.
    await t.db.transaction((tx) => createHandoff(t.ctx, tx, { organizationId: urgentOrg.id, type: 'message', priority: 'normal', source: 'call', reason: 'x' }));
    expect(await outboxFor(t.db, nurse.email, 'urgent-handoff')).toHaveLength(1);
  });
});

describe('deadlines', () => {
  it('count business hours per priority, with per-organization overrides', async () => {
    const clinic = await createOrganization(t.ctx, { name: 'Hours Clinic', timeZone: 'America/New_York' });
    await saveHoursIfVersion(t.db, clinic.id, 0, { weekly: [1, 2, 3, 4, 5].map((day) => ({ day, start: '09:00', end: '17:00' })), overrides: [], updatedBy: ids.supervisor });
    // Monday 2026-03-16 16:30 in New York (EDT, UTC-4).
    const monday = new Date('2026-03-16T20:30:00Z');
    const due = (p: NewHandoff['priority']) => handoffDueAt(t.db, clinic.id, p, monday).then((d) => d.toISOString());
    expect(await due('urgent')).toBe('2026-03-16T20:45:00.000Z'); // 15 wall-clock minutes
    expect(await due('high')).toBe('2026-03-17T13:30:00.000Z'); // 30 min Mon + 30 min Tue → Tue 09:30
    expect(await due('normal')).toBe('2026-03-17T16:30:00.000Z'); // → Tue 12:30
    expect(await due('low')).toBe('2026-03-17T20:30:00.000Z'); // 8 business hours → Tue 16:30
    const url = `/api/organizations/${clinic.id}/handoff-deadlines`;
    const put = (cookie: string, payload: object) => t.app.inject({ method: 'PUT', url, headers: { cookie }, payload });
    expect((await put(cookies.agent, { urgent: null, high: 120, normal: null, low: null })).statusCode).toBe(403);
    expect((await put(cookies.admin, { urgent: 0, high: 'soon', normal: null, low: null })).json().error.fields).toHaveProperty('high');
    const saved = await put(cookies.admin, { urgent: 10, high: 120, normal: null, low: null });
    expect(saved.json().rules).toMatchObject({ urgent: { minutes: 10, custom: true, business: false }, high: { minutes: 120, custom: true }, normal: { minutes: 240, custom: false, defaultMinutes: 240 } });
    expect(await due('high')).toBe('2026-03-17T14:30:00.000Z'); // → Tue 10:30
    expect(await due('urgent')).toBe('2026-03-16T20:40:00.000Z');
    expect(await due('normal')).toBe('2026-03-17T16:30:00.000Z'); // unchanged default
    expect((await t.app.inject({ url, headers: { cookie: cookies.outsider } })).statusCode).toBe(404);
  });
});
