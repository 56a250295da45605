import { ErrorResponse, type FeatureRoutes } from '../../http/route-types.js';
import { actorOf } from '../../policy/actor.js';
import {
  BookingConflict,
  BookingResponse,
  HoldBody,
  OpenTimesQuery,
  OpenTimesResponse,
  OrganizationParams,
  VisitListResponse,
  VisitParams,
  VisitStatusBody,
  VisitView,
  VisitsQuery,
} from '../../../contracts/calendars.js';
import { presentBooking, presentOpenTimes, presentVisit } from './calendars.presenter.js';
import { openTimesFor } from './open-times.service.js';
import { getVisitForStaff, holdForStaff, listVisitsForStaff, setStatusForStaff, type NamedBooking } from './visits.service.js';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
/** A booking's 409: `slot_taken` / `slot_unavailable` carry `nextTimes`. */
const bookingErrors = { ...errors, 409: BookingConflict };
const tags = ['visits'];
const read = { capability: 'organizations.read' } as const;
const readVisits = { capability: 'patients.read' } as const;
const book = { capability: 'visits.book' } as const;

const answer = (b: NamedBooking) => presentBooking(b, b.organization.timeZone);

/** Open times and booked visits (issue 31 §2): no double booking, ever (decision 050). Staff bookings, moves and cancellations (the patient told): features/visit-changes. */
export const visitsRoutes: FeatureRoutes = (app, ctx) => {
  app.get('/api/organizations/:id/open-times', {
    config: { access: read },
    schema: {
      tags,
      summary: 'Open start times of a visit type over a date range (14 days by default), for one clinician or the first available, on a wall-clock grid',
      params: OrganizationParams,
      querystring: OpenTimesQuery,
      response: { 200: OpenTimesResponse, ...errors },
    },
    handler: async (request) => presentOpenTimes(await openTimesFor(ctx, actorOf(request), request.params.id, request.query)),
  });

  app.get('/api/organizations/:id/visits', {
    config: { access: readVisits },
    schema: { tags, summary: "An organization's visits of a day or a week, for a clinician or a location if asked", params: OrganizationParams, querystring: VisitsQuery, response: { 200: VisitListResponse, ...errors } },
    handler: async (request) => {
      const r = await listVisitsForStaff(ctx, actorOf(request), request.params.id, request.query);
      return { timeZone: r.organization.timeZone, from: r.fromDate, to: r.toDate, items: r.items.map((v) => presentVisit(v, r.organization.timeZone)) };
    },
  });

  app.post('/api/organizations/:id/visits/holds', {
    config: { access: book },
    schema: { tags, summary: 'Hold a time for a few minutes (409 slot_taken: "That time was just taken", with the next open times)', params: OrganizationParams, body: HoldBody, response: { 201: BookingResponse, ...bookingErrors } },
    handler: async (request, reply) => reply.status(201).send(answer(await holdForStaff(ctx, actorOf(request), request.params.id, request.body))),
  });

  app.get('/api/visits/:visitId', {
    config: { access: readVisits },
    schema: { tags, summary: 'A visit', params: VisitParams, response: { 200: VisitView, ...errors } },
    handler: async (request) => {
      const b = await getVisitForStaff(ctx, actorOf(request), request.params.visitId);
      return presentVisit(b.visit, b.organization.timeZone);
    },
  });

  app.post('/api/visits/:visitId/status', {
    config: { access: book },
    schema: { tags, summary: 'Mark a visit confirmed, or once begun completed or a no-show (409 invalid_transition otherwise)', params: VisitParams, body: VisitStatusBody, response: { 200: VisitView, ...errors } },
    handler: async (request) => {
      const b = await setStatusForStaff(ctx, actorOf(request), request.params.visitId, request.body);
      return presentVisit(b.visit, b.organization.timeZone);
    },
  });
};
