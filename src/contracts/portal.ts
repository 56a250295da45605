import { z } from 'zod';
import { birthDate, text, typeError } from './patient-fields.js';
import { PortalVisit } from './portal-visits.js';

/** The patient portal (`/api/portal…`): sign-in by one-time code, the patient's requests and messages. */

export const SignInBody = z.object({
  organization: z.string({ error: typeError }).trim().min(1, { error: 'required' }).max(60, { error: 'tooLong:60' }),
  /** An email address or a phone number, as the patient gave it with their request. */
  contact: z
    .string({ error: typeError })
    .trim()
    .max(254, { error: 'tooLong:254' })
    .refine((v) => v !== '', { error: 'required', abort: true })
    .refine((v) => !/[<>]/.test(v), { error: 'markup', abort: true }),
  dateOfBirth: birthDate(true),
});
export type SignInBody = z.input<typeof SignInBody>;

export const SignInResponse = z.object({
  challengeId: z.string(),
  channel: z.enum(['email', 'sms']),
  /** The address the code goes to if it matches a patient, partly hidden. */
  sentTo: z.string(),
  expiresInSeconds: z.number(),
});
export type SignInResponse = z.infer<typeof SignInResponse>;

/** "Send a new code": the challenge whose contact gets a fresh code (the earlier ones stop working). */
export const ResendBody = z.object({
  challengeId: z
    .string({ error: typeError })
    .trim()
    .refine((v) => v !== '', { error: 'required', abort: true })
    .refine((v) => v.length <= 100, { error: 'tooLong:100' }),
});
export type ResendBody = z.input<typeof ResendBody>;

export const VerifyBody = z.object({
  challengeId: z.string({ error: typeError }).trim().max(100, { error: 'tooLong:100' }),
  code: z
    .string({ error: typeError })
    .trim()
    .refine((v) => v !== '', { error: 'required', abort: true })
    .refine((v) => /^\d{6}$/.test(v), { error: 'format' }),
});
export type VerifyBody = z.input<typeof VerifyBody>;

export const VerifyResponse = z.object({ ok: z.literal(true) });
export type VerifyResponse = z.infer<typeof VerifyResponse>;

export const SignOutResponse = z.null();

export const CancelBody = z.object({ reason: text(500, { free: true }).default('') });
export type CancelBody = z.input<typeof CancelBody>;

export const RequestIdParams = z.object({ id: z.string().max(100) });

/** A message of a conversation with the practice: from the practice (by email or text) or the patient's reply. */
const Message = z.object({ body: z.string(), at: z.string(), channel: z.string().nullable(), from: z.enum(['practice', 'you']) });
export type PortalMessage = z.infer<typeof Message>;

export const THREAD_REPLY_MAX = 1000;
/** A reply to the practice: free text, not blank, no markup. */
export const ReplyBody = z.object({ reply: text(THREAD_REPLY_MAX, { required: true, free: true }) });
export type ReplyBody = z.input<typeof ReplyBody>;
export const ThreadParams = z.object({ id: z.string().max(100) });

export const PortalRequest = z.object({
  id: z.string(),
  referenceCode: z.string().nullable(),
  status: z.enum(['submitted', 'in_review', 'scheduled', 'declined', 'canceled']),
  reason: z.string().nullable(),
  reasonOther: z.string().nullable(),
  submittedAt: z.string().nullable(),
  scheduledFor: z.string().nullable(),
  declineReason: z.string().nullable(),
  canCancel: z.boolean(),
  history: z.array(z.object({ status: z.string(), at: z.string(), by: z.enum(['you', 'practice', 'phone_assistant']) })),
  intake: z.object({ status: z.enum(['not_started', 'in_progress', 'submitted']), available: z.boolean() }),
  messages: z.array(Message),
  /** The scheduled visit (null unless the request is scheduled). */
  visit: PortalVisit.nullable(),
  /** The conversation the patient may answer (the handoff the practice last wrote from), if any; messages are oldest first. */
  thread: z.object({ id: z.string() }).nullable(),
});
export type PortalRequest = z.infer<typeof PortalRequest>;

export const PortalOverview = z.object({
  /** `country`: the clock and date order the portal shows the practice's times in. */
  practice: z.object({ slug: z.string(), name: z.string(), timeZone: z.string(), country: z.string(), phone: z.string().nullable(), emergencyNumber: z.string() }),
  patient: z.object({ firstName: z.string().nullable(), contact: z.string() }),
  requests: z.array(PortalRequest),
  /** Messages from the practice not about one of the requests. */
  messages: z.array(Message),
  idleMinutes: z.number(),
});
export type PortalOverview = z.infer<typeof PortalOverview>;

export const IntakeLinkResponse = z.object({ url: z.string() });
export type IntakeLinkResponse = z.infer<typeof IntakeLinkResponse>;

export const CancelResponse = z.object({ request: PortalRequest });
export const ReplyResponse = z.object({ request: PortalRequest });
export type ReplyResponse = z.infer<typeof ReplyResponse>;
export type CancelResponse = z.infer<typeof CancelResponse>;
