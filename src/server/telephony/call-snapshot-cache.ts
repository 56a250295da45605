import type { AppContext } from '../app-context.js';
import type { CallRef, CallSnapshot } from '../features/calls/index.js';

/**
 * The calls this process is talking to, as it last stored them, so a turn usually needs no read
 * before its write (decision 057 keeps it; 016 measured what it is worth). Never trusted on its own: a turn
 * numbers its events after the cached last `seq`, so if anything else wrote to the call
 * meanwhile (another web process, a status callback, a repeated webhook) the unique
 * `(call_id, seq)` / dedupe index refuses the write, and the turn is redone from the database.
 * A request for another turn than the cached one always reads the database (that is how
 * repeats find their stored answer). An entry is taken out while its turn runs.
 *
 * The organization row is not checked: it is what this process first read for the call
 * (docs/ARCHITECTURE.md, "Per-process state", b1); hours and deadline settings are read in the
 * turn (agent/turn-reads.ts).
 */
class CallSnapshotCache {
  private readonly entries = new Map<string, CallSnapshot>();

  constructor(private readonly max: number) {}

  /** The call as last stored, removed from the cache until `put` brings it back. */
  take(ref: CallRef): CallSnapshot | undefined {
    const snap = this.entries.get(keyOf(ref));
    if (snap) this.forget(snap);
    return snap;
  }

  /** Remembers a call after its turn was stored; the least recently stored go first when full. */
  put(snap: CallSnapshot): void {
    const entry = { ...snap, replay: null };
    for (const key of [keyOf({ callId: snap.id }), keyOf(snap)]) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    while (this.entries.size > this.max * 2) this.entries.delete(this.entries.keys().next().value!);
  }

  forget(ref: CallRef | CallSnapshot): void {
    const snap = 'organizationId' in ref ? ref : this.entries.get(keyOf(ref));
    if (!('organizationId' in ref)) this.entries.delete(keyOf(ref));
    if (!snap) return;
    this.entries.delete(keyOf({ callId: snap.id }));
    this.entries.delete(keyOf(snap));
  }
}

function keyOf(ref: CallRef | Pick<CallSnapshot, 'provider' | 'providerCallId'>): string {
  return 'callId' in ref ? `id:${ref.callId}` : `${ref.provider}:${ref.providerCallId}`;
}

const caches = new WeakMap<AppContext, CallSnapshotCache>();

/** At most this many live calls are remembered per process (a few KB each). */
const MAX_CALLS = 2000;

export function callSnapshots(ctx: AppContext): CallSnapshotCache {
  let cache = caches.get(ctx);
  if (!cache) caches.set(ctx, (cache = new CallSnapshotCache(MAX_CALLS)));
  return cache;
}
