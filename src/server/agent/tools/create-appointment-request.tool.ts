import { Temporal } from 'temporal-polyfill';
import { z } from 'zod';
import { createSubmittedRequest } from '../../features/appointment-requests/index.js';
import { say } from '../messages/index.js';
import { sayReferenceCode } from '../nlu/reference-code.js';
import type { TurnEnv } from '../agent-types.js';
import { localDate } from './hours-speech.js';
import { phoneArgument } from './tool-helpers.js';
import type { ToolDefinition } from './tool-types.js';

const schema = z.object({
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  dateOfBirth: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD'),
  phone: z.string().max(40).optional().describe("Callback number; the caller's own number when omitted"),
  reason: z.string().trim().min(1).max(200).describe("One of the practice's visit reasons, or 'Other'"),
  reasonOther: z.string().max(500).optional().describe('The caller’s own words about the reason'),
  isNewPatient: z.boolean().optional(),
  preferences: z
    .object({
      days: z.array(z.enum(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'])).max(7).default([]),
      timesOfDay: z.array(z.enum(['morning', 'afternoon', 'evening'])).max(3).default([]),
      earliestDate: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD')
        .optional()
        .describe("The first day the caller can come (YYYY-MM-DD, the practice's calendar): tomorrow for 'tomorrow afternoon', next Monday for 'next week'"),
      text: z.string().max(300).optional(),
    })
    .optional(),
  contactName: z.string().trim().max(200).optional().describe('The caller, when booking for someone else (the contact the practice calls)'),
  relationship: z.string().trim().max(60).optional().describe("Who the patient is to the caller, when booking for someone else: 'mother', 'son'…"),
  callerConfirmed: z.boolean().describe('True only after every detail was read back to the caller and they said it is correct'),
});

export const createAppointmentRequestTool: ToolDefinition<typeof schema> = {
  name: 'create_appointment_request',
  description:
    'Saves an appointment request for the practice to schedule (the practice calls back to confirm a time). Read every detail back to the caller and get a yes before calling it.',
  schema,
  async execute(env, args) {
    if (!args.callerConfirmed) {
      return { ok: false, result: { error: 'not_confirmed', message: 'Read the details back to the caller and get a yes first.' }, speech: say(env, 'request.readBackFirst') };
    }
    if (!env.org.appointments.enabled) {
      return {
        ok: false,
        result: { error: 'not_accepting', message: 'This practice does not take appointment requests by phone.' },
        speech: say(env, 'request.notAccepting'),
      };
    }
    const phone = phoneArgument(env, args.phone);
    if (!phone) return { ok: false, result: { error: 'invalid_phone', message: 'Ask for a callback number.' }, speech: say(env, 'request.needPhone') };
    const dob = new Date(`${args.dateOfBirth}T00:00:00Z`);
    if (Number.isNaN(dob.getTime()) || args.dateOfBirth > env.now.toISOString().slice(0, 10)) {
      return { ok: false, result: { error: 'invalid_date_of_birth' }, speech: say(env, 'request.needDateOfBirth') };
    }
    const { request, handoffId } = await createSubmittedRequest(env.ctx, await env.tx(), {
      organizationId: env.org.id,
      deadlineRules: await env.rules(),
      source: 'phone',
      callId: env.call.id,
      firstName: args.firstName,
      lastName: args.lastName,
      dateOfBirth: args.dateOfBirth,
      phone,
      isNewPatient: args.isNewPatient ?? null,
      reason: args.reason,
      reasonOther: args.reasonOther ?? null,
      preferences: args.preferences ? { days: args.preferences.days, timesOfDay: args.preferences.timesOfDay, ...comingDate(env, args.preferences.earliestDate), text: args.preferences.text } : {},
      notes: requestNotes(args, env.state.language ?? 'en'),
      locale: env.state.language ?? 'en',
      consentToContact: true,
    });
    // The turn links the call to the patient when it is stored.
    env.state.patientId = request.patientId;
    const code = request.referenceCode;
    env.state.done.appointment = { referenceCode: code, name: `${args.firstName} ${args.lastName}`, reason: args.reasonOther ? `${args.reason}: ${args.reasonOther}` : args.reason };
    // The practice's own message is in English; a call held in Spanish hears the standard one, in Spanish.
    const next = (env.state.language !== 'es' && env.org.appointments.message) || say(env, 'request.practiceWillCall');
    return {
      ok: true,
      result: { requestId: request.id, referenceCode: code, handoffId, status: request.status },
      speech: `${say(env, 'request.saved', { code: sayReferenceCode(code) })} ${next}`,
    };
  },
};

/** An earliest date the scheduler can use: a real day, not before today in the practice's zone (the web form's rule). */
function comingDate(env: TurnEnv, iso: string | undefined): { earliestDate?: string } {
  if (!iso) return {};
  try {
    const day = Temporal.PlainDate.from(iso, { overflow: 'reject' });
    const today = Temporal.PlainDate.from(localDate(env.now.getTime(), env.org.timeZone));
    return Temporal.PlainDate.compare(day, today) >= 0 && Temporal.PlainDate.compare(day, today.add({ years: 1 })) <= 0 ? { earliestDate: day.toString() } : {};
  } catch {
    return {};
  }
}

/**
 * `relationship` is who the patient is to the caller ("it's for my daughter"); the note says who
 * the caller is to the patient (her parent), the way round staff read it.
 */
const CALLER_IS: Record<string, string> = {
  son: 'parent', daughter: 'parent', child: 'parent', kid: 'parent', baby: 'parent', boy: 'parent', girl: 'parent',
  mother: 'son or daughter', father: 'son or daughter', mom: 'son or daughter', dad: 'son or daughter', parent: 'son or daughter',
  husband: 'spouse', wife: 'spouse', partner: 'partner', spouse: 'spouse',
  grandmother: 'grandchild', grandfather: 'grandchild', grandma: 'grandchild', grandpa: 'grandchild',
  grandson: 'grandparent', granddaughter: 'grandparent', grandchild: 'grandparent',
  brother: 'sibling', sister: 'sibling', aunt: 'niece or nephew', uncle: 'niece or nephew', niece: 'aunt or uncle', nephew: 'aunt or uncle',
  patient: 'carer', client: 'carer',
};

function callerIs(relationship: string): string {
  return CALLER_IS[relationship.toLowerCase()] ?? `relative (the patient is their ${relationship})`;
}

/** Staff read who asked and in which language (a Spanish speaker is called back in Spanish). */
export function requestNotes(args: { contactName?: string; relationship?: string }, language: 'en' | 'es', how: 'Requested' | 'Booked' = 'Requested'): string {
  const by = args.relationship ? ` by ${args.contactName ?? 'a relative or carer'} (the patient's ${callerIs(args.relationship)}), the contact for this request` : '';
  const spanish = language === 'es' ? ' The caller speaks Spanish: call back in Spanish.' : '';
  return `${how} by phone through the agent${by}.${spanish}`;
}
