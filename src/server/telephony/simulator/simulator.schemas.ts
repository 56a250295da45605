import { z } from 'zod';
import { MAX_UTTERANCE } from '../../agent/dialogue-loop.js';

const TransferResult = z.enum(['completed', 'no-answer', 'busy', 'failed'], { error: 'Choose completed, no-answer, busy or failed.' });

export const StartSimulatedCallBody = z
  .object({
    organizationId: z.string().trim().max(100).optional(),
    /** The number "dialled": routes like a real call (the organization owning it answers). Ignored with organizationId. */
    to: z.string().trim().max(40).optional(),
    /** The caller's number; a fictional one when omitted. */
    from: z.string().trim().max(40).optional(),
  })
  .refine((b) => Boolean(b.organizationId || b.to), { error: 'Choose an organization or a number to call.', path: ['organizationId'] });

export const SimulatedTurnBody = z.object({
  /** What the caller says; empty is silence. */
  text: z.string({ error: 'Enter what the caller says.' }).max(MAX_UTTERANCE, { error: `Use at most ${MAX_UTTERANCE} characters.` }),
  /** What happens if this turn transfers the call (there is no real phone to ring). */
  transferResult: TransferResult.default('completed'),
});

export const SimulatedCallParams = z.object({ id: z.string().max(100) });

const TurnEventView = z
  .object({ seq: z.number(), kind: z.string(), payload: z.record(z.string(), z.unknown()), latencyMs: z.number().nullable(), at: z.string() })
  .meta({ id: 'CallTurnEvent' });

const TransferView = z.object({ target: z.string(), result: z.string() }).nullable();

export const SimulatedCallStarted = z
  .object({ callId: z.string(), organizationId: z.string(), agentText: z.string(), ended: z.boolean(), events: z.array(TurnEventView) })
  .meta({ id: 'SimulatedCallStarted' });

export const SimulatedTurnView = z
  .object({ agentText: z.string(), ended: z.boolean(), transfer: TransferView, events: z.array(TurnEventView) })
  .meta({ id: 'SimulatedTurn' });

export const SimulatedHangupView = z.object({ ended: z.literal(true), events: z.array(TurnEventView) }).meta({ id: 'SimulatedHangup' });
