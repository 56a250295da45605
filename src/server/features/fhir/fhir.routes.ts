import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FeatureRoutes, ZodApp } from '../../http/route-types.js';
import { actorOf } from '../../policy/actor.js';
import {
  AppointmentSearchQuery,
  BulkFileParams,
  BulkPublishManifest,
  BulkPublishQuery,
  FhirAppointment,
  FhirAppointmentInput,
  FhirBundle,
  FhirCapabilityStatement,
  FhirIdParams,
  FhirJsonPatch,
  FhirLocation,
  FhirOperationOutcome,
  FhirParametersInput,
  FhirSchedule,
  FhirSlot,
  FindQuery,
  LocationSearchQuery,
  ScheduleSearchQuery,
  SlotSearchQuery,
} from '../../../contracts/fhir.js';
import { createAppointment, patchAppointment, readAppointment, searchAppointments } from './appointments.service.js';
import { bulkFile, bulkManifest } from './bulk-publish.service.js';
import { capabilityStatement } from './capability-statement.js';
import { readLocation, readSchedule, searchLocations, searchSchedules } from './directory.service.js';
import { speakFhir } from './fhir-scope.js';
import { bookAppointmentOperation, findAppointments, findInputOfParameters, findInputOfQuery, holdAppointment, readAnyAppointment } from './scheduling-operations.service.js';
import { readSlot, searchSlots } from './slots.service.js';

export const FHIR_PREFIX = '/api/v1/fhir';
const tags = ['FHIR scheduling'];
const read = { scope: 'scheduling:read' } as const;
const write = { scope: 'scheduling:write' } as const;
const fhirJson = ['application/fhir+json'];
const bodies = { consumes: ['application/fhir+json', 'application/json'], produces: fhirJson };
const outcome = (text: string) => FhirOperationOutcome.describe(text);
const errors = {
  400: outcome('invalid: a parameter or element is not valid; `expression` names it (details.coding: `validation_failed`).'),
  401: outcome('login: the API key is missing, malformed, unknown, revoked or expired.'),
  403: outcome('forbidden: the key lacks the scope (`insufficient_scope`).'),
  404: outcome('not-found: no such resource, or one of an organization the key may not act in.'),
  429: outcome('throttled: see Retry-After.'),
};
const bookingErrors = {
  ...errors,
  409: outcome('conflict: `slot_taken` (the time was just taken; information issues name the Slots open instead), `slot_unavailable`, `new_patients_not_booked`, `invalid_transition`, `stale_version`.'),
  422: outcome('business-rule: the Idempotency-Key was used with another request.'),
};

/** The base URL of the FHIR API and the full URL of this request (for Bundle links). */
const baseOf = (ctx: { baseUrl: string }) => `${ctx.baseUrl}${FHIR_PREFIX}`;
const selfOf = (ctx: { baseUrl: string }, request: FastifyRequest) => `${ctx.baseUrl}${request.url}`;

/**
 * FHIR R4 scheduling (`/api/v1/fhir`, issue 31 §6, decision 051), inside the public API's scope:
 * the REST interactions on Location, Schedule, Slot and Appointment, the IHE ITI Scheduling
 * operations, and the public SMART Scheduling Links bulk publication.
 */
export const fhirRoutes: FeatureRoutes = async (app, ctx) => {
  await app.register(
    async (instance) => {
      const fhir = instance as unknown as ZodApp;
      speakFhir(fhir);
      const base = baseOf(ctx);
      const statement = capabilityStatement(base, '1.0.0');

      fhir.get('/metadata', {
        config: { access: 'public' },
        schema: { tags, summary: 'CapabilityStatement: the resources, searches and operations of this server (no key needed)', produces: fhirJson, response: { 200: FhirCapabilityStatement } },
        handler: async () => statement,
      });

      fhir.get('/Location', {
        config: { access: read },
        schema: { tags, summary: 'Search the practices’ places', querystring: LocationSearchQuery, produces: fhirJson, response: { 200: FhirBundle, ...errors } },
        handler: async (request) => searchLocations(ctx, actorOf(request), request.query, base),
      });
      fhir.get('/Location/:id', {
        config: { access: read },
        schema: { tags, summary: 'Read a place', params: FhirIdParams, produces: fhirJson, response: { 200: FhirLocation, ...errors } },
        handler: async (request) => readLocation(ctx, actorOf(request), request.params.id),
      });

      fhir.get('/Schedule', {
        config: { access: read },
        schema: { tags, summary: 'Search the clinicians’ schedules', querystring: ScheduleSearchQuery, produces: fhirJson, response: { 200: FhirBundle, ...errors } },
        handler: async (request) => searchSchedules(ctx, actorOf(request), request.query, base),
      });
      fhir.get('/Schedule/:id', {
        config: { access: read },
        schema: { tags, summary: 'Read a clinician’s schedule', params: FhirIdParams, produces: fhirJson, response: { 200: FhirSchedule, ...errors } },
        handler: async (request) => readSchedule(ctx, actorOf(request), request.params.id),
      });

      fhir.get('/Slot', {
        config: { access: read },
        schema: { tags, summary: 'Search free and busy slots by start, visit type, schedule or actor, and status', querystring: SlotSearchQuery, produces: fhirJson, response: { 200: FhirBundle, ...errors } },
        handler: async (request) => searchSlots(ctx, actorOf(request), request.query, base),
      });
      fhir.get('/Slot/:id', {
        config: { access: read },
        schema: { tags, summary: 'Read a slot: free, busy, busy-tentative (held) or busy-unavailable', params: FhirIdParams, produces: fhirJson, response: { 200: FhirSlot, ...errors } },
        handler: async (request) => readSlot(ctx, actorOf(request), request.params.id),
      });

      fhir.get('/Appointment', {
        config: { access: read },
        schema: { tags, summary: 'Search appointments by date, actor, patient, status and visit type (pages: link next)', querystring: AppointmentSearchQuery, produces: fhirJson, response: { 200: FhirBundle, ...errors } },
        handler: async (request) => searchAppointments(ctx, actorOf(request), request.query, base, selfOf(ctx, request)),
      });
      fhir.get('/Appointment/:id', {
        config: { access: read },
        schema: { tags, summary: 'Read an appointment (an audited view), or a proposed one from $find while its time is open', params: FhirIdParams, produces: fhirJson, response: { 200: FhirAppointment, ...errors } },
        handler: async (request) => readAnyAppointment(ctx, actorOf(request), request.params.id, readAppointment),
      });
      fhir.post('/Appointment', {
        config: { access: write },
        schema: { tags, summary: 'Book a free slot for a patient (status booked)', body: FhirAppointmentInput, ...bodies, response: { 201: FhirAppointment, ...bookingErrors } },
        handler: async (request, reply) => {
          const created = await createAppointment(ctx, actorOf(request), request.body);
          return reply.code(201).header('location', `${base}/Appointment/${created.id}/_history/${created.meta?.versionId ?? '1'}`).send(created);
        },
      });
      fhir.patch('/Appointment/:id', {
        config: { access: write },
        schema: { tags, summary: 'Cancel an appointment: JSON Patch `replace /status cancelled`', params: FhirIdParams, body: FhirJsonPatch, consumes: ['application/json-patch+json', 'application/json'], produces: fhirJson, response: { 200: FhirAppointment, ...bookingErrors } },
        handler: async (request) => patchAppointment(ctx, actorOf(request), request.params.id, request.body),
      });

      // IHE ITI Scheduling (ITI-115, -116, -117).
      fhir.post('/Appointment/$find', {
        config: { access: read },
        schema: { tags, summary: 'IHE $find: proposed appointments for open times (Parameters: start, end, visit-type, practitioner, organization, location-reference, location-string, _count)', body: FhirParametersInput, ...bodies, response: { 200: FhirBundle, ...errors } },
        handler: async (request) => findAppointments(ctx, actorOf(request), findInputOfParameters(request.body), base),
      });
      fhir.get('/Appointment/$find', {
        config: { access: read },
        schema: { tags, summary: 'IHE $find with the inputs as query parameters', querystring: FindQuery, produces: fhirJson, response: { 200: FhirBundle, ...errors } },
        handler: async (request) => findAppointments(ctx, actorOf(request), findInputOfQuery(request.query), base),
      });
      fhir.post('/Appointment/$hold', {
        config: { access: write },
        schema: { tags, summary: 'IHE $hold: hold a proposed appointment (appointment-reference) for 5 minutes; answers it pending', body: FhirParametersInput, ...bodies, response: { 200: FhirBundle, ...bookingErrors } },
        handler: async (request) => holdAppointment(ctx, actorOf(request), request.body, base),
      });
      fhir.post('/Appointment/$book', {
        config: { access: write },
        schema: {
          tags,
          summary: 'IHE $book: book a proposed or held appointment (appointment-reference, patient-resource, comment), or move / cancel one (appointment-resource status booked / cancelled)',
          body: FhirParametersInput,
          ...bodies,
          response: { 200: FhirBundle, ...bookingErrors },
        },
        handler: async (request) => bookAppointmentOperation(ctx, actorOf(request), request.body, base),
      });

      // SMART Scheduling Links: public, nothing about patients.
      fhir.get('/$bulk-publish', {
        config: { access: 'public' },
        schema: { tags, summary: 'SMART Scheduling Links manifest: the publishing practices’ Location, Schedule and free Slot files (no key needed)', querystring: BulkPublishQuery, response: { 200: BulkPublishManifest, 400: errors[400], 404: errors[404], 429: errors[429] } },
        handler: async (request, reply) => {
          reply.header('cache-control', 'public, max-age=60');
          return reply.type('application/json; charset=utf-8').send(await bulkManifest(ctx, base, request.query.organization));
        },
      });
      fhir.get('/$bulk-publish/:slug/:file', {
        config: { access: 'public' },
        schema: { tags, summary: 'One NDJSON file of a practice: Locations, Schedules, or free Slots of the next 14 days', params: BulkFileParams, produces: ['application/fhir+ndjson'], response: { 200: z.string(), 400: errors[400], 404: errors[404], 429: errors[429] } },
        serializerCompiler: ({ httpStatus }) => (data) => (httpStatus === '200' ? String(data) : JSON.stringify(data)),
        handler: async (request, reply) => {
          const body = await bulkFile(ctx, request.params.slug, request.params.file);
          return reply.header('cache-control', 'public, max-age=60').type('application/fhir+ndjson; charset=utf-8').send(body);
        },
      });
    },
    { prefix: FHIR_PREFIX },
  );
};
