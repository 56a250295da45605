import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PracticeParams } from '../../../contracts/appointment-requests.js';
import {
  BookDraftBody,
  BookDraftResponse,
  BookingOptionsResponse,
  HoldResponse,
  HoldTimeBody,
  PublicOpenTimesQuery,
  PublicOpenTimesResponse,
  SubmittedVisitResponse,
} from '../../../contracts/public-booking.js';
import { ErrorResponse, type FeatureRoutes } from '../../http/route-types.js';
import { localeOf, patientScope } from '../../http/patient-scope.js';
import { DRAFT_COOKIE } from './public-requests.routes.js';
import { bookDraft, bookingOptions, currentHold, holdTime, publicOpenTimes, releaseHold, submittedVisit, submittedVisitCalendar } from './public-booking.service.js';

const tags = ['public: appointment requests'];
const errors = { 400: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 413: ErrorResponse, 429: ErrorResponse };
const DRAFT = '/api/public/appointment-requests/draft';

/**
 * Booking a time on the web (issue 31 §4, decision 055), beside the request flow's routes: no staff
 * session; the draft cookie is the key; per-IP limits like the rest of the public pages. Open
 * times say when, with whom and where — never anything about another patient.
 */
export const publicBookingRoutes: FeatureRoutes = (app, ctx) =>
  patientScope(app, (scope) => {
    const limit = (max: number, minutes = 10) => ({ max: Math.round(max * ctx.env.RATE_LIMIT_SCALE), timeWindow: `${minutes} minutes` });
    const token = (request: FastifyRequest) => request.cookies[DRAFT_COOKIE];

    scope.get('/api/public/practices/:slug/booking', {
      config: { access: 'public', rateLimit: limit(300) },
      schema: { tags, summary: 'The visit types a practice books online, with their clinicians, and how long a picked time is held', params: PracticeParams, response: { 200: BookingOptionsResponse, ...errors } },
      handler: (request) => bookingOptions(ctx, request.params.slug),
    });

    scope.get('/api/public/practices/:slug/open-times', {
      config: { access: 'public', rateLimit: limit(300) },
      schema: {
        tags,
        summary: 'Open times of a visit type booked online, over up to 14 days (one clinician, or the first available at each time)',
        params: PracticeParams,
        querystring: PublicOpenTimesQuery,
        response: { 200: PublicOpenTimesResponse, ...errors },
      },
      handler: (request) => publicOpenTimes(ctx, request.params.slug, request.query),
    });

    scope.get(`${DRAFT}/hold`, {
      config: { access: 'public', rateLimit: limit(600) },
      schema: { tags, summary: 'The time held for this browser’s request, if any (also after it ran out)', response: { 200: HoldResponse, ...errors } },
      handler: (request) => currentHold(ctx, token(request)),
    });

    scope.post(`${DRAFT}/hold`, {
      config: { access: 'public', rateLimit: limit(60) },
      bodyLimit: 4_096,
      schema: {
        tags,
        summary: 'Hold an open time for the request while the patient gives their details (an earlier hold is given up); 409 slot_taken with nextTimes when it was just taken',
        body: HoldTimeBody,
        response: { 200: HoldResponse.required({ hold: true }), ...errors },
      },
      handler: (request) => holdTime(ctx, token(request), request.body, localeOf(request)),
    });

    scope.delete(`${DRAFT}/hold`, {
      config: { access: 'public', rateLimit: limit(60) },
      schema: { tags, summary: 'Give up the held time: the request goes on as one the practice schedules', response: { 200: HoldResponse, ...errors } },
      handler: (request) => releaseHold(ctx, token(request)),
    });

    scope.post(`${DRAFT}/book`, {
      config: { access: 'public', rateLimit: limit(20) },
      bodyLimit: 4_096,
      schema: {
        tags,
        summary: 'Send the request and book its held time: a scheduled request and a booked visit (idempotent); 409 slot_taken with nextTimes, hold_not_found, new_patients_not_booked',
        body: BookDraftBody,
        response: { 200: BookDraftResponse, ...errors },
      },
      handler: (request) => bookDraft(ctx, token(request), request.body.website, request.ip),
    });

    scope.get('/api/public/appointment-requests/submitted/visit', {
      config: { access: 'public', rateLimit: limit(120) },
      schema: { tags, summary: 'The visit this browser’s request booked (null for a request the practice schedules)', response: { 200: SubmittedVisitResponse, ...errors } },
      handler: (request) => submittedVisit(ctx, token(request)),
    });

    scope.get('/api/public/appointment-requests/submitted/visit.ics', {
      config: { access: 'public', rateLimit: limit(120) },
      schema: { tags, summary: 'That visit as an iCalendar file (RFC 5545)', response: { 200: z.string(), ...errors } },
      handler: async (request, reply) => {
        const file = await submittedVisitCalendar(ctx, token(request));
        return reply.type('text/calendar; charset=utf-8').header('content-disposition', `attachment; filename="${file.filename}"`).send(file.content);
      },
    });
  });
