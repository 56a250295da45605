import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type pg from 'pg';
import { queryNamed } from '../db/prepared.js';

/**
 * A request counter per key and window, in one statement: the first request of a window (or the
 * first after it ended) starts it at 1, later ones add 1. Returns the count and the window's
 * remaining milliseconds, as @fastify/rate-limit's stores do.
 */
const COUNT = `
  insert into rate_limit_counters as r (key, count, window_ends_at)
  values ($1::text, 1, now() + make_interval(secs => $2::int / 1000.0))
  on conflict (key) do update set
    count = case when r.window_ends_at <= now() then 1 else r.count + 1 end,
    window_ends_at = case when r.window_ends_at <= now() then excluded.window_ends_at else r.window_ends_at end
  returning count, greatest(0, ceil(extract(epoch from (window_ends_at - now())) * 1000))::int as ttl`;

const READ = `
  select count, greatest(0, ceil(extract(epoch from (window_ends_at - now())) * 1000))::int as ttl
  from rate_limit_counters where key = $1::text and window_ends_at > now()`;

const PURGE = `delete from rate_limit_counters where window_ends_at <= now()`;

/**
 * @fastify/rate-limit's store in PostgreSQL: every web process counts against the same limit
 * (the plugin's default store counts in each process's memory, so N processes allowed N times
 * the limit). Keys are the plugin's (the client address) prefixed with the route, like its
 * Redis store. Expired counters are reset by the next request with the same key and deleted by
 * `purgeRateLimitCounters` (a worker job).
 */
export function postgresRateLimitStore(pool: pg.Pool): FastifyRateLimitStoreCtor {
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      queryNamed<{ count: number; ttl: number }>(pool, 'switchboard_rate_limit_count', COUNT, [this.prefix + key, Math.max(1, Math.round(timeWindow))]).then(
        ([row]) => callback(null, { current: row!.count, ttl: row!.ttl }),
        (err: Error) => callback(err),
      );
    }

    read(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void): void {
      queryNamed<{ count: number; ttl: number }>(pool, 'switchboard_rate_limit_read', READ, [this.prefix + key]).then(
        ([row]) => callback(null, row ? { current: row.count, ttl: row.ttl } : { current: 0, ttl: 0 }),
        (err: Error) => callback(err),
      );
    }

    child(routeOptions: { method?: string | string[]; url?: string; routeInfo?: { method?: string | string[]; url?: string } }): FastifyRateLimitStore {
      const route = routeOptions.routeInfo ?? routeOptions;
      const method = Array.isArray(route.method) ? route.method.join(',') : (route.method ?? '');
      return new PostgresRateLimitStore(routeOptions, `${method}${route.url ?? ''}-`);
    }
  }
  return PostgresRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}

/** Deletes the counters of windows that have ended; returns how many. */
export async function purgeRateLimitCounters(pool: pg.Pool): Promise<number> {
  const result = await pool.query(PURGE);
  return result.rowCount ?? 0;
}
