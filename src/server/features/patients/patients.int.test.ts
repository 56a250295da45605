import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createOrganization, createStaffUser, createTestApp, signIn, type TestAppHandle } from '../../test-support/index.js';
import { auditEvents } from '../../db/schema/index.js';
import type { OrganizationRow } from '../organizations/organizations.repository.js';
import { findOrCreatePatient } from './patients.service.js';

let t: TestAppHandle;
let home: OrganizationRow;
let other: OrganizationRow;
const cookie = {} as Record<'agent' | 'developer' | 'admin', string>;
let agentId = '';
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  home = await createOrganization(t.ctx, { name: 'Search Clinic', timeZone: 'America/New_York', address: { country: 'US' } });
  other = await createOrganization(t.ctx, { name: 'Other Clinic', timeZone: 'America/New_York', address: { country: 'US' } });
  const at = new Date('2026-01-05T12:00:00Z');
  ids.rossi = await findOrCreatePatient(t.db, { organizationId: home.id, firstName: 'Alicia', lastName: 'Rossi', dateOfBirth: '1962-03-14', phone: '+18605550142' }, at);
  ids.ross = await findOrCreatePatient(t.db, { organizationId: home.id, firstName: 'Bernard', lastName: 'Ross', dateOfBirth: '1975-11-02', phone: '+18605550177' }, at);
  ids.percent = await findOrCreatePatient(t.db, { organizationId: home.id, firstName: 'Carla', lastName: 'Nunez', dateOfBirth: '1990-01-20', phone: null, email: 'carla@example.test' }, at);
  // The same name at another practice must never show.
  ids.foreign = await findOrCreatePatient(t.db, { organizationId: other.id, firstName: 'Alicia', lastName: 'Rossi', dateOfBirth: '1962-03-14', phone: '+18605550142' }, at);
  for (const role of ['agent', 'developer'] as const) {
    const u = await createStaffUser(t.ctx, { role, organizationIds: [home.id] });
    cookie[role] = await signIn(t.app, u.email, u.password);
    if (role === 'agent') agentId = u.id;
  }
  const admin = await createStaffUser(t.ctx, { role: 'admin' });
  cookie.admin = await signIn(t.app, admin.email, admin.password);
});
afterAll(() => t?.close());

const search = (q: string, who: keyof typeof cookie = 'agent', org = home.id) => t.app.inject({ method: 'GET', url: `/api/organizations/${org}/patients`, headers: { cookie: cookie[who] }, query: { q } });
const found = async (q: string, who: keyof typeof cookie = 'agent', org = home.id) => {
  const res = await search(q, who, org);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as { id: string }[]).map((p) => p.id);
};

describe('patient search', () => {
  it('finds by the start of a name (either name, every word), by phone digits and by date of birth — only in the chosen organization', async () => {
    expect(await found('ross')).toEqual([ids.ross, ids.rossi]);
    expect(await found('ali ross')).toEqual([ids.rossi]);
    expect(await found('ROSSI, Alicia')).toEqual([ids.rossi]);
    expect(await found('licia')).toEqual([]);
    expect(await found('555-0142')).toEqual([ids.rossi]);
    expect(await found('(860) 555-0177')).toEqual([ids.ross]);
    expect(await found('03/14/1962')).toEqual([ids.rossi]);
    expect(await found('1990-01-20')).toEqual([ids.percent]);
    // LIKE's own characters are searched for, not obeyed.
    expect(await found('%%')).toEqual([]);
    expect(await found('__')).toEqual([]);
    const res = await search('rossi');
    expect(res.json().items).toEqual([{ id: ids.rossi, organizationId: home.id, firstName: 'Alicia', lastName: 'Rossi', dateOfBirth: '1962-03-14', phone: '+18605550142' }]);
    // An administrator searching the other practice sees its patient, never this one's.
    expect(await found('rossi', 'admin', other.id)).toEqual([ids.foreign]);
  });

  it("each patient shown is an audited view of health information; the search text is not kept", async () => {
    await found('rossi');
    const views = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'phi.view'), eq(auditEvents.recordType, 'patient'), eq(auditEvents.recordId, ids.rossi), eq(auditEvents.actorId, agentId)));
    expect(views.length).toBeGreaterThan(0);
    expect(JSON.stringify(views.map((v) => v.details))).not.toMatch(/rossi/i);
  });

  it('refuses another organization (404), roles without health information (403) and bad queries (400 per field)', async () => {
    expect((await search('rossi', 'agent', other.id)).statusCode).toBe(404);
    expect((await search('rossi', 'agent', 'not-a-uuid')).statusCode).toBe(404);
    expect((await search('rossi', 'developer')).statusCode).toBe(403);
    for (const [q, message] of [
      ['r', /at least 2/],
      ['555', /4 digits/],
      ['02/30/1990', /real date/],
      ['x'.repeat(101), /100/],
    ] as const) {
      const res = await search(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error.fields['querystring.q'], q).toMatch(message);
    }
    const none = await t.app.inject({ method: 'GET', url: `/api/organizations/${home.id}/patients`, headers: { cookie: cookie.agent } });
    expect(none.statusCode).toBe(400);
  });
});
