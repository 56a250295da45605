import { z } from 'zod';
import { normalizeReferenceCode } from '../../../domain/appointment-requests/reference-code.js';
import { findRequestForStatus } from '../../features/appointment-requests/index.js';
import { upcomingVisitsToChange } from '../../features/calendars/index.js';
import { say } from '../messages/index.js';

import { MAX_LOOKUP_FAILURES } from './lookup-request-status.tool.js';
import { tooSoonToChange, visitSaid, visitsOfCaller } from './my-visit.js';
import type { ToolDefinition } from './tool-types.js';

const schema = z
  .object({
    referenceCode: z.string().trim().min(1).max(40).optional().describe('The reference code the caller was given when they booked, e.g. K7M-4QXR'),
    firstName: z.string().trim().min(1).max(100).optional().describe("The patient's first name, when the caller has no reference code"),
    lastName: z.string().trim().min(1).max(100).optional().describe("The patient's last name, when the caller has no reference code"),
    dateOfBirth: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD').optional().describe("The patient's date of birth (always, except with next)"),
    next: z.boolean().optional().describe('True when the caller said the visit found is not the one: the next of their visits'),
  })
  .refine((a) => a.next || (a.dateOfBirth && (a.referenceCode || (a.firstName && a.lastName))), { message: 'Give the date of birth, and the reference code or the first and last name.' });

/**
 * Finds the caller's upcoming booked visit (issue 31 §3), to cancel or move it: by the reference
 * code of its request, or the patient's name, with the date of birth. Nothing is said about a
 * visit before both match; wrong tries count with the status lookup's.
 */
export const findMyVisitTool: ToolDefinition<typeof schema> = {
  name: 'find_my_visit',
  description:
    "When a caller wants to cancel or move a visit they booked: finds their next upcoming visit by the reference code (or the patient's first and last name) and the date of birth. Reveals nothing unless they match. If it answers found with more: true, say the visit and ask if that's the one (if not, call again with next: true). Then ask whether to cancel it (cancel_visit) or move it (move_visit). tooSoon: it cannot be changed by phone, offer a call-back from staff (request_callback). Not found: say so and offer a call-back or message for the front desk.",
  schema,
  async execute(env, args) {
    if (args.next) {
      const mv = env.state.myVisit;
      if (!mv || mv.index + 1 >= mv.candidates.length) return { ok: true, result: { found: false, message: 'No other upcoming visit: offer a call-back from the front desk.' }, speech: say(env, 'change.notFound') };
      mv.index++;
      mv.offered = undefined;
      const v = mv.candidates[mv.index]!;
      const said = visitSaid(env, v);
      return { ok: true, result: { found: true, ...said, more: mv.index + 1 < mv.candidates.length }, speech: say(env, mv.index + 1 < mv.candidates.length ? 'change.isThatOne' : 'change.found', said) };
    }
    if (env.state.lookupFailures >= MAX_LOOKUP_FAILURES) return { ok: false, result: { error: 'too_many_attempts' }, speech: say(env, 'status.tooMany') };
    const dateOfBirth = args.dateOfBirth!;
    const request = args.referenceCode ? await findRequestForStatus(env.reader(), env.org.id, normalizeReferenceCode(args.referenceCode), dateOfBirth) : undefined;
    const who = { dateOfBirth, firstName: args.firstName ?? null, lastName: args.lastName ?? null, appointmentRequestId: request?.id ?? null };
    const rows = args.referenceCode && !request ? [] : await upcomingVisitsToChange(env.reader(), env.org.id, env.now, who);
    const mine = visitsOfCaller(rows, who);
    if (!mine.length) {
      env.state.lookupFailures++;
      env.state.myVisit = undefined;
      return { ok: true, result: { found: false, message: 'Nothing matches: say so, and offer a call-back from the front desk (request_callback) or a message.' }, speech: say(env, 'change.notFound') };
    }
    env.state.myVisit = {
      candidates: mine.map((v) => ({ visitId: v.id, visitTypeId: v.visitTypeId, start: v.startsAt.getTime(), clinicianName: v.clinicianName, locationName: v.locationName, appointmentRequestId: v.appointmentRequestId })),
      index: 0,
    };
    const first = env.state.myVisit.candidates[0]!;
    const said = visitSaid(env, first);
    const type = (await env.visitTypes()).find((t) => t.id === first.visitTypeId);
    const tooSoon = tooSoonToChange(first.start, type?.minNoticeMinutes ?? 0, env.now.getTime());
    const more = mine.length > 1;
    return { ok: true, result: { found: true, ...said, location: first.locationName, more, tooSoon }, speech: say(env, more ? 'change.isThatOne' : 'change.found', said) };
  },
};
