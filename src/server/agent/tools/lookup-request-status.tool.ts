import { z } from 'zod';
import { normalizeReferenceCode } from '../../../domain/appointment-requests/reference-code.js';
import { say, when, type PlainKey } from '../messages/index.js';
import { findRequestForStatus, findRequestForStatusByName } from '../../features/appointment-requests/index.js';
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

const STATUS_SPEECH: Record<string, PlainKey> = {
  submitted: 'status.submitted',
  in_review: 'status.inReview',
  declined: 'status.declined',
  canceled: 'status.canceled',
};

export const lookupRequestStatusTool: ToolDefinition<typeof schema> = {
  name: 'lookup_request_status',
  description:
    "Looks up an appointment request by its reference code (or the patient's first and last name) and the patient's date of birth. Reveals nothing unless both match; after three wrong tries in a call it refuses.",
  schema,
  async execute(env, args) {
    if (env.state.lookupFailures >= MAX_LOOKUP_FAILURES) {
      return { ok: false, result: { error: 'too_many_attempts' }, speech: say(env, 'status.tooMany') };
    }
    const row = args.referenceCode
      ? await findRequestForStatus(env.reader(), env.org.id, normalizeReferenceCode(args.referenceCode), args.dateOfBirth)
      : await findRequestForStatusByName(env.reader(), env.org.id, args.firstName!, args.lastName!, args.dateOfBirth);
    if (!row) {
      env.state.lookupFailures++;
      const by = args.referenceCode ? 'status.notFoundCode' : 'status.notFoundName';
      return { ok: true, result: { found: false }, speech: say(env, by) };
    }
    env.state.done.answered = [...new Set([...(env.state.done.answered ?? []), 'request_status'])];
    const speech =
      row.status === 'scheduled' && row.scheduledFor
        ? say(env, 'status.scheduled', { when: when(row.scheduledFor.getTime(), env.now.getTime(), env.org.timeZone, 'withoutOn') })
        : say(env, STATUS_SPEECH[row.status] ?? 'status.other');
    return { ok: true, result: { found: true, status: row.status, scheduledFor: row.scheduledFor?.toISOString() ?? null }, speech };
  },
};
