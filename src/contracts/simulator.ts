import { z } from 'zod';
import { MAX_UTTERANCE } from '../domain/calls/vocabulary.js';

/**
 * The call simulator (`/api/simulator/calls…`, the developer area's Playground and
 * `npm run call`): the same pipeline as a phone call, text in and out.
 */

export const TransferResult = z.enum(['completed', 'no-answer', 'busy', 'failed'], { error: 'Choose completed, no-answer, busy or failed.' });
export type TransferResult = z.infer<typeof TransferResult>;

export const StartSimulatedCallBody = z
  .object({
    organizationId: z.string().trim().max(100).optional(),
    /** The number "dialled": routes like a real call (the organization owning it answers). Ignored with organizationId. */
    to: z.string().trim().max(40).optional(),
    /** The caller's number; a fictional one when omitted. */
    from: z.string().trim().max(40).optional(),
  })
  .refine((b) => Boolean(b.organizationId || b.to), { error: 'Choose an organization or a number to call.', path: ['organizationId'] });
export type StartSimulatedCallBody = z.infer<typeof StartSimulatedCallBody>;

export const SimulatedTurnBody = z.object({
  /** What the caller says; empty is silence. */
  text: z.string({ error: 'Enter what the caller says.' }).max(MAX_UTTERANCE, { error: `Use at most ${MAX_UTTERANCE} characters.` }),
  /** What happens if this turn transfers the call (there is no real phone to ring). */
  transferResult: TransferResult.default('completed'),
});
export type SimulatedTurnBody = z.input<typeof SimulatedTurnBody>;

/** The caller cut the agent off (the playground's "Interrupt", ConversationRelay's barge-in): what they had heard by then. */
export const SimulatedInterruptBody = z.object({
  heard: z.string({ error: 'Say how much of the reply the caller heard.' }).max(MAX_UTTERANCE, { error: `Use at most ${MAX_UTTERANCE} characters.` }),
});
export type SimulatedInterruptBody = z.infer<typeof SimulatedInterruptBody>;

export const SimulatedInterruptView = z.object({ cut: z.boolean() }).meta({ id: 'SimulatedInterrupt' });
export type SimulatedInterruptView = z.infer<typeof SimulatedInterruptView>;

export const SimulatedCallParams = z.object({ id: z.string().max(100) });

/** An event of the simulated call, as each step returns it (the same records as a phone call). */
const TurnEvent = z
  .object({ seq: z.number(), kind: z.string(), payload: z.record(z.string(), z.unknown()), latencyMs: z.number().nullable(), at: z.string() })
  .meta({ id: 'CallTurnEvent' });
export type SimulatedCallEvent = z.infer<typeof TurnEvent>;

const TransferView = z.object({ target: z.string(), result: z.string() }).nullable();

export const SimulatedCallStarted = z
  .object({ callId: z.string(), organizationId: z.string(), agentText: z.string(), ended: z.boolean(), events: z.array(TurnEvent) })
  .meta({ id: 'SimulatedCallStarted' });
export type SimulatedCallStarted = z.infer<typeof SimulatedCallStarted>;

export const SimulatedTurnView = z
  .object({ agentText: z.string(), ended: z.boolean(), transfer: TransferView, events: z.array(TurnEvent) })
  .meta({ id: 'SimulatedTurn' });
export type SimulatedTurnView = z.infer<typeof SimulatedTurnView>;

/**
 * `POST /api/simulator/calls/:id/turns/stream` answers newline-delimited JSON, one line per event:
 * each sentence of the agent's reply as soon as the server has it (an LLM's streamed answer
 * arrives sentence by sentence, as a ConversationRelay call hears it), then the whole turn as
 * `/turns` answers it, or an error if the turn failed after the first line.
 */
export const SimulatedTurnStreamLine = z.discriminatedUnion('type', [
  z.object({ type: z.literal('sentence'), text: z.string() }),
  z.object({ type: z.literal('turn'), turn: SimulatedTurnView }),
  z.object({ type: z.literal('error'), error: z.object({ code: z.string(), message: z.string() }) }),
]);
export type SimulatedTurnStreamLine = z.infer<typeof SimulatedTurnStreamLine>;

export const SimulatedHangupView = z.object({ ended: z.literal(true), events: z.array(TurnEvent) }).meta({ id: 'SimulatedHangup' });
export type SimulatedHangupView = z.infer<typeof SimulatedHangupView>;
