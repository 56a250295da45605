import { sql, type SQL } from 'drizzle-orm';

/**
 * Whether handoff `h` (a table alias) is work handed to a person: every handoff but one the agent
 * made and resolved at once by its own booking (decision 053, `settled_by_agent`) — while it stays
 * resolved; reopened, it is a person's work like any other.
 */
export const handedToAPersonSql = (h: SQL) => sql`not (${h}.settled_by_agent and ${h}.status = 'resolved')`;

/**
 * Whether call `c` (a table alias) was handed off: it has at least one handoff handed to a person.
 * A call whose only handoff was settled by the agent's own booking was contained (PRODUCT §6,
 * domain/analytics/definitions.ts). The analytics rollups and the calls list (its filter, its
 * "handed off" mark) read this one rule, so a figure and the list it opens agree.
 */
export const handedOffSql = (c: SQL) => sql`exists (select 1 from handoffs h where h.call_id = ${c}.id and ${handedToAPersonSql(sql`h`)})`;
