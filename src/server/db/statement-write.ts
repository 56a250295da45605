import type { DbOrTx } from './client.js';
import { queryNamed } from './prepared.js';
import { publishLive, type LiveEvent } from '../features/live/live.publisher.js';

/**
 * A write that is one statement: data-modifying CTEs ending in a CTE named `w_written` (one row).
 * Its CTE names all begin with `w_`, so several writes can join one statement, each renamed.
 * It runs alone in a transaction, or rides in another statement whose CTEs it joins — the phone
 * agent stores a turn that books an appointment in the turn's own statement, with no
 * transaction round trips (decision 012). Everything the caller needs to know before it runs
 * (ids, reference codes) is made in the server, so nothing waits for its result.
 */
export interface StatementWrite {
  /** Names the prepared statement (one text per name). */
  name: string;
  /** `w_a as (…), w_b as (…), w_written as (select …)`, with `$1`… placeholders for `values`. */
  ctes: string;
  values: unknown[];
  /** Live updates to send once the write has committed. */
  live: LiveEvent[];
  /** A column of `w_written` naming the patient the write is about, to link the call to. */
  patientColumn?: string;
}

/** Runs the write alone, in the caller's transaction; its live updates go with that transaction. */
export async function runStatementWrite<R extends Record<string, unknown>>(tx: DbOrTx, write: StatementWrite): Promise<R> {
  const [row] = await queryNamed<R>(tx, `switchboard_${write.name}`, `with ${write.ctes} select * from w_written`, write.values);
  if (!row) throw new Error(`The write ${write.name} stored nothing.`);
  for (const event of write.live) await publishLive(tx, event);
  return row;
}

/**
 * The write's CTEs as the `copy`-th write joining another statement: placeholders moved past its
 * first `by` parameters, CTE names `w<copy>_…` (writtenCte names its result).
 */
export function joinedCtes(write: Pick<StatementWrite, 'ctes'>, by: number, copy: number): string {
  return write.ctes.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + by}`).replace(/\bw_(?=\w)/g, `w${copy}_`);
}

export const writtenCte = (copy: number) => `w${copy}_written`;
