import { Temporal } from 'temporal-polyfill';
import { type InstantInput, toEpochMs, toInstant } from './instant-input.js';
import { type Assignee, type Schedule, assigneeKey, resolveScheduleTime } from './schedule.schema.js';
import { type DayRule, DayTimeline, type TaggedInterval } from './timeline.js';
import { DAY_MS, parseTimeOfDay } from './wall-clock.js';

export interface DutySegment {
  start: Temporal.Instant;
  end: Temporal.Instant;
  /** In duty order; empty for a gap in coverage. */
  onDuty: Assignee[];
}

/** Longest range `coverage` accepts; the UI asks for a week. */
export const MAX_COVERAGE_DAYS = 366;

interface CompiledShift {
  readonly assignee: Assignee;
  readonly key: string;
  readonly days: ReadonlySet<number>;
  readonly rule: DayRule;
  readonly effectiveFrom?: string;
  readonly effectiveTo?: string;
}

interface CompiledOverride {
  readonly from: number;
  readonly to: number;
  readonly assignee: Assignee;
  readonly key: string;
  readonly replacesKey?: string;
}

interface CompiledSchedule {
  /** In duty order (precedence, then list order); a shift's index is its interval tag. */
  readonly shifts: readonly CompiledShift[];
  /** Earliest start first, then list order. */
  readonly overrides: readonly CompiledOverride[];
  readonly timeline: DayTimeline;
}

const byContent = new Map<string, CompiledSchedule>();
const MAX_BY_CONTENT = 5000;

function compile(schedule: Schedule): CompiledSchedule {
  const zone = schedule.timeZone;
  const shifts: CompiledShift[] = schedule.shifts
    .map((s, index) => ({ s, index }))
    .sort((a, b) => a.s.precedence - b.s.precedence || a.index - b.index)
    .map(({ s }, tag) => {
      const startMin = parseTimeOfDay(s.start);
      const endMin = parseTimeOfDay(s.end);
      return {
        assignee: s.assignee,
        key: assigneeKey(s.assignee),
        days: new Set(s.days),
        rule: { startMin, endMin: endMin > startMin ? endMin : endMin + 1440, tag },
        ...(s.effectiveFrom === undefined ? {} : { effectiveFrom: s.effectiveFrom }),
        ...(s.effectiveTo === undefined ? {} : { effectiveTo: s.effectiveTo }),
      };
    });
  const overrides: CompiledOverride[] = (schedule.overrides ?? [])
    .map((o, index) => ({
      from: resolveScheduleTime(o.from, zone, 'start'),
      to: resolveScheduleTime(o.to, zone, 'end'),
      assignee: o.assignee,
      key: assigneeKey(o.assignee),
      ...(o.replacesAssignee ? { replacesKey: assigneeKey(o.replacesAssignee) } : {}),
      index,
    }))
    .sort((a, b) => a.from - b.from || a.index - b.index);
  // Effective dates apply to the date a shift starts on, so an overnight shift on its last
  // effective day still runs to its end.
  const timeline = new DayTimeline(zone, (info) =>
    shifts
      .filter(
        (s) =>
          s.days.has(info.dow) &&
          (s.effectiveFrom === undefined || s.effectiveFrom <= info.iso) &&
          (s.effectiveTo === undefined || info.iso <= s.effectiveTo),
      )
      .map((s) => s.rule),
  );
  return { shifts, overrides, timeline };
}

/** Cached by content, not identity: schedules are re-read per request and edited in place. */
function compiled(schedule: Schedule): CompiledSchedule {
  const key = JSON.stringify(schedule);
  let c = byContent.get(key);
  if (c === undefined) {
    c = compile(schedule);
    if (byContent.size >= MAX_BY_CONTENT) byContent.delete(byContent.keys().next().value!);
    byContent.set(key, c);
  }
  return c;
}

/**
 * Who is on duty at `ms`: running overrides first (earliest start first), then shifts by
 * precedence. Anyone an override covers for is off duty, and each person appears once.
 */
function dutyAt(c: CompiledSchedule, ms: number, shiftIntervals: readonly TaggedInterval[]): Assignee[] {
  const active = c.overrides.filter((o) => o.from <= ms && ms < o.to);
  const seen = new Set<string>();
  for (const o of active) if (o.replacesKey !== undefined) seen.add(o.replacesKey);
  const out: Assignee[] = [];
  const add = (key: string, assignee: Assignee): void => {
    if (seen.has(key)) return;
    seen.add(key);
    out.push(assignee);
  };
  for (const o of active) add(o.key, o.assignee);
  const tags = shiftIntervals.filter((iv) => iv.s <= ms && ms < iv.e).map((iv) => iv.tag);
  tags.sort((a, b) => a - b);
  for (const tag of tags) add(c.shifts[tag]!.key, c.shifts[tag]!.assignee);
  return out;
}

/** The ordered, de-duplicated list of assignees on duty at `at`. */
export function onDuty(schedule: Schedule, at: InstantInput): Assignee[] {
  const c = compiled(schedule);
  const ms = toEpochMs(at);
  return dutyAt(c, ms, c.timeline.collect(ms, ms + 1));
}

/**
 * Contiguous segments covering [from, to), each with who is on duty; gaps are segments with
 * nobody. Neighbouring segments with the same people in the same order are joined.
 * Schedule boundaries are resolved to the millisecond.
 */
export function coverage(schedule: Schedule, from: InstantInput, to: InstantInput): DutySegment[] {
  const f = toInstant(from);
  const t = toInstant(to);
  if (Temporal.Instant.compare(f, t) >= 0) return [];
  const fMs = f.epochMilliseconds;
  const tMs = t.epochMilliseconds;
  if (tMs - fMs > MAX_COVERAGE_DAYS * DAY_MS) throw new RangeError(`coverage spans at most ${MAX_COVERAGE_DAYS} days`);
  const c = compiled(schedule);
  const intervals = c.timeline.collect(fMs, tMs + 1);
  const cuts = new Set<number>();
  for (const iv of intervals) cuts.add(iv.s).add(iv.e);
  for (const o of c.overrides) cuts.add(o.from).add(o.to);
  const inner = [...cuts].filter((x) => x > fMs && x < tMs).sort((a, b) => a - b);

  const segments: DutySegment[] = [];
  let lastKey: string | null = null;
  let start = f;
  let atMs = fMs;
  for (const cut of [...inner, null]) {
    const onDutyNow = dutyAt(c, atMs, intervals);
    const key = onDutyNow.map(assigneeKey).join('|');
    const end = cut === null ? t : Temporal.Instant.fromEpochMilliseconds(cut);
    if (key === lastKey) {
      segments[segments.length - 1]!.end = end;
    } else {
      segments.push({ start, end, onDuty: onDutyNow });
      lastKey = key;
    }
    if (cut !== null) {
      start = end;
      atMs = cut;
    }
  }
  return segments;
}
