import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { AgentReply, CallerInput, Speak } from '../../agent/agent-types.js';
import { claimRelaySocket, loadCall, type CallRef } from '../../features/calls/index.js';
import { recordWhatCallerHeard } from '../interruption.js';
import { applyStatus } from '../call-lifecycle.js';
import { continueCall } from '../call-pipeline.js';
import type { PipelineOptions } from '../call-turn-support.js';
import { FINAL_STATUSES } from '../call-turn-support.js';
import { continuesFrom, unsaidRest } from '../../agent/sentences.js';
import { RelayInbound, sentencesOf, type HandoffData, type RelayOutbound } from './relay-protocol.js';

/** A session with no message from the provider for this long is closed (the call ends as a hang-up). */
export const RELAY_IDLE_MS = { value: 5 * 60_000 };

/**
 * Silence after the agent spoke (ConversationRelay sends no empty prompt, unlike Gather's
 * no-input post): the relay does not tell us when its voice has finished, so the wait is the
 * reply's speaking time estimated at a calm pace, then as long as <Gather> waits (Twilio's
 * default timeout, 5 s). What follows is the Gather path's own no-input turn (dialogue-loop's
 * `silence`): one rule for both lines.
 */
export const RELAY_SILENCE = { afterSpeechMs: 5000, msPerWord: 380 };

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
  /** Armed once the agent has asked something; any message from the caller's side disarms it. */
  private silence: NodeJS.Timeout | null = null;
  /** A turn is being answered (its sentences may be going out as the model streams them). */
  private answering = false;
  /** The caller cut in while the turn was being answered: its remaining sentences are not sent. */
  private cutIn = false;
  /** The call did not await this socket (another has it): nothing it sends is acted on. */
  private refused = false;
  /**
   * Frames this socket sent that could not be used (not JSON, unknown type, missing fields,
   * binary) and the provider's own `error` messages: the first of each is logged, the rest only
   * counted and reported once when the socket closes, so one socket cannot fill the log.
   */
  private readonly faults = { unreadable: 0, providerErrors: 0 };

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
    this.disarmSilence();
    // Seen on arrival, not in turn: an interrupt during a streamed answer stops the rest going out.
    if (this.answering && /"type"\s*:\s*"interrupt"/.test(raw)) this.cutIn = true;
    return this.enqueue(() => this.handle(raw));
  }

  private enqueue(work: () => Promise<void>): Promise<void> {
    const next = this.queue.then(work).catch((err: unknown) => {
      this.log.error({ err, callSid: this.ref && 'providerCallId' in this.ref ? this.ref.providerCallId : null }, 'ConversationRelay message failed');
    });
    this.queue = next;
    return next;
  }

  /** A frame that cannot be read (binary, or text that is not a message we know): the first is logged, the rest counted. */
  unreadable(details: Record<string, unknown>): void {
    if (++this.faults.unreadable === 1) this.log.error({ callId: this.callId || null, ...details }, 'ConversationRelay message not understood (further ones on this socket are counted, reported when it closes)');
  }

  /** The socket closed: unless the session handed the call off, the caller is gone. */
  async closedByPeer(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.idle) clearTimeout(this.idle);
    this.disarmSilence();
    await this.queue;
    if (this.faults.unreadable > 1 || this.faults.providerErrors > 1) {
      this.log.warn({ callId: this.callId || null, unreadable: this.faults.unreadable, providerErrors: this.faults.providerErrors }, 'ConversationRelay socket closed after messages not understood or reported as errors');
    }
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
    // A turn waits for the caller again itself; anything else leaves the wait as it was.
    if (!(await this.dispatch(raw))) this.armSilence('');
  }

  /** True when the message was a turn (or the first setup), which arms the silence wait itself. */
  private async dispatch(raw: string): Promise<boolean> {
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      json = undefined;
    }
    if (this.refused) return false;
    const parsed = RelayInbound.safeParse(json);
    if (!parsed.success) {
      const type = json && typeof json === 'object' && 'type' in json ? String((json as { type: unknown }).type).slice(0, 40) : null;
      this.unreadable({ type, bytes: raw.length, issues: parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${i.message}`) });
      return false;
    }
    const m = parsed.data;
    if (m.type === 'error') {
      if (++this.faults.providerErrors === 1) this.log.error({ callId: this.callId || null, description: m.description }, 'ConversationRelay reported an error (further ones on this socket are counted, reported when it closes)');
      return false;
    }
    if (m.type === 'setup') return this.setup(m.sessionId, m.callSid);
    if (!this.ref) {
      this.unreadable({ type: m.type, reason: 'before setup' });
      return false;
    }
    if (this.handedOff) return true;
    if (m.type === 'interrupt') {
      await this.interrupt(m.utteranceUntilInterrupt, m.durationUntilInterruptMs ?? null);
      return false;
    }
    if (m.type === 'dtmf') {
      await this.turn({ kind: 'speech', text: m.digit, digits: m.digit });
      return true;
    }
    // Partial prompts (partialPrompts="true") are only the caller still speaking.
    if (!m.last) return false;
    const text = m.voicePrompt.trim();
    await this.turn(text ? { kind: 'speech', text } : { kind: 'silence' });
    return true;
  }

  /** The session's first message. A repeated setup for the same session changes nothing. */
  private async setup(sessionId: string, callSid: string): Promise<boolean> {
    if (this.ref) {
      if (sessionId !== this.sessionId) this.log.warn({ callId: this.callId }, 'ConversationRelay setup for another session on the same socket: ignored');
      return false;
    }
    const ref: CallRef = { provider: 'twilio', providerCallId: callSid };
    const snap = await loadCall(this.ctx.pool, ref, null);
    if (!snap || FINAL_STATUSES.has(snap.status)) {
      this.log.warn({ callSid, known: Boolean(snap) }, 'ConversationRelay setup for a call that is not in progress');
      this.handedOff = true;
      this.send({ type: 'end', handoffData: JSON.stringify({ reason: 'hangup', key: 'none' }) });
      return true;
    }
    // One socket per call, and only one the call awaits: a replayed handshake (its signature never
    // changes) cannot open a second socket for a live call and speak for the caller.
    if (!(await claimRelaySocket(this.ctx.pool, callSid, sessionId))) {
      this.refused = true;
      this.log.warn({ callId: snap.id, callSid }, 'ConversationRelay socket refused: the call awaits no socket (another one has it)');
      this.close(1008, 'This call does not await a relay socket.');
      return false;
    }
    this.ref = ref;
    this.sessionId = sessionId;
    this.callId = snap.id;
    const state = snap.agentState as { language?: string; lastPrompt?: string };
    this.language = state.language === 'es' ? SPANISH : null;
    // The welcome greeting (or the question before a failed transfer) is being spoken.
    this.armSilence(state.lastPrompt ?? '');
    return true;
  }

  private async interrupt(heard: string, durationMs: number | null): Promise<void> {
    const cut = await recordWhatCallerHeard(this.ctx, this.ref!, heard, 'interrupted', durationMs);
    this.log.info({ callId: this.callId, cut, heardChars: heard.length }, 'caller interrupted the agent');
  }

  private async turn(input: CallerInput): Promise<void> {
    const key = `relay:${this.sessionId}:${++this.prompts}`;
    const streamed: string[] = [];
    const speak: Speak = (sentence, language) => {
      if (this.closed || this.handedOff || this.cutIn) return;
      this.announce(language);
      this.send({ type: 'text', token: `${sentence} `, last: false });
      streamed.push(sentence);
    };
    this.answering = true;
    this.cutIn = false;
    let out: Awaited<ReturnType<typeof continueCall>>;
    try {
      out = await continueCall(this.ctx, { ref: this.ref!, dedupeKey: key, input, speak }, this.options);
    } finally {
      this.answering = false;
    }
    if (out.kind !== 'ok') {
      this.end({ reason: 'hangup', key });
      return;
    }
    if (this.closed) return;
    if (out.replayed || !out.reply) {
      if (streamed.length) this.send({ type: 'text', token: '', last: true });
      return;
    }
    const reply: AgentReply = out.reply;
    if (out.ended || reply.next.type !== 'gather') {
      // The closing words and the line's next step (<Dial> or <Hangup>) are the TwiML this turn
      // stored: <Connect action> answers it, so nothing is cut off when the session ends. Words a
      // streaming model said before its closing tool call may be cut by `end`; <Say> has them all.
      this.end({ reason: reply.next.type === 'transfer' ? 'transfer' : 'hangup', key });
      return;
    }
    // The caller stopped listening: the interrupt that follows in the queue cuts the stored words.
    if (this.cutIn) return;
    // Answered again after a concurrent write, and the second answer does not go on from what the
    // caller already heard: it says nothing new, and the records keep what was heard.
    if (out.rerun && streamed.length && !continuesFrom(reply.text, streamed)) {
      this.send({ type: 'text', token: '', last: true });
      await recordWhatCallerHeard(this.ctx, this.ref!, streamed.join(' '), 'rerun');
      this.armSilence(streamed.join(' '));
      return;
    }
    this.announce(reply.language ?? 'en');
    const rest = sentencesOf(unsaidRest(reply.text, streamed));
    if (rest.length === 0 && streamed.length) this.send({ type: 'text', token: '', last: true });
    rest.forEach((s, i) => this.send({ type: 'text', token: i === rest.length - 1 ? s : `${s} `, last: i === rest.length - 1 }));
    if (reply.text) this.armSilence(reply.text);
  }

  private armSilence(spoken: string) {
    this.disarmSilence();
    if (this.closed || this.handedOff || !this.ref) return;
    const words = spoken.split(/\s+/).filter(Boolean).length;
    this.silence = setTimeout(() => {
      this.silence = null;
      if (this.closed || this.handedOff) return;
      this.log.info({ callId: this.callId }, 'ConversationRelay: the caller said nothing');
      void this.enqueue(() => this.turn({ kind: 'silence' }));
    }, RELAY_SILENCE.afterSpeechMs + words * RELAY_SILENCE.msPerWord);
    this.silence.unref();
  }

  private disarmSilence() {
    if (this.silence) clearTimeout(this.silence);
    this.silence = null;
  }

  /** A reply in Spanish is preceded once by `language`, so recognition and voice follow the caller. */
  private announce(language: 'en' | 'es') {
    if (language === 'es' && this.language !== SPANISH) {
      this.language = SPANISH;
      this.send({ type: 'language', ttsLanguage: SPANISH, transcriptionLanguage: SPANISH });
    }
  }

  private end(data: HandoffData) {
    this.handedOff = true;
    this.send({ type: 'end', handoffData: JSON.stringify(data) });
  }
}

