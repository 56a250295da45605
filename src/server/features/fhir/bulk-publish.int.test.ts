import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createTestApp, type TestAppHandle } from '../../test-support/index.js';
import { organizationPhoneNumbers } from '../../db/schema/index.js';
import { assertValidR4 } from './fhir-validation.test-helpers.js';
import { adminCookie, apiKey, fhirPractice, MONDAY_8AM, patientResource, type FhirPractice } from './fhir.test-fixtures.js';

/**
 * Issue 31 §6: SMART Scheduling Links. A practice that lets patients book some visit type
 * themselves publishes, with no key, a manifest and NDJSON files of its Locations, Schedules and
 * free Slots; every line is a valid R4 resource, references resolve inside the files, booked
 * times are not offered, and nothing in them is about a patient.
 */

let t: TestAppHandle;
let home: FhirPractice;
let writeKey: string;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const get = (url: string) => t.app.inject({ method: 'GET', url });
const ndjson = (body: string): Json[] => body.split('\n').filter(Boolean).map((line) => assertValidR4(JSON.parse(line) as Json));

beforeAll(async () => {
  t = await createTestApp();
  const cookie = await adminCookie(t);
  home = await fhirPractice(t, cookie, 'Bulk Home Clinic');
  await t.db.insert(organizationPhoneNumbers).values({ organizationId: home.organization.id, e164: '+18605550100' });
  writeKey = await apiKey(t, cookie, ['scheduling:write'], [home.organization.id]);
  // A practice with no calendar publishes nothing.
  await createOrganization(t.ctx, { name: 'Bulk Quiet Clinic' });
});
afterAll(() => t?.close());
afterEach(() => t.ctx.clock.reset());

describe('$bulk-publish', () => {
  it('lists the publishing practices’ Location, Schedule and Slot files, without a key', async () => {
    const res = await get('/api/v1/fhir/$bulk-publish');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const manifest = res.json() as Json;
    expect(manifest.request).toBe('http://localhost:3000/api/v1/fhir/$bulk-publish');
    expect(Number.isNaN(Date.parse(manifest.transactionTime))).toBe(false);
    expect(manifest.error).toEqual([]);
    const base = `http://localhost:3000/api/v1/fhir/$bulk-publish/${home.organization.slug}`;
    expect(manifest.output).toEqual([
      { type: 'Location', url: `${base}/Location.ndjson` },
      { type: 'Schedule', url: `${base}/Schedule.ndjson` },
      { type: 'Slot', url: `${base}/Slot.ndjson`, extension: { state: ['CT'] } },
    ]);
    const one = (await get(`/api/v1/fhir/$bulk-publish?organization=${home.organization.slug}`)).json() as Json;
    expect(one.output).toHaveLength(3);
    expect(((await get('/api/v1/fhir/$bulk-publish?organization=no-such-practice')).json() as Json).output).toEqual([]);
  });

  it('NDJSON files of valid R4 resources whose references resolve; free slots only, not a booked one; nothing about patients', async () => {
    t.ctx.clock.advance(MONDAY_8AM - t.ctx.clock.now().getTime());
    // Book 09:00 on Tuesday with Dr Hart for a patient: it must not be published as free.
    const slot = (await t.app.inject({ method: 'GET', url: `/api/v1/fhir/Slot?start=ge2026-03-03&start=le2026-03-03&status=free&schedule=Schedule/${home.hart.id}`, headers: { authorization: `Bearer ${writeKey}` } })).json().entry[0].resource as Json;
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/fhir/Appointment',
      headers: { authorization: `Bearer ${writeKey}`, 'content-type': 'application/fhir+json' },
      payload: JSON.stringify({ resourceType: 'Appointment', status: 'booked', slot: [{ reference: `Slot/${slot.id}` }], contained: [patientResource()], participant: [{ actor: { reference: '#p1' } }] }),
    });
    expect(booked.statusCode, booked.body).toBe(201);

    const file = async (name: string) => {
      const res = await get(`/api/v1/fhir/$bulk-publish/${home.organization.slug}/${name}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/fhir\+ndjson/);
      expect(res.body).not.toMatch(/Maria|Lopez|1980-04-02|555-0142|Patient\//);
      return ndjson(res.body);
    };
    const locations = await file('Location.ndjson');
    const schedules = await file('Schedule.ndjson');
    const slots = await file('Slot.ndjson');

    expect(locations.map((l) => l.id)).toEqual([home.place.id]);
    expect(locations[0]).toMatchObject({ resourceType: 'Location', name: 'Main clinic', telecom: [{ system: 'phone', value: '+18605550100' }], address: { city: 'Hartford', state: 'CT', postalCode: '06103' } });
    // Schedules show only what patients may book themselves: the front desk's Procedure is left out.
    expect(schedules.map((s) => s.id).sort()).toEqual([home.hart.id, home.ruiz.id].sort());
    for (const s of schedules) {
      expect(s.serviceType.map((c: Json) => c.coding[0].code)).toEqual([home.web.id]);
      for (const a of s.actor.filter((x: Json) => x.reference.startsWith('Location/'))) expect(locations.map((l) => `Location/${l.id}`)).toContain(a.reference);
    }
    expect(slots.length).toBeGreaterThan(50);
    const scheduleRefs = new Set(schedules.map((s) => `Schedule/${s.id}`));
    for (const s of slots) {
      expect(s.status).toBe('free');
      expect(scheduleRefs.has(s.schedule.reference)).toBe(true);
      expect(s.extension).toEqual([
        { url: 'http://fhir-registry.smarthealthit.org/StructureDefinition/booking-deep-link', valueUrl: `http://localhost:3000/request-appointment?org=${home.organization.slug}` },
        { url: 'http://fhir-registry.smarthealthit.org/StructureDefinition/booking-phone', valueString: '+18605550100' },
      ]);
    }
    expect(slots.map((s) => s.id)).not.toContain(slot.id);
    // The next 14 days: the first is today's (Monday 2 March) first open time, none before now.
    expect(slots[0]!.start).toBe('2026-03-02T09:00:00-05:00');
    expect(slots.every((s) => Date.parse(s.start) < Date.parse('2026-03-17T00:00:00-04:00'))).toBe(true);
  });

  it('a practice that does not publish, or a file that does not exist, is a 404 OperationOutcome', async () => {
    const res = await get('/api/v1/fhir/$bulk-publish/no-such-practice/Slot.ndjson');
    expect(res.statusCode).toBe(404);
    expect(assertValidR4(res.json() as Json).issue[0].code).toBe('not-found');
    const bad = await get(`/api/v1/fhir/$bulk-publish/${home.organization.slug}/Patient.ndjson`);
    expect(bad.statusCode).toBe(400);
    expect(assertValidR4(bad.json() as Json).resourceType).toBe('OperationOutcome');
  });
});
