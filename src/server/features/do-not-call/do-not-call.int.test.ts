import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, createOrganization, createStaffUser, createTestApp, errorCode, signIn, type TestAppHandle } from '../../test-support/index.js';
import type { OrganizationRow } from '../organizations/organizations.repository.js';
import { addDoNotCallFromCall } from './do-not-call.service.js';

let t: TestAppHandle;
let org: OrganizationRow;
let gb: OrganizationRow;
const cookies = {} as Record<'supervisor' | 'developer' | 'agent' | 'outsider', string>;

const url = (o: OrganizationRow = org) => `/api/organizations/${o.id}/do-not-call`;
const post = (cookie: string, path: string, payload: object) => t.app.inject({ method: 'POST', url: path, headers: { cookie }, payload });
const get = (cookie: string, path: string, query: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: path, query, headers: { cookie } });

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrganization(t.ctx, { name: 'Listed Clinic' });
  gb = await createOrganization(t.ctx, { name: 'London Clinic', timeZone: 'Europe/London', address: { country: 'GB' } });
  for (const role of ['supervisor', 'developer', 'agent'] as const) {
    const u = await createStaffUser(t.ctx, { role, organizationIds: [org.id, gb.id] });
    cookies[role] = await signIn(t.app, u.email, u.password);
  }
  const outsider = await createStaffUser(t.ctx, { role: 'supervisor', organizationIds: [(await createOrganization(t.ctx)).id] });
  cookies.outsider = await signIn(t.app, outsider.email, outsider.password);
});
afterAll(() => t?.close());

describe('adding and removing', () => {
  it('adds a number in the organization’s local format as E.164, audited with the reason; a second add is a 409', async () => {
    const res = await post(cookies.supervisor, url(), { phone: '(860) 555-0199', reason: 'Asked by letter' });
    expect(res.statusCode).toBe(201);
    const entry = res.json();
    expect(entry).toMatchObject({ phone: '+18605550199', reason: 'Asked by letter', source: 'staff', organizationId: org.id });
    const [audit] = await auditRows(t.db, 'do_not_call.add', entry.id);
    expect(audit).toMatchObject({ organizationId: org.id, details: { phone: '+18605550199', reason: 'Asked by letter' } });

    const again = await post(cookies.supervisor, url(), { phone: '860-555-0199', reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('+18605550199 is already on the do-not-call list.');
  });

  it('reads local numbers in the organization’s country', async () => {
    const res = await post(cookies.supervisor, url(gb), { phone: '020 7946 0000', reason: 'Complaint' });
    expect(res.json().phone).toBe('+442079460000');
  });

  it('answers a bad number, a missing reason and unknown fields per field', async () => {
    const res = await post(cookies.supervisor, url(), { phone: '12', reason: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({ reason: 'Say why (it is kept in the audit log).' });
    const bad = await post(cookies.supervisor, url(), { phone: '12', reason: 'x' });
    expect(bad.json().error.fields).toEqual({ phone: 'Not a valid phone number for US. A number abroad needs its country code (+44 …).' });
    const extra = await post(cookies.supervisor, url(), { phone: '8605550100', reason: 'x', source: 'call' });
    expect(extra.json().error.fields).toEqual({ source: 'Unknown field.' });
  });

  it('removes with a reason, audited with the number; the entry is gone; a second removal is 404', async () => {
    const entry = (await post(cookies.supervisor, url(), { phone: '8605550198', reason: 'Wrong person' })).json();
    const res = await post(cookies.supervisor, `${url()}/${entry.id}/remove`, { reason: 'Patient asked to be called again' });
    expect(res.statusCode).toBe(204);
    const [audit] = await auditRows(t.db, 'do_not_call.remove', entry.id);
    expect(audit!.details).toMatchObject({ phone: '+18605550198', reason: 'Patient asked to be called again', addedReason: 'Wrong person' });
    const list = (await get(cookies.supervisor, url(), { q: '5550198' })).json();
    expect(list.items).toEqual([]);
    expect((await post(cookies.supervisor, `${url()}/${entry.id}/remove`, { reason: 'again' })).statusCode).toBe(404);
    expect((await post(cookies.supervisor, `${url()}/not-a-uuid/remove`, { reason: 'again' })).statusCode).toBe(404);
  });

  it('an entry of another organization cannot be removed through this one', async () => {
    const entry = (await post(cookies.supervisor, url(gb), { phone: '020 7946 0001', reason: 'x' })).json();
    expect((await post(cookies.supervisor, `${url(org)}/${entry.id}/remove`, { reason: 'x' })).statusCode).toBe(404);
  });
});

describe('listing', () => {
  it('pages newest first with a cursor and searches digits or reason words', async () => {
    const o = await createOrganization(t.ctx, { name: 'Paging Clinic' });
    const admin = await createStaffUser(t.ctx, { role: 'admin' });
    const cookie = await signIn(t.app, admin.email, admin.password);
    for (let i = 0; i < 5; i++) await post(cookie, url(o), { phone: `860555010${i}`, reason: i === 3 ? 'Moved away' : 'Asked' });
    await addDoNotCallFromCall(t.db, { organizationId: o.id, phone: '+18605550109', reason: 'Asked during a call', callId: null as unknown as string });

    const first = (await get(cookie, url(o), { limit: '4' })).json();
    expect(first.items.map((e: { phone: string }) => e.phone)).toEqual(['+18605550109', '+18605550104', '+18605550103', '+18605550102']);
    expect(first.items[0].source).toBe('call');
    const second = (await get(cookie, url(o), { limit: '4', cursor: first.nextCursor })).json();
    expect(second.items.map((e: { phone: string }) => e.phone)).toEqual(['+18605550101', '+18605550100']);
    expect(second.nextCursor).toBeNull();

    expect((await get(cookie, url(o), { q: '(860) 555-0103' })).json().items.map((e: { phone: string }) => e.phone)).toEqual(['+18605550103']);
    expect((await get(cookie, url(o), { q: 'moved' })).json().items.map((e: { reason: string }) => e.reason)).toEqual(['Moved away']);
    expect((await get(cookie, url(o), { q: 'a%_' })).json().items).toEqual([]);
  });

  it('refuses a malformed cursor or limit per field', async () => {
    const res = await get(cookies.supervisor, url(), { cursor: 'abc', limit: '0' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual(['querystring.cursor', 'querystring.limit']);
  });

  it('supervisors read; developers, agents and other organizations do not (patients’ numbers, PRODUCT §2)', async () => {
    expect((await get(cookies.supervisor, url())).statusCode).toBe(200);
    expect((await get(cookies.developer, url())).statusCode).toBe(403);
    expect((await post(cookies.developer, url(), { phone: '8605550150', reason: 'x' })).statusCode).toBe(403);
    expect((await get(cookies.agent, url())).statusCode).toBe(403);
    const foreign = await get(cookies.outsider, url());
    expect(foreign.statusCode).toBe(404);
    expect(errorCode(foreign)).toBe('not_found');
  });
});

describe('importing', () => {
  it('adds the numbers of a CSV with a header, with their own reasons, skips listed ones and says which rows are not numbers', async () => {
    const o = await createOrganization(t.ctx, { name: 'Import Clinic' });
    const admin = await createStaffUser(t.ctx, { role: 'admin' });
    const cookie = await signIn(t.app, admin.email, admin.password);
    await post(cookie, url(o), { phone: '8605550200', reason: 'Earlier' });
    const csv = 'Name;Mobile;Reason\nAda;(860) 555-0200;\nBob;860 555 0201;Moved\nCy;not a number;\nDi;860.555.0202;\nEd;8605550201;dup\n';
    const res = await post(cookie, `${url(o)}/import`, { csv, reason: 'Old system export' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ added: 2, alreadyListed: 1, rejected: [{ row: 4, value: 'not a number', message: 'Not a valid phone number for US.' }], rejectedCount: 1 });
    const items = (await get(cookie, url(o))).json().items as { phone: string; reason: string; source: string }[];
    expect(items.map((e) => [e.phone, e.reason, e.source]).sort()).toEqual([
      ['+18605550200', 'Earlier', 'staff'],
      ['+18605550201', 'Moved', 'import'],
      ['+18605550202', 'Old system export', 'import'],
    ]);
    const [audit] = await auditRows(t.db, 'do_not_call.import');
    expect(audit!.details).toMatchObject({ reason: 'Old system export', added: 2, rejected: 1 });
  });

  it('reads a bare column of numbers without a header', async () => {
    const res = await post(cookies.supervisor, `${url()}/import`, { csv: '8605550301\r\n8605550302\r\n', reason: 'List' });
    expect(res.json()).toMatchObject({ added: 2, rejectedCount: 0 });
  });

  it('refuses an empty file, a file without a single number, and text over 10 MB with a message; nothing is added', async () => {
    const empty = await post(cookies.supervisor, `${url()}/import`, { csv: ' \n', reason: 'x' });
    expect(empty.statusCode).toBe(400);
    expect(errorCode(empty)).toBe('csv_empty');
    const none = await post(cookies.supervisor, `${url()}/import`, { csv: 'phone\nhello\n', reason: 'x' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields).toEqual({ csv: 'No row holds a valid phone number.' });
    const big = await post(cookies.supervisor, `${url()}/import`, { csv: 'phone\n' + '8605550100\n'.repeat(1_000_000), reason: 'x' });
    expect(big.statusCode).toBe(400);
    expect(big.json().error.fields.csv).toBe('The file is larger than 10 MB.');
  });

  it('answers a body over the route’s own limit with 413', async () => {
    const res = await post(cookies.supervisor, `${url()}/import`, { csv: 'x'.repeat(17 * 1024 * 1024), reason: 'x' });
    expect(res.statusCode).toBe(413);
    expect(errorCode(res)).toBe('payload_too_large');
  });
});
