import { z } from 'zod';
import { bookHeldTimeForRequest, findRequest } from '../../features/appointment-requests/index.js';
import { findVisit } from '../../features/calendars/index.js';
import type { BookingState, OfferedTime, TurnEnv } from '../agent-types.js';
import { say } from '../messages/index.js';
import { sayReferenceCode } from '../nlu/reference-code.js';
import { bookedLine, clinicianOf, offerAfterRefusal, phoneBooker, refusal, timeRefused, timeSaid } from './booking-support.js';
import { requestNotes } from './create-appointment-request.tool.js';
import { phoneArgument } from './tool-helpers.js';
import type { ToolDefinition, ToolResult } from './tool-types.js';

const schema = z.object({
  phone: z.string().max(40).optional().describe("Callback number; the number given when the time was held, else the caller's own"),
  firstName: z.string().trim().min(1).max(100).optional().describe('Only when the caller corrected it after the time was held'),
  lastName: z.string().trim().min(1).max(100).optional().describe('Only when the caller corrected it after the time was held'),
  dateOfBirth: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD').optional().describe('Only when the caller corrected it after the time was held'),
  contactName: z.string().trim().max(200).optional().describe('The caller, when booking for someone else'),
  relationship: z.string().trim().max(60).optional().describe("Who the patient is to the caller, when booking for someone else: 'mother', 'son'…"),
  callerConfirmed: z.boolean().describe('True only after every detail, the time included, was read back to the caller and they said it is correct'),
});

/**
 * Books the held time on the caller's yes (issue 31 §3): the visit on the clinician's calendar and,
 * so that staff and the patient portal see it like every other appointment, the phone request
 * scheduled for it, linked to the visit — one savepoint of the turn's transaction
 * (appointment-requests' bookHeldTimeForRequest). Done once per hold: a second call, in the same
 * turn or in a turn run again, answers the booking already made. A time taken meanwhile is said so,
 * with the next free times.
 */
export const bookHeldTimeTool: ToolDefinition<typeof schema> = {
  name: 'book_held_time',
  description:
    'Books the time held with hold_open_time, once the caller said yes to the details read back (time, clinician and place included). Then tell the caller the booked time and read out the reference code letter by letter. If it answers slot_taken, tell the caller and offer the new options it gives.',
  schema,
  async execute(env, args) {
    if (!args.callerConfirmed) return { ok: false, result: { error: 'not_confirmed', message: 'Read the details back to the caller, the time included, and get a yes first.' }, speech: say(env, 'request.readBackFirst') };
    const booking = env.state.booking;
    if (booking?.booked) return booked(env, booking, booking.booked);
    const hold = booking?.hold;
    if (!booking || !hold) return { ok: false, result: { error: 'nothing_held', message: 'Hold the time the caller chose with hold_open_time first.' }, speech: '' };
    const phone = phoneArgument(env, args.phone ?? hold.patient.phone ?? undefined);
    if (!phone) return { ok: false, result: { error: 'invalid_phone', message: 'Ask for a callback number.' }, speech: say(env, 'request.needPhone') };
    const patient = { ...hold.patient, ...(args.firstName ? { firstName: args.firstName } : {}), ...(args.lastName ? { lastName: args.lastName } : {}), ...(args.dateOfBirth ? { dateOfBirth: args.dateOfBirth } : {}), phone };
    const tx = await env.tx();
    const visit = await findVisit(tx, hold.visitId);
    if (!visit) return { ok: false, result: { error: 'nothing_held', message: 'The hold is gone: offer times again with find_open_times.' }, speech: '' };
    // Booked already by this call (a booking whose turn was not recorded): answer it again, book nothing.
    if ((visit.status === 'booked' || visit.status === 'confirmed') && visit.callId === env.call.id && visit.appointmentRequestId) {
      const request = await findRequest(tx, visit.appointmentRequestId);
      if (request?.referenceCode) return done(env, booking, hold.time, { visitId: visit.id, requestId: request.id, referenceCode: request.referenceCode, patientId: request.patientId, name: `${patient.firstName} ${patient.lastName}` });
    }
    const language = env.state.language ?? 'en';
    try {
      const { request, visit: bookedVisit } = await bookHeldTimeForRequest(env.ctx, tx, {
        organization: await env.organizationRow(),
        hold: visit,
        clinicianName: hold.time.clinicianName,
        locationName: hold.time.locationName,
        // On a simulated call the notices stay in the outbox unsent, as the call-back notice is not texted.
        booker: phoneBooker(env),
        callId: env.call.id,
        firstName: patient.firstName,
        lastName: patient.lastName,
        dateOfBirth: patient.dateOfBirth,
        phone,
        isNewPatient: booking.ask.isNewPatient,
        reason: booking.ask.reason,
        reasonOther: booking.ask.reasonOther,
        preferences: { days: booking.ask.preferences.days, timesOfDay: booking.ask.preferences.timesOfDay, ...(booking.ask.preferences.earliestDate ? { earliestDate: booking.ask.preferences.earliestDate } : {}), ...(booking.ask.preferences.text ? { text: booking.ask.preferences.text } : {}) },
        notes: requestNotes(args, language, 'Booked'),
        locale: language,
      });
      return done(env, booking, hold.time, { visitId: bookedVisit.id, requestId: request.id, referenceCode: request.referenceCode!, patientId: request.patientId, name: `${patient.firstName} ${patient.lastName}` });
    } catch (err) {
      if (timeRefused(err)) {
        booking.hold = undefined;
        return offerAfterRefusal(env, booking, hold.time);
      }
      const answer = refusal(err);
      if (answer) return answer;
      throw err;
    }
  },
};

function done(env: TurnEnv, booking: BookingState, time: OfferedTime, b: { visitId: string; requestId: string; referenceCode: string; patientId: string | null; name: string }): ToolResult {
  booking.booked = { visitId: b.visitId, requestId: b.requestId, referenceCode: b.referenceCode, time };
  booking.hold = undefined;
  // The turn links the call to the patient when it is stored.
  if (b.patientId) env.state.patientId = b.patientId;
  const ask = booking.ask;
  env.state.done.appointment = { referenceCode: b.referenceCode, name: b.name, reason: ask.reasonOther ? `${ask.reason}: ${ask.reasonOther}` : ask.reason, booked: bookedLine(env, time) };
  return booked(env, booking, booking.booked);
}

function booked(env: TurnEnv, booking: BookingState, b: NonNullable<BookingState['booked']>): ToolResult {
  const t = b.time;
  return {
    ok: true,
    result: { booked: true, referenceCode: b.referenceCode, when: timeSaid(env, t.start, true), clinician: t.clinicianName, location: t.locationName, visitType: booking.visitTypeName },
    speech: say(env, 'booking.booked', { when: timeSaid(env, t.start, false), clinician: clinicianOf(t), place: t.locationName, code: sayReferenceCode(b.referenceCode) }),
  };
}
