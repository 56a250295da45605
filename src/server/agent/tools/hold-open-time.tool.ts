import { z } from 'zod';
import { holdVisit } from '../../features/calendars/index.js';
import { say } from '../messages/index.js';
import { offerAfterRefusal, phoneBooker, refusal, releaseHold, timeRefused, timeSaid } from './booking-support.js';
import { phoneArgument } from './tool-helpers.js';
import type { ToolDefinition } from './tool-types.js';

const schema = z.object({
  option: z.number().int().min(1).max(3).describe('The offered time the caller chose: 1 for the first one said'),
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  dateOfBirth: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD'),
  phone: z.string().max(40).optional().describe("The patient's number, when already known; the caller's own number when omitted"),
});

/**
 * Holds the offered time the caller chose (issue 31 §3) for a few minutes, while the agent reads
 * the details back; the hold expires by itself if the call goes no further. A time taken
 * meanwhile is said so, and the next free times are offered. The hold's id is kept in the call's
 * state: booking it (book_held_time) is then done once, whatever runs the turn again.
 */
export const holdOpenTimeTool: ToolDefinition<typeof schema> = {
  name: 'hold_open_time',
  description:
    'Holds the offered time the caller chose (by its option number) for a few minutes. Then read every detail back, the time, clinician and place included, and call book_held_time only after a clear yes. If it answers slot_taken, tell the caller and offer the new options it gives.',
  schema,
  async execute(env, args) {
    const booking = env.state.booking;
    const time = booking?.offered[args.option - 1];
    if (!booking || !time) return { ok: false, result: { error: 'nothing_offered', message: 'Offer times with find_open_times first, then hold the option the caller chose.' }, speech: '' };
    if (args.dateOfBirth > env.now.toISOString().slice(0, 10)) return { ok: false, result: { error: 'invalid_date_of_birth' }, speech: say(env, 'request.needDateOfBirth') };
    const phone = phoneArgument(env, args.phone);
    const patient = { firstName: args.firstName, lastName: args.lastName, dateOfBirth: args.dateOfBirth, phone, isNewPatient: booking.ask.isNewPatient };
    const held = () => ({
      ok: true,
      result: { held: true, when: timeSaid(env, time.start, true), clinician: time.clinicianName, location: time.locationName, message: 'Held for a few minutes. Read the details back, with this time, and book it (book_held_time) only after a yes.' },
      speech: '',
    });
    // Already held (the same choice said again): the patient's details may have changed, the time has not.
    if (booking.hold && booking.hold.time.start === time.start && booking.hold.time.clinicianId === time.clinicianId) {
      booking.hold.patient = patient;
      return held();
    }
    await releaseHold(env, booking);
    try {
      const { visit } = await holdVisit(
        { db: await env.tx(), clock: env.ctx.clock },
        await env.organizationRow(),
        {
          visitTypeId: booking.visitTypeId,
          clinicianId: time.clinicianId,
          locationId: time.locationId,
          start: new Date(time.start).toISOString(),
          patient: { ...patient, phone: phone ?? '', email: '', isNewPatient: patient.isNewPatient },
          notes: '',
        },
        phoneBooker(env),
      );
      booking.hold = { visitId: visit.id, time, patient };
      return held();
    } catch (err) {
      if (timeRefused(err)) return offerAfterRefusal(env, booking, time);
      const answer = refusal(err);
      if (answer) return answer;
      throw err;
    }
  },
};
