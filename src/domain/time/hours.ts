import { Temporal } from 'temporal-polyfill';
import type { Hours, HoursOverride } from './hours.schema.js';
import {
  type DurationInput,
  type InstantInput,
  durationToNs,
  msToNs,
  toEpochMs,
  toInstant,
} from './instant-input.js';
import { type DayRule, DayTimeline, mergeIntervals } from './timeline.js';
import { DAY_MS, dayInfo, localDayOf, parseTimeOfDay } from './wall-clock.js';

/** How far ahead `nextChange` looks, and how long `addBusinessTime` tolerates no open time. */
export const SEARCH_HORIZON_DAYS = 400;

export interface HoursChange {
  at: Temporal.Instant;
  /** true: the organization opens at `at`; false: it closes. */
  opens: boolean;
}

export interface OpenInterval {
  start: Temporal.Instant;
  end: Temporal.Instant;
}

interface CompiledOverride {
  readonly from: string;
  readonly to: string;
  readonly label: string;
  readonly rules: readonly DayRule[];
}

interface CompiledHours {
  readonly zone: string;
  readonly timeline: DayTimeline;
  /**
   * Most specific first: where ranges overlap, the one starting latest wins, then the one
   * ending first, then the later entry; so a holiday inside a vacation keeps its own hours.
   */
  readonly overrides: readonly CompiledOverride[];
  /** The UTC day of the last isOpen call, with every open interval that can touch it. */
  window: { lo: number; hi: number; iv: number[] } | null;
}

const byContent = new Map<string, CompiledHours>();
const MAX_BY_CONTENT = 5000;

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function toRule(start: string, end: string): DayRule {
  const startMin = parseTimeOfDay(start);
  const endMin = parseTimeOfDay(end);
  return { startMin, endMin: endMin > startMin ? endMin : endMin + 1440, tag: 0 };
}

function compile(hours: Hours): CompiledHours {
  const weekly: DayRule[][] = [[], [], [], [], [], [], [], []];
  for (const iv of hours.weekly) {
    const day = weekly[iv.day];
    if (day === undefined || iv.day === 0) throw new RangeError(`invalid weekday ${iv.day}; parse hours with HoursInput`);
    day.push(toRule(iv.start, iv.end));
  }
  const overrides = (hours.overrides ?? [])
    .map((o: HoursOverride, index) => ({
      from: o.from,
      to: o.to,
      label: o.label,
      rules: o.closed ? [] : (o.intervals ?? []).map((iv) => toRule(iv.start, iv.end)),
      index,
    }))
    .sort((a, b) => cmp(b.from, a.from) || cmp(a.to, b.to) || b.index - a.index);
  const zone = hours.timeZone;
  // An override replaces the rules of the dates it covers; an overnight interval that began the
  // day before still runs into them, because it belongs to the date on which it started.
  const timeline = new DayTimeline(zone, (info) => {
    for (const o of overrides) if (o.from <= info.iso && info.iso <= o.to) return o.rules;
    return weekly[info.dow]!;
  });
  return { zone, timeline, overrides, window: null };
}

/**
 * Everything the engine reads, as a string. Hours arrive as fresh objects on every request, and
 * a form may edit one object in place, so the cache goes by content rather than identity; this
 * costs about a tenth of JSON.stringify. Labels are quoted so no label can mimic structure.
 */
function contentKey(hours: Hours): string {
  let key = hours.timeZone;
  for (const w of hours.weekly) key += `|${w.day} ${w.start} ${w.end}`;
  for (const o of hours.overrides ?? []) {
    key += `#${o.from} ${o.to} ${o.closed ? 1 : 0} ${JSON.stringify(o.label)}`;
    for (const iv of o.intervals ?? []) key += ` ${iv.start} ${iv.end}`;
  }
  return key;
}

function compiled(hours: Hours): CompiledHours {
  const key = contentKey(hours);
  let c = byContent.get(key);
  if (c === undefined) {
    c = compile(hours);
    // Oldest first out: Map iteration follows insertion order.
    if (byContent.size >= MAX_BY_CONTENT) byContent.delete(byContent.keys().next().value!);
    byContent.set(key, c);
  }
  return c;
}

/** Whether the organization is open at `at`. */
export function isOpen(hours: Hours, at: InstantInput): boolean {
  const c = compiled(hours);
  const ms = toEpochMs(at);
  let w = c.window;
  if (w === null || ms < w.lo || ms >= w.hi) {
    const lo = Math.floor(ms / DAY_MS) * DAY_MS;
    w = c.window = { lo, hi: lo + DAY_MS, iv: mergeIntervals(c.timeline.collect(lo, lo + DAY_MS)) };
  }
  const iv = w.iv;
  for (let i = 0; i < iv.length; i += 2) {
    if (ms < iv[i]!) return false;
    if (ms < iv[i + 1]!) return true;
  }
  return false;
}

function nextChangeMs(c: CompiledHours, ms: number): { at: number; opens: boolean } | null {
  const horizon = ms + SEARCH_HORIZON_DAYS * DAY_MS;
  let from = ms;
  let span = 8 * DAY_MS;
  while (from < horizon) {
    const to = Math.min(horizon, from + span);
    // From one ms early so an interval ending exactly at `from` is merged with its successor.
    const iv = mergeIntervals(c.timeline.collect(from - 1, to));
    // Boundaries are whole ms, so one in [from, to) is decided by intervals touching
    // [from - 1, to), all collected; earlier ones may be artefacts of what was left out.
    for (let i = 0; i < iv.length; i++) {
      const b = iv[i]!;
      if (b > ms && b >= from && b < to) return { at: b, opens: i % 2 === 0 };
    }
    from = to;
    span *= 4;
  }
  return null;
}

/** The first instant after `at` at which isOpen flips, or null if none within ~400 days. */
export function nextChange(hours: Hours, at: InstantInput): HoursChange | null {
  const next = nextChangeMs(compiled(hours), toEpochMs(at));
  return next && { at: Temporal.Instant.fromEpochMilliseconds(next.at), opens: next.opens };
}

/** Open time within [from, to): merged, sorted and clipped. */
export function openIntervals(hours: Hours, from: InstantInput, to: InstantInput): OpenInterval[] {
  const f = toInstant(from);
  const t = toInstant(to);
  if (Temporal.Instant.compare(f, t) >= 0) return [];
  const fNs = f.epochNanoseconds;
  const tNs = t.epochNanoseconds;
  const iv = mergeIntervals(compiled(hours).timeline.collect(f.epochMilliseconds, t.epochMilliseconds + 1));
  const out: OpenInterval[] = [];
  for (let i = 0; i < iv.length; i += 2) {
    const sNs = msToNs(iv[i]!);
    const eNs = msToNs(iv[i + 1]!);
    if (eNs <= fNs || sNs >= tNs) continue;
    out.push({
      start: sNs < fNs ? f : Temporal.Instant.fromEpochNanoseconds(sNs),
      end: eNs > tNs ? t : Temporal.Instant.fromEpochNanoseconds(eNs),
    });
  }
  return out;
}

/**
 * The earliest instant r >= `at` such that the open time in [at, r) equals `duration`: the
 * clock only runs while open, so from a closed moment it starts at the next opening, and a zero
 * duration returns `at` itself. Throws a RangeError when the hours stay closed for ~400 days.
 */
export function addBusinessTime(hours: Hours, at: InstantInput, duration: DurationInput): Temporal.Instant {
  const start = toInstant(at);
  let remaining = durationToNs(duration);
  if (remaining === 0n) return start;
  const c = compiled(hours);
  let cursorNs = start.epochNanoseconds;
  let cursorMs = start.epochMilliseconds;
  let lastOpenMs = cursorMs;
  let span = 8 * DAY_MS;
  for (;;) {
    const to = cursorMs + span;
    // Merged pieces are consumed from the cursor on, so a piece split across windows is
    // neither lost nor counted twice.
    const iv = mergeIntervals(c.timeline.collect(cursorMs, to));
    for (let i = 0; i < iv.length; i += 2) {
      const sNs = msToNs(iv[i]!);
      const eNs = msToNs(iv[i + 1]!);
      const a = sNs > cursorNs ? sNs : cursorNs;
      if (eNs <= a) continue;
      const len = eNs - a;
      if (remaining <= len) return Temporal.Instant.fromEpochNanoseconds(a + remaining);
      remaining -= len;
      cursorNs = eNs;
      lastOpenMs = iv[i + 1]!;
    }
    const toNs = msToNs(to);
    if (cursorNs < toNs) cursorNs = toNs;
    cursorMs = Number(cursorNs / 1_000_000n);
    if (cursorMs - lastOpenMs > SEARCH_HORIZON_DAYS * DAY_MS) {
      throw new RangeError(`no open time within ${SEARCH_HORIZON_DAYS} days; the hours are never open`);
    }
    span = Math.min(span * 2, 64 * DAY_MS);
  }
}

/** The zone's calendar date at `at` and the override governing it, for display. */
export function dayContext(hours: Hours, at: InstantInput): { date: string; label?: string } {
  const c = compiled(hours);
  const date = dayInfo(localDayOf(c.zone, toEpochMs(at))).iso;
  const o = c.overrides.find((x) => x.from <= date && date <= x.to);
  return o && o.label !== '' ? { date, label: o.label } : { date };
}
