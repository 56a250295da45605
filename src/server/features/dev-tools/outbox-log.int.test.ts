import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createStaffUser, createTestApp, signIn, type TestAppHandle } from '../../test-support/index.js';
import { sendMessage } from '../outbox/outbox.service.js';
import { outboxMessages } from '../../db/schema/index.js';

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

  it('pages by cursor without skipping or repeating messages created in the same instant', async () => {
    const sameInstant = new Date('2026-03-01T10:00:00.123456Z');
    await t.db.insert(outboxMessages).values(
      ['a', 'b', 'c', 'd', 'e'].map((x) => ({ channel: 'sms' as const, recipient: `+1860555099${x.charCodeAt(0) - 97}`, body: `same instant ${x}`, template: 'paging-test', createdAt: sameInstant })),
    );
    const cookie = await cookieOf('admin');
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 20; page++) {
      const res = await t.app.inject({ url: `/api/developer/outbox?template=paging-test&limit=2${cursor ? `&cursor=${cursor}` : ''}`, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      const items = res.json().items as { body: string; cursor: string }[];
      seen.push(...items.map((m) => m.body));
      if (items.length < 2) break;
      cursor = items.at(-1)!.cursor;
    }
    expect(seen.sort()).toEqual(['a', 'b', 'c', 'd', 'e'].map((x) => `same instant ${x}`));
    const bad = await t.app.inject({ url: '/api/developer/outbox?cursor=yesterday', headers: { cookie } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(['querystring.cursor']);
  });

  it('rejects a bad filter with 400', async () => {
    const res = await t.app.inject({ url: '/api/developer/outbox?channel=fax&limit=0', headers: { cookie: await cookieOf('admin') } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual(['querystring.channel', 'querystring.limit']);
  });
});
