import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AppContext } from './app-context.js';
import type { Env } from './config/env.js';
import { createAuth } from './auth/better-auth.js';
import { createDatabase, type Database } from './db/client.js';
import { systemClock, type Clock } from './lib/clock.js';
import { createLogger } from './lib/log.js';
import { LiveHub } from './features/live/index.js';

/**
 * Wires the context every role shares. Tests call it with their own database URL; main.ts
 * with the embedded or configured one.
 */
export function createAppContext(
  env: Env,
  databaseUrl: string,
  opts: { clock?: Clock; poolMax?: number; /** One readable line per event (a terminal); JSON lines otherwise. */ prettyLogs?: boolean } = {},
): { ctx: AppContext; database: Database } {
  const log = createLogger(env.LOG_LEVEL, { pretty: opts.prettyLogs });
  const database = createDatabase(databaseUrl, {
    max: opts.poolMax,
    onError: (err) => {
      const code = (err as { code?: string }).code;
      // 57P01: the server is shutting down (Ctrl-C of the embedded database); expected, not news.
      if (code === '57P01') log.debug({ code }, 'database connection closed by server shutdown');
      else log.warn({ code, message: err.message }, 'database connection error');
    },
  });
  const baseUrl = env.PUBLIC_URL?.replace(/\/$/, '') ?? `http://localhost:${env.PORT}`;
  const clock = opts.clock ?? systemClock();
  const auth = createAuth({
    now: () => clock.now(),
    db: database.db,
    baseURL: baseUrl,
    secret: env.AUTH_SECRET ?? persistentSecret(env.dataDir),
    secureCookies: baseUrl.startsWith('https:'),
    absoluteHours: env.SESSION_ABSOLUTE_HOURS,
  });
  const ctx: AppContext = { env, db: database.db, pool: database.pool, auth, clock, baseUrl, log, live: new LiveHub(databaseUrl, log) };
  return { ctx, database };
}

/** Without AUTH_SECRET, a random secret is made once and kept in the data folder (0600). */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
