import type { AppContext } from '../../app-context.js';
import { notFound } from '../../http/errors.js';
import type { StaffActor } from '../../policy/actor.js';
import type { FhirBundle, FhirLocation, FhirSchedule, LocationSearchQuery, ScheduleSearchQuery } from '../../../contracts/fhir.js';
import { readReference, readToken, valuesOf } from '../../../domain/fhir/search-params.js';
import { VISIT_TYPE_SYSTEM } from '../../../domain/fhir/scheduling-codes.js';
import { match, presentLocation, presentSchedule, searchBundle } from './fhir.presenter.js';
import { clinicianIn, visiblePractices } from './practices.service.js';

/** Locations (the practice's places) and Schedules (one per clinician) of the key's organizations. */

const DEFAULT_COUNT = 100;

export async function readLocation(ctx: AppContext, actor: StaffActor, id: string): Promise<FhirLocation> {
  for (const p of await visiblePractices(ctx, actor)) {
    const place = p.locations.get(id);
    if (place) return presentLocation(place, p.organization, p.phone);
  }
  throw notFound('That location');
}

export async function searchLocations(ctx: AppContext, actor: StaffActor, query: LocationSearchQuery, base: string): Promise<FhirBundle> {
  const ids = valuesOf(query._id);
  const names = valuesOf(query.name).map((n) => n.toLowerCase());
  const found = (await visiblePractices(ctx, actor)).flatMap((p) =>
    p.directory.locations
      .filter((l) => (ids.length === 0 || ids.includes(l.id)) && (names.length === 0 || names.some((n) => l.name.toLowerCase().startsWith(n))))
      .map((l) => presentLocation(l, p.organization, p.phone)),
  );
  return searchBundle(base, found.slice(0, query._count ?? DEFAULT_COUNT).map(match), found.length);
}

export async function readSchedule(ctx: AppContext, actor: StaffActor, id: string): Promise<FhirSchedule> {
  const { practice, clinician } = clinicianIn(await visiblePractices(ctx, actor), id);
  return presentSchedule(clinician, practice.visitTypes, practice.locations);
}

export async function searchSchedules(ctx: AppContext, actor: StaffActor, query: ScheduleSearchQuery, base: string): Promise<FhirBundle> {
  const ids = valuesOf(query._id);
  const actors = valuesOf(query.actor).map((a) => readReference(a, ['Practitioner', 'Location']));
  const types = valuesOf(query['service-type']).map(readToken);
  const active = valuesOf(query.active);
  const found = (await visiblePractices(ctx, actor)).flatMap((p) =>
    p.directory.clinicians
      .filter((c) => ids.length === 0 || ids.includes(c.id))
      .filter((c) => actors.length === 0 || actors.some((a) => a && (a.type === 'Practitioner' ? a.id === c.id : c.locationIds.includes(a.id))))
      .filter((c) => types.length === 0 || types.some((t) => (t.system === null || t.system === VISIT_TYPE_SYSTEM) && t.code !== null && c.visitTypeIds.includes(t.code)))
      .filter((c) => active.length === 0 || active.includes(String(c.active)))
      .map((c) => presentSchedule(c, p.visitTypes, p.locations)),
  );
  return searchBundle(base, found.slice(0, query._count ?? DEFAULT_COUNT).map(match), found.length);
}
