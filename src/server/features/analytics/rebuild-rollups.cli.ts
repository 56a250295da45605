import { loadEnv } from '../../config/env.js';
import { createDatabase } from '../../db/client.js';
import { embeddedDatabaseUrl } from '../../db/embedded.js';
import { rebuildRollups } from './analytics-rollups.service.js';

/*
 * `npm run analytics:rebuild`: recomputes every analytics rollup from the raw calls, handoffs and
 * appointment requests (after a restore, a time-zone change of an organization, or to check).
 * Uses DATABASE_URL, or the embedded PostgreSQL of a running `npm start` on EMBEDDED_PG_PORT.
 * Safe while the app runs: the rebuild holds the rollups' lock, and changes made meanwhile
 * queue up and are folded in afterwards.
 */
const env = loadEnv();
const url = env.DATABASE_URL ?? embeddedDatabaseUrl(env.EMBEDDED_PG_PORT);
const database = createDatabase(url, { max: 2 });
const started = performance.now();
try {
  const { hours } = await rebuildRollups(database.db);
  process.stdout.write(`Analytics rollups rebuilt: ${hours.toLocaleString()} organization-hours in ${((performance.now() - started) / 1000).toFixed(1)} s.\n`);
} catch (error) {
  process.stderr.write(`Rebuild failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await database.close();
}
