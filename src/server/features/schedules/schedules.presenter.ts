import { Temporal } from 'temporal-polyfill';
import type { OverrideRow, ScheduleRow, ShiftRow } from './schedules.repository.js';
import type { Assignee as AssigneeView } from '../../../contracts/schedules.js';
import type { DutyState } from '../../../domain/time/index.js';
import { storedAssigneeView, type ScheduleDetail } from './schedules.service.js';

/** "2026-06-05T17:00" in the zone. */
function localWallTime(at: Date, zone: string): string {
  return Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(zone).toPlainDateTime().toString({ smallestUnit: 'minute' });
}

export function presentShift(s: ShiftRow, names: Map<string, string>) {
  return {
    id: s.id,
    assignee: storedAssigneeView(s.assigneeType, s.assigneeUserId, s.assigneePhone, names),
    days: s.days,
    start: s.startTime,
    end: s.endTime,
    effectiveFrom: s.effectiveFrom,
    effectiveTo: s.effectiveTo,
    precedence: s.precedence,
    version: s.version,
  };
}

export function presentOverride(o: OverrideRow, zone: string, names: Map<string, string>) {
  return {
    id: o.id,
    assignee: storedAssigneeView(o.assigneeType, o.assigneeUserId, o.assigneePhone, names),
    replacesAssignee: o.replacesType ? storedAssigneeView(o.replacesType, o.replacesUserId, o.replacesPhone, names) : null,
    from: o.startsAt.toISOString(),
    to: o.endsAt.toISOString(),
    fromLocal: localWallTime(o.startsAt, zone),
    toLocal: localWallTime(o.endsAt, zone),
    note: o.note,
    version: o.version,
  };
}

export function presentSchedule(d: ScheduleDetail) {
  const zone = d.organization.timeZone;
  return {
    id: d.schedule.id,
    organizationId: d.schedule.organizationId,
    timeZone: zone,
    name: d.schedule.name,
    description: d.schedule.description,
    purpose: d.schedule.purpose,
    version: d.schedule.version,
    shifts: d.shifts.map((s) => presentShift(s, d.names)),
    overrides: d.overrides.map((o) => presentOverride(o, zone, d.names)),
    onDutyNow: d.onDutyNow,
    dutyNow: d.dutyNow,
    createdAt: d.schedule.createdAt.toISOString(),
    updatedAt: d.schedule.updatedAt.toISOString(),
  };
}

export function presentScheduleSummary(item: { schedule: ScheduleRow; shiftCount: number; overrideCount: number; onDutyNow: AssigneeView[]; dutyNow: DutyState }) {
  return {
    id: item.schedule.id,
    organizationId: item.schedule.organizationId,
    name: item.schedule.name,
    description: item.schedule.description,
    purpose: item.schedule.purpose,
    version: item.schedule.version,
    shiftCount: item.shiftCount,
    overrideCount: item.overrideCount,
    onDutyNow: item.onDutyNow,
    dutyNow: item.dutyNow,
    updatedAt: item.schedule.updatedAt.toISOString(),
  };
}

export function presentCoverage(c: {
  timeZone: string;
  from: number;
  to: number;
  purpose: ScheduleRow['purpose'];
  days: { date: string; start: number; end: number; label: string | null }[];
  segments: { start: number; end: number; onDuty: AssigneeView[]; required: boolean }[];
  gapCount: number;
  gapMinutes: number;
}) {
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    timeZone: c.timeZone,
    from: iso(c.from),
    to: iso(c.to),
    purpose: c.purpose,
    days: c.days.map((d) => ({ date: d.date, start: iso(d.start), end: iso(d.end), label: d.label })),
    segments: c.segments.map((s) => ({ start: iso(s.start), end: iso(s.end), onDuty: s.onDuty, required: s.required })),
    gapCount: c.gapCount,
    gapMinutes: c.gapMinutes,
  };
}
