import pg from 'pg';
import v8 from 'node:v8';
import vm from 'node:vm';
import { loadEnv } from '../src/server/config/env.js';
import { createAppContext } from '../src/server/bootstrap.js';
import { drainRollups, getAnalytics, rebuildRollups } from '../src/server/features/analytics/analytics.service.js';
import { AnalyticsQuery } from '../src/contracts/analytics.js';
import { presetRange, todayIn } from '../src/domain/analytics/buckets.js';
import type { StaffActor } from '../src/server/policy/actor.js';
import { percentile, startBenchDatabase, tmpDir, type Figure } from './support.js';

/**
 * Analytics at 1,000,000 and then 5,000,000 calls in 50 organizations, all within the last 90 days
 * (issue 29 §1, decision 046): every figure of the page (KPIs with the previous period, the series,
 * the heatmap, the funnel, the percentiles) for 90 days, through the analytics service as the route
 * calls it, read from PostgreSQL. Records are bulk-loaded in SQL with the rollup triggers off, then
 * the rollups are rebuilt from them (timed). At each size: the page's p95, and the resident memory
 * of this process (the reader) after reading; then the growth between the sizes. Upkeep: finishing
 * calls one statement each with the triggers on, against the same with them off, plus the drain
 * that folds them in, per call.
 *
 * All calls lie in the last 90 days, so the page's previous period is empty here; decision 046
 * states what a previous period with history costs.
 *
 * ANALYTICS_BENCH_SIZES=1000000 measures one size (or any comma-separated list, ascending).
 *
 * @measures the 90-day analytics page at 1,000,000 and 5,000,000 calls (p95, growth, reader RSS); rollup rebuild and upkeep
 * @takes 10 minutes at 1,000,000 calls; about five times that with 5,000,000 (ANALYTICS_BENCH_SIZES picks the sizes)
 */
const SIZES = (process.env.ANALYTICS_BENCH_SIZES ?? '1000000,5000000').split(',').map(Number);
const ORGANIZATIONS = 50;
const ITERATIONS = Number(process.env.ANALYTICS_BENCH_ITERATIONS ?? 40);
const ZONES = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles', 'America/Phoenix'];
const log = (line: string) => process.stderr.write(`${line}\n`);

export async function loadOrganizations(client: pg.Client): Promise<{ id: string; timeZone: string }[]> {
  const { rows } = await client.query<{ id: string; timeZone: string }>(
    `insert into organizations (name, slug, time_zone)
     select 'Analytics Clinic ' || lpad(i::text, 2, '0'), 'analytics-clinic-' || i || '-' || substr(md5(random()::text), 1, 6), ($1::text[])[1 + i % 5]
     from generate_series(1, ${ORGANIZATIONS}) i returning id, time_zone as "timeZone"`,
    [ZONES],
  );
  await client.query(
    `insert into organization_hours (organization_id, weekly, overrides)
     select id, '[{"day":1,"start":"08:00","end":"17:00"},{"day":2,"start":"08:00","end":"17:00"},{"day":3,"start":"08:00","end":"17:00"},{"day":4,"start":"08:00","end":"17:00"},{"day":5,"start":"08:00","end":"17:00"}]'::jsonb, '[]'::jsonb
     from unnest($1::uuid[]) id`,
    [rows.map((r) => r.id)],
  );
  await client.query(`create temporary table if not exists bench_orgs as select row_number() over () as n, id from unnest($1::uuid[]) id`, [rows.map((r) => r.id)]);
  return rows;
}

/** Calls in the last 90 days (busier Monday mornings, quiet weekends), with their handoffs and appointment requests. */
export async function loadRecords(client: pg.Client, calls: number): Promise<void> {
  await client.query(`set session_replication_role = replica`);
  await client.query(`set synchronous_commit = off`);
  const batch = 100_000;
  for (let start = 1; start <= calls; start += batch) {
    const end = Math.min(calls, start + batch - 1);
    await client.query(`
      insert into calls (organization_id, direction, status, outcome, provider, provider_call_id, from_number, to_number, started_at, answered_at, ended_at, duration_seconds, last_activity_at)
      select o.id, x.direction, x.status, x.outcome, 'twilio', 'AN' || md5(g::text || random()::text), '+18605550142', '+18605550100',
             x.started_at, case when x.status = 'completed' then x.started_at end, x.started_at + make_interval(secs => x.duration), x.duration, x.started_at
      from generate_series(${start}, ${end}) g
      cross join lateral (select random() + 0 * g as r1, random() as r2, random() as r3, random() as r4, random() as r5, random() as r6) r
      cross join lateral (
        select d.day, case when r.r2 < 0.85 then 'inbound' else 'outbound' end as direction, s.status,
               case when s.status = 'completed' then (array['appointment_requested','question_answered','transferred','message_taken','emergency','other'])[1 + floor(r.r4 * 6)::int]
                    when s.status = 'no_answer' and r.r4 < 0.5 then 'voicemail' when s.status = 'canceled' then 'abandoned' end as outcome,
               case when s.status = 'completed' then 25 + floor(power(r.r5, 2) * 600)::int else floor(r.r5 * 30)::int end as duration,
               least(now() - interval '1 minute',
                     date_trunc('day', now()) - make_interval(days => d.day) + make_interval(hours => 13 + floor(power(r.r3, 1.4) * 10)::int, mins => floor(r.r5 * 60)::int)) as started_at
        from (select floor(r.r6 * 90)::int as day) d
        cross join (select case when r.r3 < 0.80 then 'completed' when r.r3 < 0.86 then 'no_answer' when r.r3 < 0.90 then 'busy' when r.r3 < 0.93 then 'failed' else 'canceled' end as status) s
      ) x
      join bench_orgs o on o.n = 1 + least(${ORGANIZATIONS - 1}, floor(power(r.r1, 1.6) * ${ORGANIZATIONS})::int)
      where extract(isodow from x.started_at) < 6 or r.r4 < 0.25`);
  }
  await client.query(`
    insert into handoffs (organization_id, type, priority, status, source, call_id, reason, due_at, created_at, updated_at, claimed_at, resolved_at)
    select organization_id, 'callback', 'normal', case when k.resolve then 'resolved' else 'claimed' end, 'call', id, 'Bench handoff', started_at + interval '4 hours',
           started_at + interval '1 minute', started_at, started_at + interval '1 minute' + k.claim, case when k.resolve then started_at + interval '1 minute' + k.claim + k.work end
    from calls cross join lateral (select make_interval(secs => floor(random() * 20000)::int + 0 * extract(epoch from started_at)) as claim, make_interval(secs => floor(random() * 40000)::int) as work, random() < 0.8 as resolve) k
    where direction = 'inbound' and status = 'completed' and outcome in ('message_taken', 'transferred') and not exists (select 1 from handoffs h where h.call_id = calls.id)`);
  await client.query(`
    insert into appointment_requests (organization_id, call_id, source, status, created_at, submitted_at)
    select organization_id, case when s.source = 'phone' then id end, s.source, s.status, started_at, case when s.status <> 'draft' then started_at + interval '5 minutes' end
    from calls cross join lateral (select (array['phone','phone','web','web','portal'])[1 + floor(random() * 5 + 0 * extract(epoch from started_at))::int] as source,
                                          (array['draft','submitted','in_review','scheduled','scheduled','declined'])[1 + floor(random() * 6)::int] as status) s
    where outcome = 'appointment_requested' and not exists (select 1 from appointment_requests r where r.call_id = calls.id)`);
  await client.query(`
    insert into do_not_call (organization_id, phone, source, created_at)
    select o.id, '+1860' || lpad((floor(random() * 10000000))::text, 7, '0') || g, 'staff', now() - make_interval(days => floor(random() * 90)::int)
    from generate_series(1, 200) g cross join bench_orgs o on conflict do nothing`);
  await client.query(`set session_replication_role = origin`);
  for (const t of ['calls', 'handoffs', 'appointment_requests', 'do_not_call']) await client.query(`vacuum analyze ${t}`);
}

export default async function analyticsBench(): Promise<Figure[]> {
  const database = await startBenchDatabase();
  const env = loadEnv({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: tmpDir('bench-analytics-'), PORT: '0' });
  const { ctx } = createAppContext(env, database.url);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const figures: Figure[] = [];
  try {
    const orgs = await loadOrganizations(client);
    const admin: StaffActor = { kind: 'staff', userId: 'bench', email: 'bench@switchboard.test', name: 'Bench', role: 'admin', allOrganizations: true, organizationIds: [], sessionId: 'bench', ip: '127.0.0.1' };
    const supervisor: StaffActor = { ...admin, role: 'supervisor', allOrganizations: false, organizationIds: [orgs[0]!.id, orgs[20]!.id, orgs[45]!.id] };
    const range = presetRange('90d', todayIn('America/New_York', Date.now()));

    const measure = async (size: string, name: string, actor: StaffActor, raw: Record<string, string>) => {
      const query = AnalyticsQuery.parse({ ...raw, ...range });
      await getAnalytics(ctx, actor, query);
      const times: number[] = [];
      for (let i = 0; i < ITERATIONS; i++) {
        const t0 = performance.now();
        await getAnalytics(ctx, actor, query);
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      const f: Figure = { name: `analytics page, 90 days, ${name}, ${size} calls`, value: Math.round(percentile(times, 95) * 10) / 10, unit: 'ms p95 server time', target: '≤ 150', p50_ms: Math.round(percentile(times, 50) * 10) / 10, p95_ms: Math.round(percentile(times, 95) * 10) / 10, iterations: ITERATIONS };
      log(JSON.stringify(f));
      figures.push(f);
      return f.value;
    };
    const pages = async (size: string) => ({
      all: await measure(size, 'all 50 organizations per day', admin, { granularity: 'day' }),
      week: await measure(size, 'all 50 organizations per week', admin, { granularity: 'week' }),
      three: await measure(size, '3 organizations per day (supervisor)', supervisor, { granularity: 'day' }),
    });

    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    let loaded = 0;
    const grow = async (to: number) => {
      log(`loading ${(to - loaded).toLocaleString()} calls…`);
      await loadRecords(client, to - loaded);
      loaded = to;
      const { rows } = await client.query<{ calls: number; handoffs: number; requests: number }>(
        `select (select count(*) from calls)::int as calls, (select count(*) from handoffs)::int as handoffs, (select count(*) from appointment_requests)::int as requests`,
      );
      const t0 = performance.now();
      const rebuilt = await rebuildRollups(ctx.db);
      const seconds = (performance.now() - t0) / 1000;
      const { rows: sizes } = await client.query<{ hours: number; days: number }>(`select (select count(*) from analytics_call_hours)::int as hours, (select count(*) from analytics_call_days)::int as days`);
      const f: Figure = { name: `rollup rebuild from raw records, ${to.toLocaleString()} calls`, value: Math.round(seconds * 10) / 10, unit: 's', ...rows[0], organization_hours: rebuilt.hours, call_hour_rows: sizes[0]!.hours, call_day_rows: sizes[0]!.days };
      log(JSON.stringify(f));
      figures.push(f);
    };
    /** Resident memory of this process — the reader — after reading, once garbage is collected. */
    const rss = (size: string) => {
      gc();
      const f: Figure = { name: `resident memory of the reading process after the pages, ${size} calls`, value: Math.round((process.memoryUsage().rss / 1024 / 1024) * 10) / 10, unit: 'MB', heap_mb: Math.round((process.memoryUsage().heapUsed / 1024 / 1024) * 10) / 10 };
      log(JSON.stringify(f));
      figures.push(f);
      return f.value;
    };

    const results: { size: number; pages: Awaited<ReturnType<typeof pages>>; rss: number }[] = [];
    for (const size of SIZES) {
      await grow(size);
      const measured = await pages(size.toLocaleString());
      results.push({ size, pages: measured, rss: rss(size.toLocaleString()) });
    }
    if (results.length > 1) {
      const first = results[0]!;
      const last = results.at(-1)!;
      const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
      figures.push({
        name: `analytics page p95 growth ${last.size.toLocaleString()} ÷ ${first.size.toLocaleString()} calls`,
        value: ratio(last.pages.all, first.pages.all),
        unit: 'ratio (all organizations per day)',
        target: '≤ 1.5',
        all_orgs_week: ratio(last.pages.week, first.pages.week),
        supervisor: ratio(last.pages.three, first.pages.three),
      });
      figures.push({ name: `reader resident memory ${last.size.toLocaleString()} ÷ ${first.size.toLocaleString()} calls`, value: ratio(last.rss, first.rss), unit: 'ratio', target: '≤ 1.1' });
      log(JSON.stringify(figures.at(-2)));
      log(JSON.stringify(figures.at(-1)));
    }

    // Upkeep: finish N live calls one by one, with the triggers on and (same work) off.
    const N = 2000;
    const live = async () =>
      (
        await client.query<{ id: string }>(
          `insert into calls (organization_id, direction, status, provider, provider_call_id, from_number, to_number, started_at)
           select o.id, 'inbound', 'in_progress', 'twilio', 'UP' || md5(g::text || random()::text), '+18605550142', '+18605550100', now() - interval '2 minutes'
           from generate_series(1, ${N}) g join bench_orgs o on o.n = 1 + g % ${ORGANIZATIONS} returning id`,
        )
      ).rows.map((r) => r.id);
    const finishOne = async (id: string) => {
      const t0 = performance.now();
      await client.query(`update calls set status = 'completed', outcome = 'question_answered', ended_at = now(), duration_seconds = 95, updated_at = now() where id = $1`, [id]);
      return performance.now() - t0;
    };
    const withTriggers = await live();
    const withoutTriggers = await live();
    await drainRollups(ctx.db);
    // Interleaved, one call with the triggers off then one with them on, so the machine's load
    // weighs on both alike; only the updates themselves are timed.
    let baseline = 0;
    let triggered = 0;
    for (let i = 0; i < N; i++) {
      await client.query(`set session_replication_role = replica`);
      baseline += await finishOne(withoutTriggers[i]!);
      await client.query(`set session_replication_role = origin`);
      triggered += await finishOne(withTriggers[i]!);
    }
    const t0 = performance.now();
    const drained = await drainRollups(ctx.db);
    const drainMs = performance.now() - t0;
    figures.push({
      name: 'rollup upkeep per finished call (trigger + share of the drain)',
      value: Math.round(((triggered - baseline + drainMs) / N) * 1000) / 1000,
      unit: 'ms',
      target: '≤ 1',
      trigger_ms: Math.round(((triggered - baseline) / N) * 1000) / 1000,
      drain_ms: Math.round((drainMs / N) * 1000) / 1000,
      total_ms: Math.round(((triggered - baseline + drainMs) / N) * 1000) / 1000,
      update_without_trigger_ms: Math.round((baseline / N) * 1000) / 1000,
      changes_drained: drained,
      calls: N,
    });
    log(JSON.stringify(figures.at(-1)));
    return figures;
  } finally {
    await client.end();
    await ctx.pool.end().catch(() => undefined);
    await database.stop();
  }
}
