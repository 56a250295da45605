import { z } from 'zod';
import { normalizeReferenceCode } from '../../../domain/appointment-requests/reference-code.js';
import { sayWhen } from './hours-speech.js';
import { findRequestForStatus, findRequestForStatusByName } from '../../features/appointment-requests/request-submission.service.js';
import type { ToolDefinition } from './tool-types.js';

const schema = z
  .object({
    referenceCode: z.string().trim().min(1).max(40).optional().describe('The reference code the caller was given, e.g. K7M-4QXR'),
    firstName: z.string().trim().min(1).max(100).optional().describe("The patient's first name, when the caller has no reference code"),
    lastName: z.string().trim().min(1).max(100).optional().describe("The patient's last name, when the caller has no reference code"),
    dateOfBirth: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD').describe("The patient's date of birth"),
  })
  .refine((a) => a.referenceCode || (a.firstName && a.lastName), { message: 'Give the reference code, or the first and last name.' });

/** Wrong pairs a call may try before lookups stop (guessing codes by phone is not a way in). */
export const MAX_LOOKUP_FAILURES = 3;

const STATUS_SPEECH: Record<string, string> = {
  submitted: 'We have your request, and the practice will review it and call you to confirm a time.',
  in_review: 'The practice is reviewing your request now and will call you to confirm a time.',
  declined: "The practice wasn't able to schedule that request. I can have someone call you back about it.",
  canceled: 'That request was canceled.',
};

export const lookupRequestStatusTool: ToolDefinition<typeof schema> = {
  name: 'lookup_request_status',
  description:
    "Looks up an appointment request by its reference code (or the patient's first and last name) and the patient's date of birth. Reveals nothing unless both match; after three wrong tries in a call it refuses.",
  schema,
  async execute(env, args) {
    if (env.state.lookupFailures >= MAX_LOOKUP_FAILURES) {
      return { ok: false, result: { error: 'too_many_attempts' }, speech: "I'm sorry, I can't look up any more requests on this call. I can have someone call you back." };
    }
    const row = args.referenceCode
      ? await findRequestForStatus(env.reader(), env.org.id, normalizeReferenceCode(args.referenceCode), args.dateOfBirth)
      : await findRequestForStatusByName(env.reader(), env.org.id, args.firstName!, args.lastName!, args.dateOfBirth);
    if (!row) {
      env.state.lookupFailures++;
      const by = args.referenceCode ? 'that reference code' : 'that name';
      return { ok: true, result: { found: false }, speech: `I'm sorry, I couldn't find a request with ${by} and date of birth.` };
    }
    env.state.done.answered = [...new Set([...(env.state.done.answered ?? []), 'request_status'])];
    const speech =
      row.status === 'scheduled' && row.scheduledFor
        ? `Good news: your appointment is scheduled for ${sayWhen(row.scheduledFor.getTime(), env.now.getTime(), env.org.timeZone).replace(/^on /, '')}.`
        : (STATUS_SPEECH[row.status] ?? 'We have your request.');
    return { ok: true, result: { found: true, status: row.status, scheduledFor: row.scheduledFor?.toISOString() ?? null }, speech };
  },
};
