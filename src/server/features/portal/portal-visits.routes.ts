import { z } from 'zod';
import { AnotherTimeBody, VisitCancelBody } from '../../../contracts/portal-visits.js';
import { CancelResponse, RequestIdParams } from '../../../contracts/portal.js';
import { ErrorResponse, type FeatureRoutes } from '../../http/route-types.js';
import { patientScope } from '../../http/patient-scope.js';
import { requirePatientSession } from './portal-session.js';
import { askForAnotherTime, cancelVisit, ownVisit, visitCalendarFile } from './portal-visits.service.js';
import { holdNewTime, moveOpenTimes, moveToHeldTime } from './portal-bookings.service.js';
import { PortalHoldBody, PortalHoldResponse, PortalMoveBody, PortalOpenTimesQuery, PublicOpenTimesResponse } from '../../../contracts/public-booking.js';
import { portalOverview } from './portal.service.js';

const tags = ['patient portal'];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 413: ErrorResponse, 429: ErrorResponse };

/**
 * A scheduled visit in the patient portal (issue 19 §3): its calendar file, cancel it, ask for
 * another time; a visit booked on the clinician's calendar is moved by the patient to another open
 * time of its visit type, held then booked (issue 31 §4). Each needs the patient's own session and
 * reaches only that patient's visits; anyone else's id is 404.
 */
export const portalVisitsRoutes: FeatureRoutes = (app, ctx) =>
  patientScope(app, (scope) => {
    const limit = (max: number) => ({ max: Math.round(max * ctx.env.RATE_LIMIT_SCALE), timeWindow: '10 minutes' });
    /** The request as the portal shows it after a change (the overview's own presentation). */
    const presented = async (session: Awaited<ReturnType<typeof requirePatientSession>>, id: string) => {
      const request = (await portalOverview(ctx, session)).requests.find((r) => r.id === id);
      if (!request) throw new Error('portal request vanished after a change');
      return { request };
    };

    scope.get('/api/portal/requests/:id/visit.ics', {
      config: { access: 'public', rateLimit: limit(120) },
      schema: { tags, summary: 'The scheduled visit as an iCalendar file (RFC 5545)', params: RequestIdParams, response: { 200: z.string(), ...errors } },
      handler: async (request, reply) => {
        const file = await visitCalendarFile(ctx, await requirePatientSession(ctx, request), request.params.id);
        return reply.type('text/calendar; charset=utf-8').header('content-disposition', `attachment; filename="${file.filename}"`).send(file.content);
      },
    });

    scope.post('/api/portal/requests/:id/visit/cancel', {
      config: { access: 'public', rateLimit: limit(30) },
      bodyLimit: 4_096,
      schema: { tags, summary: 'Cancel a scheduled visit that has not begun; the front desk gets a handoff to free the slot', params: RequestIdParams, body: VisitCancelBody, response: { 200: CancelResponse, ...errors } },
      handler: async (request) => {
        const session = await requirePatientSession(ctx, request);
        await cancelVisit(ctx, session, request.params.id, request.body.reason, request.ip);
        return presented(session, request.params.id);
      },
    });

    scope.get('/api/portal/requests/:id/visit/open-times', {
      config: { access: 'public', rateLimit: limit(300) },
      schema: {
        tags,
        summary: 'Open times of a booked visit’s type to move it to (one clinician, or the first available), up to 14 days; 409 change_too_late within the minimum notice',
        params: RequestIdParams,
        querystring: PortalOpenTimesQuery,
        response: { 200: PublicOpenTimesResponse, ...errors },
      },
      handler: async (request) => moveOpenTimes(ctx, await ownVisit(ctx, await requirePatientSession(ctx, request), request.params.id), request.query),
    });

    scope.post('/api/portal/requests/:id/visit/hold', {
      config: { access: 'public', rateLimit: limit(60) },
      bodyLimit: 4_096,
      schema: {
        tags,
        summary: 'Hold another open time for a booked visit while the patient confirms the move; 409 slot_taken with nextTimes',
        params: RequestIdParams,
        body: PortalHoldBody,
        response: { 200: PortalHoldResponse, ...errors },
      },
      handler: async (request) => holdNewTime(ctx, await ownVisit(ctx, await requirePatientSession(ctx, request), request.params.id), request.body),
    });

    scope.post('/api/portal/requests/:id/visit/move', {
      config: { access: 'public', rateLimit: limit(30) },
      bodyLimit: 4_096,
      schema: {
        tags,
        summary: 'Move a booked visit into the time held for it; the patient is sent the new time and calendar file',
        params: RequestIdParams,
        body: PortalMoveBody,
        response: { 200: CancelResponse, ...errors },
      },
      handler: async (request) => {
        const session = await requirePatientSession(ctx, request);
        await moveToHeldTime(ctx, session, await ownVisit(ctx, session, request.params.id), request.body.holdId, request.ip);
        return presented(session, request.params.id);
      },
    });

    scope.post('/api/portal/requests/:id/visit/another-time', {
      config: { access: 'public', rateLimit: limit(30) },
      bodyLimit: 8_192,
      schema: { tags, summary: 'Ask for another time for a scheduled visit, in the patient’s words; a handoff for the front desk (409 while one waits)', params: RequestIdParams, body: AnotherTimeBody, response: { 200: CancelResponse, ...errors } },
      handler: async (request) => {
        const session = await requirePatientSession(ctx, request);
        await askForAnotherTime(ctx, session, request.params.id, request.body.message, request.ip);
        return presented(session, request.params.id);
      },
    });
  });
