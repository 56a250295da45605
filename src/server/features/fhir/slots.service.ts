import { Temporal } from 'temporal-polyfill';
import type { AppContext } from '../../app-context.js';
import { invalid, notFound } from '../../http/errors.js';
import type { StaffActor } from '../../policy/actor.js';
import type { FhirBundle, FhirBundleEntry, FhirSlot, SlotSearchQuery } from '../../../contracts/fhir.js';
import { dateAt, startOfDate } from '../../../domain/calendars/open-times.js';
import { ACTIVE_VISIT_STATUSES } from '../../../domain/calendars/visits.js';
import { decodeSlotId, type SlotKey } from '../../../domain/fhir/slot-id.js';
import { slotStepMinutes, VISIT_TYPE_SYSTEM } from '../../../domain/fhir/scheduling-codes.js';
import { readDateBound, readReference, readToken, repeatsOf, valuesOf, windowOf, type DateBound, type Many } from '../../../domain/fhir/search-params.js';
import { searchOpenTimes, searchVisits, type NamedOpenTime, type VisitTypeRow } from '../calendars/index.js';
import { isUuid } from '../organizations/index.js';
import { informationOutcome } from './operation-outcome.js';
import { match, outcome, presentSlot, searchBundle } from './fhir.presenter.js';
import { bookableByApi, clinicianIn, visiblePractices, type Practice } from './practices.service.js';

/**
 * Slots: a clinician's free times for a visit type come from the open-times engine under the
 * web's rules (decision 051); busy ones are the clinician's booked visits (and live holds, as
 * busy-tentative). Nothing is stored for a slot: its id says what it is (domain/fhir/slot-id.ts).
 */

const DAY_MS = 86_400_000;
const DEFAULT_DAYS = 14;
const MAX_DAYS = 62;
const DEFAULT_COUNT = 100;

export interface FreeTime {
  practice: Practice;
  visitType: VisitTypeRow;
  time: NamedOpenTime;
}

export interface FreeSearch {
  practices: Practice[];
  /** The real-time window of each practice (its zone reads the dates). */
  windowOf: (practice: Practice) => { from: number; to: number };
  visitTypeIds: string[] | null;
  clinicianIds: string[] | null;
  locationIds: string[] | null;
  /** At most this many times (the earliest), and whether there were more. */
  limit: number;
  /** The grid of starts (the visit type's slot grid by default); a single slot is checked on a fine one. */
  stepMinutes?: number;
}

/** Free times of the practices' API-bookable visit types, earliest first, one per clinician and start. */
export async function freeTimes(ctx: AppContext, s: FreeSearch): Promise<{ times: FreeTime[]; truncated: boolean }> {
  const now = ctx.clock.now();
  const lists = await Promise.all(
    s.practices.flatMap((practice) => {
      const zone = practice.organization.timeZone;
      const { from, to } = s.windowOf(practice);
      if (to <= from) return [];
      const fromDate = dateAt(zone, from);
      const days = Temporal.PlainDate.from(fromDate).until(Temporal.PlainDate.from(dateAt(zone, to - 1))).days + 1;
      return practice.directory.visitTypes
        .filter((v) => bookableByApi(v) && (s.visitTypeIds === null || s.visitTypeIds.includes(v.id)))
        .map(async (visitType): Promise<FreeTime[]> => {
          const clinicians = practice.directory.clinicians.filter((c) => c.active && c.visitTypeIds.includes(visitType.id) && (s.clinicianIds === null || s.clinicianIds.includes(c.id)));
          if (clinicians.length === 0) return [];
          const answer = await searchOpenTimes(
            ctx.db,
            practice.organization,
            visitType,
            { fromDate, days, clinician: clinicians.length === 1 ? clinicians[0] : null, stepMinutes: s.stepMinutes ?? slotStepMinutes(visitType.lengthMinutes), limit: s.limit + 200, everyClinician: true },
            now,
          );
          const allowed = new Set(clinicians.map((c) => c.id));
          return answer.times
            .filter((t) => allowed.has(t.clinicianId) && t.start >= from && t.start < to && (s.locationIds === null || s.locationIds.includes(t.locationId)))
            .map((time) => ({ practice, visitType, time }));
        });
    }),
  );
  const all = lists.flat().sort((a, b) => a.time.start - b.time.start || a.time.clinicianId.localeCompare(b.time.clinicianId) || a.visitType.id.localeCompare(b.visitType.id));
  return { times: all.slice(0, s.limit), truncated: all.length > s.limit };
}

/** The window of date search values for a practice: 14 days from today by default, at most 62. */
export function searchWindow(bounds: DateBound[], field: string, defaultFrom: 'today' | 'now' = 'today') {
  return (practice: Practice, nowMs: number): { from: number; to: number } => {
    const zone = practice.organization.timeZone;
    const w = windowOf(bounds, zone);
    if (w.unsupported.length) throw invalid({ [field]: `Use the prefixes eq, ge, gt, le or lt (not ${w.unsupported.join(', ')}).` });
    const today = startOfDate(zone, dateAt(zone, nowMs));
    const from = w.from ?? (defaultFrom === 'now' ? nowMs : today);
    const to = w.to ?? startOfDate(zone, Temporal.PlainDate.from(dateAt(zone, from)).add({ days: DEFAULT_DAYS }));
    if (to - from > (MAX_DAYS + 1) * DAY_MS) throw invalid({ [field]: `Ask for at most ${MAX_DAYS} days at a time.` });
    return { from, to };
  };
}

export function dateBounds(param: Many, field: string): DateBound[] {
  return repeatsOf(param).flatMap((alternatives) => {
    if (alternatives.length > 1) throw invalid({ [field]: 'Give one date per parameter (repeat the parameter for a range).' });
    const bound = readDateBound(alternatives[0]!);
    if (!bound) throw invalid({ [field]: 'Use a date (2026-03-02) or a date-time with its offset, with a prefix such as ge or le.' });
    return [bound];
  });
}

/** Visit type ids of `service-type` tokens (`urn:switchboard:visit-type|<id>` or `<id>`); null when none were given. */
export function visitTypeIdsOf(param: Many): string[] | null {
  const tokens = valuesOf(param).map(readToken);
  if (tokens.length === 0) return null;
  // Only our ids can match (and only ids reach the database: anything else matches nothing).
  return tokens.filter((t) => (t.system === null || t.system === VISIT_TYPE_SYSTEM) && t.code && isUuid(t.code)).map((t) => t.code!);
}

export async function searchSlots(ctx: AppContext, actor: StaffActor, query: SlotSearchQuery, base: string): Promise<FhirBundle> {
  const practices = await visiblePractices(ctx, actor);
  const now = ctx.clock.now();
  const statuses = valuesOf(query.status);
  for (const s of statuses) if (!['free', 'busy', 'busy-tentative'].includes(s)) throw invalid({ status: 'Use free, busy or busy-tentative.' });
  const wanted = new Set(statuses.length ? statuses : ['free', 'busy']);
  const visitTypeIds = visitTypeIdsOf(query['service-type']);
  const schedules = valuesOf(query.schedule).map((s) => readReference(s, ['Schedule']));
  if (schedules.some((s) => s === null)) throw invalid({ schedule: 'Use Schedule/<id>.' });
  const actors = valuesOf(query['schedule.actor']).map((a) => readReference(a, ['Practitioner', 'Location']));
  if (actors.some((a) => a === null)) throw invalid({ 'schedule.actor': 'Use Practitioner/<id> or Location/<id>.' });
  const practitionerIds = [...schedules, ...actors.filter((a) => a!.type === 'Practitioner')].map((r) => r!.id);
  const clinicianIds = practitionerIds.length ? practitionerIds.filter(isUuid) : null;
  const locationIds = actors.some((a) => a!.type === 'Location') ? actors.filter((a) => a!.type === 'Location').map((a) => a!.id).filter(isUuid) : null;
  const windowFor = searchWindow(dateBounds(query.start, 'start'), 'start');
  const windows = new Map(practices.map((p) => [p.organization.id, windowFor(p, now.getTime())]));
  const limit = query._count ?? DEFAULT_COUNT;

  const found: { start: number; slot: FhirSlot }[] = [];
  let truncated = false;
  if (wanted.has('free')) {
    const free = await freeTimes(ctx, { practices, windowOf: (p) => windows.get(p.organization.id)!, visitTypeIds, clinicianIds, locationIds, limit });
    truncated = free.truncated;
    for (const f of free.times) {
      found.push({ start: f.time.start, slot: presentSlot({ clinicianId: f.time.clinicianId, visitTypeId: f.visitType.id, startMs: f.time.start }, f.time.end, 'free', f.visitType, f.practice.organization.timeZone) });
    }
  }
  if (wanted.has('busy') || wanted.has('busy-tentative')) {
    for (const p of practices) {
      const { from, to } = windows.get(p.organization.id)!;
      const visits = await searchVisits(
        ctx.db,
        { organizationIds: [p.organization.id], from: new Date(from), to: new Date(to), clinicianIds: clinicianIds ?? undefined, locationIds: locationIds ?? undefined, visitTypeIds: visitTypeIds ?? undefined, statuses: ACTIVE_VISIT_STATUSES, limit: 5000, offset: 0 },
        now,
      );
      for (const v of visits) {
        const status = v.status === 'held' ? 'busy-tentative' : 'busy';
        if (!wanted.has(status)) continue;
        found.push({ start: v.startsAt.getTime(), slot: presentSlot({ clinicianId: v.clinicianId, visitTypeId: v.visitTypeId, startMs: v.startsAt.getTime() }, v.endsAt.getTime(), status, { id: v.visitTypeId, nameEn: v.visitTypeNameEn }, p.organization.timeZone) });
      }
    }
  }
  found.sort((a, b) => a.start - b.start || a.slot.schedule.reference!.localeCompare(b.slot.schedule.reference!));
  const entries: FhirBundleEntry[] = found.slice(0, limit).map((f) => match(f.slot));
  if (truncated || found.length > limit) entries.push(outcome(informationOutcome(`More slots than _count=${limit}: ask for a shorter date range or a larger _count (at most 1000).`)));
  const closed = (visitTypeIds ?? []).flatMap((id) => practices.map((p) => p.visitTypes.get(id)).filter((v): v is VisitTypeRow => Boolean(v && !bookableByApi(v))));
  for (const v of closed) entries.push(outcome(informationOutcome(`${v.nameEn} is not booked through the API (the practice books it by phone or at the front desk): it has no free slots here.`)));
  return searchBundle(base, entries, found.length);
}

/** One slot by its id: free when the engine offers it now, busy when a visit holds it, otherwise busy-unavailable. */
export async function readSlot(ctx: AppContext, actor: StaffActor, id: string): Promise<FhirSlot> {
  const key = decodeSlotId(id);
  if (!key) throw notFound('That slot');
  const found = await slotTarget(ctx, actor, key);
  const { practice, visitType } = found;
  const zone = practice.organization.timeZone;
  const now = ctx.clock.now();
  const end = key.startMs + visitType.lengthMinutes * 60_000;
  const [visit] = await searchVisits(ctx.db, { organizationIds: [practice.organization.id], from: new Date(key.startMs), to: new Date(key.startMs + 60_000), clinicianIds: [key.clinicianId], visitTypeIds: [visitType.id], statuses: ACTIVE_VISIT_STATUSES, limit: 1, offset: 0 }, now);
  if (visit) return presentSlot(key, visit.endsAt.getTime(), visit.status === 'held' ? 'busy-tentative' : 'busy', visitType, zone);
  const { times } = await freeTimes(ctx, {
    practices: [practice],
    windowOf: () => ({ from: key.startMs, to: key.startMs + 60_000 }),
    visitTypeIds: [visitType.id],
    clinicianIds: [key.clinicianId],
    locationIds: null,
    limit: 1,
    // Any start the booking engine would take is free (the 409's "open instead" times lie on its 15-minute grid).
    stepMinutes: 5,
  });
  return presentSlot(key, end, times.some((t) => t.time.start === key.startMs) ? 'free' : 'busy-unavailable', visitType, zone);
}

/** The practice, clinician and visit type a slot names, if the actor may see them; otherwise 404. */
export async function slotTarget(ctx: AppContext, actor: StaffActor, key: SlotKey) {
  const { practice, clinician } = clinicianIn(await visiblePractices(ctx, actor), key.clinicianId, 'That slot');
  const visitType = practice.visitTypes.get(key.visitTypeId);
  if (!visitType) throw notFound('That slot');
  return { practice, clinician, visitType };
}
