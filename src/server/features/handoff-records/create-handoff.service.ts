import { Temporal } from 'temporal-polyfill';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import type { handoffs, HANDOFF_PRIORITIES, HANDOFF_TYPES } from '../../db/schema/index.js';
import { addBusinessTime } from '../../../domain/time/index.js';
import { toHours } from '../organizations/index.js';
import { publishLive } from '../live/index.js';
import { alertOnDutyOfUrgentHandoff } from './urgent-alert.js';
import { sendCallbackNotice } from './callback-notice.js';
import { findDeadlineRules, insertHandoff, insertHandoffEvent, updateHandoffIfStatus, type DeadlineRules } from './handoffs.repository.js';

export type { DeadlineRules };

export type HandoffType = (typeof HANDOFF_TYPES)[number];
export type HandoffPriority = (typeof HANDOFF_PRIORITIES)[number];
export type HandoffRow = typeof handoffs.$inferSelect;

/**
 * Default deadlines per priority (issue 5): urgent counts wall-clock minutes; the others count
 * the organization's business hours ("1 business day" is 8 open hours).
 */
export const DEFAULT_SLA_MINUTES: Record<HandoffPriority, { minutes: number; business: boolean }> = {
  urgent: { minutes: 15, business: false },
  high: { minutes: 60, business: true },
  normal: { minutes: 240, business: true },
  low: { minutes: 480, business: true },
};

export interface NewHandoff {
  organizationId: string;
  type: HandoffType;
  priority: HandoffPriority;
  source: HandoffRow['source'];
  reason: string;
  callId?: string | null;
  appointmentRequestId?: string | null;
  patientId?: string | null;
  contactName?: string | null;
  contactPhone?: string | null;
  details?: Record<string, unknown>;
  actorUserId?: string | null;
  /** The organization's deadline rules when the caller has them already (the phone agent reads them once per turn). */
  deadlineRules?: DeadlineRules;
  /** When it was created, when it belongs to a change made at one instant (a request's submission); now by default. */
  at?: Date;
  /**
   * A caller on a real telephone line asked for this call-back: confirm it to them by text
   * (callback-notice.ts). Not for the simulator — the playground and the demo's seeded history,
   * whose made-up numbers may be somebody's.
   */
  textCaller?: boolean;
}

/** Minutes per priority for an organization: its own settings where it has them, else the defaults. */
export function slaMinutes(row: DeadlineRules['sla'] | undefined, priority: HandoffPriority): number {
  const own = row?.[`${priority}Minutes`];
  return own ?? DEFAULT_SLA_MINUTES[priority].minutes;
}

/**
 * The deadline of a new handoff, from the organization's deadline settings and business hours
 * (read here unless the caller passes them).
 */
export async function handoffDueAt(db: DbOrTx, organizationId: string, priority: HandoffPriority, now: Date, rules?: DeadlineRules): Promise<Date> {
  return dueAtUnder(rules ?? (await findDeadlineRules(db, organizationId)), priority, now);
}

function dueAtUnder(rules: DeadlineRules | undefined, priority: HandoffPriority, now: Date): Date {
  const minutes = slaMinutes(rules?.sla, priority);
  const wallClock = new Date(now.getTime() + minutes * 60_000);
  if (!DEFAULT_SLA_MINUTES[priority].business || !rules) return wallClock;
  try {
    const due = addBusinessTime(toHours(rules.timeZone, rules.hours), now.getTime(), { minutes });
    return new Date(Number((due as Temporal.Instant).epochMilliseconds));
  } catch {
    // No open time within the engine's horizon (no hours set): count wall-clock time instead.
    return wallClock;
  }
}

/**
 * Creates a handoff in the caller's transaction, with its first history event and a live
 * update for every staff screen watching the queue; an urgent one also alerts the people on
 * duty through the outbox, and a caller's call-back request is confirmed to them by text.
 */
export async function createHandoff(ctx: AppContext, tx: DbOrTx, input: NewHandoff): Promise<HandoffRow> {
  const now = input.at ?? ctx.clock.now();
  const dueAt = await handoffDueAt(tx, input.organizationId, input.priority, now, input.deadlineRules);
  const row = await insertHandoff(tx, {
    organizationId: input.organizationId,
    type: input.type,
    priority: input.priority,
    source: input.source,
    reason: input.reason.slice(0, 2000),
    callId: input.callId ?? null,
    appointmentRequestId: input.appointmentRequestId ?? null,
    patientId: input.patientId ?? null,
    contactName: input.contactName ?? null,
    contactPhone: input.contactPhone ?? null,
    details: input.details ?? {},
    dueAt,
  }, { at: now, actorUserId: input.actorUserId ?? null });
  await publishLive(tx, { topic: 'handoffs', organizationId: input.organizationId, type: 'created', id: row.id, data: { priority: input.priority, handoffType: input.type } });
  if (input.priority === 'urgent' || input.type === 'urgent') await alertOnDutyOfUrgentHandoff(ctx, tx, row);
  await sendCallbackNotice(tx, input);
  return row;
}

/**
 * A live transfer nobody answered: its handoff is canceled (the caller is offered a call-back,
 * which is a handoff of its own), with the reason in its history.
 */
export async function cancelLiveTransfer(ctx: { clock: { now(): Date } }, tx: DbOrTx, handoffId: string, reason: string): Promise<void> {
  const now = ctx.clock.now();
  const row = await updateHandoffIfStatus(tx, handoffId, ['open'], { status: 'canceled', resolution: reason, resolvedAt: now }, now);
  if (!row) return;
  await insertHandoffEvent(tx, { handoffId, kind: 'canceled', body: reason, at: now });
  await publishLive(tx, { topic: 'handoffs', organizationId: row.organizationId, type: 'updated', id: handoffId });
}
