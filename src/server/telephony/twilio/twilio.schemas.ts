import { z } from 'zod';
import { MAX_UTTERANCE } from '../../../domain/calls/vocabulary.js';

/**
 * Twilio's form parameters. Twilio adds parameters over time, so the objects are loose; what we
 * read is checked, and nothing in them can make a 500: oversized speech is cut, odd confidence
 * values are dropped.
 */
const Sid = z.string({ error: 'CallSid is required.' }).trim().min(1, { error: 'CallSid is required.' }).max(64);
const PhoneField = z.string().trim().max(64).default('');

export const VoiceBody = z.object({ CallSid: Sid, From: PhoneField, To: PhoneField, Direction: z.string().max(32).optional() }).loose();

export const GatherBody = z
  .object({
    CallSid: Sid,
    SpeechResult: z
      .string()
      .optional()
      .transform((s) => s?.slice(0, MAX_UTTERANCE)),
    Confidence: z.coerce.number().min(0).max(1).optional().catch(undefined),
    Digits: z.string().max(64).optional().catch(undefined),
  })
  .loose();

export const DialResultBody = z.object({ CallSid: Sid, DialCallStatus: z.string().max(32).default('failed') }).loose();

export const StatusBody = z
  .object({ CallSid: Sid, CallStatus: z.string().max(32), CallDuration: z.coerce.number().int().min(0).max(864_000).optional().catch(undefined) })
  .loose();

export const RecordingBody = z
  .object({
    CallSid: Sid,
    RecordingSid: z.string().trim().min(1).max(64),
    RecordingUrl: z.string().trim().url().max(1000),
    RecordingDuration: z.coerce.number().int().min(0).max(864_000).optional().catch(undefined),
  })
  .loose();

export const TurnQuery = z.object({ t: z.coerce.number().int().min(0).max(100_000).optional().catch(undefined) }).loose();
