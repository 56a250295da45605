import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { LiveHub } from '../live/live.hub.js';
import {
  createCall,
  createConversation,
  createHandoffForCall,
  createOrganization,
  createStaffUser,
  createTestApp,
  errorCode,
  signIn,
  type TestAppHandle,
} from '../../test-support/index.js';

let t: TestAppHandle;
let ny: string;
let la: string;
let foreign: string;
const cookies = {} as Record<'admin' | 'supervisor' | 'agent' | 'developer' | 'outsider', string>;

beforeAll(async () => {
  t = await createTestApp();
  ny = (await createOrganization(t.ctx, { name: 'List New York Clinic', timeZone: 'America/New_York' })).id;
  la = (await createOrganization(t.ctx, { name: 'List Los Angeles Clinic', timeZone: 'America/Los_Angeles' })).id;
  foreign = (await createOrganization(t.ctx, { name: 'List Foreign Clinic' })).id;
  const make = async (role: 'admin' | 'supervisor' | 'agent' | 'developer', organizationIds: string[]) => {
    const u = await createStaffUser(t.ctx, { role, organizationIds });
    return signIn(t.app, u.email, u.password);
  };
  cookies.admin = await make('admin', []);
  cookies.supervisor = await make('supervisor', [ny, la]);
  cookies.agent = await make('agent', [ny]);
  cookies.developer = await make('developer', [ny]);
  cookies.outsider = await make('supervisor', [foreign]);
});
afterAll(() => t?.close());

type Item = { id: string; organizationId: string; live: boolean; match: string | null; hasHandoff: boolean; contactNumber: string };
/** As the web asks: by POST /api/calls/search when a phone number or text is searched (personal data stays out of URLs), else GET. */
const list = async (as: keyof typeof cookies, query: Record<string, string> = {}) => {
  if (query.q === undefined && query.phone === undefined) return t.app.inject({ url: `/api/calls?${new URLSearchParams(query)}`, headers: { cookie: cookies[as] } });
  const flag = (v: string | undefined) => (v === undefined ? undefined : v === 'true');
  const payload = { ...query, hasHandoff: flag(query.hasHandoff), live: flag(query.live), limit: query.limit === undefined ? undefined : Number(query.limit) };
  return t.app.inject({ method: 'POST', url: '/api/calls/search', headers: { cookie: cookies[as] }, payload });
};
const ids = async (as: keyof typeof cookies, query: Record<string, string> = {}) => {
  const res = await list(as, query);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as Item[]).map((i) => i.id);
};

describe('who sees which calls', () => {
  it("lists only the user's organizations; administrators see all", async () => {
    const a = await createCall(t.ctx, { organizationId: ny, fromNumber: '+12125550101' });
    const b = await createCall(t.ctx, { organizationId: la, fromNumber: '+12125550101' });
    const c = await createCall(t.ctx, { organizationId: foreign, fromNumber: '+12125550101' });
    const phone = { phone: '+12125550101' };
    expect(new Set(await ids('admin', phone))).toEqual(new Set([a.id, b.id, c.id]));
    expect(new Set(await ids('supervisor', phone))).toEqual(new Set([a.id, b.id]));
    expect(await ids('agent', phone)).toEqual([a.id]);
    expect(await ids('developer', phone)).toEqual([a.id]);
    expect(await ids('outsider', phone)).toEqual([c.id]);
  });

  it("a filter on another organization's id is not found, never its calls", async () => {
    const res = await list('agent', { organizationId: foreign });
    expect(res.statusCode).toBe(404);
    expect(errorCode(res)).toBe('not_found');
  });

  it('hides deactivated organizations from everyone but administrators', async () => {
    const closed = await createOrganization(t.ctx, { name: 'Closed Clinic', status: 'deactivated' });
    const u = await createStaffUser(t.ctx, { role: 'supervisor', organizationIds: [closed.id] });
    const cookie = await signIn(t.app, u.email, u.password);
    const call = await createCall(t.ctx, { organizationId: closed.id });
    const res = await t.app.inject({ url: '/api/calls', headers: { cookie } });
    expect(res.json().items).toEqual([]);
    expect(await ids('admin', { organizationId: closed.id })).toEqual([call.id]);
  });
});

describe('filters', () => {
  it('by direction, status, outcome, live and handoff', async () => {
    const org = (await createOrganization(t.ctx, { name: 'Filter Clinic' })).id;
    const inbound = await createCall(t.ctx, { organizationId: org, outcome: 'question_answered' });
    const outbound = await createCall(t.ctx, { organizationId: org, direction: 'outbound', status: 'no_answer', outcome: 'voicemail' });
    const live = await createCall(t.ctx, { organizationId: org, status: 'in_progress' });
    await createHandoffForCall(t.ctx, { organizationId: org, callId: inbound.id });
    const q = (extra: Record<string, string>) => ids('admin', { organizationId: org, ...extra });

    expect(await q({ direction: 'outbound' })).toEqual([outbound.id]);
    expect(await q({ status: 'no_answer' })).toEqual([outbound.id]);
    expect(await q({ outcome: 'question_answered' })).toEqual([inbound.id]);
    expect(await q({ outcome: 'none' })).toEqual([live.id]);
    expect(await q({ live: 'true' })).toEqual([live.id]);
    expect(new Set(await q({ live: 'false' }))).toEqual(new Set([inbound.id, outbound.id]));
    expect(await q({ hasHandoff: 'true' })).toEqual([inbound.id]);
    expect(new Set(await q({ hasHandoff: 'false' }))).toEqual(new Set([outbound.id, live.id]));

    const all = (await list('admin', { organizationId: org })).json().items as Item[];
    expect(all.find((i) => i.id === live.id)!.live).toBe(true);
    expect(all.find((i) => i.id === inbound.id)!).toMatchObject({ live: false, hasHandoff: true });
  });

  it('by phone number in any common format, matching the caller of inbound and the callee of outbound calls', async () => {
    const org = (await createOrganization(t.ctx)).id;
    const inbound = await createCall(t.ctx, { organizationId: org, fromNumber: '+18605550177' });
    const outbound = await createCall(t.ctx, { organizationId: org, direction: 'outbound', fromNumber: '+18605550100', toNumber: '+18605550177' });
    await createCall(t.ctx, { organizationId: org, fromNumber: '+18605550178' });
    for (const phone of ['(860) 555-0177', '860.555.0177', '+1 860 555 0177']) {
      expect(new Set(await ids('admin', { organizationId: org, phone })), phone).toEqual(new Set([inbound.id, outbound.id]));
    }
    const items = (await list('admin', { organizationId: org, phone: '8605550177' })).json().items as Item[];
    expect(items.every((i) => i.contactNumber === '+18605550177')).toBe(true);
    const bad = await list('admin', { phone: '12' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(['phone']);
  });

  it('by the digits as stored, whether or not the phone library calls the number valid (UK drama range, issue 28)', async () => {
    const org = (await createOrganization(t.ctx, { timeZone: 'Europe/London' })).id;
    // 07700 900xxx is Ofcom's drama range: libphonenumber calls it invalid, yet callers come from it (the demo's do).
    const drama = await createCall(t.ctx, { organizationId: org, fromNumber: '+447700900123' });
    const outbound = await createCall(t.ctx, { organizationId: org, direction: 'outbound', fromNumber: '+442079460000', toNumber: '+447700900123' });
    await createCall(t.ctx, { organizationId: org, fromNumber: '+447700900124' });
    for (const phone of ['+447700900123', '+44 7700 900123', '07700 900123', '0044 7700 900123', '447700900123']) {
      const res = await list('admin', { organizationId: org, phone });
      expect(res.statusCode, `${phone}: ${res.body}`).toBe(200);
      expect(new Set((res.json().items as Item[]).map((i) => i.id)), phone).toEqual(new Set([drama.id, outbound.id]));
    }
  });

  it('by words in the transcript (full-text, with stemming), showing where they matched', async () => {
    const org = (await createOrganization(t.ctx)).id;
    const hit = await createConversation(t.ctx, {
      organizationId: org,
      lines: [
        ['agent', 'Thank you for calling. How can I help?'],
        ['caller', 'I wanted to ask whether you accept my insurance from Aetna.'],
      ],
    });
    await createConversation(t.ctx, { organizationId: org, lines: [['caller', 'I need to book a cleaning next week.']] });
    expect(await ids('admin', { organizationId: org, q: 'insurances' })).toEqual([hit.id]);
    expect(await ids('admin', { organizationId: org, q: '"accept my insurance"' })).toEqual([hit.id]);
    expect(await ids('admin', { organizationId: org, q: 'insurance -aetna' })).toEqual([]);
    const [item] = (await list('admin', { organizationId: org, q: 'aetna' })).json().items as Item[];
    expect(item!.match).toContain('«Aetna»');
    // Punctuation and operators alone are not an error.
    expect((await list('admin', { organizationId: org, q: '"(' })).statusCode).toBe(200);
  });

  it("by date range in each organization's own time zone, or by exact instants", async () => {
    const nyLate = await createCall(t.ctx, { organizationId: ny, startedAt: new Date('2026-02-10T04:30:00Z') }); // 9 Feb 23:30 in New York
    const nyEarly = await createCall(t.ctx, { organizationId: ny, startedAt: new Date('2026-02-10T05:30:00Z') }); // 10 Feb 00:30
    const laLate = await createCall(t.ctx, { organizationId: la, startedAt: new Date('2026-02-10T07:30:00Z') }); // 9 Feb 23:30 in Los Angeles
    const laEarly = await createCall(t.ctx, { organizationId: la, startedAt: new Date('2026-02-10T08:30:00Z') }); // 10 Feb 00:30
    const laNextDay = await createCall(t.ctx, { organizationId: la, startedAt: new Date('2026-02-11T08:30:00Z') }); // 11 Feb 00:30

    expect(new Set(await ids('supervisor', { from: '2026-02-10', to: '2026-02-10' }))).toEqual(new Set([nyEarly.id, laEarly.id]));
    expect(await ids('supervisor', { organizationId: la, from: '2026-02-10', to: '2026-02-10' })).toEqual([laEarly.id]);
    expect(new Set(await ids('supervisor', { from: '2026-02-09', to: '2026-02-09' }))).toEqual(new Set([nyLate.id, laLate.id]));
    expect(await ids('supervisor', { from: '2026-02-11T00:00:00Z', to: '2026-02-12T00:00:00Z' })).toEqual([laNextDay.id]);
    expect(await ids('supervisor', { from: '2026-02-09T23:00:00-05:00', to: '2026-02-10T05:00:00Z' })).toEqual([nyLate.id]);

    const reversed = await list('supervisor', { from: '2026-02-11', to: '2026-02-10' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error.fields).toHaveProperty('to');
    expect((await list('supervisor', { from: '2026-02-30' })).statusCode).toBe(400);
    expect((await list('supervisor', { from: 'yesterday' })).statusCode).toBe(400);
  });

  it('refuses malformed filters with a message per field', async () => {
    const bad: Record<string, string>[] = [{ organizationId: 'nope' }, { status: 'lost' }, { direction: 'sideways' }, { limit: '1000' }, { sort: 'caller' }, { hasHandoff: 'maybe' }, { q: 'x'.repeat(201) }];
    for (const query of bad) {
      const res = await list('admin', query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(errorCode(res)).toBe('validation_failed');
    }
  });
});

describe('keyset pages', () => {
  it('walks forward and back through every call exactly once, by start time or duration', async () => {
    const org = (await createOrganization(t.ctx)).id;
    const base = Date.parse('2026-04-01T15:00:00Z');
    const made = [];
    for (let i = 0; i < 7; i++) {
      // Two calls share a start time: the id breaks the tie.
      const startedAt = new Date(base + (i === 3 ? 2 : i) * 60_000);
      made.push(await createCall(t.ctx, { organizationId: org, startedAt, durationSeconds: [30, 90, 60, 90, 10, 300, 45][i] }));
    }
    for (const [sort, order] of [['startedAt', 'desc'], ['startedAt', 'asc'], ['duration', 'desc'], ['duration', 'asc']] as const) {
      const all = await ids('admin', { organizationId: org, sort, order, limit: '100' });
      expect(all).toHaveLength(7);
      const seen: string[] = [];
      let page = (await list('admin', { organizationId: org, sort, order, limit: '3' })).json();
      expect(page.prevCursor).toBeNull();
      const pages = [page];
      seen.push(...page.items.map((i: Item) => i.id));
      while (page.nextCursor) {
        page = (await list('admin', { organizationId: org, sort, order, limit: '3', after: page.nextCursor })).json();
        pages.push(page);
        seen.push(...page.items.map((i: Item) => i.id));
      }
      expect(seen, `${sort} ${order}`).toEqual(all);
      expect(pages.map((p) => p.items.length)).toEqual([3, 3, 1]);
      // Back from the last page: the same pages in reverse.
      const back = (await list('admin', { organizationId: org, sort, order, limit: '3', before: pages[2].prevCursor })).json();
      expect(back.items.map((i: Item) => i.id)).toEqual(pages[1].items.map((i: Item) => i.id));
      const first = (await list('admin', { organizationId: org, sort, order, limit: '3', before: back.prevCursor })).json();
      expect(first.items.map((i: Item) => i.id)).toEqual(pages[0].items.map((i: Item) => i.id));
      expect(first.prevCursor).toBeNull();
      expect(first.nextCursor).not.toBeNull();
    }
    const durations = (await list('admin', { organizationId: org, sort: 'duration', order: 'desc' })).json().items.map((i: { durationSeconds: number }) => i.durationSeconds);
    expect(durations).toEqual([300, 90, 90, 60, 45, 30, 10]);
  });

  it('pages through text-search results spread over years, newest first, forward and back', async () => {
    const org = (await createOrganization(t.ctx)).id;
    const ages = [0.2, 3, 20, 90, 200, 500, 900]; // days ago
    const made = [];
    for (const days of ages) {
      made.push(await createConversation(t.ctx, { organizationId: org, startedAt: new Date(Date.now() - days * 86_400_000), lines: [['caller', 'Is the zebra crossing near your office?']] }));
      await createConversation(t.ctx, { organizationId: org, startedAt: new Date(Date.now() - days * 86_400_000 - 1000), lines: [['caller', 'Where do I park?']] });
    }
    // Newer calls that do not match, more than the probe looks at: the full-text index answers.
    await t.ctx.pool.query(
      `insert into calls (organization_id, direction, status, provider, provider_call_id, from_number, to_number, transcript_text, started_at)
       select $1::uuid, 'inbound', 'completed', 'simulator', 'SIM-filler-' || g || '-' || $1::text, '+18605550101', '+18605550100', 'Caller: what time do you close?', now() - g * interval '1 second'
       from generate_series(1, 320) g`,
      [org],
    );
    const expected = made.map((c) => c.id);
    const pages = [];
    let page = (await list('admin', { organizationId: org, q: 'zebra', limit: '2' })).json();
    pages.push(page);
    while (page.nextCursor) {
      page = (await list('admin', { organizationId: org, q: 'zebra', limit: '2', after: page.nextCursor })).json();
      pages.push(page);
    }
    expect(pages.flatMap((p) => p.items.map((i: Item) => i.id))).toEqual(expected);
    const back = (await list('admin', { organizationId: org, q: 'zebra', limit: '2', before: pages[3].prevCursor })).json();
    expect(back.items.map((i: Item) => i.id)).toEqual(expected.slice(4, 6));
    const asc = await ids('admin', { organizationId: org, q: 'zebra', order: 'asc' });
    expect(asc).toEqual([...expected].reverse());
  });

  it('refuses a cursor that was tampered with or made for another sort', async () => {
    const org = (await createOrganization(t.ctx)).id;
    await createCall(t.ctx, { organizationId: org });
    await createCall(t.ctx, { organizationId: org });
    const page = (await list('admin', { organizationId: org, limit: '1' })).json();
    expect((await list('admin', { organizationId: org, limit: '1', sort: 'duration', after: page.nextCursor })).statusCode).toBe(400);
    expect((await list('admin', { after: 'not-a-cursor' })).statusCode).toBe(400);
    expect((await list('admin', { after: Buffer.from('["startedAt","1; drop table calls","x"]').toString('base64url') })).statusCode).toBe(400);
  });
});

describe('searches for people stay out of addresses and logs', () => {
  it('refuses a phone number or transcript text in the address of GET /api/calls, pointing to the search', async () => {
    for (const [key, value] of [['q', 'Tom Kowalski'], ['phone', '+18605550177']]) {
      const res = await t.app.inject({ url: `/api/calls?status=completed&${key}=${encodeURIComponent(value!)}`, headers: { cookie: cookies.admin } });
      expect(res.statusCode).toBe(400);
      expect(errorCode(res)).toBe('validation_failed');
      const fields = res.json().error.fields as Record<string, string>;
      expect(Object.keys(fields)).toEqual([`querystring.${key}`]);
      expect(Object.values(fields)[0]).toContain('POST /api/calls/search');
    }
  });

  it('searches by POST /api/calls/search with the filters of the list, as JSON', async () => {
    const org = (await createOrganization(t.ctx)).id;
    const hit = await createConversation(t.ctx, { organizationId: org, fromNumber: '+18605550166', lines: [['caller', 'This is Tom Kowalski about my refill.']] });
    await createConversation(t.ctx, { organizationId: org, fromNumber: '+18605550166', lines: [['caller', 'Just checking your hours.']] });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/calls/search',
      headers: { cookie: cookies.admin },
      payload: { organizationId: org, q: 'Kowalski', phone: '(860) 555-0166', hasHandoff: false, live: false, limit: 10 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items.map((i: Item) => i.id)).toEqual([hit.id]);
    const outsider = await t.app.inject({ method: 'POST', url: '/api/calls/search', headers: { cookie: cookies.outsider }, payload: { q: 'Kowalski' } });
    expect(outsider.json().items).toEqual([]);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/calls/search', payload: { q: 'Kowalski' } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('logs request addresses with parameter names only, never a searched name, number or link token', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const app = await buildApp({ ...t.ctx, log, live: new LiveHub(t.databaseUrl, log) });
    try {
      const headers = { cookie: cookies.admin, origin: new URL(t.ctx.baseUrl).origin };
      await app.inject({ url: '/api/calls?status=completed&q=Tom%20Kowalski&phone=8605550177', headers });
      await app.inject({ method: 'POST', url: '/api/calls/search', headers, payload: { q: 'Tom Kowalski', phone: '8605550177' } });
      await app.inject({ url: '/intake?token=secret-intake-token-0123456789' });
    } finally {
      await app.close();
    }
    const text = lines.join('');
    expect(text).toContain('"url":"/api/calls?status=[redacted]&q=[redacted]&phone=[redacted]"');
    expect(text).toContain('"url":"/api/calls/search"');
    expect(text).not.toMatch(/Kowalski|5550177|status=completed|secret-intake-token/);
  });
});
