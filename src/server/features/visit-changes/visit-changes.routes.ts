import { ErrorResponse, type FeatureRoutes } from '../../http/route-types.js';
import { actorOf } from '../../policy/actor.js';
import { BookBody, BookHoldBody, BookingConflict, BookingResponse, CancelVisitBody, MoveVisitBody, OrganizationParams, VisitParams, VisitView } from '../../../contracts/calendars.js';
import { presentBooking, presentVisit } from '../calendars/index.js';
import { bookHoldForStaff, bookVisitForStaff, cancelVisitForStaff, moveVisitForStaff } from './visit-changes.service.js';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
const tags = ['visits'];
const book = { capability: 'visits.book' } as const;

/** Staff book, move and cancel a visit; its request follows and the patient is told (visit-changes.service.ts). */
export const visitChangesRoutes: FeatureRoutes = (app, ctx) => {
  app.post('/api/organizations/:id/visits', {
    config: { access: book },
    schema: {
      tags,
      summary: 'Book a visit directly (409 slot_taken: "That time was just taken", with the next open times); the patient is sent a confirmation with a calendar file',
      params: OrganizationParams,
      body: BookBody,
      response: { 201: BookingResponse, ...errors, 409: BookingConflict },
    },
    handler: async (request, reply) => {
      const b = await bookVisitForStaff(ctx, actorOf(request), request.params.id, request.body);
      return reply.status(201).send(presentBooking(b, b.organization.timeZone));
    },
  });

  app.post('/api/visits/:visitId/book', {
    config: { access: book },
    schema: {
      tags,
      summary: 'Book a hold (an expired one too, if its time is still free); the patient is sent a confirmation with a calendar file',
      params: VisitParams,
      body: BookHoldBody,
      response: { 200: BookingResponse, ...errors, 409: BookingConflict },
    },
    handler: async (request) => {
      const b = await bookHoldForStaff(ctx, actorOf(request), request.params.visitId, request.body);
      return presentBooking(b, b.organization.timeZone);
    },
  });

  app.post('/api/visits/:visitId/move', {
    config: { access: book },
    schema: {
      tags,
      summary: 'Move a booked or confirmed visit to another time, clinician or location; its appointment request follows and the patient is told',
      params: VisitParams,
      body: MoveVisitBody,
      response: { 200: BookingResponse, ...errors, 409: BookingConflict },
    },
    handler: async (request) => {
      const b = await moveVisitForStaff(ctx, actorOf(request), request.params.visitId, request.body);
      return presentBooking(b, b.organization.timeZone);
    },
  });

  app.post('/api/visits/:visitId/cancel', {
    config: { access: book },
    schema: {
      tags,
      summary: 'Cancel a hold or a visit that has not happened; its time is free at once, its appointment request is canceled and the patient is told',
      params: VisitParams,
      body: CancelVisitBody,
      response: { 200: VisitView, ...errors },
    },
    handler: async (request) => {
      const b = await cancelVisitForStaff(ctx, actorOf(request), request.params.visitId, request.body);
      return presentVisit(b.visit, b.organization.timeZone);
    },
  });
};
