import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { loadEnv } from '../src/server/config/env.js';
import { createAppContext } from '../src/server/bootstrap.js';
import { buildApp } from '../src/server/app.js';
import { hashPassword } from '../src/server/auth/password-hash.js';
import { organizationHours, organizations } from '../src/server/db/schema/index.js';
import { insertUser, setPasswordHash } from '../src/server/features/users/users.repository.js';
import { openNow as openNowService } from '../src/server/features/organizations/hours.service.js';
import { presentOpenNow } from '../src/server/features/organizations/hours.presenter.js';
import type { StaffActor } from '../src/server/policy/actor.js';
import type { HoursOverride, WeeklyInterval } from '../src/domain/time/index.js';
import { percentile, startBenchDatabase, tmpDir, type Figure } from './support.js';

/**
 * GET /api/organizations/open-now for an administrator who sees 1,000 organizations, each with
 * its own hours (split days, overnight lines, holidays) in one of a dozen zones. Server time is
 * Fastify's own measure of each request (reply.elapsedTime: from the request's arrival to the
 * response sent), session check included. Cold: the first request after start, which reads and
 * parses every organization's hours; warm: the steady state, with the parsed hours and status
 * windows cached per organization version.
 *
 * @measures GET /api/organizations/open-now for 1,000 organizations, cold and warm
 * @takes under a minute
 */

const ORGANIZATIONS = 1000;
const REQUESTS = 300;
const ZONES = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles', 'America/Phoenix', 'Pacific/Honolulu', 'Europe/London', 'Europe/Berlin', 'Asia/Kolkata', 'Australia/Sydney', 'Australia/Lord_Howe', 'UTC'];

function hoursFor(i: number): { weekly: WeeklyInterval[]; overrides: HoursOverride[] } {
  const open = 7 + (i % 3);
  const pad = (n: number) => String(n).padStart(2, '0');
  const weekly: WeeklyInterval[] = [1, 2, 3, 4, 5].flatMap((day) =>
    i % 2 === 0
      ? [
          { day, start: `${pad(open)}:00`, end: '12:00' },
          { day, start: '13:00', end: `${pad(16 + (i % 3))}:30` },
        ]
      : [{ day, start: `${pad(open)}:30`, end: '18:00' }],
  );
  if (i % 5 === 0) weekly.push(...[1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: '21:00', end: '06:00' })));
  if (i % 3 === 0) weekly.push({ day: 6, start: '09:00', end: '12:00' });
  const overrides: HoursOverride[] = [
    { id: randomUUID(), from: '2026-12-24', to: '2026-12-26', label: 'Holidays', closed: true, intervals: [] },
    { id: randomUUID(), from: '2026-12-31', to: '2026-12-31', label: 'New Year’s Eve', closed: false, intervals: [{ start: '09:00', end: '12:00' }] },
  ];
  return { weekly, overrides };
}

export default async function openNow(): Promise<Figure[]> {
  const database = await startBenchDatabase();
  const dataDir = tmpDir('bench-open-now-');
  const env = loadEnv({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: dataDir, RATE_LIMIT_SCALE: '100000', PORT: '0' });
  const { ctx, database: db } = createAppContext(env, database.url);
  const app = await buildApp(ctx);
  const times: number[] = [];
  const authTimes: number[] = [];
  const started = new WeakMap<object, number>();
  const isOpenNow = (url: string | undefined) => url === '/api/organizations/open-now';
  app.addHook('preHandler', async (request, reply) => {
    if (isOpenNow(request.routeOptions.url)) started.set(request, reply.elapsedTime);
  });
  app.addHook('onResponse', async (request, reply) => {
    if (!isOpenNow(request.routeOptions.url)) return;
    times.push(reply.elapsedTime);
    authTimes.push(started.get(request) ?? NaN);
  });
  try {
    const rows = Array.from({ length: ORGANIZATIONS }, (_, i) => ({
      name: `Bench Practice ${String(i).padStart(4, '0')}`,
      slug: `bench-practice-${i}`,
      timeZone: ZONES[i % ZONES.length]!,
      status: i % 50 === 0 ? ('paused' as const) : ('active' as const),
    }));
    const orgs = await ctx.db.insert(organizations).values(rows).returning({ id: organizations.id });
    await ctx.db.insert(organizationHours).values(orgs.map((o, i) => ({ organizationId: o.id, ...hoursFor(i) })));
    const password = 'bench-open-now-password';
    const id = randomUUID();
    await insertUser(ctx.db, { id, email: 'bench-admin@switchboard.test', name: 'Bench Admin', role: 'admin', status: 'active', mustChangePassword: false });
    await setPasswordHash(ctx.db, id, await hashPassword(password));

    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const login = await fetch(`${base}/api/session/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: new URL(ctx.baseUrl).origin }, body: JSON.stringify({ email: 'bench-admin@switchboard.test', password }) });
    if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');

    const get = async (check = false) => {
      const res = await fetch(`${base}/api/organizations/open-now`, { headers: { cookie } });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`open-now answered ${res.status}: ${text.slice(0, 300)}`);
      if (check) {
        const items = (JSON.parse(text) as { items: unknown[] }).items.length;
        if (items !== ORGANIZATIONS) throw new Error(`open-now listed ${items} organizations`);
      }
      return text.length;
    };
    const coldStarted = performance.now();
    const bytes = await get(true);
    const coldClient = performance.now() - coldStarted;
    const cold = times.pop()!;
    for (let i = 0; i < 20; i++) await get();
    times.length = 0;
    authTimes.length = 0;
    const clientTimes: number[] = [];
    const cpuBefore = process.cpuUsage();
    for (let i = 0; i < REQUESTS; i++) {
      const started = performance.now();
      await get();
      clientTimes.push(performance.now() - started);
    }
    const cpu = process.cpuUsage(cpuBefore);
    const cpuPerRequest = (cpu.user + cpu.system) / 1000 / REQUESTS;
    // The handler's own work, in process (no HTTP, no session check): query, statuses, JSON.
    const actor: StaffActor = { kind: 'staff', userId: id, email: 'bench-admin@switchboard.test', name: 'Bench Admin', role: 'admin', allOrganizations: true, organizationIds: [], sessionId: '', ip: '' };
    const handlerWall: number[] = [];
    const handlerCpuBefore = process.cpuUsage();
    for (let i = 0; i < 100; i++) {
      const t0 = performance.now();
      JSON.stringify(presentOpenNow(await openNowService(ctx, actor)));
      handlerWall.push(performance.now() - t0);
    }
    const handlerCpu = process.cpuUsage(handlerCpuBefore);
    handlerWall.sort((a, b) => a - b);

    const server = [...times].sort((a, b) => a - b);
    const handler = times.map((t, i) => t - authTimes[i]!).sort((a, b) => a - b);
    const auth = [...authTimes].sort((a, b) => a - b);
    const client = clientTimes.sort((a, b) => a - b);
    const round = (n: number) => Number(n.toFixed(2));
    return [
      { name: 'open_now_1000_orgs_server_p50', value: round(percentile(server, 50)), unit: 'ms', target: '≤ 10 ms' },
      { name: 'open_now_1000_orgs_server_p95', value: round(percentile(server, 95)), unit: 'ms', target: '≤ 10 ms' },
      { name: 'open_now_1000_orgs_server_p99', value: round(percentile(server, 99)), unit: 'ms' },
      { name: 'open_now_1000_orgs_session_check_p50', value: round(percentile(auth, 50)), unit: 'ms', note: 'part of server time: session, role' },
      { name: 'open_now_1000_orgs_handler_p50', value: round(percentile(handler, 50)), unit: 'ms', note: 'part of server time: query, statuses, JSON' },
      { name: 'open_now_1000_orgs_service_in_process_p50', value: round(percentile(handlerWall, 50)), unit: 'ms', cpuMs: round((handlerCpu.user + handlerCpu.system) / 1000 / 100), note: 'the uncached computation (after a change, or when a status ticks): query, statuses, JSON; no HTTP, no session' },
      { name: 'open_now_1000_orgs_cpu_per_request', value: round(cpuPerRequest), unit: 'ms', note: 'CPU of the Node process (server and the bench client) per request: not inflated by waiting on a busy machine' },
      { name: 'open_now_1000_orgs_client_p50', value: round(percentile(client, 50)), unit: 'ms', bytes },
      { name: 'open_now_1000_orgs_cold_first_request', value: round(cold), unit: 'ms', clientMs: round(coldClient) },
    ];
  } finally {
    await app.close();
    await db.close();
    await database.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
