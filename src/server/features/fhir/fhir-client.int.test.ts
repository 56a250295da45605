import type { AddressInfo } from 'node:net';
import { Client } from 'fhir-kit-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestAppHandle } from '../../test-support/index.js';
import { assertValidR4 } from './fhir-validation.test-helpers.js';
import { adminCookie, apiKey, fhirPractice, MONDAY_8AM, patientResource, type FhirPractice } from './fhir.test-fixtures.js';

/**
 * Issue 31 §6: an EHR's view. A FHIR client library (fhir-kit-client, over real HTTP to the
 * server listening on loopback) reads the CapabilityStatement, then drives IHE $find → $hold →
 * $book, reads the booked Appointment back, and meets a taken slot as a 409 OperationOutcome.
 */

let t: TestAppHandle;
let home: FhirPractice;
let client: InstanceType<typeof Client>;
let readOnly: InstanceType<typeof Client>;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const resources = (bundle: Json, type: string): Json[] => (bundle.entry ?? []).map((e: Json) => e.resource).filter((r: Json) => r.resourceType === type);
const parameters = (...parameter: Json[]) => ({ resourceType: 'Parameters', parameter });

beforeAll(async () => {
  t = await createTestApp();
  const cookie = await adminCookie(t);
  home = await fhirPractice(t, cookie, 'FHIR Client Clinic');
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}/api/v1/fhir`;
  client = new Client({ baseUrl, bearerToken: await apiKey(t, cookie, ['scheduling:write'], [home.organization.id]) });
  readOnly = new Client({ baseUrl, bearerToken: await apiKey(t, cookie, ['scheduling:read'], [home.organization.id]) });
});
afterAll(() => t?.close());
afterEach(() => t.ctx.clock.reset());

describe('fhir-kit-client on loopback', () => {
  it('reads the CapabilityStatement and drives $find → $hold → $book; the booked appointment reads back', async () => {
    t.ctx.clock.advance(MONDAY_8AM - t.ctx.clock.now().getTime());
    const statement = assertValidR4((await client.capabilityStatement()) as Json);
    expect(statement.rest[0].resource.find((r: Json) => r.type === 'Appointment').operation.map((o: Json) => o.name)).toEqual(['find', 'hold', 'book']);

    const found = assertValidR4(
      (await client.operation({
        resourceType: 'Appointment',
        name: '$find',
        method: 'POST',
        input: parameters(
          { name: 'start', valueDateTime: '2026-03-03T08:00:00-05:00' },
          { name: 'end', valueDateTime: '2026-03-03T18:00:00-05:00' },
          { name: 'visit-type', valueString: home.web.id },
          { name: 'practitioner', valueReference: { reference: `Practitioner/${home.hart.id}` } },
        ),
      })) as Json,
    );
    const [first] = resources(found, 'Appointment');
    expect(first).toMatchObject({ status: 'proposed', start: '2026-03-03T09:00:00-05:00' });

    const held = resources(assertValidR4((await client.operation({ resourceType: 'Appointment', name: '$hold', method: 'POST', input: parameters({ name: 'appointment-reference', valueReference: { reference: `Appointment/${first!.id}` } }) })) as Json), 'Appointment')[0]!;
    expect(held.status).toBe('pending');

    const booked = resources(
      assertValidR4(
        (await client.operation({
          resourceType: 'Appointment',
          name: '$book',
          method: 'POST',
          input: parameters({ name: 'appointment-reference', valueReference: { reference: `Appointment/${held.id}` } }, { name: 'patient-resource', resource: patientResource() }),
        })) as Json,
      ),
      'Appointment',
    )[0]!;
    expect(booked).toMatchObject({ id: held.id, status: 'booked', start: first!.start });

    const read = assertValidR4((await readOnly.read({ resourceType: 'Appointment', id: booked.id })) as Json);
    expect(read).toMatchObject({ id: booked.id, status: 'booked' });
    const slots = assertValidR4((await readOnly.search({ resourceType: 'Slot', searchParams: { start: ['ge2026-03-03', 'le2026-03-03'], status: 'busy' } })) as Json);
    expect(resources(slots, 'Slot').map((s) => s.id)).toEqual([first!.id]);
  });

  it('a slot taken meanwhile is a 409 OperationOutcome (slot_taken) that the client raises', async () => {
    t.ctx.clock.advance(MONDAY_8AM - t.ctx.clock.now().getTime());
    const found = (await client.operation({ resourceType: 'Appointment', name: '$find', method: 'POST', input: parameters({ name: 'start', valueDateTime: '2026-03-04T08:00:00-05:00' }, { name: 'end', valueDateTime: '2026-03-04T18:00:00-05:00' }) })) as Json;
    const [first] = resources(found, 'Appointment');
    const book = () => client.operation({ resourceType: 'Appointment', name: '$book', method: 'POST', input: parameters({ name: 'appointment-reference', valueReference: { reference: `Appointment/${first!.id}` } }, { name: 'patient-resource', resource: patientResource() }) });
    await book();
    const error = (await book().catch((e: unknown) => e)) as { response?: { status: number; data: Json } };
    expect(error.response?.status).toBe(409);
    const outcome = assertValidR4(error.response!.data);
    expect(outcome.resourceType).toBe('OperationOutcome');
    expect(outcome.issue[0]).toMatchObject({ severity: 'error', code: 'conflict', details: { coding: [{ system: 'urn:switchboard:api-error', code: 'slot_taken' }] } });

    const denied = (await readOnly.operation({ resourceType: 'Appointment', name: '$hold', method: 'POST', input: parameters({ name: 'appointment-reference', valueReference: { reference: `Appointment/${first!.id}` } }) }).catch((e: unknown) => e)) as { response?: { status: number; data: Json } };
    expect(denied.response?.status).toBe(403);
    expect(assertValidR4(denied.response!.data).issue[0].code).toBe('forbidden');
  });
});
