import { z } from 'zod';
import { CallEvent } from './calls.js';

/**
 * The few shapes only the public API (`/api/v1`, issue 18 §2) has; every other route of it
 * answers the staff API's own schemas.
 */

export const CallTranscriptResponse = z
  .object({
    callId: z.string(),
    /** What was said, in order: caller and agent lines from the call's events. */
    lines: z.array(z.object({ seq: z.number(), speaker: z.enum(['caller', 'agent']), text: z.string(), at: z.string() })),
  })
  .meta({ id: 'CallTranscript' });
export type CallTranscriptResponse = z.infer<typeof CallTranscriptResponse>;

export const CallEventsResponse = z.object({ callId: z.string(), items: z.array(CallEvent) }).meta({ id: 'CallEvents' });
export type CallEventsResponse = z.infer<typeof CallEventsResponse>;

/** `Idempotency-Key` on a POST: any visible ASCII, up to 255 characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
