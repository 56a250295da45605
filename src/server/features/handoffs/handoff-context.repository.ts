import { and, asc, count, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { appointmentRequests, callEvents, calls, handoffs, patients } from '../../db/schema/index.js';

export type CallRow = typeof calls.$inferSelect;
export type PatientRow = typeof patients.$inferSelect;

export interface SpokenTurn {
  speaker: 'caller' | 'agent';
  text: string;
  at: Date;
}

/** The call and its first spoken turns (the transcript is a view of its events). */
export async function callWithExcerpt(db: DbOrTx, callId: string, turns: number): Promise<{ call: CallRow; excerpt: SpokenTurn[]; turnCount: number } | undefined> {
  const [call] = await db.select().from(calls).where(eq(calls.id, callId)).limit(1);
  if (!call) return undefined;
  const spoken = and(eq(callEvents.callId, callId), inArray(callEvents.kind, ['caller_speech', 'agent_speech']));
  const [events, total] = await Promise.all([
    db
      .select({ kind: callEvents.kind, text: sql<string | null>`coalesce(${callEvents.payload}->>'text', ${callEvents.payload}->>'speech', ${callEvents.payload}->>'content')`, at: callEvents.at })
      .from(callEvents)
      .where(spoken)
      .orderBy(asc(callEvents.seq))
      .limit(turns),
    db.select({ n: count() }).from(callEvents).where(spoken),
  ]);
  const excerpt = events
    .filter((e) => e.text)
    .map((e) => ({ speaker: e.kind === 'caller_speech' ? ('caller' as const) : ('agent' as const), text: e.text!.slice(0, 1000), at: e.at }));
  return { call, excerpt, turnCount: Number(total[0]?.n ?? 0) };
}

export async function organizationOfCall(db: DbOrTx, callId: string): Promise<string | undefined> {
  const [row] = await db.select({ organizationId: calls.organizationId }).from(calls).where(eq(calls.id, callId)).limit(1);
  return row?.organizationId;
}

export async function findPatient(db: DbOrTx, id: string): Promise<PatientRow | undefined> {
  const [row] = await db.select().from(patients).where(eq(patients.id, id)).limit(1);
  return row;
}

export interface HistoryItem {
  kind: 'call' | 'appointment_request' | 'handoff';
  id: string;
  at: Date;
  title: string;
  status: string;
}

/**
 * What else the organization has had from this patient (by patient record, else by phone
 * number): calls, appointment requests and other handoffs, newest first.
 */
export async function patientHistory(
  db: DbOrTx,
  organizationId: string,
  who: { patientId: string | null; phone: string | null },
  exclude: { handoffId: string; callId: string | null; appointmentRequestId: string | null },
  limit = 20,
): Promise<HistoryItem[]> {
  const { patientId, phone } = who;
  if (!patientId && !phone) return [];
  const byPerson = (patientCol: AnyPgColumn, phoneCol: AnyPgColumn): SQL => {
    const parts: SQL[] = [];
    if (patientId) parts.push(eq(patientCol, patientId));
    if (phone) parts.push(eq(phoneCol, phone));
    return (parts.length === 1 ? parts[0] : or(...parts))!;
  };
  const [callRows, requestRows, handoffRows] = await Promise.all([
    db
      .select({ id: calls.id, at: calls.startedAt, direction: calls.direction, status: calls.status, outcome: calls.outcome })
      .from(calls)
      .where(and(eq(calls.organizationId, organizationId), byPerson(calls.patientId, calls.fromNumber), exclude.callId ? ne(calls.id, exclude.callId) : undefined))
      .orderBy(desc(calls.startedAt))
      .limit(limit),
    db
      .select({ id: appointmentRequests.id, at: appointmentRequests.createdAt, status: appointmentRequests.status, reason: appointmentRequests.reason, code: appointmentRequests.referenceCode })
      .from(appointmentRequests)
      .where(
        and(
          eq(appointmentRequests.organizationId, organizationId),
          ne(appointmentRequests.status, 'draft'),
          byPerson(appointmentRequests.patientId, appointmentRequests.phone),
          exclude.appointmentRequestId ? ne(appointmentRequests.id, exclude.appointmentRequestId) : undefined,
        ),
      )
      .orderBy(desc(appointmentRequests.createdAt))
      .limit(limit),
    db
      .select({ id: handoffs.id, at: handoffs.createdAt, status: handoffs.status, type: handoffs.type, reason: handoffs.reason })
      .from(handoffs)
      .where(and(eq(handoffs.organizationId, organizationId), byPerson(handoffs.patientId, handoffs.contactPhone), ne(handoffs.id, exclude.handoffId)))
      .orderBy(desc(handoffs.createdAt))
      .limit(limit),
  ]);
  const items: HistoryItem[] = [
    ...callRows.map((c) => ({ kind: 'call' as const, id: c.id, at: c.at, title: `${c.direction === 'inbound' ? 'Inbound' : 'Outbound'} call${c.outcome ? ` · ${c.outcome.replace(/_/g, ' ')}` : ''}`, status: c.status })),
    ...requestRows.map((r) => ({ kind: 'appointment_request' as const, id: r.id, at: r.at, title: `Appointment request${r.code ? ` ${r.code}` : ''}${r.reason ? ` · ${r.reason}` : ''}`, status: r.status })),
    ...handoffRows.map((h) => ({ kind: 'handoff' as const, id: h.id, at: h.at, title: h.reason, status: h.status })),
  ];
  return items.sort((a, b) => b.at.getTime() - a.at.getTime()).slice(0, limit);
}
