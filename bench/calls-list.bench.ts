import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { loadEnv } from '../src/server/config/env.js';
import { createAppContext } from '../src/server/bootstrap.js';
import { buildApp } from '../src/server/app.js';
import { hashPassword } from '../src/server/auth/password-hash.js';
import { insertUser, setPasswordHash, setUserOrganizations } from '../src/server/features/users/users.repository.js';
import { CallSearchBody } from '../src/contracts/calls.js';
import { listCallsFor } from '../src/server/features/calls/calls.service.js';
import type { StaffActor } from '../src/server/policy/actor.js';
import { os, percentile, startBenchDatabase, tmpDir, type Figure } from './support.js';

/**
 * Calls list over 1,000,000 calls in 50 organizations (DESIGN.md: filtered page of 50,
 * p95 ≤ 30 ms; full-text search p95 reported). The calls are bulk-loaded in SQL
 * (generate_series) with a realistic spread: busier and quieter practices in five US zones, a
 * year of history during business hours, the status and outcome mix of a front desk, 12 % of
 * calls with a handoff, and a transcript of a few sentences each. Requests go through the
 * whole app (session, policy, validation, serialisation) with `app.inject`, as a signed-in
 * administrator (all 50 organizations) and a supervisor (3 organizations).
 *
 * CALLS_BENCH_DATABASE_URL=… reuses an already loaded database (for trying indexes quickly).
 *
 * @measures filtered pages of the calls list and transcript search over 1,000,000 calls in 50 organizations
 * @takes 5–10 minutes (bulk-loads 1 million calls; CALLS_BENCH_CALLS makes it smaller)
 */
const CALLS = Number(process.env.CALLS_BENCH_CALLS ?? 1_000_000);
const ORGANIZATIONS = 50;
const ITERATIONS = Number(process.env.CALLS_BENCH_ITERATIONS ?? 120);

const PHRASES = [
  'Hi, I would like to book an appointment for a cleaning.',
  'Are you open on Saturday morning?',
  'I need to reschedule my appointment next week.',
  'Do you accept my insurance? I have Aetna.',
  'Do you take Blue Cross Blue Shield insurance?',
  'My tooth has been hurting since yesterday.',
  'Can I speak to someone at the front desk please?',
  'I am calling about my test results.',
  'I would like a refill of my prescription.',
  'What time do you close today?',
  'I am a new patient and want to register.',
  'Could the doctor call me back this afternoon?',
  'I have a question about my bill.',
  'My daughter has a fever and a sore throat.',
  'I need a physical for work before the end of the month.',
  'Please cancel my appointment on Thursday.',
  'Is there parking near the clinic?',
  'I have chest pain and it is getting worse.',
  'I want to check the status of my request.',
  'Please take a message for Doctor Patel.',
  'The agent confirmed the appointment request and read back the details.',
  'The agent offered a callback from the front desk.',
  'The caller gave a date of birth of March third nineteen eighty.',
  'Thank you, that is all I needed. Goodbye.',
];
const FIRST = ['Maria', 'James', 'Aisha', 'Wei', 'Olivia', 'Mateo', 'Priya', 'Noah', 'Fatima', 'Liam', 'Sofia', 'Ethan', 'Yuki', 'Amara', 'Lucas', 'Chloe', 'Omar', 'Hannah', 'Diego', 'Grace'];
const LAST = ['Garcia', 'Smith', 'Okafor', 'Chen', 'Johnson', 'Nguyen', 'Patel', 'Kowalski', 'Haddad', 'Brown', 'Rossi', 'Kim', 'Silva', 'Murphy', 'Novak', 'Tanaka', 'Mensah', 'Larsen', 'Fischer', 'Dubois', 'Ivanova', 'Moreau', 'Santos', 'Cohen', 'Walker'];
const ZONES = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles', 'America/Phoenix'];

const lit = (values: string[]) => `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;

/** Loads the organizations, calls and handoffs; answers the organization ids, busiest first. */
export async function loadCalls(client: pg.Client, calls = CALLS, log: (line: string) => void = () => undefined): Promise<string[]> {
  await client.query(`set maintenance_work_mem = '512MB'`);
  await client.query(`set synchronous_commit = off`);
  const { rows: orgs } = await client.query<{ id: string }>(
    `insert into organizations (name, slug, time_zone)
     select 'Bench Clinic ' || lpad(i::text, 2, '0'), 'bench-clinic-' || i || '-' || substr(md5(random()::text), 1, 6), (${lit(ZONES)})[1 + i % 5]
     from generate_series(1, ${ORGANIZATIONS}) i
     returning id`,
  );
  const ids = orgs.map((o) => o.id);
  await client.query(`create temporary table bench_orgs as select row_number() over () as n, id from unnest($1::uuid[]) id`, [ids]);

  // The secondary indexes are built once after the load, as a restore does (the primary key and
  // the provider-id unique index stay).
  const { rows: indexes } = await client.query<{ name: string; def: string }>(
    `select indexname as name, indexdef as def from pg_indexes where schemaname = 'public' and tablename = 'calls' and indexname not in ('calls_pkey', 'calls_provider_call_uq')`,
  );
  for (const i of indexes) await client.query(`drop index ${i.name}`);
  const batch = 100_000;
  for (let start = 1; start <= calls; start += batch) {
    const end = Math.min(calls, start + batch - 1);
    await client.query(`
      insert into calls (organization_id, direction, status, outcome, provider, provider_call_id, from_number, to_number, brain,
                         summary, transcript_text, started_at, answered_at, ended_at, duration_seconds, last_activity_at, created_at, updated_at)
      select o.id, x.direction, x.status, x.outcome, 'twilio', 'CA' || md5(g::text || random()::text), 
             case when x.direction = 'inbound' then x.patient else x.practice end,
             case when x.direction = 'inbound' then x.practice else x.patient end,
             case when g % 10 = 0 then 'llm' else 'builtin' end,
             'Caller asked: ' || x.p1, x.transcript, x.started_at,
             case when x.status = 'completed' then x.started_at end,
             x.started_at + make_interval(secs => x.duration), x.duration, x.started_at + make_interval(secs => x.duration), x.started_at, x.started_at
      from generate_series(${start}, ${end}) g
      cross join lateral (
        select random() + 0 * g as r1, random() as r2, random() as r3, random() as r4, random() as r5, random() as r6, random() as r7, random() as r8
      ) r
      cross join lateral (
        select case when r.r2 < 0.85 then 'inbound' else 'outbound' end as direction,
               s.status,
               case
                 when s.status = 'completed' then (array['appointment_requested','question_answered','transferred','message_taken','emergency','other'])[
                   case when r.r4 < 0.30 then 1 when r.r4 < 0.65 then 2 when r.r4 < 0.75 then 3 when r.r4 < 0.90 then 4 when r.r4 < 0.91 then 5 else 6 end]
                 when s.status = 'no_answer' and r.r4 < 0.5 then 'voicemail'
                 when s.status = 'canceled' then 'abandoned'
               end as outcome,
               '+1' || (array['212','860','617','415','312'])[1 + floor(r.r5 * 5)::int] || (2000000 + floor(r.r6 * 100000)::int * 37)::text as patient,
               '+1860555' || lpad((1000 + (g % ${ORGANIZATIONS}))::text, 4, '0') as practice,
               -- Calls arrive in time order (as they do: rows are appended), a year up to an hour ago,
               -- during the practices' business hours (12:00–23:00 UTC is 7:00–18:00 on the east coast).
               least(now() - interval '1 hour',
                     date_trunc('day', now()) - make_interval(days => 364 - floor((g - 1)::float8 * 365 / ${calls})::int)
                       + make_interval(hours => 12 + floor(r.r8 * 11)::int, mins => floor(r.r1 * 60)::int, secs => r.r3 * 59)) as started_at,
               case when s.status = 'completed' then 25 + floor(power(r.r6, 2) * 600)::int when s.status = 'no_answer' then 30 else floor(r.r5 * 20)::int end as duration,
               (${lit(PHRASES)})[1 + floor(r.r1 * ${PHRASES.length})::int] as p1,
               'Agent: Thank you for calling. How can I help? Caller: '
                 || (${lit(PHRASES)})[1 + floor(r.r1 * ${PHRASES.length})::int] || ' My name is '
                 || (${lit(FIRST)})[1 + floor(r.r2 * 1000)::int % ${FIRST.length}] || ' '
                 || (${lit(LAST)})[1 + floor(r.r3 * 1000)::int % ${LAST.length}] || '. Agent: '
                 || (${lit(PHRASES)})[1 + floor(r.r7 * ${PHRASES.length})::int] || ' Caller: '
                 || (${lit(PHRASES)})[1 + floor(r.r8 * ${PHRASES.length})::int] as transcript
        from (select case when r.r3 < 0.80 then 'completed' when r.r3 < 0.86 then 'no_answer' when r.r3 < 0.90 then 'busy' when r.r3 < 0.93 then 'failed' else 'canceled' end as status) s
      ) x
      join bench_orgs o on o.n = 1 + least(${ORGANIZATIONS - 1}, floor(power(r.r1 * 0.999 + r.r2 * 0.001, 1.6) * ${ORGANIZATIONS})::int)`);
    log(`  ${end.toLocaleString()} calls`);
  }
  // A few hundred calls going on right now.
  await client.query(`
    update calls set status = 'in_progress', outcome = null, ended_at = null, duration_seconds = null, started_at = now() - interval '3 minutes', last_activity_at = now()
    where id in (select id from calls order by started_at desc limit 300)`);
  await client.query(`
    insert into handoffs (organization_id, type, priority, status, source, call_id, reason, contact_phone, due_at, created_at, updated_at, resolved_at)
    select organization_id,
           (array['callback','message','appointment_request','live_transfer','urgent'])[1 + floor(random() * 5)::int],
           (array['normal','normal','high','low','urgent'])[1 + floor(random() * 5)::int],
           case when started_at > now() - interval '2 days' then 'open' else 'resolved' end,
           'call', id, 'Bench handoff', from_number, started_at + interval '4 hours', started_at, started_at,
           case when started_at > now() - interval '2 days' then null else started_at + interval '3 hours' end
    from calls where random() < 0.12`);
  log(`  building ${indexes.length} indexes`);
  for (const i of indexes) await client.query(i.def);
  await client.query(`vacuum analyze calls`);
  await client.query(`vacuum analyze handoffs`);
  await client.query(`analyze organizations`);
  return ids;
}

interface Scenario {
  name: string;
  as: 'admin' | 'supervisor';
  query: () => Record<string, string>;
  /** Follow `nextCursor` this many times and time the last page. */
  pages?: number;
}

export default async function callsList(): Promise<Figure[]> {
  const external = process.env.CALLS_BENCH_DATABASE_URL;
  const database = external ? null : await startBenchDatabase();
  const url = external ?? database!.url;
  const env = loadEnv({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: tmpDir('bench-calls-'), RATE_LIMIT_SCALE: '100000', PORT: '0' });
  const { ctx, database: db } = createAppContext(env, url);
  const app = await buildApp(ctx);
  const log = (line: string) => process.stderr.write(`${line}\n`);
  try {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    let organizationIds: string[];
    let loadSeconds = 0;
    if (external) {
      organizationIds = (await client.query<{ id: string }>(`select organization_id as id from calls group by 1 order by count(*) desc`)).rows.map((r) => r.id);
    } else {
      const started = Date.now();
      log(`loading ${CALLS.toLocaleString()} calls in ${ORGANIZATIONS} organizations…`);
      await loadCalls(client, CALLS, log);
      loadSeconds = (Date.now() - started) / 1000;
      organizationIds = (await client.query<{ id: string }>(`select organization_id as id from calls group by 1 order by count(*) desc`)).rows.map((r) => r.id);
    }
    const { rows: countRows } = await client.query<{ n: string }>(`select count(*) as n from calls`);
    // A busy practice, a middling one and a quiet one.
    const supervisorOrgs = [organizationIds[0]!, organizationIds[20]!, organizationIds[45]!];
    const phones = (await client.query<{ n: string }>(`select from_number as n from calls where organization_id = any($1) and direction = 'inbound' order by random() limit 50`, [supervisorOrgs])).rows.map((r) => r.n);
    await client.end();

    const password = 'bench calls list password';
    const hash = await hashPassword(password);
    const cookies: Record<'admin' | 'supervisor', string> = { admin: '', supervisor: '' };
    for (const role of ['admin', 'supervisor'] as const) {
      const id = randomUUID();
      const email = `bench-${role}-${id.slice(0, 8)}@switchboard.test`;
      await insertUser(ctx.db, { id, email, name: `Bench ${role}`, role, status: 'active', mustChangePassword: false });
      await setPasswordHash(ctx.db, id, hash);
      if (role === 'supervisor') await setUserOrganizations(ctx.db, id, supervisorOrgs);
      const res = await app.inject({ method: 'POST', url: '/api/session/login', headers: { origin: new URL(ctx.baseUrl).origin }, payload: { email, password } });
      if (res.statusCode !== 200) throw new Error(`bench sign-in failed: ${res.body}`);
      const raw = res.headers['set-cookie'];
      cookies[role] = (Array.isArray(raw) ? raw : [raw ?? '']).map((c) => c.split(';')[0]).join('; ');
    }

    const pick = <T>(values: readonly T[]): T => values[Math.floor(Math.random() * values.length)]!;
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
    const filters = (orgs: string[]): (() => Record<string, string>)[] => [
      () => ({ direction: 'inbound', status: 'completed' }),
      () => ({ outcome: pick(['appointment_requested', 'message_taken', 'transferred', 'emergency']) }),
      () => ({ hasHandoff: 'true' }),
      () => ({ status: pick(['no_answer', 'busy', 'failed']) }),
      () => ({ organizationId: pick(orgs), status: 'completed' }),
      () => ({ organizationId: pick(orgs), direction: 'outbound' }),
      () => {
        const start = 5 + Math.floor(Math.random() * 300);
        return { from: daysAgo(start), to: daysAgo(start - 4) };
      },
      () => ({ organizationId: pick(orgs), from: daysAgo(30), to: daysAgo(0), outcome: 'question_answered' }),
      () => ({ phone: pick(phones) }),
      () => ({ live: 'true' }),
    ];
    const admin = filters(organizationIds);
    const supervisor = filters(supervisorOrgs);
    const scenarios: Scenario[] = [
      { name: 'first_page', as: 'admin', query: () => ({}) },
      { name: 'first_page', as: 'supervisor', query: () => ({}) },
      { name: 'filtered', as: 'admin', query: () => pick(admin)() },
      { name: 'filtered', as: 'supervisor', query: () => pick(supervisor)() },
      { name: 'filtered_page_4', as: 'admin', query: () => pick(admin.slice(0, 8))(), pages: 3 },
      { name: 'filtered_page_4', as: 'supervisor', query: () => pick(supervisor.slice(0, 8))(), pages: 3 },
      { name: 'by_duration', as: 'supervisor', query: () => ({ organizationId: pick(supervisorOrgs), sort: 'duration' }) },
      { name: 'by_duration', as: 'admin', query: () => ({ sort: 'duration', status: 'completed' }) },
      { name: 'full_text', as: 'admin', query: () => ({ q: pick(['insurance', 'Okafor', '"chest pain"', 'refill prescription', 'parking', 'Tanaka fever']) }) },
      { name: 'full_text', as: 'supervisor', query: () => ({ q: pick(['insurance', 'Okafor', '"chest pain"', 'refill prescription', 'parking', 'Tanaka fever']) }) },
    ];

    // As the web asks: a phone number or transcript words only in a POST body (they name people), other filters by GET.
    const asBody = (query: Record<string, string>) => ({
      ...query,
      limit: 50,
      hasHandoff: query.hasHandoff === undefined ? undefined : query.hasHandoff === 'true',
      live: query.live === undefined ? undefined : query.live === 'true',
    });
    const request = async (as: 'admin' | 'supervisor', query: Record<string, string>) => {
      const res =
        query.q !== undefined || query.phone !== undefined
          ? await app.inject({ method: 'POST', url: '/api/calls/search', headers: { cookie: cookies[as], origin: new URL(ctx.baseUrl).origin }, payload: asBody(query) })
          : await app.inject({ url: `/api/calls?${new URLSearchParams({ limit: '50', ...query })}`, headers: { cookie: cookies[as] } });
      if (res.statusCode !== 200) throw new Error(`calls list ${Object.keys(query).join(',')} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      return res.json() as { items: unknown[]; nextCursor: string | null };
    };
    // The same question asked of the service directly: the calls list's own work (SQL included),
    // without the session check and HTTP that every signed-in request pays.
    const actors: Record<'admin' | 'supervisor', StaffActor> = {
      admin: { kind: 'staff', userId: 'bench', email: 'bench@switchboard.test', name: 'Bench', role: 'admin', allOrganizations: true, organizationIds: [], sessionId: 'bench', ip: '127.0.0.1' },
      supervisor: { kind: 'staff', userId: 'bench', email: 'bench@switchboard.test', name: 'Bench', role: 'supervisor', allOrganizations: false, organizationIds: supervisorOrgs, sessionId: 'bench', ip: '127.0.0.1' },
    };
    const serviceQuery = (query: Record<string, string>) => CallSearchBody.parse(asBody(query));

    const round = (n: number) => Math.round(n * 10) / 10;
    const loadBefore = os.loadavg()[0]!;
    const figures: Figure[] = [{ name: 'calls_loaded', value: Number(countRows[0]!.n), unit: 'calls', organizations: ORGANIZATIONS, loadSeconds: Math.round(loadSeconds) }];
    const filteredAll: number[] = [];
    const filteredService: number[] = [];
    const textAll: number[] = [];
    const textService: number[] = [];
    const baseline: number[] = [];
    for (const s of scenarios) {
      for (let i = 0; i < 10; i++) await request(s.as, s.query()); // warm-up
      const times: number[] = [];
      const service: number[] = [];
      let rows = 0;
      for (let i = 0; i < ITERATIONS; i++) {
        let query = s.query();
        if (s.pages) {
          for (let p = 0; p < s.pages; p++) {
            const page = await request(s.as, query);
            if (!page.nextCursor) break;
            query = { ...query, after: page.nextCursor };
          }
        }
        const t0 = performance.now();
        const page = await request(s.as, query);
        times.push(performance.now() - t0);
        rows += page.items.length;
        const t1 = performance.now();
        await listCallsFor(ctx, actors[s.as], serviceQuery(query));
        service.push(performance.now() - t1);
        // Interleaved, so it sees the same machine: what any signed-in request costs here.
        const t2 = performance.now();
        await app.inject({ url: '/api/session', headers: { cookie: cookies[s.as] } });
        baseline.push(performance.now() - t2);
      }
      times.sort((a, b) => a - b);
      service.sort((a, b) => a - b);
      if (s.name.startsWith('filtered') || s.name === 'first_page') {
        filteredAll.push(...times);
        filteredService.push(...service);
      }
      if (s.name === 'full_text') {
        textAll.push(...times);
        textService.push(...service);
      }
      figures.push({ name: `calls_list_${s.name}_${s.as}_p50`, value: round(percentile(times, 50)), unit: 'ms' });
      figures.push({ name: `calls_list_${s.name}_${s.as}_p95`, value: round(percentile(times, 95)), unit: 'ms', serviceP95: round(percentile(service, 95)), meanRowsPerPage: round(rows / ITERATIONS) });
    }
    for (const list of [filteredAll, filteredService, textAll, textService, baseline]) list.sort((a, b) => a - b);
    figures.push({ name: 'calls_list_filtered_page_of_50_p50', value: round(percentile(filteredAll, 50)), unit: 'ms', requests: filteredAll.length });
    figures.push({ name: 'calls_list_filtered_page_of_50_p95', value: round(percentile(filteredAll, 95)), unit: 'ms', target: '≤ 30 ms', requests: filteredAll.length });
    figures.push({ name: 'calls_list_filtered_page_of_50_service_p95', value: round(percentile(filteredService, 95)), unit: 'ms', note: 'service and SQL only, no session or HTTP' });
    figures.push({ name: 'calls_list_full_text_p50', value: round(percentile(textAll, 50)), unit: 'ms', requests: textAll.length });
    figures.push({ name: 'calls_list_full_text_p95', value: round(percentile(textAll, 95)), unit: 'ms', serviceP95: round(percentile(textService, 95)) });
    figures.push({ name: 'signed_in_baseline_get_session_p50', value: round(percentile(baseline, 50)), unit: 'ms', note: 'GET /api/session, interleaved' });
    figures.push({ name: 'signed_in_baseline_get_session_p95', value: round(percentile(baseline, 95)), unit: 'ms' });
    figures.push({ name: 'machine_load_average', value: round((loadBefore + os.loadavg()[0]!) / 2), unit: 'runnable', cpus: os.cpus().length });
    return figures;
  } finally {
    await app.close();
    await db.close();
    await database?.stop();
  }
}
