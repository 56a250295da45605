import type { AppContext } from '../../app-context.js';
import { notFound } from '../../http/errors.js';
import type { BulkPublishManifest } from '../../../contracts/fhir.js';
import { BOOKING_DEEP_LINK, BOOKING_PHONE } from '../../../domain/fhir/scheduling-codes.js';
import { findOrganizationBySlug, listVisibleOrganizations, type OrganizationRow } from '../organizations/index.js';
import { presentLocation, presentSchedule, presentSlot } from './fhir.presenter.js';
import { bookableByApi, practiceOf, type Practice } from './practices.service.js';
import { freeTimes, searchWindow } from './slots.service.js';

/**
 * SMART Scheduling Links bulk publication (decision 051): public, no key. A practice publishes
 * when it is active and lets patients book some visit type themselves (on the web) — the same
 * choice that opens the type to the API — and what it publishes says nothing about anyone: its
 * places, a Schedule per clinician doing such a type (name, places, those types) and the free
 * Slots of the next 14 days, each with a link to the practice's booking page and its phone.
 */

export type BulkFile = 'Location.ndjson' | 'Schedule.ndjson' | 'Slot.ndjson';
const FILES: { type: 'Location' | 'Schedule' | 'Slot'; file: BulkFile }[] = [
  { type: 'Location', file: 'Location.ndjson' },
  { type: 'Schedule', file: 'Schedule.ndjson' },
  { type: 'Slot', file: 'Slot.ndjson' },
];
/** The most free slots one practice's file holds (the earliest): a file stays a few megabytes. */
const MAX_SLOTS = 20_000;

const publishes = (p: Practice) => p.organization.status === 'active' && p.directory.visitTypes.some(bookableByApi) && p.directory.clinicians.some((c) => c.active);

async function publishingPractice(ctx: AppContext, organization: OrganizationRow | undefined): Promise<Practice | null> {
  if (!organization || organization.status !== 'active') return null;
  const practice = await practiceOf(ctx, organization);
  return publishes(practice) ? practice : null;
}

export async function bulkManifest(ctx: AppContext, base: string, slug: string | undefined): Promise<BulkPublishManifest> {
  const organizations = slug ? [await findOrganizationBySlug(ctx.db, slug)].filter((o): o is OrganizationRow => Boolean(o)) : await listVisibleOrganizations(ctx.db, null);
  const practices = (await Promise.all(organizations.map((o) => publishingPractice(ctx, o)))).filter((p): p is Practice => p !== null);
  const request = `${base}/$bulk-publish${slug ? `?organization=${encodeURIComponent(slug)}` : ''}`;
  return {
    transactionTime: ctx.clock.now().toISOString(),
    request,
    output: practices.flatMap((p) => {
      const state = (p.organization.address as Record<string, string | undefined>).region;
      return FILES.map(({ type, file }) => ({ type, url: `${base}/$bulk-publish/${encodeURIComponent(p.organization.slug)}/${file}`, ...(type === 'Slot' && state ? { extension: { state: [state] } } : {}) }));
    }),
    error: [],
  };
}

/** One NDJSON file of a publishing practice: a resource a line. */
export async function bulkFile(ctx: AppContext, slug: string, file: BulkFile): Promise<string> {
  const practice = await publishingPractice(ctx, await findOrganizationBySlug(ctx.db, slug));
  if (!practice) throw notFound('That practice does not publish open times');
  const { organization, directory } = practice;
  const schedules = directory.clinicians.filter((c) => c.active && c.visitTypeIds.some((id) => practice.visitTypes.get(id) && bookableByApi(practice.visitTypes.get(id)!)));
  let lines: unknown[];
  if (file === 'Location.ndjson') {
    lines = directory.locations.filter((l) => l.active).map((l) => presentLocation(l, organization, practice.phone));
  } else if (file === 'Schedule.ndjson') {
    lines = schedules.map((c) => presentSchedule(c, practice.visitTypes, practice.locations, bookableByApi));
  } else {
    const windowFor = searchWindow([], 'start', 'now');
    const now = ctx.clock.now().getTime();
    const { times } = await freeTimes(ctx, { practices: [practice], windowOf: (p) => windowFor(p, now), visitTypeIds: null, clinicianIds: schedules.map((c) => c.id), locationIds: null, limit: MAX_SLOTS });
    const link = `${ctx.baseUrl}/request-appointment?org=${encodeURIComponent(organization.slug)}`;
    const extension = [{ url: BOOKING_DEEP_LINK, valueUrl: link }, ...(practice.phone ? [{ url: BOOKING_PHONE, valueString: practice.phone }] : [])];
    lines = times.map((f) => presentSlot({ clinicianId: f.time.clinicianId, visitTypeId: f.visitType.id, startMs: f.time.start }, f.time.end, 'free', f.visitType, organization.timeZone, extension));
  }
  return lines.map((l) => JSON.stringify(l)).join('\n') + (lines.length ? '\n' : '');
}
