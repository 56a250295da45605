import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from './config/env.js';
import type { Db } from './db/client.js';
import type { Auth } from './auth/better-auth.js';
import type { Clock } from './lib/clock.js';
import type { LiveHub } from './features/live/index.js';

/**
 * What every feature's routes and services are handed: the database, auth and the live hub are
 * made once per process (bootstrap.ts) and passed in here, never imported as module-level clients.
 * Processes do keep state of their own — tables and models loaded once, a few caches of database
 * rows (some module-level, some in WeakMaps keyed by this context), per-connection state; each is
 * listed in docs/ARCHITECTURE.md, "Per-process state", with how it stays true across processes.
 */
export interface AppContext {
  env: Env;
  db: Db;
  pool: pg.Pool;
  auth: Auth;
  clock: Clock;
  /** Where links in emails point, e.g. http://localhost:3000 */
  baseUrl: string;
  log: FastifyBaseLogger;
  /** Fans PostgreSQL NOTIFY out to server-sent-event clients; started by the web role. */
  live: LiveHub;
}
