import { sql, type SQL } from 'drizzle-orm';

/**
 * Whether the caller said something on call `c` (a table alias): at least one caller turn with
 * words. A completed inbound call is answered only then (PRODUCT §6, domain/analytics/definitions.ts);
 * silence and hang-ups during the greeting leave no turn, or only "no input" turns, and are "hung up
 * before speaking". The analytics rollups and the calls list read this one rule.
 */
export const callerSpokeSql = (c: SQL) =>
  sql`exists (select 1 from call_events e where e.call_id = ${c}.id and e.kind = 'caller_speech' and coalesce(e.payload->>'text', '') <> '')`;
