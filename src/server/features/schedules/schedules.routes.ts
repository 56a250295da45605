import { z } from 'zod';
import { ErrorResponse, type FeatureRoutes } from '../../http/route-types.js';
import { actorOf } from '../../policy/actor.js';
import { presentCoverage, presentSchedule, presentScheduleSummary } from './schedules.presenter.js';
import {
  CoverageQuery,
  CoverageResponse,
  CreateScheduleBody,
  OnDutyQuery,
  OnDutyResponse,
  OrganizationParams,
  OverrideBody,
  OverrideParams,
  ScheduleListResponse,
  ScheduleParams,
  ScheduleView,
  ShiftBody,
  ShiftParams,
  UpdateOverrideBody,
  UpdateScheduleBody,
  UpdateShiftBody,
  VersionQuery,
} from '../../../contracts/schedules.js';
import {
  addOverride,
  addShift,
  changeOverride,
  changeShift,
  coverageOf,
  createSchedule,
  deleteSchedule,
  getSchedule,
  listSchedulesOf,
  onDutyAt,
  removeOverride,
  removeShift,
  updateSchedule,
} from './schedules.service.js';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
const tags = ['schedules'];
const read = { capability: 'organizations.read' } as const;
const edit = { capability: 'schedules.edit' } as const;

export const schedulesRoutes: FeatureRoutes = (app, ctx) => {
  app.get('/api/organizations/:id/schedules', {
    config: { access: read },
    schema: { tags, summary: "An organization's schedules, each with who is on duty now", params: OrganizationParams, response: { 200: ScheduleListResponse, ...errors } },
    handler: async (request) => {
      const { organization, items } = await listSchedulesOf(ctx, actorOf(request), request.params.id);
      return { timeZone: organization.timeZone, items: items.map(presentScheduleSummary) };
    },
  });

  app.post('/api/organizations/:id/schedules', {
    config: { access: edit },
    schema: { tags, summary: 'Create a schedule', params: OrganizationParams, body: CreateScheduleBody, response: { 201: ScheduleView, ...errors } },
    handler: async (request, reply) => reply.status(201).send(presentSchedule(await createSchedule(ctx, actorOf(request), request.params.id, request.body))),
  });

  app.get('/api/schedules/:scheduleId', {
    config: { access: read },
    schema: { tags, summary: 'A schedule with its shifts, overrides and who is on duty now', params: ScheduleParams, response: { 200: ScheduleView, ...errors } },
    handler: async (request) => presentSchedule(await getSchedule(ctx, actorOf(request), request.params.scheduleId)),
  });

  app.patch('/api/schedules/:scheduleId', {
    config: { access: edit },
    schema: { tags, summary: 'Rename or describe a schedule (409 stale_version if it changed since)', params: ScheduleParams, body: UpdateScheduleBody, response: { 200: ScheduleView, ...errors } },
    handler: async (request) => presentSchedule(await updateSchedule(ctx, actorOf(request), request.params.scheduleId, request.body)),
  });

  app.delete('/api/schedules/:scheduleId', {
    config: { access: edit },
    schema: { tags, summary: 'Delete a schedule with its shifts and overrides', params: ScheduleParams, querystring: VersionQuery, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await deleteSchedule(ctx, actorOf(request), request.params.scheduleId, request.query.version);
      return reply.status(204).send(null);
    },
  });

  app.get('/api/schedules/:scheduleId/on-duty', {
    config: { access: read },
    schema: { tags, summary: 'Who is on duty at an instant (now by default), in duty order', params: ScheduleParams, querystring: OnDutyQuery, response: { 200: OnDutyResponse, ...errors } },
    handler: async (request) => {
      const r = await onDutyAt(ctx, actorOf(request), request.params.scheduleId, request.query.at);
      return { at: r.at.toISOString(), timeZone: r.timeZone, onDuty: r.onDuty, dutyNow: r.dutyNow };
    },
  });

  app.get('/api/schedules/:scheduleId/coverage', {
    config: { access: read },
    schema: {
      tags,
      summary: "Who is on duty over whole days in the organization's zone (7 from today by default); gaps have nobody",
      params: ScheduleParams,
      querystring: CoverageQuery,
      response: { 200: CoverageResponse, ...errors },
    },
    handler: async (request) => presentCoverage(await coverageOf(ctx, actorOf(request), request.params.scheduleId, request.query)),
  });

  app.post('/api/schedules/:scheduleId/shifts', {
    config: { access: edit },
    schema: { tags, summary: 'Add a shift', params: ScheduleParams, body: ShiftBody, response: { 201: ScheduleView, ...errors } },
    handler: async (request, reply) => reply.status(201).send(presentSchedule(await addShift(ctx, actorOf(request), request.params.scheduleId, request.body))),
  });

  app.put('/api/schedules/:scheduleId/shifts/:shiftId', {
    config: { access: edit },
    schema: { tags, summary: 'Replace a shift (409 stale_version if it changed since)', params: ShiftParams, body: UpdateShiftBody, response: { 200: ScheduleView, ...errors } },
    handler: async (request) =>
      presentSchedule(await changeShift(ctx, actorOf(request), request.params.scheduleId, request.params.shiftId, request.body.version, request.body.shift)),
  });

  app.delete('/api/schedules/:scheduleId/shifts/:shiftId', {
    config: { access: edit },
    schema: { tags, summary: 'Remove a shift', params: ShiftParams, querystring: VersionQuery, response: { 200: ScheduleView, ...errors } },
    handler: async (request) =>
      presentSchedule(await removeShift(ctx, actorOf(request), request.params.scheduleId, request.params.shiftId, request.query.version)),
  });

  app.post('/api/schedules/:scheduleId/overrides', {
    config: { access: edit },
    schema: { tags, summary: 'Add a one-off override ("Dana covers for Lee from Fri 17:00 to Mon 08:00")', params: ScheduleParams, body: OverrideBody, response: { 201: ScheduleView, ...errors } },
    handler: async (request, reply) => reply.status(201).send(presentSchedule(await addOverride(ctx, actorOf(request), request.params.scheduleId, request.body))),
  });

  app.put('/api/schedules/:scheduleId/overrides/:overrideId', {
    config: { access: edit },
    schema: { tags, summary: 'Replace an override (409 stale_version if it changed since)', params: OverrideParams, body: UpdateOverrideBody, response: { 200: ScheduleView, ...errors } },
    handler: async (request) =>
      presentSchedule(await changeOverride(ctx, actorOf(request), request.params.scheduleId, request.params.overrideId, request.body.version, request.body.override)),
  });

  app.delete('/api/schedules/:scheduleId/overrides/:overrideId', {
    config: { access: edit },
    schema: { tags, summary: 'Remove an override', params: OverrideParams, querystring: VersionQuery, response: { 200: ScheduleView, ...errors } },
    handler: async (request) =>
      presentSchedule(await removeOverride(ctx, actorOf(request), request.params.scheduleId, request.params.overrideId, request.query.version)),
  });
};
