import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditRows, createCall, createOrganization, createStaffUser, createTestApp, signIn, type TestAppHandle } from '../../test-support/index.js';

/**
 * Issue 19 §7: one phi.view row per view of a record per page load. The web app names its page
 * load (X-Page-Load); the page's refetches of the same record, even at the same moment, add none.
 */
let t: TestAppHandle;
let cookie: string;
let organizationId: string;
beforeAll(async () => {
  t = await createTestApp();
  organizationId = (await createOrganization(t.ctx)).id;
  const agent = await createStaffUser(t.ctx, { role: 'agent', organizationIds: [organizationId] });
  cookie = await signIn(t.app, agent.email, agent.password);
});
afterAll(() => t?.close());

const view = (url: string, pageLoad?: string) => t.app.inject({ url, headers: { cookie, ...(pageLoad ? { 'x-page-load': pageLoad } : {}) } });

it('a page load that fetches a call three times, two of them together, leaves one view', async () => {
  const call = await createCall(t.ctx, { organizationId });
  const load = 'a1b2c3d4-0000-4000-8000-000000000001';
  expect((await view(`/api/calls/${call.id}`, load)).statusCode).toBe(200);
  await Promise.all([view(`/api/calls/${call.id}`, load), view(`/api/calls/${call.id}`, load)]);
  const rows = await auditRows(t.db, 'phi.view', call.id);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ recordType: 'call', details: { pageLoad: load } });

  // The chat context of the same call is another record view; another page load is another view.
  await view(`/api/calls/${call.id}/chat-context`, load);
  await view(`/api/calls/${call.id}`, 'a1b2c3d4-0000-4000-8000-000000000002');
  expect((await auditRows(t.db, 'phi.view', call.id)).map((r) => r.recordType).sort()).toEqual(['call', 'call', 'call_chat_context']);
});

it('without a page load (another client), every request is a view; a malformed one is ignored', async () => {
  const call = await createCall(t.ctx, { organizationId });
  await view(`/api/calls/${call.id}`);
  await view(`/api/calls/${call.id}`);
  await view(`/api/calls/${call.id}`, 'x');
  expect(await auditRows(t.db, 'phi.view', call.id)).toHaveLength(3);
});
