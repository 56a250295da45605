import type { Hours } from '../../domain/time/index.js';
import type { DbOrTx } from '../db/client.js';
import { visitTypesInUse, type VisitTypeRow } from '../features/calendars/index.js';
import { findDeadlineRules, type DeadlineRules } from '../features/handoff-records/index.js';
import { cachedHoursStatus, findOrganizationById, toHours, type OrganizationRow } from '../features/organizations/index.js';

/** What the hours say at the turn's time: open or closed, the override's label, when that changes, and describeStatus's words. */
export interface HoursNow {
  open: boolean;
  label: string | null;
  nextChangeMs: number | null;
  text: string;
}

/**
 * What a turn may read about its organization beyond the call's row, each read when a tool first
 * asks and at most once in the turn; nothing is kept past the turn (a practice's changes reach the
 * next turn of a call in progress).
 */
export interface TurnReads {
  /** The hours and the handoff deadline settings. */
  rules: () => Promise<DeadlineRules | undefined>;
  hours: () => Promise<Hours>;
  hoursNow: () => Promise<HoursNow>;
  /** Visit types in use: only a turn that looks for a time to book asks (issue 31 §3). */
  visitTypes: () => Promise<VisitTypeRow[]>;
  /** The full organization row (the booking services take it). */
  organizationRow: () => Promise<OrganizationRow>;
}

export function turnReads(reader: () => DbOrTx, org: { id: string; timeZone: string }, now: Date): TurnReads {
  const rules = once(() => findDeadlineRules(reader(), org.id));
  const hours = once(() => rules().then((r) => toHours(org.timeZone, r?.hours)));
  return {
    rules,
    hours,
    hoursNow: once(async () => {
      const [r, h] = await Promise.all([rules(), hours()]);
      // The status cache /hours and open-now share, keyed by the hours' version.
      const s = cachedHoursStatus(org.id, r?.hours?.version ?? 0, h, now.getTime());
      return { open: s.open, label: s.label, nextChangeMs: s.nextChange?.at ?? null, text: s.text };
    }),
    visitTypes: once(() => visitTypesInUse(reader(), org.id)),
    organizationRow: once(async () => {
      const row = await findOrganizationById(reader(), org.id);
      if (!row) throw new Error(`The organization ${org.id} of a call in progress is gone.`);
      return row;
    }),
  };
}

function once<T>(read: () => Promise<T>): () => Promise<T> {
  let result: Promise<T> | undefined;
  return () => (result ??= read());
}
