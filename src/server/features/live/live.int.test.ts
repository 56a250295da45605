import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createStaffUser, createTestApp, signIn, type TestAppHandle } from '../../test-support/index.js';
import { publishLive } from './live.service.js';

let t: TestAppHandle;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t?.close());

/** Reads server-sent events from a real HTTP stream until `count` arrive or time runs out. */
async function collect(cookie: string, topics: string, trigger: () => Promise<void>, count: number): Promise<{ event: string; data: { organizationId: string; id: string } }[]> {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/live?topics=${topics}`, { headers: { cookie, accept: 'text/event-stream' }, signal: controller.signal });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const events: { event: string; data: { organizationId: string; id: string } }[] = [];
  let buffer = '';
  await reader.read(); // the "connected" comment: the subscription is in place
  await trigger();
  const deadline = setTimeout(() => controller.abort(), 3000);
  try {
    while (events.length < count) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.+)$/m.exec(block)?.[1];
        const data = /^data: (.+)$/m.exec(block)?.[1];
        if (event && data) events.push({ event, data: JSON.parse(data) });
      }
    }
  } catch {
    /* aborted at the deadline */
  } finally {
    clearTimeout(deadline);
    controller.abort();
  }
  return events;
}

describe('live updates over server-sent events', () => {
  it('delivers committed changes of the user’s organizations and topics only', async () => {
    const mine = await createOrganization(t.ctx);
    const foreign = await createOrganization(t.ctx);
    const u = await createStaffUser(t.ctx, { role: 'agent', organizationIds: [mine.id] });
    const cookie = await signIn(t.app, u.email, u.password);

    const events = await collect(
      cookie,
      'handoffs',
      async () => {
        await publishLive(t.ctx.db, { topic: 'handoffs', organizationId: foreign.id, type: 'created', id: 'foreign-one' });
        await publishLive(t.ctx.db, { topic: 'calls', organizationId: mine.id, type: 'created', id: 'other-topic' });
        await t.ctx.db.transaction(async (tx) => {
          await publishLive(tx, { topic: 'handoffs', organizationId: mine.id, type: 'created', id: 'rolled-back' });
          tx.rollback();
        }).catch(() => undefined);
        await publishLive(t.ctx.db, { topic: 'handoffs', organizationId: mine.id, type: 'created', id: 'mine' });
      },
      2,
    );
    expect(events.map((e) => e.data.id)).toEqual(['mine']);
    expect(events[0]!.event).toBe('handoffs');
  });

  it('refuses a request that is not an event stream with 406, and anonymous callers with 401', async () => {
    const org = await createOrganization(t.ctx);
    const u = await createStaffUser(t.ctx, { role: 'supervisor', organizationIds: [org.id] });
    const cookie = await signIn(t.app, u.email, u.password);
    expect((await t.app.inject({ url: '/api/live?topics=calls', headers: { cookie } })).statusCode).toBe(406);
    expect((await t.app.inject({ url: '/api/live?topics=calls' })).statusCode).toBe(401);
  });
});

describe('a live stream and its session', () => {
  it('ends once the session behind it ends (here: signed out elsewhere), saying why', async () => {
    const quick = await createTestApp({ LIVE_HEARTBEAT_SECONDS: '0.1' });
    try {
      const url = await quick.app.listen({ port: 0, host: '127.0.0.1' });
      const u = await createStaffUser(quick.ctx, { role: 'agent' });
      const cookie = await signIn(quick.app, u.email, u.password);
      const res = await fetch(`${url}/api/live?topics=calls`, { headers: { cookie, accept: 'text/event-stream' } });
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      await reader.read();
      // Still open after several session checks while the session lasts.
      await new Promise((r) => setTimeout(r, 700));
      expect((await quick.app.inject({ method: 'POST', url: '/api/session/logout', headers: { cookie } })).statusCode).toBe(204);
      let text = '';
      const deadline = Date.now() + 3000;
      for (;;) {
        const { value, done } = await reader.read();
        if (done || Date.now() > deadline) break;
        text += new TextDecoder().decode(value);
      }
      expect(text).toContain('event: session-ended');
    } finally {
      await quick.close();
    }
  });
});
