import { z } from 'zod';

/**
 * The ConversationRelay WebSocket protocol (Twilio's, which Telnyx's Conversation Relay speaks
 * too): the messages the provider sends, and the ones we answer with.
 */
export const RelaySetup = z.object({
  type: z.literal('setup'),
  sessionId: z.string().min(1).max(200),
  callSid: z.string().min(1).max(200),
  from: z.string().max(100).optional(),
  to: z.string().max(100).optional(),
  direction: z.string().max(40).optional(),
  customParameters: z.record(z.string(), z.string()).optional(),
});
export const RelayPrompt = z.object({ type: z.literal('prompt'), voicePrompt: z.string().max(4000), lang: z.string().max(20).optional(), last: z.boolean().default(true) });
export const RelayDtmf = z.object({ type: z.literal('dtmf'), digit: z.string().min(1).max(8) });
export const RelayInterrupt = z.object({ type: z.literal('interrupt'), utteranceUntilInterrupt: z.string().max(4000).default(''), durationUntilInterruptMs: z.coerce.number().optional() });
export const RelayError = z.object({ type: z.literal('error'), description: z.string().max(4000).default('') });

export const RelayInbound = z.discriminatedUnion('type', [RelaySetup, RelayPrompt, RelayDtmf, RelayInterrupt, RelayError]);
export type RelayInbound = z.infer<typeof RelayInbound>;

export type RelayOutbound =
  | { type: 'text'; token: string; last: boolean; lang?: string; interruptible?: boolean }
  | { type: 'play'; source: string; loop?: number }
  | { type: 'sendDigits'; digits: string }
  | { type: 'language'; ttsLanguage: string; transcriptionLanguage: string }
  | { type: 'end'; handoffData: string };

/** What `end.handoffData` carries back to <Connect action>: why the session ended and the turn whose answer follows. */
export const HandoffData = z.object({ reason: z.enum(['transfer', 'hangup']), key: z.string().min(1).max(300) });
export type HandoffData = z.infer<typeof HandoffData>;

/** The reply in sentences (one rule for whole replies and streamed ones: agent/sentences.ts). */
export { sentencesOf } from '../../agent/sentences.js';
