import { z } from 'zod';
import { ErrorResponse, type FeatureRoutes } from '../../http/route-types.js';
import { actorOf } from '../../policy/actor.js';
import {
  AvailabilityBody,
  ClinicianBody,
  ClinicianListResponse,
  ClinicianParams,
  ClinicianView,
  ExceptionBody,
  ExceptionParams,
  LocationBody,
  LocationListResponse,
  LocationParams,
  LocationView,
  OrganizationParams,
  UpdateClinicianBody,
  UpdateExceptionBody,
  UpdateLocationBody,
  UpdateVisitTypeBody,
  VersionQuery,
  VisitTypeBody,
  VisitTypeListResponse,
  VisitTypeParams,
  VisitTypeView,
} from '../../../contracts/calendars.js';
import { createLocation, createVisitType, deleteLocation, deleteVisitType, listLocationsOf, listVisitTypesOf, updateLocation, updateVisitType } from './calendar-records.service.js';
import { presentClinician, presentClinicianSummary, presentLocation, presentVisitType } from './calendars.presenter.js';
import { addException, changeException, createClinician, deleteClinician, getClinician, listCliniciansOf, removeException, saveAvailability, updateClinician } from './clinicians.service.js';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
const tags = ['calendars'];
const read = { capability: 'organizations.read' } as const;
const edit = { capability: 'schedules.edit' } as const;

/** Clinicians' calendars: locations, visit types, clinicians with their availability and exceptions (issue 31 §1). */
export const calendarsRoutes: FeatureRoutes = (app, ctx) => {
  // ── Locations ──
  app.get('/api/organizations/:id/locations', {
    config: { access: read },
    schema: { tags, summary: "An organization's locations", params: OrganizationParams, response: { 200: LocationListResponse, ...errors } },
    handler: async (request) => ({ items: (await listLocationsOf(ctx, actorOf(request), request.params.id)).map(presentLocation) }),
  });
  app.post('/api/organizations/:id/locations', {
    config: { access: edit },
    schema: { tags, summary: 'Add a location', params: OrganizationParams, body: LocationBody, response: { 201: LocationView, ...errors } },
    handler: async (request, reply) => reply.status(201).send(presentLocation(await createLocation(ctx, actorOf(request), request.params.id, request.body))),
  });
  app.patch('/api/locations/:locationId', {
    config: { access: edit },
    schema: { tags, summary: 'Rename a location, change its address, or mark it (not) in use (409 stale_version if it changed since)', params: LocationParams, body: UpdateLocationBody, response: { 200: LocationView, ...errors } },
    handler: async (request) => presentLocation(await updateLocation(ctx, actorOf(request), request.params.locationId, request.body)),
  });
  app.delete('/api/locations/:locationId', {
    config: { access: edit },
    schema: { tags, summary: 'Delete a location nobody uses (409 while in hours or visits)', params: LocationParams, querystring: VersionQuery, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await deleteLocation(ctx, actorOf(request), request.params.locationId, request.query.version);
      return reply.status(204).send(null);
    },
  });

  // ── Visit types ──
  app.get('/api/organizations/:id/visit-types', {
    config: { access: read },
    schema: { tags, summary: "An organization's visit types", params: OrganizationParams, response: { 200: VisitTypeListResponse, ...errors } },
    handler: async (request) => ({ items: (await listVisitTypesOf(ctx, actorOf(request), request.params.id)).map(presentVisitType) }),
  });
  app.post('/api/organizations/:id/visit-types', {
    config: { access: edit },
    schema: { tags, summary: 'Add a visit type', params: OrganizationParams, body: VisitTypeBody, response: { 201: VisitTypeView, ...errors } },
    handler: async (request, reply) => reply.status(201).send(presentVisitType(await createVisitType(ctx, actorOf(request), request.params.id, request.body))),
  });
  app.patch('/api/visit-types/:visitTypeId', {
    config: { access: edit },
    schema: { tags, summary: 'Change a visit type (409 stale_version if it changed since)', params: VisitTypeParams, body: UpdateVisitTypeBody, response: { 200: VisitTypeView, ...errors } },
    handler: async (request) => presentVisitType(await updateVisitType(ctx, actorOf(request), request.params.visitTypeId, request.body)),
  });
  app.delete('/api/visit-types/:visitTypeId', {
    config: { access: edit },
    schema: { tags, summary: 'Delete a visit type that has no visits', params: VisitTypeParams, querystring: VersionQuery, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await deleteVisitType(ctx, actorOf(request), request.params.visitTypeId, request.query.version);
      return reply.status(204).send(null);
    },
  });

  // ── Clinicians ──
  app.get('/api/organizations/:id/clinicians', {
    config: { access: read },
    schema: { tags, summary: "An organization's clinicians", params: OrganizationParams, response: { 200: ClinicianListResponse, ...errors } },
    handler: async (request) => ({ items: (await listCliniciansOf(ctx, actorOf(request), request.params.id)).map(presentClinicianSummary) }),
  });
  app.post('/api/organizations/:id/clinicians', {
    config: { access: edit },
    schema: { tags, summary: 'Add a clinician: a person of the organization or a named outside clinician', params: OrganizationParams, body: ClinicianBody, response: { 201: ClinicianView, ...errors } },
    handler: async (request, reply) => reply.status(201).send(presentClinician(await createClinician(ctx, actorOf(request), request.params.id, request.body))),
  });
  app.get('/api/clinicians/:clinicianId', {
    config: { access: read },
    schema: { tags, summary: 'A clinician with their visit types, weekly availability, exceptions and what lies outside office hours', params: ClinicianParams, response: { 200: ClinicianView, ...errors } },
    handler: async (request) => presentClinician(await getClinician(ctx, actorOf(request), request.params.clinicianId)),
  });
  app.patch('/api/clinicians/:clinicianId', {
    config: { access: edit },
    schema: { tags, summary: 'Change a clinician’s name, title, visit types or whether they take visits (409 stale_version)', params: ClinicianParams, body: UpdateClinicianBody, response: { 200: ClinicianView, ...errors } },
    handler: async (request) => presentClinician(await updateClinician(ctx, actorOf(request), request.params.clinicianId, request.body)),
  });
  app.delete('/api/clinicians/:clinicianId', {
    config: { access: edit },
    schema: { tags, summary: 'Delete a clinician who has no visits', params: ClinicianParams, querystring: VersionQuery, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await deleteClinician(ctx, actorOf(request), request.params.clinicianId, request.query.version);
      return reply.status(204).send(null);
    },
  });
  app.put('/api/clinicians/:clinicianId/availability', {
    config: { access: edit },
    schema: {
      tags,
      summary: 'Replace the weekly availability (per weekday, time ranges at a location; breaks are gaps). Outside office hours: saved, with warnings',
      params: ClinicianParams,
      body: AvailabilityBody,
      response: { 200: ClinicianView, ...errors },
    },
    handler: async (request) => presentClinician(await saveAvailability(ctx, actorOf(request), request.params.clinicianId, request.body)),
  });
  app.post('/api/clinicians/:clinicianId/exceptions', {
    config: { access: edit },
    schema: { tags, summary: 'Add a date exception: unavailable (leave), or available only at other hours or another location', params: ClinicianParams, body: ExceptionBody, response: { 201: ClinicianView, ...errors } },
    handler: async (request, reply) => reply.status(201).send(presentClinician(await addException(ctx, actorOf(request), request.params.clinicianId, request.body))),
  });
  app.put('/api/clinicians/:clinicianId/exceptions/:exceptionId', {
    config: { access: edit },
    schema: { tags, summary: 'Replace a date exception (409 stale_version if it changed since)', params: ExceptionParams, body: UpdateExceptionBody, response: { 200: ClinicianView, ...errors } },
    handler: async (request) =>
      presentClinician(await changeException(ctx, actorOf(request), request.params.clinicianId, request.params.exceptionId, request.body.version, request.body.exception)),
  });
  app.delete('/api/clinicians/:clinicianId/exceptions/:exceptionId', {
    config: { access: edit },
    schema: { tags, summary: 'Remove a date exception', params: ExceptionParams, querystring: VersionQuery, response: { 200: ClinicianView, ...errors } },
    handler: async (request) => presentClinician(await removeException(ctx, actorOf(request), request.params.clinicianId, request.params.exceptionId, request.query.version)),
  });
};
