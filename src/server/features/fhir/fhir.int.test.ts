import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, createTestApp, type TestAppHandle } from '../../test-support/index.js';
import { decodeSlotId } from '../../../domain/fhir/slot-id.js';
import { assertValidR4 } from './fhir-validation.test-helpers.js';
import { adminCookie, apiKey, fhirPractice, MONDAY_8AM, patientResource, type FhirPractice } from './fhir.test-fixtures.js';

/**
 * Issue 31 §6: FHIR R4 scheduling under /api/v1/fhir — every resource answered validates against
 * the R4 definitions; Slots come from the open-times engine and booked visits; Appointments are
 * booked, searched, read (audited) and canceled; errors are OperationOutcomes with the right
 * status; a key acts only in its organizations and within its scopes.
 */

let t: TestAppHandle;
let home: FhirPractice;
let other: FhirPractice;
const keys = {} as Record<'read' | 'write' | 'other' | 'unscoped', string>;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Method = 'GET' | 'POST' | 'PATCH';
const fhir = (key: string | null, method: Method, url: string, payload?: unknown, contentType = 'application/fhir+json') =>
  t.app.inject({
    method,
    url: `/api/v1/fhir${url}`,
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), accept: 'application/fhir+json', ...(payload !== undefined ? { 'content-type': contentType } : {}) },
    ...(payload !== undefined ? { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) } : {}),
  });
const ok = async (key: string | null, method: Method, url: string, payload?: unknown, status = 200): Promise<Json> => {
  const res = await fhir(key, method, url, payload, method === 'PATCH' ? 'application/json-patch+json' : undefined);
  expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 600)}`).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/fhir\+json/);
  return assertValidR4(res.json() as Json);
};
/** A refusal: the status, and an R4 OperationOutcome carrying the API's error code. */
const refused = async (res: Awaited<ReturnType<typeof fhir>>, status: number, code: string): Promise<Json> => {
  expect(res.statusCode, res.body.slice(0, 600)).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/fhir\+json/);
  const outcome = assertValidR4(res.json() as Json);
  expect(outcome.resourceType).toBe('OperationOutcome');
  expect(outcome.issue[0].details.coding[0]).toEqual({ system: 'urn:switchboard:api-error', code });
  return outcome;
};
const entries = (bundle: Json, type?: string): Json[] => (bundle.entry ?? []).map((e: Json) => e.resource).filter((r: Json) => !type || r.resourceType === type);
const pinClock = () => t.ctx.clock.advance(MONDAY_8AM - t.ctx.clock.now().getTime());
const TUESDAY = 'start=ge2026-03-03&start=le2026-03-03';

beforeAll(async () => {
  t = await createTestApp();
  const cookie = await adminCookie(t);
  home = await fhirPractice(t, cookie, 'FHIR Home Clinic');
  other = await fhirPractice(t, cookie, 'FHIR Other Clinic', 'MA');
  keys.read = await apiKey(t, cookie, ['scheduling:read'], [home.organization.id]);
  keys.write = await apiKey(t, cookie, ['scheduling:write'], [home.organization.id]);
  keys.other = await apiKey(t, cookie, ['scheduling:write'], [other.organization.id]);
  keys.unscoped = await apiKey(t, cookie, ['calls:read', 'organizations:read'], [home.organization.id]);
});
afterAll(() => t?.close());
afterEach(() => t.ctx.clock.reset());

describe('CapabilityStatement', () => {
  it('is public, R4, and lists the resources, searches and IHE operations', async () => {
    const cs = await ok(null, 'GET', '/metadata');
    expect(cs).toMatchObject({ resourceType: 'CapabilityStatement', fhirVersion: '4.0.1', kind: 'instance', status: 'active' });
    const resources = cs.rest[0].resource as Json[];
    expect(resources.map((r) => r.type)).toEqual(['Location', 'Schedule', 'Slot', 'Appointment']);
    expect(resources.find((r) => r.type === 'Appointment')!.operation.map((o: Json) => o.name)).toEqual(['find', 'hold', 'book']);
    // Every search it lists answers (with a key).
    for (const r of resources) await ok(keys.read, 'GET', `/${r.type}`);
  });
});

describe('Location and Schedule', () => {
  it('give the practice’s places and one schedule per clinician, with its visit types and places', async () => {
    const locations = await ok(keys.read, 'GET', '/Location');
    expect(entries(locations).map((l) => l.id)).toEqual([home.place.id]);
    expect(entries(locations)[0]).toMatchObject({ name: 'Main clinic', status: 'active', address: { city: 'Hartford', state: 'CT' } });
    expect(await ok(keys.read, 'GET', `/Location/${home.place.id}`)).toMatchObject({ resourceType: 'Location', id: home.place.id });

    const schedules = await ok(keys.read, 'GET', '/Schedule');
    expect(entries(schedules).map((s) => s.id).sort()).toEqual([home.hart.id, home.ruiz.id].sort());
    const hart = await ok(keys.read, 'GET', `/Schedule/${home.hart.id}`);
    expect(hart.actor).toEqual([
      { reference: `Practitioner/${home.hart.id}`, display: 'Dr Hart, MD' },
      { reference: `Location/${home.place.id}`, display: 'Main clinic' },
    ]);
    expect(hart.serviceType.map((c: Json) => c.coding[0].code).sort()).toEqual([home.web.id, home.staffOnly.id].sort());
    const byType = await ok(keys.read, 'GET', `/Schedule?service-type=urn:switchboard:visit-type|${home.staffOnly.id}`);
    expect(entries(byType).map((s) => s.id)).toEqual([home.hart.id]);
    const byActor = await ok(keys.read, 'GET', `/Schedule?actor=Practitioner/${home.ruiz.id}`);
    expect(entries(byActor).map((s) => s.id)).toEqual([home.ruiz.id]);
  });
});

describe('Slot', () => {
  it('free slots are the open times of visit types patients book themselves, on a grid of the visit’s length; ids decode', async () => {
    pinClock();
    const bundle = await ok(keys.read, 'GET', `/Slot?${TUESDAY}&status=free&schedule=Schedule/${home.hart.id}`);
    const slots = entries(bundle, 'Slot');
    // 09:00–12:00, 30 minutes and 10 minutes' buffer, on a 30-minute grid: 09:00, 09:30 … 11:30 (09:30 is free: no visit yet).
    expect(slots.map((s) => s.start)).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30'].map((h) => `2026-03-03T${h}:00-05:00`));
    expect(bundle.total).toBe(6);
    for (const s of slots) {
      expect(s).toMatchObject({ status: 'free', schedule: { reference: `Schedule/${home.hart.id}` }, serviceType: [{ coding: [{ system: 'urn:switchboard:visit-type', code: home.web.id }] }] });
      expect(decodeSlotId(s.id)).toEqual({ clinicianId: home.hart.id, visitTypeId: home.web.id, startMs: Date.parse(s.start) });
    }
    // The front desk's visit type has no free slots through the API, and the search says why.
    const staffOnly = await ok(keys.read, 'GET', `/Slot?${TUESDAY}&service-type=${home.staffOnly.id}`);
    expect(entries(staffOnly, 'Slot')).toEqual([]);
    expect(entries(staffOnly, 'OperationOutcome')[0].issue[0].diagnostics).toMatch(/Procedure is not booked through the API/);
    // By place and actor, and across both clinicians.
    const both = entries(await ok(keys.read, 'GET', `/Slot?${TUESDAY}&schedule.actor=Location/${home.place.id}&status=free`), 'Slot');
    expect(new Set(both.map((s) => s.schedule.reference))).toEqual(new Set([`Schedule/${home.hart.id}`, `Schedule/${home.ruiz.id}`]));
    expect(both.map((s) => s.start)).toEqual([...both.map((s) => s.start)].sort());
  });

  it('refuses dates it cannot read, and windows over 62 days, as an invalid OperationOutcome naming the parameter', async () => {
    const bad = await refused(await fhir(keys.read, 'GET', '/Slot?start=tomorrow'), 400, 'validation_failed');
    expect(bad.issue[0].expression).toEqual(['start']);
    await refused(await fhir(keys.read, 'GET', '/Slot?start=ge2026-03-01&start=le2026-06-30'), 400, 'validation_failed');
    await refused(await fhir(keys.read, 'GET', '/Slot?status=maybe'), 400, 'validation_failed');
    // Ids that are not ours match nothing (and never reach the database as ids).
    expect(entries(await ok(keys.read, 'GET', '/Slot?service-type=12345&schedule=12345&status=free,busy'), 'Slot')).toEqual([]);
    expect(entries(await ok(keys.read, 'GET', '/Appointment?service-type=12345&actor=Practitioner/12345'), 'Appointment')).toEqual([]);
  });
});

describe('Appointment: book, read, search, cancel', () => {
  it('POST books a free slot for a contained patient; the slot turns busy; the same slot again is 409 with the slots open instead', async () => {
    pinClock();
    const [slot] = entries(await ok(keys.read, 'GET', `/Slot?${TUESDAY}&status=free&schedule=Schedule/${home.ruiz.id}`), 'Slot');
    const body = {
      resourceType: 'Appointment',
      status: 'booked',
      slot: [{ reference: `Slot/${slot!.id}` }],
      contained: [patientResource('p1')],
      participant: [{ actor: { reference: '#p1' }, status: 'accepted' }],
    };
    const res = await fhir(keys.write, 'POST', '/Appointment', body);
    expect(res.statusCode, res.body).toBe(201);
    const booked = assertValidR4(res.json() as Json);
    expect(res.headers.location).toBe(`http://localhost:3000/api/v1/fhir/Appointment/${booked.id}/_history/1`);
    expect(booked).toMatchObject({ status: 'booked', start: slot!.start, end: slot!.end, minutesDuration: 30, slot: [{ reference: `Slot/${slot!.id}` }] });
    const patient = (booked.participant as Json[]).find((p) => p.actor.reference.startsWith('Patient/'))!;
    expect(patient.actor.identifier.system).toBe('urn:switchboard:patient');
    // The patient by reference and identifier only: no name, birth date or phone anywhere.
    expect(JSON.stringify(booked)).not.toMatch(/Maria|Lopez|1980-04-02|555-0142|5550142/);

    expect(await ok(keys.read, 'GET', `/Slot/${slot!.id}`)).toMatchObject({ id: slot!.id, status: 'busy' });
    const busy = entries(await ok(keys.read, 'GET', `/Slot?${TUESDAY}&status=busy`), 'Slot');
    expect(busy.map((s) => s.id)).toEqual([slot!.id]);
    const free = entries(await ok(keys.read, 'GET', `/Slot?${TUESDAY}&status=free&schedule=Schedule/${home.ruiz.id}`), 'Slot');
    expect(free.map((s) => s.id)).not.toContain(slot!.id);

    const again = await refused(await fhir(keys.write, 'POST', '/Appointment', body), 409, 'slot_taken');
    expect(again.issue[0]).toMatchObject({ severity: 'error', code: 'conflict', diagnostics: 'That time was just taken.' });
    const instead = (again.issue as Json[]).filter((i) => i.severity === 'information').map((i) => i.details.text as string);
    expect(instead.length).toBeGreaterThan(0);
    expect(instead[0]).toMatch(/^Slot\//);
    expect(await ok(keys.read, 'GET', `/${instead[0]}`)).toMatchObject({ status: 'free' });
  });

  it('reads (an audited view), searches by date, actor, patient and status, and cancels by PATCH', async () => {
    pinClock();
    const [slot] = entries(await ok(keys.read, 'GET', `/Slot?start=ge2026-03-04&start=le2026-03-04&status=free&schedule=Schedule/${home.hart.id}`), 'Slot');
    const booked = await ok(keys.write, 'POST', '/Appointment', { resourceType: 'Appointment', status: 'booked', slot: [{ reference: `Slot/${slot!.id}` }], contained: [patientResource()], participant: [{ actor: { reference: '#p1' }, status: 'accepted' }] }, 201);
    const patientRef = (booked.participant as Json[]).find((p) => p.actor.reference.startsWith('Patient/'))!.actor.reference as string;

    const read = await ok(keys.read, 'GET', `/Appointment/${booked.id}`);
    expect(read).toEqual(booked);
    const [view] = await auditRows(t.db, 'phi.view', booked.id);
    expect(view).toMatchObject({ actorType: 'api_key', recordType: 'visit', organizationId: home.organization.id });

    const search = async (q: string) => entries(await ok(keys.read, 'GET', `/Appointment?${q}`), 'Appointment').map((a) => a.id);
    expect(await search('date=2026-03-04')).toContain(booked.id);
    expect(await search('date=2026-03-05')).not.toContain(booked.id);
    expect(await search(`actor=Practitioner/${home.hart.id}&date=ge2026-03-04`)).toContain(booked.id);
    expect(await search(`patient=${patientRef}`)).toContain(booked.id);
    expect(await search(`patient:identifier=urn:switchboard:patient|${patientRef.split('/')[1]}`)).toContain(booked.id);
    expect(await search('status=cancelled')).not.toContain(booked.id);
    const paged = await ok(keys.read, 'GET', '/Appointment?_count=1');
    expect(entries(paged)).toHaveLength(1);
    expect((paged.link as Json[]).find((l) => l.relation === 'next')?.url).toMatch(/_offset=1/);

    // Cancel: JSON Patch on the status; the time is free again at once.
    const stale = await fhir(keys.write, 'PATCH', `/Appointment/${booked.id}`, [{ op: 'test', path: '/meta/versionId', value: '99' }, { op: 'replace', path: '/status', value: 'cancelled' }], 'application/json-patch+json');
    await refused(stale, 409, 'stale_version');
    const canceled = await ok(keys.write, 'PATCH', `/Appointment/${booked.id}`, [{ op: 'replace', path: '/status', value: 'cancelled' }]);
    expect(canceled.status).toBe('cancelled');
    expect(await search('status=cancelled')).toContain(booked.id);
    expect(await ok(keys.read, 'GET', `/Slot/${slot!.id}`)).toMatchObject({ status: 'free' });
    await refused(await fhir(keys.write, 'PATCH', `/Appointment/${booked.id}`, [{ op: 'replace', path: '/start', value: 'x' }], 'application/json-patch+json'), 400, 'validation_failed');
  });

  it('refuses a booking without a patient, of the front desk’s visit type, or of a slot that is not ours', async () => {
    pinClock();
    const [slot] = entries(await ok(keys.read, 'GET', `/Slot?${TUESDAY}&status=free&schedule=Schedule/${home.hart.id}`), 'Slot');
    const noPatient = await refused(await fhir(keys.write, 'POST', '/Appointment', { resourceType: 'Appointment', status: 'booked', slot: [{ reference: `Slot/${slot!.id}` }], participant: [] }), 400, 'validation_failed');
    expect(noPatient.issue[0].expression).toEqual(['Appointment.participant']);
    const frontDesk = await refused(
      await fhir(keys.write, 'POST', '/Appointment', {
        resourceType: 'Appointment',
        status: 'booked',
        start: '2026-03-03T10:00:00-05:00',
        serviceType: [{ coding: [{ system: 'urn:switchboard:visit-type', code: home.staffOnly.id }] }],
        contained: [patientResource()],
        participant: [{ actor: { reference: `Practitioner/${home.hart.id}` }, status: 'accepted' }, { actor: { reference: '#p1' }, status: 'accepted' }],
      }),
      400,
      'validation_failed',
    );
    expect(frontDesk.issue[0].expression).toEqual(['Appointment.serviceType']);
    await refused(await fhir(keys.write, 'POST', '/Appointment', { resourceType: 'Appointment', status: 'booked', slot: [{ reference: 'Slot/not-one-of-ours' }], contained: [patientResource()], participant: [{ actor: { reference: '#p1' } }] }), 400, 'validation_failed');
    await refused(await fhir(keys.write, 'POST', '/Appointment', { resourceType: 'Patient' }), 400, 'validation_failed');
    await refused(await fhir(keys.write, 'POST', '/Appointment', '{"unterminated": '), 400, 'malformed_body');
  });
});

describe('IHE ITI Scheduling: $find → $hold → $book', () => {
  it('finds proposed appointments, holds one (pending), books it for the patient given, and cancels through $book', async () => {
    pinClock();
    const found = await ok(keys.read, 'POST', '/Appointment/$find', {
      resourceType: 'Parameters',
      parameter: [
        { name: 'start', valueDateTime: '2026-03-05T00:00:00-05:00' },
        { name: 'end', valueDateTime: '2026-03-05T23:59:00-05:00' },
        { name: 'visit-type', valueString: `urn:switchboard:visit-type|${home.web.id}` },
        { name: 'practitioner', valueReference: { reference: `Practitioner/${home.ruiz.id}` } },
        { name: '_count', valueInteger: 4 },
      ],
    });
    const proposals = entries(found, 'Appointment');
    expect(proposals).toHaveLength(4);
    expect(found.total).toBe(6);
    expect(proposals[0]).toMatchObject({ status: 'proposed', start: '2026-03-05T13:00:00-05:00', slot: [{ reference: `Slot/${proposals[0]!.id}` }] });
    // GET with the same inputs as query parameters finds the same.
    const viaGet = await ok(keys.read, 'GET', `/Appointment/$find?start=2026-03-05T00:00:00-05:00&end=2026-03-05T23:59:00-05:00&practitioner=Practitioner/${home.ruiz.id}&_count=4`);
    expect(entries(viaGet).map((a) => a.id)).toEqual(proposals.map((a) => a.id));
    expect(await ok(keys.read, 'GET', `/Appointment/${proposals[0]!.id}`)).toMatchObject({ status: 'proposed' });

    const held = entries(await ok(keys.write, 'POST', '/Appointment/$hold', { resourceType: 'Parameters', parameter: [{ name: 'appointment-reference', valueReference: { reference: `Appointment/${proposals[0]!.id}` } }] }), 'Appointment')[0]!;
    expect(held).toMatchObject({ status: 'pending', start: proposals[0]!.start });
    // Held: no longer proposed, and busy-tentative as a slot.
    expect(entries(await ok(keys.read, 'POST', '/Appointment/$find', { resourceType: 'Parameters', parameter: [{ name: 'start', valueDateTime: '2026-03-05T00:00:00-05:00' }, { name: 'end', valueDateTime: '2026-03-05T23:59:00-05:00' }] })).map((a) => a.start)).not.toContain(held.start);
    expect(await ok(keys.read, 'GET', `/Slot/${proposals[0]!.id}`)).toMatchObject({ status: 'busy-tentative' });
    // Someone else trying to hold it is told it was just taken.
    await refused(await fhir(keys.write, 'POST', '/Appointment/$hold', { resourceType: 'Parameters', parameter: [{ name: 'appointment-reference', valueReference: { reference: `Appointment/${proposals[0]!.id}` } }] }), 409, 'slot_taken');

    const booked = entries(
      await ok(keys.write, 'POST', '/Appointment/$book', {
        resourceType: 'Parameters',
        parameter: [
          { name: 'appointment-reference', valueReference: { reference: `Appointment/${held.id}` } },
          { name: 'patient-resource', resource: patientResource() },
          { name: 'comment', valueString: 'Booked from the EHR' },
        ],
      }),
      'Appointment',
    )[0]!;
    expect(booked).toMatchObject({ id: held.id, status: 'booked' });

    // 13:30 overlaps the 13:00 visit's buffer now: no longer proposed.
    await refused(await fhir(keys.write, 'POST', '/Appointment/$book', { resourceType: 'Parameters', parameter: [{ name: 'appointment-reference', valueReference: { reference: `Appointment/${proposals[1]!.id}` } }, { name: 'patient-resource', resource: patientResource() }] }), 409, 'slot_taken');
    // A proposed appointment is booked directly too.
    const direct = entries(await ok(keys.write, 'POST', '/Appointment/$book', { resourceType: 'Parameters', parameter: [{ name: 'appointment-reference', valueReference: { reference: `Appointment/${proposals[2]!.id}` } }, { name: 'patient-resource', resource: patientResource() }] }), 'Appointment')[0]!;
    expect(direct).toMatchObject({ status: 'booked', start: proposals[2]!.start });
    // Moved to the fourth proposal, then cancelled, through $book's appointment-resource.
    const moved = entries(await ok(keys.write, 'POST', '/Appointment/$book', { resourceType: 'Parameters', parameter: [{ name: 'appointment-resource', resource: { ...direct, slot: [{ reference: `Slot/${proposals[3]!.id}` }] } }] }), 'Appointment')[0]!;
    expect(moved).toMatchObject({ id: direct.id, status: 'booked', start: proposals[3]!.start });
    const cancelled = entries(await ok(keys.write, 'POST', '/Appointment/$book', { resourceType: 'Parameters', parameter: [{ name: 'appointment-resource', resource: { ...moved, status: 'cancelled' } }] }), 'Appointment')[0]!;
    expect(cancelled).toMatchObject({ id: direct.id, status: 'cancelled' });
    await refused(await fhir(keys.write, 'POST', '/Appointment/$book', { resourceType: 'Parameters', parameter: [] }), 400, 'validation_failed');
  });
});

describe('keys: scopes and organizations', () => {
  it('without a key 401, without the scope 403, a read key cannot book — each as an OperationOutcome', async () => {
    expect((await refused(await fhir(null, 'GET', '/Slot'), 401, 'api_key_missing')).issue[0].code).toBe('login');
    expect((await refused(await fhir(keys.unscoped, 'GET', '/Schedule'), 403, 'insufficient_scope')).issue[0].code).toBe('forbidden');
    await refused(await fhir(keys.read, 'POST', '/Appointment/$hold', { resourceType: 'Parameters', parameter: [] }), 403, 'insufficient_scope');
    await refused(await fhir(keys.read, 'GET', '/Nothing'), 404, 'not_found');
  });

  it('another organization’s key finds none of this practice’s records: 404, and searches without them', async () => {
    pinClock();
    const [slot] = entries(await ok(keys.read, 'GET', `/Slot?${TUESDAY}&status=free&schedule=Schedule/${home.hart.id}`), 'Slot');
    const booked = await ok(keys.write, 'POST', '/Appointment', { resourceType: 'Appointment', status: 'booked', slot: [{ reference: `Slot/${slot!.id}` }], contained: [patientResource()], participant: [{ actor: { reference: '#p1' } }] }, 201);
    for (const url of [`/Location/${home.place.id}`, `/Schedule/${home.hart.id}`, `/Slot/${slot!.id}`, `/Appointment/${booked.id}`]) await refused(await fhir(keys.other, 'GET', url), 404, 'not_found');
    await refused(await fhir(keys.other, 'PATCH', `/Appointment/${booked.id}`, [{ op: 'replace', path: '/status', value: 'cancelled' }], 'application/json-patch+json'), 404, 'not_found');
    await refused(await fhir(keys.other, 'POST', '/Appointment/$hold', { resourceType: 'Parameters', parameter: [{ name: 'appointment-reference', valueReference: { reference: `Appointment/${entries(await ok(keys.read, 'GET', `/Slot?${TUESDAY}&status=free`), 'Slot')[0]!.id}` } }] }), 404, 'not_found');
    const theirs = JSON.stringify([await ok(keys.other, 'GET', '/Schedule'), await ok(keys.other, 'GET', '/Location'), await ok(keys.other, 'GET', `/Slot?${TUESDAY}`), await ok(keys.other, 'GET', '/Appointment')]);
    for (const id of [home.place.id, home.hart.id, home.ruiz.id, booked.id]) expect(theirs).not.toContain(id);
    expect(theirs).toContain(other.hart.id);
  });
});

describe('the public API’s OpenAPI document', () => {
  it('documents every FHIR route, its FHIR media types and its OperationOutcome errors', async () => {
    const doc = (await t.app.inject({ url: '/api/v1/openapi.json' })).json() as Json;
    const paths = Object.keys(doc.paths).filter((p) => p.startsWith('/api/v1/fhir'));
    expect(paths.sort()).toEqual(
      [
        '/api/v1/fhir/metadata',
        '/api/v1/fhir/Location',
        '/api/v1/fhir/Location/{id}',
        '/api/v1/fhir/Schedule',
        '/api/v1/fhir/Schedule/{id}',
        '/api/v1/fhir/Slot',
        '/api/v1/fhir/Slot/{id}',
        '/api/v1/fhir/Appointment',
        '/api/v1/fhir/Appointment/{id}',
        '/api/v1/fhir/Appointment/$find',
        '/api/v1/fhir/Appointment/$hold',
        '/api/v1/fhir/Appointment/$book',
        '/api/v1/fhir/$bulk-publish',
        '/api/v1/fhir/$bulk-publish/{slug}/{file}',
      ].sort(),
    );
    const book = doc.paths['/api/v1/fhir/Appointment/$book'].post;
    expect(Object.keys(book.requestBody.content)).toEqual(['application/fhir+json', 'application/json']);
    expect(JSON.stringify(book.responses['409'])).toContain('FhirOperationOutcome');
    expect(JSON.stringify(book.responses['200'])).toContain('FhirBundle');
    expect(doc.paths['/api/v1/fhir/Slot'].get.parameters.map((p: Json) => p.name)).toEqual(expect.arrayContaining(['start', 'service-type', 'schedule', 'schedule.actor', 'status']));
  });
});
