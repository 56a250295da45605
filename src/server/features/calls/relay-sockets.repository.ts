import type pg from 'pg';

/**
 * One ConversationRelay socket per call (issue 28; table call_relay_sockets): the handshake's
 * signature is the same for every socket, so a captured one opens as many as anyone likes. The
 * call itself says which socket it waits for: answered with <Connect><ConversationRelay>, it
 * awaits one; the first `setup` naming it while it is in progress takes it; any other is refused.
 */

/** The call was answered with <Connect><ConversationRelay>: the next socket that names it may take it. */
export async function awaitRelaySocket(db: pg.Pool | pg.PoolClient, callId: string): Promise<void> {
  await db.query(
    `insert into call_relay_sockets (call_id, awaiting, session_id, connected_at, updated_at) values ($1, true, null, null, now())
     on conflict (call_id) do update set awaiting = true, session_id = null, connected_at = null, updated_at = now()`,
    [callId],
  );
}

/**
 * Takes the awaited socket of the call with this CallSid for `sessionId`, atomically (a second
 * process racing for it gets nothing). Null: the call is not in progress, or awaits no socket
 * (one took it already, or it was never answered with <Connect>).
 */
export async function claimRelaySocket(db: pg.Pool | pg.PoolClient, providerCallId: string, sessionId: string): Promise<string | null> {
  const res = await db.query<{ id: string }>(
    `update call_relay_sockets r set awaiting = false, session_id = $2, connected_at = now(), updated_at = now()
     from calls c
     where c.id = r.call_id and c.provider = 'twilio' and c.provider_call_id = $1 and c.status = 'in_progress' and r.awaiting
     returning c.id`,
    [providerCallId, sessionId],
  );
  return res.rows[0]?.id ?? null;
}
