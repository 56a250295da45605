import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createStaffUser, createTestApp, signIn, type TestAppHandle } from '../../test-support/index.js';
import { sendMessage } from '../outbox/outbox.service.js';

let t: TestAppHandle;
let orgA: string;
let orgB: string;
beforeAll(async () => {
  t = await createTestApp();
  orgA = (await createOrganization(t.ctx)).id;
  orgB = (await createOrganization(t.ctx)).id;
  await sendMessage(t.db, { channel: 'sms', recipient: '+18605550101', body: 'Your appointment request was received.', template: 'request-received', organizationId: orgA });
  await sendMessage(t.db, { channel: 'sms', recipient: '+18605550102', body: 'Other clinic message.', template: 'request-received', organizationId: orgB });
  await sendMessage(t.db, { channel: 'email', recipient: 'staff@example.test', subject: 'Reset', body: 'System mail.', template: 'password-reset' });
});
afterAll(() => t?.close());

async function cookieOf(role: 'admin' | 'developer', organizationIds: string[] = []) {
  const u = await createStaffUser(t.ctx, { role, organizationIds });
  return signIn(t.app, u.email, u.password);
}
const recipients = (res: { json: () => { items: { recipient: string }[] } }) => res.json().items.map((m) => m.recipient).sort();

describe('the outbox in the developer area', () => {
  it('shows an admin every message, newest first', async () => {
    const res = await t.app.inject({ url: '/api/developer/outbox', headers: { cookie: await cookieOf('admin') } });
    expect(res.statusCode).toBe(200);
    expect(recipients(res)).toEqual(['+18605550101', '+18605550102', 'staff@example.test']);
    expect(res.json().items[0].recipient).toBe('staff@example.test');
  });

  it("shows a developer only their organizations' messages, not sign-in mail", async () => {
    const res = await t.app.inject({ url: '/api/developer/outbox', headers: { cookie: await cookieOf('developer', [orgA]) } });
    expect(res.statusCode).toBe(200);
    expect(recipients(res)).toEqual(['+18605550101']);
  });

  it('filters by template, channel and recipient', async () => {
    const cookie = await cookieOf('admin');
    const byTemplate = await t.app.inject({ url: '/api/developer/outbox?template=password-reset', headers: { cookie } });
    expect(recipients(byTemplate)).toEqual(['staff@example.test']);
    const byChannel = await t.app.inject({ url: '/api/developer/outbox?channel=sms&recipient=0102', headers: { cookie } });
    expect(recipients(byChannel)).toEqual(['+18605550102']);
  });

  it('rejects a bad filter with 400', async () => {
    const res = await t.app.inject({ url: '/api/developer/outbox?channel=fax&limit=0', headers: { cookie: await cookieOf('admin') } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual(['querystring.channel', 'querystring.limit']);
  });
});
