import type pg from 'pg';

/**
 * Group commit for the agent's ordinary turns. A turn must be stored before its answer goes
 * back (a repeated webhook, or the next turn on another web process, reads it), but turns of
 * different calls finishing at the same moment need not each pay for a statement, a commit and
 * a round trip: while earlier writes are in flight, new ones queue and then go together in one
 * statement. An idle server writes each turn at once, so nothing waits for a batch to fill.
 *
 * Only turns that append events and replace the agent state come here (see storeTurn); a batch
 * that fails (a repeated request's events collide with stored ones) is written again turn by
 * turn, so each turn gets its own outcome and the others are unaffected.
 */
export interface BatchedTurn {
  callId: string;
  /** JSON array of the turn's event rows (call-records.repository.ts eventRows). */
  eventsJson: string;
  /** JSON of the call's new agent state. */
  stateJson: string;
  at: Date;
  patientId: string | null;
}

interface Pending {
  turn: BatchedTurn;
  resolve: () => void;
  reject: (err: unknown) => void;
}

const STORE_TURNS = `
  with t as (
    select * from jsonb_to_recordset($1::jsonb) as t(call_id uuid, agent_state jsonb, at timestamptz, patient_id uuid)
  ), ev as (
    insert into call_events (call_id, seq, kind, payload, latency_ms, dedupe_key, at)
    select e.call_id, e.seq, e.kind, e.payload, e.latency_ms, e.dedupe_key, e.at
    from jsonb_to_recordset($2::jsonb) as e(call_id uuid, seq int, kind text, payload jsonb, latency_ms real, dedupe_key text, at timestamptz)
    returning 1
  ), up as (
    update calls c set agent_state = t.agent_state, last_activity_at = t.at, updated_at = t.at, patient_id = coalesce(c.patient_id, t.patient_id)
    from t where c.id = t.call_id
    returning 1
  )
  select (select count(*) from ev) as events, (select count(*) from up) as updated`;

export class TurnWriteBatcher {
  private queue: Pending[] = [];
  private inFlight = 0;

  constructor(
    private readonly pool: pg.Pool,
    /** Statements of this batcher running at once; more queue up and go together. */
    private readonly maxInFlight: number,
    private readonly maxBatch: number,
    /** Writes one turn alone (the statement storeTurn uses). */
    private readonly writeOne: (turn: BatchedTurn) => Promise<void>,
  ) {}

  store(turn: BatchedTurn): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ turn, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      this.inFlight++;
      void this.flush(batch).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  private async flush(batch: Pending[]): Promise<void> {
    if (batch.length === 1) return settle(batch[0]!, this.writeOne(batch[0]!.turn));
    // One lock order for every batch: two batches never wait on each other's rows in a cycle.
    const turns = batch.map((p) => p.turn).sort((a, b) => (a.callId < b.callId ? -1 : a.callId > b.callId ? 1 : 0));
    try {
      await this.pool.query({ name: 'switchboard_store_turns', text: STORE_TURNS, values: [stateRows(turns), eventRows(turns)] });
      for (const p of batch) p.resolve();
    } catch {
      await Promise.all(batch.map((p) => settle(p, this.writeOne(p.turn))));
    }
  }
}

async function settle(p: Pending, work: Promise<void>): Promise<void> {
  try {
    await work;
    p.resolve();
  } catch (err) {
    p.reject(err);
  }
}

function stateRows(turns: BatchedTurn[]): string {
  return `[${turns.map((t) => `{"call_id":${JSON.stringify(t.callId)},"at":"${t.at.toISOString()}","patient_id":${JSON.stringify(t.patientId)},"agent_state":${t.stateJson}}`).join(',')}]`;
}

/** The turns' event arrays joined into one (each is a JSON array already). */
function eventRows(turns: BatchedTurn[]): string {
  return `[${turns
    .map((t) => t.eventsJson.slice(1, -1))
    .filter((inner) => inner.length > 0)
    .join(',')}]`;
}
