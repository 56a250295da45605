import {
  CancelRequestBody,
  DeclineBody,
  FhirAppointmentResponse,
  RequestIdParams,
  ScheduleBody,
  ScheduleOptionsQuery,
  ScheduleOptionsResponse,
  ScheduleResponse,
  TransitionResponse,
} from '../../../contracts/appointment-requests.js';
import { ErrorResponse, type FeatureRoutes } from '../../http/route-types.js';
import { actorOf } from '../../policy/actor.js';
import { decideRequest, presentRequest, requestAsFhir, scheduleRequest } from './staff-requests.service.js';
import { bookedVisitView, scheduleOptions } from './schedule-options.service.js';

const access = { capability: 'handoffs.work' } as const;
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
const tags = ['appointment requests'];

/** Staff decisions on appointment requests (from their handoff), and the FHIR view. */
export const staffRequestsRoutes: FeatureRoutes = (app, ctx) => {
  app.get('/api/appointment-requests/:id/schedule-options', {
    config: { access },
    schema: {
      tags,
      summary: 'What scheduling a request needs: the patient’s preferences, office hours, the next slots that fit both (and, with `clinician`, leave that clinician’s visits clear), the practice’s clinicians and locations',
      params: RequestIdParams,
      querystring: ScheduleOptionsQuery,
      response: { 200: ScheduleOptionsResponse, ...errors },
    },
    handler: (request) => scheduleOptions(ctx, actorOf(request), request.params.id, request.query.durationMinutes, request.query.clinician || null),
  });

  app.post('/api/appointment-requests/:id/schedule', {
    config: { access },
    schema: {
      tags,
      summary: 'Schedule a pending request at a date and time in the organization’s zone, with its length, location and clinician; warns (does not refuse) outside office hours or the patient’s preferences, or when the clinician already has a visit then; the patient is notified with a calendar file',
      params: RequestIdParams,
      body: ScheduleBody,
      response: { 200: ScheduleResponse, ...errors },
    },
    handler: async (request) => {
      const { row, warnings, clashes } = await scheduleRequest(ctx, actorOf(request), request.params.id, request.body);
      return { appointmentRequest: await presentRequest(ctx.db, row), warnings, clashes: clashes.map(bookedVisitView) };
    },
  });

  app.post('/api/appointment-requests/:id/decline', {
    config: { access },
    schema: { tags, summary: 'Decline a pending request with a reason; the patient is notified', params: RequestIdParams, body: DeclineBody, response: { 200: TransitionResponse, ...errors } },
    handler: async (request) => {
      const row = await decideRequest(ctx, actorOf(request), request.params.id, { to: 'declined', ...request.body });
      return { appointmentRequest: await presentRequest(ctx.db, row) };
    },
  });

  app.post('/api/appointment-requests/:id/cancel', {
    config: { access },
    schema: { tags, summary: 'Cancel a request (pending or scheduled); the patient is notified', params: RequestIdParams, body: CancelRequestBody, response: { 200: TransitionResponse, ...errors } },
    handler: async (request) => {
      const row = await decideRequest(ctx, actorOf(request), request.params.id, { to: 'canceled', ...request.body });
      return { appointmentRequest: await presentRequest(ctx.db, row) };
    },
  });

  app.get('/api/appointment-requests/:id/fhir', {
    config: { access },
    schema: {
      tags,
      summary: 'The request as a FHIR R4 Appointment (proposed with requestedPeriod while pending, booked once scheduled, cancelled)',
      params: RequestIdParams,
      response: { 200: FhirAppointmentResponse, ...errors },
    },
    handler: async (request, reply) => {
      const resource = await requestAsFhir(ctx, actorOf(request), request.params.id);
      return reply.type('application/fhir+json; charset=utf-8').send({ ...resource });
    },
  });
};
