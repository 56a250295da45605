import type { LiveEvent } from '../features/live/live.publisher.js';

/**
 * A call's "turn" live updates go out at most once per `spacingMs`. Screens refetch what they
 * show when told something changed, and space their refetches out themselves
 * (use-live-invalidation.ts, 1.5 s), so a notification for every turn of a busy call only costs
 * PostgreSQL a NOTIFY and every web process a message no screen acts on. The first turn after a
 * quiet spell goes at once (a caller speaks every few seconds, so in practice every turn does);
 * turns within the spacing are folded into one update sent when it ends, so the last change is
 * always told. A call's end goes at once and makes a pending turn update needless. Each web
 * process spaces its own calls' updates.
 */
export class TurnEventSpacer {
  private readonly lastSent = new Map<string, number>();
  private readonly trailing = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly spacingMs: number,
    /** Sends events that were held back (the trailing update). */
    private readonly send: (events: LiveEvent[]) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** The events to send now; turn updates within the spacing are held back. */
  filter(events: LiveEvent[]): LiveEvent[] {
    const out: LiveEvent[] = [];
    const now = this.now();
    for (const event of events) {
      if (event.topic !== 'calls') out.push(event);
      else if (event.type === 'turn') {
        if (this.trailing.has(event.id)) continue;
        const wait = (this.lastSent.get(event.id) ?? -Infinity) + this.spacingMs - now;
        if (wait <= 0) {
          this.lastSent.set(event.id, now);
          out.push(event);
        } else this.holdBack(event, wait);
      } else {
        if (event.type === 'ended') this.forget(event.id);
        out.push(event);
      }
    }
    if (this.lastSent.size > 10_000) this.prune(now);
    return out;
  }

  private holdBack(event: LiveEvent, wait: number): void {
    const timer = setTimeout(() => {
      this.trailing.delete(event.id);
      this.lastSent.set(event.id, this.now());
      this.send([event]);
    }, wait);
    timer.unref();
    this.trailing.set(event.id, timer);
  }

  private forget(callId: string): void {
    const timer = this.trailing.get(callId);
    if (timer) clearTimeout(timer);
    this.trailing.delete(callId);
    this.lastSent.delete(callId);
  }

  /** Calls not heard from within the spacing need no entry (ended ones are forgotten at once). */
  private prune(now: number): void {
    for (const [id, at] of this.lastSent) if (at + this.spacingMs <= now && !this.trailing.has(id)) this.lastSent.delete(id);
  }
}
