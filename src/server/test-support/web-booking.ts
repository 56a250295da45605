import { randomBytes } from 'node:crypto';
import type { AppContext } from '../app-context.js';
import { clinicianAvailability, clinicians, clinicianVisitTypes, locations, organizationHours, visitTypes } from '../db/schema/index.js';
import type { BookingChannel } from '../../domain/calendars/visits.js';
import { cookiesFrom } from './http.js';
import { ORIGIN, requestFields } from './patients.js';
import type { TestApp } from './test-app.js';

/**
 * A practice's calendar for the web booking tests (issue 31 §4): one location, visit types and
 * clinicians written straight to the tables, and a patient who picks a time, gives their details
 * and books it through the public endpoints.
 */

const DRAFT = '/api/public/appointment-requests/draft';
const unique = () => randomBytes(3).toString('hex');

export interface TestVisitType {
  nameEn?: string;
  lengthMinutes?: number;
  bufferMinutes?: number;
  newPatientsAllowed?: boolean;
  minNoticeMinutes?: number;
  maxDaysAhead?: number;
  channels?: BookingChannel[];
  active?: boolean;
}

/**
 * A location, the visit types asked for and clinicians doing all of them on `days` from `start` to
 * `end` (the practice's wall clock). Office hours are set to the same days, `hours` wide.
 */
export async function webCalendar(
  ctx: Pick<AppContext, 'db'>,
  organizationId: string,
  opts: { types: TestVisitType[]; clinicians?: string[]; days?: number[]; start?: string; end?: string; hours?: { start: string; end: string } },
) {
  const days = opts.days ?? [1, 2, 3, 4, 5];
  const weekly = days.map((day) => ({ day, start: opts.hours?.start ?? '08:00', end: opts.hours?.end ?? '17:00' }));
  await ctx.db.insert(organizationHours).values({ organizationId, weekly }).onConflictDoUpdate({ target: organizationHours.organizationId, set: { weekly } });
  const [location] = await ctx.db.insert(locations).values({ organizationId, name: `Main clinic ${unique()}`, address: '1 Main Street, Hartford, CT 06103' }).returning();
  const types = [];
  for (const t of opts.types) {
    const [row] = await ctx.db
      .insert(visitTypes)
      .values({
        organizationId,
        nameEn: t.nameEn ?? `Visit ${unique()}`,
        nameEs: `Visita ${unique()}`,
        lengthMinutes: t.lengthMinutes ?? 30,
        bufferMinutes: t.bufferMinutes ?? 0,
        newPatientsAllowed: t.newPatientsAllowed ?? true,
        minNoticeMinutes: t.minNoticeMinutes ?? 60,
        maxDaysAhead: t.maxDaysAhead ?? 14,
        channels: t.channels ?? ['phone', 'web', 'staff'],
        active: t.active ?? true,
      })
      .returning();
    types.push(row!);
  }
  const people = [];
  for (const name of opts.clinicians ?? [`Dr. Avery ${unique()}`]) {
    const [c] = await ctx.db.insert(clinicians).values({ organizationId, name, title: 'MD' }).returning();
    await ctx.db.insert(clinicianVisitTypes).values(types.map((t) => ({ clinicianId: c!.id, visitTypeId: t.id, organizationId })));
    await ctx.db.insert(clinicianAvailability).values(days.map((day) => ({ clinicianId: c!.id, organizationId, day, startTime: opts.start ?? '09:00', endTime: opts.end ?? '12:00', locationId: location!.id })));
    people.push(c!);
  }
  return { location: location!, types, clinicians: people };
}

/** Starts a draft for `slug`: its cookie. */
export async function startWebDraft(app: TestApp, slug: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: DRAFT, headers: ORIGIN, payload: { organization: slug } });
  if (res.statusCode !== 200) throw new Error(`draft: ${res.statusCode} ${res.body}`);
  return cookiesFrom(res);
}

export const holdTime = (app: TestApp, cookie: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: `${DRAFT}/hold`, headers: { cookie, ...ORIGIN, ...headers }, payload: body });

/** Completes both steps of a draft (the request form's fields; `overrides` change step 1). */
export async function completeSteps(app: TestApp, cookie: string, overrides: Record<string, unknown> = {}) {
  const f = requestFields(overrides);
  for (const [step, body] of [['step-1', f.step1], ['step-2', { ...f.step2, preferredDays: [], timesOfDay: [] }]] as const) {
    const res = await app.inject({ method: 'PUT', url: `${DRAFT}/${step}`, headers: { cookie, ...ORIGIN }, payload: body });
    if (res.statusCode !== 200) throw new Error(`${step}: ${res.statusCode} ${res.body}`);
  }
  return f;
}

export const bookDraft = (app: TestApp, cookie: string) => app.inject({ method: 'POST', url: `${DRAFT}/book`, headers: { cookie, ...ORIGIN }, payload: {} });

/** The first open time of a visit type (one clinician, or the first available). */
export async function firstOpenTime(app: TestApp, slug: string, visitTypeId: string, clinicianId?: string, from?: string) {
  const q = new URLSearchParams({ visitTypeId, ...(clinicianId ? { clinicianId } : {}), ...(from ? { from } : {}), days: '14' });
  const res = await app.inject({ url: `/api/public/practices/${slug}/open-times?${q}` });
  if (res.statusCode !== 200) throw new Error(`open times: ${res.statusCode} ${res.body}`);
  const time = (res.json() as { times: { start: string; clinicianId: string }[] }).times[0];
  if (!time) throw new Error('no open time');
  return time;
}

/** A patient picks the first open time, gives their details and books it: the draft cookie, the reference code and the details. */
export async function bookOnWeb(app: TestApp, slug: string, visitTypeId: string, overrides: Record<string, unknown> = {}) {
  const cookie = await startWebDraft(app, slug);
  const time = await firstOpenTime(app, slug, visitTypeId);
  const held = await holdTime(app, cookie, { visitTypeId, clinicianId: time.clinicianId, start: time.start, isNewPatient: overrides.isNewPatient ?? false });
  if (held.statusCode !== 200) throw new Error(`hold: ${held.statusCode} ${held.body}`);
  const f = await completeSteps(app, cookie, { isNewPatient: false, ...overrides });
  const booked = await bookDraft(app, cookie);
  if (booked.statusCode !== 200) throw new Error(`book: ${booked.statusCode} ${booked.body}`);
  return { cookie, referenceCode: booked.json().referenceCode as string, start: time.start, clinicianId: time.clinicianId, email: (overrides.email as string | undefined) ?? f.email, dateOfBirth: f.step1.dateOfBirth as string };
}
