import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { AgentReply, CallerInput } from '../../agent/agent-types.js';
import { loadCall, type CallRef } from '../../features/calls/call-records.service.js';
import { recordInterruption } from '../interruption.js';
import { applyStatus } from '../call-lifecycle.js';
import { continueCall } from '../call-pipeline.js';
import type { PipelineOptions } from '../call-turn-support.js';
import { FINAL_STATUSES } from '../call-turn-support.js';
import { RelayInbound, sentencesOf, type HandoffData, type RelayOutbound } from './relay-protocol.js';

/** A session with no message from the provider for this long is closed (the call ends as a hang-up). */
export const RELAY_IDLE_MS = { value: 5 * 60_000 };

const SPANISH = 'es-US';

/**
 * One ConversationRelay session: the provider's socket, owned by the process it reached. The call
 * itself lives in the database like on the Gather path (each final prompt is one pipeline turn,
 * read and stored by continueCall), so nothing here is needed by another process: the session
 * keeps only which call it serves, its dedupe counter and what it last told the provider.
 */
export class RelaySession {
  private ref: CallRef | null = null;
  private sessionId = '';
  private callId = '';
  private prompts = 0;
  private language: string | null = null;
  /** `end` was sent (a transfer or the agent's hang-up): the closing socket is not a hang-up. */
  private handedOff = false;
  private closed = false;
  private queue: Promise<void> = Promise.resolve();
  private idle: NodeJS.Timeout | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly options: PipelineOptions,
    private readonly send: (m: RelayOutbound) => void,
    private readonly close: (code: number, reason: string) => void,
    private readonly log: FastifyBaseLogger,
  ) {
    this.touch();
  }

  /** A raw message from the socket. Messages are handled one at a time, in order. */
  receive(raw: string): Promise<void> {
    this.touch();
    const next = this.queue.then(() => this.handle(raw)).catch((err: unknown) => {
      this.log.error({ err, callSid: this.ref && 'providerCallId' in this.ref ? this.ref.providerCallId : null }, 'ConversationRelay message failed');
    });
    this.queue = next;
    return next;
  }

  /** The socket closed: unless the session handed the call off, the caller is gone. */
  async closedByPeer(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.idle) clearTimeout(this.idle);
    await this.queue;
    if (this.handedOff || !this.ref) return;
    try {
      const out = await applyStatus(this.ctx, {
        ref: this.ref,
        status: 'completed',
        dedupeKey: `relay-closed:${this.sessionId}`,
        endedBy: 'caller',
        reason: 'The ConversationRelay session closed (the caller hung up or the connection dropped).',
      });
      this.log.info({ callId: this.callId, changed: out.kind === 'ok' && out.changed }, 'ConversationRelay session closed');
    } catch (err) {
      this.log.error({ err, callId: this.callId }, 'ConversationRelay session close not recorded');
    }
  }

  private touch() {
    if (this.closed) return;
    if (this.idle) clearTimeout(this.idle);
    this.idle = setTimeout(() => {
      this.log.warn({ callId: this.callId }, 'ConversationRelay session idle: closing it');
      this.close(4000, 'idle timeout');
    }, RELAY_IDLE_MS.value);
    this.idle.unref();
  }

  private async handle(raw: string): Promise<void> {
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      json = undefined;
    }
    const parsed = RelayInbound.safeParse(json);
    if (!parsed.success) {
      const type = json && typeof json === 'object' && 'type' in json ? String((json as { type: unknown }).type).slice(0, 40) : null;
      this.log.error({ callId: this.callId || null, type, bytes: raw.length, issues: parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${i.message}`) }, 'ConversationRelay message not understood');
      return;
    }
    const m = parsed.data;
    if (m.type === 'error') {
      this.log.error({ callId: this.callId || null, description: m.description }, 'ConversationRelay reported an error');
      return;
    }
    if (m.type === 'setup') return this.setup(m.sessionId, m.callSid);
    if (!this.ref) {
      this.log.warn({ type: m.type }, 'ConversationRelay message before setup: ignored');
      return;
    }
    if (this.handedOff) return;
    if (m.type === 'interrupt') return this.interrupt(m.utteranceUntilInterrupt, m.durationUntilInterruptMs ?? null);
    if (m.type === 'dtmf') return this.turn({ kind: 'speech', text: m.digit, digits: m.digit });
    // Partial prompts (partialPrompts="true") are only the caller still speaking.
    if (!m.last) return;
    const text = m.voicePrompt.trim();
    return this.turn(text ? { kind: 'speech', text } : { kind: 'silence' });
  }

  /** The session's first message. A repeated setup for the same session changes nothing. */
  private async setup(sessionId: string, callSid: string): Promise<void> {
    if (this.ref) {
      if (sessionId !== this.sessionId) this.log.warn({ callId: this.callId }, 'ConversationRelay setup for another session on the same socket: ignored');
      return;
    }
    const ref: CallRef = { provider: 'twilio', providerCallId: callSid };
    const snap = await loadCall(this.ctx.pool, ref, null);
    if (!snap || FINAL_STATUSES.has(snap.status)) {
      this.log.warn({ callSid, known: Boolean(snap) }, 'ConversationRelay setup for a call that is not in progress');
      this.handedOff = true;
      this.send({ type: 'end', handoffData: JSON.stringify({ reason: 'hangup', key: 'none' }) });
      return;
    }
    this.ref = ref;
    this.sessionId = sessionId;
    this.callId = snap.id;
    const lang = (snap.agentState as { language?: string }).language;
    this.language = lang === 'es' ? SPANISH : null;
  }

  private async interrupt(heard: string, durationMs: number | null): Promise<void> {
    const cut = await recordInterruption(this.ctx, this.ref!, this.callId, heard, durationMs);
    this.log.info({ callId: this.callId, cut, heardChars: heard.length }, 'caller interrupted the agent');
  }

  private async turn(input: CallerInput): Promise<void> {
    const key = `relay:${this.sessionId}:${++this.prompts}`;
    const out = await continueCall(this.ctx, { ref: this.ref!, dedupeKey: key, input }, this.options);
    if (out.kind !== 'ok') {
      this.end({ reason: 'hangup', key });
      return;
    }
    if (this.closed || out.replayed || !out.reply) return;
    const reply: AgentReply = out.reply;
    if (out.ended || reply.next.type !== 'gather') {
      // The closing words and the line's next step (<Dial> or <Hangup>) are the TwiML this turn
      // stored: <Connect action> answers it, so nothing is cut off when the session ends.
      this.end({ reason: reply.next.type === 'transfer' ? 'transfer' : 'hangup', key });
      return;
    }
    if (reply.language === 'es' && this.language !== SPANISH) {
      this.language = SPANISH;
      this.send({ type: 'language', ttsLanguage: SPANISH, transcriptionLanguage: SPANISH });
    }
    const sentences = sentencesOf(reply.text);
    if (sentences.length === 0) return;
    sentences.forEach((s, i) => this.send({ type: 'text', token: i === sentences.length - 1 ? s : `${s} `, last: i === sentences.length - 1 }));
  }

  private end(data: HandoffData) {
    this.handedOff = true;
    this.send({ type: 'end', handoffData: JSON.stringify(data) });
  }
}
