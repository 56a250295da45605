import type { SchedulePurpose } from './schedule.schema.js';

/** A stretch of a rota in epoch ms: who is on duty (empty: nobody). */
export interface RotaSegment<A> {
  start: number;
  end: number;
  onDuty: A[];
}

export interface RequiredSegment<A> extends RotaSegment<A> {
  /** The schedule must have someone on duty now: a required segment with nobody is a gap. */
  required: boolean;
}

/**
 * Which stretches of a rota must be covered. An office-hours schedule must cover the office's
 * open intervals; after-hours coverage must cover the rest (the office closed). The segments are
 * split where the office opens or closes, so each is wholly required or not. `open` holds the
 * office's open intervals in epoch ms, sorted and not overlapping.
 */
export function markRequired<A>(segments: RotaSegment<A>[], open: { start: number; end: number }[], purpose: SchedulePurpose): RequiredSegment<A>[] {
  const out: RequiredSegment<A>[] = [];
  const insideOpen = (t: number) => open.some((o) => o.start <= t && t < o.end);
  for (const s of segments) {
    const cuts = new Set<number>([s.start, s.end]);
    for (const o of open) {
      if (o.start > s.start && o.start < s.end) cuts.add(o.start);
      if (o.end > s.start && o.end < s.end) cuts.add(o.end);
    }
    const points = [...cuts].sort((a, b) => a - b);
    for (let i = 0; i + 1 < points.length; i += 1) {
      const start = points[i]!;
      const end = points[i + 1]!;
      const officeOpen = insideOpen(start);
      out.push({ start, end, onDuty: s.onDuty, required: purpose === 'office_hours' ? officeOpen : !officeOpen });
    }
  }
  return out;
}

/** The gaps of marked segments (required, nobody on duty), adjacent ones counted as one. */
export function coverageGaps<A>(segments: RequiredSegment<A>[]): { count: number; minutes: number } {
  let count = 0;
  let ms = 0;
  let previousEnd: number | null = null;
  for (const s of segments) {
    if (!s.required || s.onDuty.length > 0) continue;
    if (previousEnd !== s.start) count += 1;
    ms += s.end - s.start;
    previousEnd = s.end;
  }
  return { count, minutes: Math.round(ms / 60_000) };
}
