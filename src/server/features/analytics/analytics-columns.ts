import { sql, type SQL } from 'drizzle-orm';

/*
 * The counts a call rollup row holds (hourly and daily alike), each with how it is counted from
 * the calls of its hour (alias `c`, with `x.spoke` and `x.has_handoff`). The upkeep writes these
 * columns and the reads add them up by this one list, so its order matters nowhere. Outcomes are
 * not columns: they are counted per outcome in the row's `outcomes` jsonb, keyed by the outcome
 * itself (domain/calls/vocabulary.ts CALL_OUTCOMES, `none` while unset), so a new outcome is
 * added there and nowhere else.
 */
export const CALL_COUNTS = {
  calls: sql`count(*)`,
  completed: sql`count(*) filter (where c.status = 'completed')`,
  /** Completed with no caller turn: hung up before speaking (answered = completed − silent). */
  silent: sql`count(*) filter (where c.status = 'completed' and not x.spoke)`,
  contained: sql`count(*) filter (where c.status = 'completed' and x.spoke and not x.has_handoff)`,
  handed_off: sql`count(*) filter (where c.status = 'completed' and x.spoke and x.has_handoff)`,
  handle_seconds: sql`coalesce(sum(c.duration_seconds) filter (where c.status = 'completed' and x.spoke), 0)`,
  handle_count: sql`count(c.duration_seconds) filter (where c.status = 'completed' and x.spoke)`,
  connected: sql`count(*) filter (where c.status = 'completed' and c.outcome is distinct from 'voicemail')`,
  voicemail: sql`count(*) filter (where c.outcome = 'voicemail')`,
} satisfies Record<string, SQL>;

export type CallCount = keyof typeof CALL_COUNTS;
export const CALL_COUNT_COLUMNS = Object.keys(CALL_COUNTS) as CallCount[];

export const REQUEST_COUNT_COLUMNS = ['started', 'submitted', 'scheduled'] as const;

/** The four handoff durations a sketch is kept of, as columns of the sketch tables. */
export const DURATION_COLUMNS = { claim: 'claim', resolve: 'resolve', claimBusiness: 'claim_business', resolveBusiness: 'resolve_business' } as const;
export type DurationName = keyof typeof DURATION_COLUMNS;
export const DURATION_NAMES = Object.keys(DURATION_COLUMNS) as DurationName[];
