import { expect } from 'vitest';
import { createOrganization, createStaffUser, signIn, type TestAppHandle } from '../../test-support/index.js';
import type { OrganizationRow } from '../organizations/organizations.repository.js';

/**
 * A practice with a calendar for the FHIR tests, built through the staff API as the front desk
 * would: office hours on weekdays 08:00–18:00, a main clinic, a visit type patients book
 * themselves (30 minutes, 10 minutes' buffer, phone and web) and one only the front desk books,
 * Dr Hart (both types, 09:00–12:00) and Dr Ruiz (the web type, 13:00–16:00); and API keys.
 */
export interface FhirPractice {
  organization: OrganizationRow;
  place: { id: string; name: string };
  web: { id: string; nameEn: string };
  staffOnly: { id: string; nameEn: string };
  hart: { id: string; name: string };
  ruiz: { id: string; name: string };
}

/** Monday 2 March 2026, 08:00 in New York. */
export const MONDAY_8AM = Date.parse('2026-03-02T13:00:00Z');

export async function adminCookie(t: TestAppHandle): Promise<string> {
  const admin = await createStaffUser(t.ctx, { role: 'admin' });
  return signIn(t.app, admin.email, admin.password);
}

export async function fhirPractice(t: TestAppHandle, cookie: string, name: string, region = 'CT'): Promise<FhirPractice> {
  const ok = async <T = Record<string, unknown>>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object): Promise<T> => {
    const res = await t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json() as T;
  };
  const organization = await createOrganization(t.ctx, { name, timeZone: 'America/New_York', address: { line1: '1 Main St', city: 'Hartford', region, postalCode: '06103', country: 'US' } });
  const hours = await ok<{ version: number }>('GET', `/api/organizations/${organization.id}/hours`);
  await ok('PUT', `/api/organizations/${organization.id}/hours`, { version: hours.version, weekly: [1, 2, 3, 4, 5].map((day) => ({ day, start: '08:00', end: '18:00' })), overrides: [] });
  const place = await ok<{ id: string; name: string }>('POST', `/api/organizations/${organization.id}/locations`, { name: 'Main clinic' });
  const web = await ok<{ id: string; nameEn: string }>('POST', `/api/organizations/${organization.id}/visit-types`, { nameEn: 'Check-up', nameEs: 'Chequeo', lengthMinutes: 30, bufferMinutes: 10, bookableBy: ['phone', 'web', 'staff'] });
  const staffOnly = await ok<{ id: string; nameEn: string }>('POST', `/api/organizations/${organization.id}/visit-types`, { nameEn: 'Procedure', nameEs: 'Procedimiento', lengthMinutes: 60, bookableBy: ['staff'] });
  const clinician = async (clinicianName: string, visitTypeIds: string[], start: string, end: string) => {
    const c = await ok<{ id: string; version: number; name: string }>('POST', `/api/organizations/${organization.id}/clinicians`, { name: clinicianName, title: 'MD', visitTypeIds });
    await ok('PUT', `/api/clinicians/${c.id}/availability`, { version: c.version, weekly: [1, 2, 3, 4, 5].map((day) => ({ day, start, end, locationId: place.id })) });
    return { id: c.id, name: c.name };
  };
  const hart = await clinician('Dr Hart', [web.id, staffOnly.id], '09:00', '12:00');
  const ruiz = await clinician('Dr Ruiz', [web.id], '13:00', '16:00');
  return { organization, place, web, staffOnly, hart, ruiz };
}

export async function apiKey(t: TestAppHandle, cookie: string, scopes: string[], organizationIds: string[]): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/developer/api-keys', headers: { cookie }, payload: { name: `FHIR ${scopes.join(' ')}`, organizationIds, scopes } });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { secret: string }).secret;
}

/** A patient as a FHIR client sends one. */
export const patientResource = (id = 'p1') => ({
  resourceType: 'Patient',
  id,
  name: [{ family: 'Lopez', given: ['Maria'] }],
  birthDate: '1980-04-02',
  telecom: [{ system: 'phone', value: '(860) 555-0142' }],
});
