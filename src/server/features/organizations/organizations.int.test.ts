import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { messagingSettings, organizationPhoneNumbers, organizations } from '../../db/schema/index.js';
import { auditRows, createOrganization, createStaffUser, createTestApp, errorCode, signIn, type TestAppHandle } from '../../test-support/index.js';
import type { OrganizationRow } from './organizations.repository.js';

let t: TestAppHandle;
let home: OrganizationRow;
let other: OrganizationRow;
const cookies = {} as Record<'admin' | 'supervisor' | 'agent' | 'outsider', string>;

type Method = 'GET' | 'POST' | 'PATCH';
const call = (who: keyof typeof cookies, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: cookies[who] }, ...(payload ? { payload } : {}) });

const uniq = () => Math.random().toString(36).slice(2, 8);
/** A fictional US number no other test uses. */
const number = () => `+1 860 555 ${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;

beforeAll(async () => {
  t = await createTestApp();
  home = await createOrganization(t.ctx, { name: 'Home Clinic' });
  other = await createOrganization(t.ctx, { name: 'Other Clinic' });
  const admin = await createStaffUser(t.ctx, { role: 'admin' });
  const supervisor = await createStaffUser(t.ctx, { role: 'supervisor', organizationIds: [home.id] });
  const agent = await createStaffUser(t.ctx, { role: 'agent', organizationIds: [home.id] });
  const outsider = await createStaffUser(t.ctx, { role: 'supervisor', organizationIds: [other.id] });
  cookies.admin = await signIn(t.app, admin.email, admin.password);
  cookies.supervisor = await signIn(t.app, supervisor.email, supervisor.password);
  cookies.agent = await signIn(t.app, agent.email, agent.password);
  cookies.outsider = await signIn(t.app, outsider.email, outsider.password);
});
afterAll(() => t?.close());

const organizationCount = async () => Number((await t.db.select({ n: count() }).from(organizations))[0]!.n);

describe('creating', () => {
  it('stores numbers in E.164, starts with empty hours, and is audited', async () => {
    const slug = `riverside-${uniq()}`;
    const res = await call('admin', 'POST', '/api/organizations', {
      name: 'Riverside',
      slug,
      timeZone: 'America/Chicago',
      address: { city: 'Chicago', country: 'us' },
      phoneNumbers: [{ number: '(312) 555-0100', label: 'Main' }],
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ slug, timeZone: 'America/Chicago', status: 'active', version: 1, address: { city: 'Chicago', country: 'US' } });
    expect(body.phoneNumbers).toEqual([{ id: expect.any(String), number: '+13125550100', label: 'Main' }]);
    expect(body.agentSettings.greeting).toContain('Riverside');
    const hours = await call('admin', 'GET', `/api/organizations/${body.id}/hours`);
    expect(hours.json()).toMatchObject({ version: 1, weekly: [], overrides: [], status: { open: false } });
    expect((await auditRows(t.db, 'organization.created', body.id)).length).toBe(1);
  });

  it('refuses bad input field by field and saves nothing', async () => {
    const before = await organizationCount();
    const res = await call('admin', 'POST', '/api/organizations', { name: ' ', slug: 'Not A Slug', timeZone: 'Mars/Olympus' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      name: expect.any(String),
      slug: expect.stringContaining('lowercase'),
      timeZone: expect.stringContaining('Unknown time zone "Mars/Olympus"'),
    });
    const phone = await call('admin', 'POST', '/api/organizations', { name: 'X', slug: `x-${uniq()}`, timeZone: 'Europe/London', phoneNumbers: [{ number: '12345' }] });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().error.fields['phoneNumbers.0.number']).toMatch(/valid phone number/);
    expect(await organizationCount()).toBe(before);
  });

  it('refuses a taken slug and a number of another organization with 409 and the field', async () => {
    const taken = await call('admin', 'POST', '/api/organizations', { name: 'Copy', slug: home.slug, timeZone: 'Europe/London' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields.slug).toMatch(/already uses this slug/);

    const n = number();
    const first = await call('admin', 'PATCH', `/api/organizations/${other.id}`, { version: other.version, phoneNumbers: [{ number: n, label: '' }] });
    expect(first.statusCode).toBe(200);
    const before = await organizationCount();
    const clash = await call('admin', 'POST', '/api/organizations', { name: 'Clash', slug: `clash-${uniq()}`, timeZone: 'America/New_York', phoneNumbers: [{ number: n }] });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.fields['phoneNumbers.0.number']).toMatch(/another organization/);
    expect(await organizationCount()).toBe(before);
    const owners = await t.db.select().from(organizationPhoneNumbers).where(eq(organizationPhoneNumbers.organizationId, other.id));
    expect(owners.map((o) => o.e164)).toHaveLength(1);
  });

  it('is for administrators only', async () => {
    const res = await call('supervisor', 'POST', '/api/organizations', { name: 'Mine', slug: `mine-${uniq()}`, timeZone: 'Europe/London' });
    expect(res.statusCode).toBe(403);
  });
});

describe('editing', () => {
  it('an administrator edits an organization; the version guards against a stale save', async () => {
    const current = (await call('admin', 'GET', `/api/organizations/${home.id}`)).json();
    const first = await call('admin', 'PATCH', `/api/organizations/${home.id}`, { version: current.version, name: 'Home Clinic North', status: 'paused' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ name: 'Home Clinic North', status: 'paused', version: current.version + 1 });

    const stale = await call('admin', 'PATCH', `/api/organizations/${home.id}`, { version: current.version, name: 'Overwritten' });
    expect(stale.statusCode).toBe(409);
    expect(errorCode(stale)).toBe('stale_version');
    expect(stale.json().error.message).toMatch(/changed elsewhere.*Reload/);
    const after = (await call('admin', 'GET', `/api/organizations/${home.id}`)).json();
    expect(after.name).toBe('Home Clinic North');

    await call('admin', 'PATCH', `/api/organizations/${home.id}`, { version: after.version, status: 'active' });
  });

  it('a supervisor changes neither the identity, nor the numbers, nor the agent settings (PRODUCT §2), but keeps hours and schedules', async () => {
    const before = (await call('supervisor', 'GET', `/api/organizations/${home.id}`)).json();
    const numbersBefore = await t.db.select().from(organizationPhoneNumbers).where(eq(organizationPhoneNumbers.organizationId, home.id));
    for (const change of [
      { name: 'Taken over' },
      { phoneNumbers: [{ number: number(), label: 'Main' }] },
      { agentSettings: { ...before.agentSettings, greeting: 'Hello from somewhere else' } },
      { status: 'paused' },
      { textSending: { sender: '+1 860 555 0199', perSecond: 5 } },
    ]) {
      const res = await call('supervisor', 'PATCH', `/api/organizations/${home.id}`, { version: before.version, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(403);
    }
    const [row] = await t.db.select().from(organizations).where(eq(organizations.id, home.id));
    expect(row).toMatchObject({ name: before.name, version: before.version, status: before.status });
    expect((await call('admin', 'GET', `/api/organizations/${home.id}`)).json().agentSettings).toEqual(before.agentSettings);
    expect(await t.db.select().from(organizationPhoneNumbers).where(eq(organizationPhoneNumbers.organizationId, home.id))).toEqual(numbersBefore);
    expect((await call('supervisor', 'POST', `/api/organizations/${home.id}/deactivate`)).statusCode).toBe(403);
    expect((await call('supervisor', 'GET', `/api/organizations/${other.id}`)).statusCode).toBe(404);

    // Hours and schedules stay theirs.
    const hours = (await call('supervisor', 'GET', `/api/organizations/${home.id}/hours`)).json();
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/organizations/${home.id}/hours`,
      headers: { cookie: cookies.supervisor },
      payload: { version: hours.version, weekly: hours.weekly, overrides: hours.overrides },
    });
    expect(saved.statusCode).toBe(200);
    expect((await call('supervisor', 'POST', `/api/organizations/${home.id}/schedules`, { name: `Desk ${uniq()}` })).statusCode).toBe(201);
  });

  it('an agent reads but does not edit', async () => {
    expect((await call('agent', 'GET', `/api/organizations/${home.id}`)).statusCode).toBe(200);
    expect((await call('agent', 'PATCH', `/api/organizations/${home.id}`, { version: 1, name: 'No' })).statusCode).toBe(403);
  });

  it('a malformed or unknown id is not found, never a server error', async () => {
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000', "1' or '1'='1"]) {
      const res = await call('admin', 'GET', `/api/organizations/${encodeURIComponent(id)}`);
      expect(res.statusCode).toBe(404);
    }
  });

  it('replacing the numbers keeps unchanged ones and frees removed ones', async () => {
    const org = await createOrganization(t.ctx);
    const a = number();
    const b = number();
    const one = (await call('admin', 'PATCH', `/api/organizations/${org.id}`, { version: org.version, phoneNumbers: [{ number: a, label: 'A' }] })).json();
    const two = (await call('admin', 'PATCH', `/api/organizations/${org.id}`, { version: one.version, phoneNumbers: [{ number: a, label: 'A2' }, { number: b, label: 'B' }] })).json();
    expect(two.phoneNumbers[0]).toMatchObject({ id: one.phoneNumbers[0].id, label: 'A2' });
    const dup = await call('admin', 'PATCH', `/api/organizations/${org.id}`, { version: two.version, phoneNumbers: [{ number: a, label: '' }, { number: a, label: '' }] });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().error.fields['phoneNumbers.1.number']).toMatch(/already listed/);
  });
});

describe('deactivating', () => {
  it('hides the organization from everyone but administrators, until reactivated', async () => {
    const org = await createOrganization(t.ctx);
    const member = await createStaffUser(t.ctx, { role: 'supervisor', organizationIds: [org.id] });
    const memberCookie = await signIn(t.app, member.email, member.password);
    const asMember = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: memberCookie } });

    const res = await call('admin', 'POST', `/api/organizations/${org.id}/deactivate`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('deactivated');
    expect((await asMember(`/api/organizations/${org.id}`)).statusCode).toBe(404);
    expect((await asMember(`/api/organizations/${org.id}/hours`)).statusCode).toBe(404);
    expect((await asMember('/api/organizations')).json().items).toEqual([]);
    expect((await call('admin', 'GET', '/api/organizations')).json().items.map((o: { id: string }) => o.id)).not.toContain(org.id);
    expect((await call('admin', 'GET', '/api/organizations?includeDeactivated=true')).json().items.map((o: { id: string }) => o.id)).toContain(org.id);
    expect(errorCode(await call('admin', 'POST', `/api/organizations/${org.id}/deactivate`))).toBe('invalid_transition');

    expect((await call('admin', 'POST', `/api/organizations/${org.id}/reactivate`)).json().status).toBe('active');
    expect((await asMember(`/api/organizations/${org.id}`)).statusCode).toBe(200);
  });

  it('a paused organization is still listed', async () => {
    const org = await createOrganization(t.ctx, { status: 'paused' });
    const member = await createStaffUser(t.ctx, { role: 'agent', organizationIds: [org.id] });
    const cookie = await signIn(t.app, member.email, member.password);
    const list = await t.app.inject({ method: 'GET', url: '/api/organizations', headers: { cookie } });
    expect(list.json().items).toMatchObject([{ id: org.id, status: 'paused' }]);
  });
});

describe('members', () => {
  it('lists the people who can be put on duty, without deactivated ones', async () => {
    const org = await createOrganization(t.ctx);
    const active = await createStaffUser(t.ctx, { role: 'agent', organizationIds: [org.id], name: 'Dana Active' });
    await createStaffUser(t.ctx, { role: 'agent', organizationIds: [org.id], name: 'Gone Away', status: 'disabled' });
    const res = await call('admin', 'GET', `/api/organizations/${org.id}/members`);
    expect(res.json().items.map((m: { id: string }) => m.id)).toEqual([active.id]);
    expect((await call('outsider', 'GET', `/api/organizations/${home.id}/members`)).statusCode).toBe(404);
  });
});

describe('FAQ entries (issue 26 §6)', () => {
  const settingsOf = async (id: string) => (await t.db.select({ s: organizations.agentSettings }).from(organizations).where(eq(organizations.id, id)))[0]!.s;

  it('saves the entries, Spanish ones included, and answers them as saved', async () => {
    const org = (await call('admin', 'GET', `/api/organizations/${home.id}`)).json();
    const faq = [
      { question: '  Where can I park?  ', answer: 'Behind the building.', questionEs: '¿Dónde me estaciono?', answerEs: 'Detrás del edificio.' },
      { question: 'Do you take walk-ins?', answer: 'Mornings only.' },
    ];
    const res = await call('admin', 'PATCH', `/api/organizations/${home.id}`, { version: org.version, agentSettings: { ...org.agentSettings, faq } });
    expect(res.statusCode, res.body).toBe(200);
    const saved = [{ ...faq[0], question: 'Where can I park?' }, faq[1]];
    expect(res.json().agentSettings.faq).toEqual(saved);
    expect((await settingsOf(home.id)).faq).toEqual(saved);
    expect((await call('agent', 'GET', `/api/organizations/${home.id}`)).json().agentSettings.faq).toEqual(saved);
  });

  it('refuses bad entries with a message per field, and keeps what was saved', async () => {
    const org = (await call('admin', 'GET', `/api/organizations/${home.id}`)).json();
    const before = await settingsOf(home.id);
    const patch = (faq: unknown) => call('admin', 'PATCH', `/api/organizations/${home.id}`, { version: org.version, agentSettings: { ...org.agentSettings, faq } });

    const bad = await patch([
      { question: ' ', answer: 'Behind the building.' },
      { question: 'Do you take walk-ins?', answer: 'x'.repeat(1001) },
      { question: 'Is there parking?', answer: 'Yes.', questionEs: '¿Hay estacionamiento?' },
      { question: 'Do you see children?', answer: 'Yes.', extra: 'no' },
      { question: 42, answer: 'Yes.' },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({
      'agentSettings.faq.0.question': 'Enter the question.',
      'agentSettings.faq.1.answer': 'Use at most 1,000 characters.',
      'agentSettings.faq.2.answerEs': 'Enter the answer in Spanish, or clear the question in Spanish.',
      'agentSettings.faq.3.extra': 'Unknown field.',
      'agentSettings.faq.4.question': 'Enter the question as text.',
    });

    const many = await patch(Array.from({ length: 101 }, (_, i) => ({ question: `Question ${i}?`, answer: 'Yes.' })));
    expect(many.statusCode).toBe(400);
    expect(many.json().error.fields['agentSettings.faq']).toBe('Use at most 100 questions.');

    const text = await patch('Q: Is there parking? A: Yes.');
    expect(text.statusCode).toBe(400);
    expect(text.json().error.fields['agentSettings.faq']).toBe('Send the FAQ as a list of questions and answers.');

    expect(await settingsOf(home.id)).toEqual(before);
    expect((await call('admin', 'GET', `/api/organizations/${home.id}`)).json().version).toBe(org.version);
  });

  it('an FAQ stored as text is shown as entries, and saved as entries with nothing else changed', async () => {
    const text = 'We are a family practice.\n\nQ: Do you accept Medicare? A: Yes, we accept Medicare.\nQ: Is there parking?\nA: Free parking behind the building.\n\nThe entrance is on Oak Lane.';
    const org = await createOrganization(t.ctx, { agentSettings: { greeting: 'Hello from the old days.', faq: text } });
    const shown = (await call('admin', 'GET', `/api/organizations/${org.id}`)).json();
    expect(shown.agentSettings.greeting).toBe('Hello from the old days.');
    // Text before the first question is kept as an entry of its own; an answer runs to the next "Q:", as it always did.
    expect(shown.agentSettings.faq).toEqual([
      { question: 'We are a family practice.', answer: 'We are a family practice.' },
      { question: 'Do you accept Medicare?', answer: 'Yes, we accept Medicare.' },
      { question: 'Is there parking?', answer: 'Free parking behind the building. The entrance is on Oak Lane.' },
    ]);
    expect((await settingsOf(org.id)).faq).toBe(text);

    const res = await call('admin', 'PATCH', `/api/organizations/${org.id}`, { version: shown.version, agentSettings: shown.agentSettings });
    expect(res.statusCode, res.body).toBe(200);
    expect((await settingsOf(org.id)).faq).toEqual(shown.agentSettings.faq);
  });
});

describe('text sending (issue 30 §1)', () => {
  const sendingRow = async (id: string) => (await t.db.select().from(messagingSettings).where(eq(messagingSettings.organizationId, id)))[0];

  it('an administrator chooses the sender and the pace; a national number is stored in E.164, and empty means the first number', async () => {
    const org = (await call('admin', 'GET', `/api/organizations/${home.id}`)).json();
    expect(org.textSending).toEqual({ sender: '', perSecond: null });

    const saved = await call('admin', 'PATCH', `/api/organizations/${home.id}`, { version: org.version, textSending: { sender: '(860) 555-0142', perSecond: 2.5 } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().textSending).toEqual({ sender: '+18605550142', perSecond: 2.5 });
    expect(await sendingRow(home.id)).toMatchObject({ sender: '+18605550142', perSecond: 2.5 });
    const [audit] = await auditRows(t.db, 'organization.updated', home.id);
    expect(audit?.details).toMatchObject({ fields: ['textSending'], textSender: { from: null, to: '+18605550142' } });

    const service = await call('admin', 'PATCH', `/api/organizations/${home.id}`, { version: org.version + 1, textSending: { sender: 'MG0123456789ABCDEF0123456789abcdef', perSecond: null } });
    expect(service.json().textSending).toEqual({ sender: 'MG0123456789abcdef0123456789abcdef', perSecond: null });

    const cleared = await call('admin', 'PATCH', `/api/organizations/${home.id}`, { version: org.version + 2, textSending: { sender: '', perSecond: null } });
    expect(cleared.json().textSending).toEqual({ sender: '', perSecond: null });
    expect(await sendingRow(home.id)).toMatchObject({ sender: null, perSecond: null });
  });

  it('saving the settings never moves the pacing clock the workers share', async () => {
    const org = (await call('admin', 'GET', `/api/organizations/${other.id}`)).json();
    const clock = new Date(Date.now() + 60_000);
    await t.db.insert(messagingSettings).values({ organizationId: other.id, nextSendAt: clock }).onConflictDoUpdate({ target: messagingSettings.organizationId, set: { nextSendAt: clock } });
    await call('admin', 'PATCH', `/api/organizations/${other.id}`, { version: org.version, textSending: { sender: '', perSecond: 1 } });
    expect((await sendingRow(other.id))?.nextSendAt?.getTime()).toBe(clock.getTime());
  });

  it('refuses a sender or a pace that cannot be used, field by field, and keeps what was saved', async () => {
    const org = (await call('admin', 'GET', `/api/organizations/${home.id}`)).json();
    const before = await sendingRow(home.id);
    for (const [textSending, field, message] of [
      [{ sender: 'call us', perSecond: null }, 'textSending.sender', /phone number/],
      [{ sender: '+1 860 555', perSecond: null }, 'textSending.sender', /valid phone number/],
      [{ sender: '', perSecond: 0 }, 'textSending.perSecond', /At least 0.1/],
      [{ sender: '', perSecond: 1000 }, 'textSending.perSecond', /At most 100/],
      [{ sender: '', perSecond: '5' }, 'textSending.perSecond', /number of texts per second/],
    ] as const) {
      const res = await call('admin', 'PATCH', `/api/organizations/${home.id}`, { version: org.version, textSending });
      expect(res.statusCode, JSON.stringify(textSending)).toBe(400);
      expect(res.json().error.fields[field]).toMatch(message);
    }
    expect(await sendingRow(home.id)).toEqual(before);
  });
});
