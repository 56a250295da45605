import { Temporal } from 'temporal-polyfill';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError, conflict, invalid, notFound } from '../../http/errors.js';
import type { StaffActor } from '../../policy/actor.js';
import { toE164 } from '../../../domain/phone.js';
import { countryOfNumber, formatPhoneNumber } from '../../../domain/format/phone.js';
import {
  coverage,
  coverageGaps,
  dayContext,
  dutyState,
  inForce,
  isOpen,
  markRequired,
  onDuty,
  openIntervals,
  resolveScheduleTime,
  type Assignee,
  type DutySegment,
  type DutyState,
  type Schedule,
  type SchedulePurpose,
} from '../../../domain/time/index.js';
import { findHours, toHours, isUuid, loadVisibleOrganization, type OrganizationRow, phoneCountryOf } from '../organizations/index.js';
import { recordAudit } from '../audit/index.js';
import {
  activeMemberIds,
  countShifts,
  deleteOverrideIfVersion,
  deleteScheduleIfVersion,
  deleteShiftIfVersion,
  findOverride,
  findSchedule,
  findScheduleByName,
  findShift,
  insertOverride,
  insertSchedule,
  insertShift,
  listOverrides,
  listSchedules,
  listShifts,
  touchSchedule,
  updateOverrideIfVersion,
  updateScheduleIfVersion,
  updateShiftIfVersion,
  userNames,
  type OverrideRow,
  type ScheduleRow,
  type ShiftRow,
} from './schedules.repository.js';
import type { Assignee as AssigneeView, AssigneeInput, OverrideInput, ShiftInput } from '../../../contracts/schedules.js';

const DAY_MS = 86_400_000;
/** Overrides that ended this recently are still listed, for reference. */
const RECENT_OVERRIDES_MS = 14 * DAY_MS;
const MAX_OVERRIDE_MS = 366 * DAY_MS;
export const SCHEDULE_STALE_MESSAGE = 'This schedule was changed elsewhere. Reload to see the latest version, then make your change again.';

export interface ScheduleContext {
  organization: OrganizationRow;
  schedule: ScheduleRow;
}

export interface ScheduleDetail extends ScheduleContext {
  shifts: ShiftRow[];
  overrides: OverrideRow[];
  onDutyNow: AssigneeView[];
  /** What "on duty now" means, read against the office's hours (a closed office is no gap). */
  dutyNow: DutyState;
  names: Map<string, string>;
}

/** Whether the office is open at `at` by its hours and their date overrides — the engine open-now and transfers use. */
export async function officeOpenAt(db: DbOrTx, organization: { id: string; timeZone: string }, at: Date): Promise<boolean> {
  return isOpen(toHours(organization.timeZone, await findHours(db, organization.id)), at.getTime());
}

/** Who the schedule puts on duty at `at`, given whether the office is open then (`inForce`). */
function dutyNowOf(schedule: Schedule, purpose: SchedulePurpose, officeOpen: boolean, at: Date): Assignee[] {
  return inForce(purpose, officeOpen) ? onDuty(schedule, at.getTime()) : [];
}

// ---------------------------------------------------------------------------------------------
// Reading

export async function listSchedulesOf(ctx: AppContext, actor: StaffActor, organizationId: string) {
  const organization = await loadVisibleOrganization(ctx.db, actor, organizationId);
  const rows = await listSchedules(ctx.db, organization.id);
  const ids = rows.map((r) => r.id);
  const now = ctx.clock.now();
  const [shifts, overrides, shiftCounts, officeOpen] = await Promise.all([
    listShifts(ctx.db, ids),
    listOverrides(ctx.db, ids, now),
    countShifts(ctx.db, ids),
    officeOpenAt(ctx.db, organization, now),
  ]);
  const names = await userNames(ctx.db, userIdsOf(shifts, overrides));
  const items = rows.map((schedule) => {
    const own = (r: { scheduleId: string }) => r.scheduleId === schedule.id;
    const domain = toDomainSchedule(organization.timeZone, shifts.filter(own), overrides.filter(own));
    const onDutyNow = dutyNowOf(domain, schedule.purpose, officeOpen, now).map((a) => assigneeView(a, names));
    return {
      schedule,
      shiftCount: shiftCounts.get(schedule.id) ?? 0,
      overrideCount: overrides.filter(own).length,
      onDutyNow,
      dutyNow: dutyState(onDutyNow.length, schedule.purpose, officeOpen),
    };
  });
  return { organization, items };
}

export async function getSchedule(ctx: AppContext, actor: StaffActor, scheduleId: string): Promise<ScheduleDetail> {
  const sc = await loadSchedule(ctx.db, actor, scheduleId);
  return detail(ctx.db, sc, ctx.clock.now());
}

export async function onDutyAt(ctx: AppContext, actor: StaffActor, scheduleId: string, at: string | undefined) {
  const sc = await loadSchedule(ctx.db, actor, scheduleId);
  const instant = at ? new Date(at) : ctx.clock.now();
  const [shifts, overrides, officeOpen] = await Promise.all([
    listShifts(ctx.db, [sc.schedule.id]),
    listOverrides(ctx.db, [sc.schedule.id], instant, new Date(instant.getTime() + 1)),
    officeOpenAt(ctx.db, sc.organization, instant),
  ]);
  const names = await userNames(ctx.db, userIdsOf(shifts, overrides));
  const list = dutyNowOf(toDomainSchedule(sc.organization.timeZone, shifts, overrides), sc.schedule.purpose, officeOpen, instant);
  return { at: instant, timeZone: sc.organization.timeZone, onDuty: list.map((a) => assigneeView(a, names)), dutyNow: dutyState(list.length, sc.schedule.purpose, officeOpen) };
}

/** Who is on duty across `days` dates from `from` (today by default) in the organization's zone. */
export async function coverageOf(ctx: AppContext, actor: StaffActor, scheduleId: string, query: { from?: string; days: number }) {
  const sc = await loadSchedule(ctx.db, actor, scheduleId);
  const zone = sc.organization.timeZone;
  const first = query.from
    ? Temporal.PlainDate.from(query.from)
    : Temporal.Instant.fromEpochMilliseconds(ctx.clock.now().getTime()).toZonedDateTimeISO(zone).toPlainDate();
  const hoursRow = await findHours(ctx.db, sc.organization.id);
  const hours = toHours(zone, hoursRow);
  const days = Array.from({ length: query.days }, (_, i) => {
    const date = first.add({ days: i });
    const start = date.toZonedDateTime({ timeZone: zone }).epochMilliseconds;
    // The date override governing the day (a holiday, special hours), as the hours page names it.
    return { date: date.toString(), start, end: date.add({ days: 1 }).toZonedDateTime({ timeZone: zone }).epochMilliseconds, label: dayContext(hours, start).label ?? null };
  });
  const from = days[0]!.start;
  const to = days[days.length - 1]!.end;
  const [shifts, overrides] = await Promise.all([listShifts(ctx.db, [sc.schedule.id]), listOverrides(ctx.db, [sc.schedule.id], new Date(from), new Date(to))]);
  const names = await userNames(ctx.db, userIdsOf(shifts, overrides));
  const segments: DutySegment[] = coverage(toDomainSchedule(zone, shifts, overrides), from, to);
  // Only the hours this schedule exists for must be covered: office hours for an office rota,
  // the closed hours for after-hours coverage; an office rota is off duty while the office is closed.
  const open = openIntervals(hours, from, to).map((o) => ({ start: o.start.epochMilliseconds, end: o.end.epochMilliseconds }));
  const marked = markRequired(
    segments.map((s) => ({ start: s.start.epochMilliseconds, end: s.end.epochMilliseconds, onDuty: s.onDuty.map((a) => assigneeView(a, names)) })),
    open,
    sc.schedule.purpose,
  );
  const gaps = coverageGaps(marked);
  return { timeZone: zone, from, to, purpose: sc.schedule.purpose, days, segments: marked, gapCount: gaps.count, gapMinutes: gaps.minutes };
}

// ---------------------------------------------------------------------------------------------
// Schedules

export async function createSchedule(ctx: AppContext, actor: StaffActor, organizationId: string, input: { name: string; description: string; purpose: SchedulePurpose }) {
  const organization = await loadVisibleOrganization(ctx.db, actor, organizationId);
  if (await findScheduleByName(ctx.db, organization.id, input.name)) throw nameTaken();
  const schedule = await withUniqueName(() =>
    ctx.db.transaction(async (tx) => {
      const created = await insertSchedule(tx, { organizationId: organization.id, name: input.name, description: input.description, purpose: input.purpose });
      await audit(tx, actor, 'schedule.created', created, { name: created.name });
      return created;
    }),
  );
  return detail(ctx.db, { organization, schedule }, ctx.clock.now());
}

export async function updateSchedule(
  ctx: AppContext,
  actor: StaffActor,
  scheduleId: string,
  input: { version: number; name?: string; description?: string; purpose?: SchedulePurpose },
) {
  const sc = await loadSchedule(ctx.db, actor, scheduleId);
  if (input.name !== undefined) {
    const other = await findScheduleByName(ctx.db, sc.organization.id, input.name);
    if (other && other.id !== sc.schedule.id) throw nameTaken();
  }
  const schedule = await withUniqueName(() =>
    ctx.db.transaction(async (tx) => {
      const updated = await updateScheduleIfVersion(tx, sc.schedule.id, input.version, { name: input.name, description: input.description, purpose: input.purpose });
      if (!updated) throw await staleSchedule(tx, sc.schedule.id);
      await audit(tx, actor, 'schedule.updated', updated, { fields: Object.keys(input).filter((k) => k !== 'version') });
      return updated;
    }),
  );
  return detail(ctx.db, { organization: sc.organization, schedule }, ctx.clock.now());
}

export async function deleteSchedule(ctx: AppContext, actor: StaffActor, scheduleId: string, version: number): Promise<void> {
  const sc = await loadSchedule(ctx.db, actor, scheduleId);
  await ctx.db.transaction(async (tx) => {
    if (!(await deleteScheduleIfVersion(tx, sc.schedule.id, version))) throw await staleSchedule(tx, sc.schedule.id);
    await audit(tx, actor, 'schedule.deleted', sc.schedule, { name: sc.schedule.name });
  });
}

// ---------------------------------------------------------------------------------------------
// Shifts

export async function addShift(ctx: AppContext, actor: StaffActor, scheduleId: string, body: ShiftInput) {
  const sc = await loadSchedule(ctx.db, actor, scheduleId);
  const assignee = await resolveAssignees(ctx.db, sc.organization, { assignee: body.assignee });
  await ctx.db.transaction(async (tx) => {
    const shift = await insertShift(tx, { scheduleId: sc.schedule.id, organizationId: sc.organization.id, ...shiftColumns(body), ...assigneeColumns(assignee.assignee) });
    await touchSchedule(tx, sc.schedule.id);
    await audit(tx, actor, 'schedule.shift_added', sc.schedule, { shiftId: shift.id });
  });
  return detail(ctx.db, sc, ctx.clock.now());
}

export async function changeShift(ctx: AppContext, actor: StaffActor, scheduleId: string, shiftId: string, version: number, body: ShiftInput) {
  const sc = await loadSchedule(ctx.db, actor, scheduleId);
  if (!isUuid(shiftId) || !(await findShift(ctx.db, sc.schedule.id, shiftId))) throw notFound('That shift');
  const assignee = await resolveAssignees(ctx.db, sc.organization, { assignee: body.assignee });
  await ctx.db.transaction(async (tx) => {
    const updated = await updateShiftIfVersion(tx, sc.schedule.id, shiftId, version, { ...shiftColumns(body), ...assigneeColumns(assignee.assignee) });
    if (!updated) throw await staleRow(() => findShift(tx, sc.schedule.id, shiftId), 'That shift');
    await touchSchedule(tx, sc.schedule.id);
    await audit(tx, actor, 'schedule.shift_changed', sc.schedule, { shiftId });
  });
  return detail(ctx.db, sc, ctx.clock.now());
}

export async function removeShift(ctx: AppContext, actor: StaffActor, scheduleId: string, shiftId: string, version: number) {
  const sc = await loadSchedule(ctx.db, actor, scheduleId);
  if (!isUuid(shiftId)) throw notFound('That shift');
  await ctx.db.transaction(async (tx) => {
    if (!(await deleteShiftIfVersion(tx, sc.schedule.id, shiftId, version))) throw await staleRow(() => findShift(tx, sc.schedule.id, shiftId), 'That shift');
    await touchSchedule(tx, sc.schedule.id);
    await audit(tx, actor, 'schedule.shift_removed', sc.schedule, { shiftId });
  });
  return detail(ctx.db, sc, ctx.clock.now());
}

// ---------------------------------------------------------------------------------------------
// Overrides

export async function addOverride(ctx: AppContext, actor: StaffActor, scheduleId: string, body: OverrideInput) {
  const sc = await loadSchedule(ctx.db, actor, scheduleId);
  const columns = await overrideColumns(ctx.db, sc.organization, body);
  await ctx.db.transaction(async (tx) => {
    const created = await insertOverride(tx, { scheduleId: sc.schedule.id, organizationId: sc.organization.id, ...columns });
    await touchSchedule(tx, sc.schedule.id);
    await audit(tx, actor, 'schedule.override_added', sc.schedule, { overrideId: created.id });
  });
  return detail(ctx.db, sc, ctx.clock.now());
}

export async function changeOverride(ctx: AppContext, actor: StaffActor, scheduleId: string, overrideId: string, version: number, body: OverrideInput) {
  const sc = await loadSchedule(ctx.db, actor, scheduleId);
  if (!isUuid(overrideId) || !(await findOverride(ctx.db, sc.schedule.id, overrideId))) throw notFound('That override');
  const columns = await overrideColumns(ctx.db, sc.organization, body);
  await ctx.db.transaction(async (tx) => {
    const updated = await updateOverrideIfVersion(tx, sc.schedule.id, overrideId, version, columns);
    if (!updated) throw await staleRow(() => findOverride(tx, sc.schedule.id, overrideId), 'That override');
    await touchSchedule(tx, sc.schedule.id);
    await audit(tx, actor, 'schedule.override_changed', sc.schedule, { overrideId });
  });
  return detail(ctx.db, sc, ctx.clock.now());
}

export async function removeOverride(ctx: AppContext, actor: StaffActor, scheduleId: string, overrideId: string, version: number) {
  const sc = await loadSchedule(ctx.db, actor, scheduleId);
  if (!isUuid(overrideId)) throw notFound('That override');
  await ctx.db.transaction(async (tx) => {
    if (!(await deleteOverrideIfVersion(tx, sc.schedule.id, overrideId, version))) {
      throw await staleRow(() => findOverride(tx, sc.schedule.id, overrideId), 'That override');
    }
    await touchSchedule(tx, sc.schedule.id);
    await audit(tx, actor, 'schedule.override_removed', sc.schedule, { overrideId });
  });
  return detail(ctx.db, sc, ctx.clock.now());
}

// ---------------------------------------------------------------------------------------------
// Helpers

/** The schedule and its organization, or "not found" when either is not the actor's to see. */
async function loadSchedule(db: DbOrTx, actor: StaffActor, scheduleId: string): Promise<ScheduleContext> {
  if (!isUuid(scheduleId)) throw notFound('That schedule');
  const schedule = await findSchedule(db, scheduleId);
  if (!schedule) throw notFound('That schedule');
  const organization = await loadVisibleOrganization(db, actor, schedule.organizationId).catch((err: unknown) => {
    throw err instanceof AppError && err.statusCode === 404 ? notFound('That schedule') : err;
  });
  return { organization, schedule };
}

async function detail(db: DbOrTx, sc: ScheduleContext, now: Date): Promise<ScheduleDetail> {
  const schedule = (await findSchedule(db, sc.schedule.id)) ?? sc.schedule;
  const [shifts, overrides] = await Promise.all([
    listShifts(db, [schedule.id]),
    listOverrides(db, [schedule.id], new Date(now.getTime() - RECENT_OVERRIDES_MS)),
  ]);
  const names = await userNames(db, userIdsOf(shifts, overrides));
  const current = overrides.filter((o) => o.endsAt > now);
  const officeOpen = await officeOpenAt(db, sc.organization, now);
  const onDutyNow = dutyNowOf(toDomainSchedule(sc.organization.timeZone, shifts, current), schedule.purpose, officeOpen, now).map((a) => assigneeView(a, names));
  return { organization: sc.organization, schedule, shifts, overrides, onDutyNow, dutyNow: dutyState(onDutyNow.length, schedule.purpose, officeOpen), names };
}

export function toDomainSchedule(timeZone: string, shifts: ShiftRow[], overrides: OverrideRow[]): Schedule {
  return {
    timeZone,
    shifts: shifts.map((s) => ({
      id: s.id,
      assignee: assigneeOf(s.assigneeType, s.assigneeUserId, s.assigneePhone),
      days: s.days,
      start: s.startTime,
      end: s.endTime,
      precedence: s.precedence,
      ...(s.effectiveFrom ? { effectiveFrom: s.effectiveFrom } : {}),
      ...(s.effectiveTo ? { effectiveTo: s.effectiveTo } : {}),
    })),
    overrides: overrides.map((o) => ({
      id: o.id,
      assignee: assigneeOf(o.assigneeType, o.assigneeUserId, o.assigneePhone),
      from: o.startsAt.toISOString(),
      to: o.endsAt.toISOString(),
      ...(o.replacesType ? { replacesAssignee: assigneeOf(o.replacesType, o.replacesUserId, o.replacesPhone) } : {}),
    })),
  };
}

function assigneeOf(type: 'user' | 'phone', userId: string | null, phone: string | null): Assignee {
  return type === 'user' ? { type: 'user', userId: userId ?? '' } : { type: 'phone', phone: phone ?? '' };
}

export function assigneeView(a: Assignee, names: Map<string, string>): AssigneeView {
  return a.type === 'user'
    ? { type: 'user', userId: a.userId, phone: null, name: names.get(a.userId) ?? 'Unknown user' }
    : { type: 'phone', userId: null, phone: a.phone, name: displayPhone(a.phone) };
}

/** "(860) 555-0142", "020 7946 0018": the stored E.164 number as its country writes it (domain/format/phone.ts). */
function displayPhone(e164: string): string {
  return formatPhoneNumber(e164, countryOfNumber(e164) ?? 'US');
}

export function storedAssigneeView(type: 'user' | 'phone', userId: string | null, phone: string | null, names: Map<string, string>): AssigneeView {
  return assigneeView(assigneeOf(type, userId, phone), names);
}

function userIdsOf(shifts: ShiftRow[], overrides: OverrideRow[]): string[] {
  const ids = new Set<string>();
  for (const s of shifts) if (s.assigneeUserId) ids.add(s.assigneeUserId);
  for (const o of overrides) {
    if (o.assigneeUserId) ids.add(o.assigneeUserId);
    if (o.replacesUserId) ids.add(o.replacesUserId);
  }
  return [...ids];
}

function shiftColumns(body: ShiftInput) {
  return {
    days: [...body.days].sort((a, b) => a - b),
    startTime: body.start,
    endTime: body.end,
    effectiveFrom: body.effectiveFrom,
    effectiveTo: body.effectiveTo,
    precedence: body.precedence,
  };
}

function assigneeColumns(a: Assignee) {
  return a.type === 'user'
    ? { assigneeType: 'user' as const, assigneeUserId: a.userId, assigneePhone: null }
    : { assigneeType: 'phone' as const, assigneeUserId: null, assigneePhone: a.phone };
}

/**
 * Checks each named assignee against the organization: a person must belong to it (and not be
 * deactivated); a number must be a real one, stored in E.164. Errors name the field.
 */
async function resolveAssignees<K extends string>(
  db: DbOrTx,
  organization: OrganizationRow,
  input: Record<K, AssigneeInput | null>,
): Promise<Record<K, Assignee>> {
  const fields: Record<string, string> = {};
  const out = {} as Record<K, Assignee>;
  const userIds = (Object.values(input) as (AssigneeInput | null)[]).flatMap((a) => (a?.type === 'user' ? [a.userId] : []));
  const members = await activeMemberIds(db, organization.id, userIds);
  for (const key of Object.keys(input) as K[]) {
    const a = input[key];
    if (!a) continue;
    if (a.type === 'user') {
      if (!members.has(a.userId)) fields[`${key}.userId`] = 'Choose a person who works in this organization.';
      else out[key] = { type: 'user', userId: a.userId };
    } else {
      const e164 = toE164(a.phone, phoneCountryOf(organization.address));
      if (!e164) fields[`${key}.phone`] = 'Enter a valid phone number in international form, e.g. +1 860 555 0100.';
      else out[key] = { type: 'phone', phone: e164 };
    }
  }
  if (Object.keys(fields).length) throw invalid(fields);
  return out;
}

async function overrideColumns(db: DbOrTx, organization: OrganizationRow, body: OverrideInput) {
  const zone = organization.timeZone;
  const startsAt = resolveScheduleTime(body.from, zone, 'start');
  const endsAt = resolveScheduleTime(body.to, zone, 'end');
  if (endsAt <= startsAt) throw invalid({ to: 'must be after the start' });
  if (endsAt - startsAt > MAX_OVERRIDE_MS) throw invalid({ to: 'an override lasts at most 366 days' });
  const resolved = await resolveAssignees(db, organization, { assignee: body.assignee, replacesAssignee: body.replacesAssignee });
  if (resolved.replacesAssignee && assigneeKey(resolved.replacesAssignee) === assigneeKey(resolved.assignee)) {
    throw invalid({ replacesAssignee: 'cannot cover for themselves' });
  }
  const a = assigneeColumns(resolved.assignee);
  const r = resolved.replacesAssignee;
  return {
    ...a,
    replacesType: r ? r.type : null,
    replacesUserId: r?.type === 'user' ? r.userId : null,
    replacesPhone: r?.type === 'phone' ? r.phone : null,
    startsAt: new Date(startsAt),
    endsAt: new Date(endsAt),
    note: body.note,
  };
}

function assigneeKey(a: Assignee): string {
  return a.type === 'user' ? `user:${a.userId}` : `phone:${a.phone}`;
}

function audit(db: DbOrTx, actor: StaffActor, action: string, schedule: ScheduleRow, details: Record<string, unknown>) {
  return recordAudit(db, { action, outcome: 'success', actor, organizationId: schedule.organizationId, recordType: 'schedule', recordId: schedule.id, details });
}

const nameTaken = () => conflict('That name is taken.', 'conflict', { fields: { name: 'This organization already has a schedule with that name.' } });

async function withUniqueName<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const pgErr = (err as { cause?: { code?: string; constraint?: string } })?.cause ?? (err as { code?: string; constraint?: string });
    if (pgErr?.code === '23505' && pgErr.constraint === 'schedules_org_name_unique') throw nameTaken();
    throw err;
  }
}

async function staleSchedule(db: DbOrTx, id: string) {
  const row = await findSchedule(db, id);
  return row ? conflict(SCHEDULE_STALE_MESSAGE, 'stale_version', { currentVersion: row.version }) : notFound('That schedule');
}

async function staleRow(find: () => Promise<{ version: number } | undefined>, what: string) {
  const row = await find();
  return row
    ? conflict(`${what} was changed elsewhere. Reload to see the latest version, then make your change again.`, 'stale_version', { currentVersion: row.version })
    : notFound(what);
}
