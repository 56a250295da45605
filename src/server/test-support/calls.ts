import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../app-context.js';
import { callEvents, calls, handoffs } from '../db/schema/index.js';

export type CallInsert = typeof calls.$inferInsert;
export type CallRowForTest = typeof calls.$inferSelect;
export type CallEventKind = (typeof callEvents.$inferInsert)['kind'];

export interface TestCallEvent {
  kind: CallEventKind;
  payload?: Record<string, unknown>;
  at?: Date;
  latencyMs?: number | null;
}

/**
 * Inserts a call directly (read tests do not need the telephony pipeline). Defaults: an inbound
 * simulator call that ended a minute after it started, with a unique provider id.
 */
export async function createCall(
  ctx: Pick<AppContext, 'db'>,
  { callerSaid, ...input }: Partial<CallInsert> & { organizationId: string; /** A caller turn with these words (an answered call, PRODUCT §6). */ callerSaid?: string },
): Promise<CallRowForTest> {
  const startedAt = input.startedAt ?? new Date(Date.now() - 120_000);
  const status = input.status ?? 'completed';
  const ended = status !== 'ringing' && status !== 'in_progress';
  const [row] = await ctx.db
    .insert(calls)
    .values({
      direction: 'inbound',
      provider: 'simulator',
      providerCallId: `SIM${randomBytes(8).toString('hex')}`,
      fromNumber: '+18605550142',
      toNumber: '+18605550100',
      answeredAt: status === 'ringing' ? null : startedAt,
      endedAt: ended ? new Date(startedAt.getTime() + 60_000) : null,
      durationSeconds: ended ? 60 : null,
      ...input,
      status,
      startedAt,
    })
    .returning();
  if (callerSaid !== undefined) await addCallEvents(ctx, row!.id, [{ kind: 'caller_speech', payload: { text: callerSaid } }]);
  return row!;
}

/** Appends events in order (seq continues after the call's last event). */
export async function addCallEvents(ctx: Pick<AppContext, 'db'>, callId: string, events: TestCallEvent[]): Promise<void> {
  const { rows } = await ctx.db.execute(sql`select coalesce(max(seq), 0)::int as seq from call_events where call_id = ${callId}`);
  let seq = (rows[0] as { seq: number }).seq;
  const base = Date.now() - 60_000;
  if (events.length === 0) return;
  await ctx.db.insert(callEvents).values(
    events.map((e, i) => ({
      callId,
      seq: ++seq,
      kind: e.kind,
      payload: e.payload ?? {},
      latencyMs: e.latencyMs ?? null,
      at: e.at ?? new Date(base + i * 1000),
    })),
  );
}

/**
 * A call with a spoken conversation: alternate `caller:` / `agent:` lines become speech events,
 * and the transcript text (what full-text search reads) is filled in the same way the pipeline
 * does.
 */
export async function createConversation(
  ctx: Pick<AppContext, 'db'>,
  input: Partial<CallInsert> & { organizationId: string; lines: [speaker: 'caller' | 'agent', text: string][] },
): Promise<CallRowForTest> {
  const { lines, ...callInput } = input;
  const transcriptText = lines.map(([who, text]) => `${who === 'caller' ? 'Caller' : 'Agent'}: ${text}`).join('\n');
  const call = await createCall(ctx, { transcriptText, ...callInput });
  const start = call.startedAt.getTime();
  await addCallEvents(
    ctx,
    call.id,
    lines.map(([who, text], i) => ({ kind: who === 'caller' ? 'caller_speech' : 'agent_speech', payload: { text }, at: new Date(start + (i + 1) * 3000) })),
  );
  return call;
}

/** A handoff row linked to a call, inserted directly. */
export async function createHandoffForCall(
  ctx: Pick<AppContext, 'db'>,
  input: Partial<typeof handoffs.$inferInsert> & { organizationId: string; callId: string | null },
): Promise<typeof handoffs.$inferSelect> {
  const [row] = await ctx.db
    .insert(handoffs)
    .values({ type: 'callback', priority: 'normal', source: 'call', reason: 'Call the patient back.', dueAt: new Date(Date.now() + 3_600_000), ...input })
    .returning();
  return row!;
}
