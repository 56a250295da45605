/**
 * The events of one turn, in order, before they are stored (all in the transaction that
 * produces the reply). Kinds and payloads are the ones `call_events` documents.
 */
export type CallEventKind = 'status' | 'caller_speech' | 'agent_speech' | 'tool_call' | 'tool_result' | 'transfer' | 'model_request' | 'recording' | 'error' | 'interruption';

export interface PendingEvent {
  kind: CallEventKind;
  payload: Record<string, unknown>;
  latencyMs: number | null;
  at: Date;
}

export class TurnLog {
  readonly events: PendingEvent[] = [];
  /** "Caller: …" / "Agent: …" lines appended to the call's transcript text. */
  readonly transcript: string[] = [];

  constructor(private readonly now: () => Date) {}

  add(kind: CallEventKind, payload: Record<string, unknown>, latencyMs: number | null = null): void {
    this.events.push({ kind, payload, latencyMs, at: this.now() });
  }

  callerSaid(text: string, extra: { confidence?: number; digits?: string } = {}): void {
    this.add('caller_speech', { text, ...extra });
    if (text) this.transcript.push(`Caller: ${text}`);
  }

  agentSaid(text: string): void {
    if (!text) return;
    this.add('agent_speech', { text });
    this.transcript.push(`Agent: ${text}`);
  }
}
