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
 * Whether a schedule's shifts put anyone on duty while the office is (not) open, by the hours and
 * their date overrides: an office-hours rota works only while the office is open — on a holiday, at
 * lunch or at night it has nobody on duty, and that is no gap; after-hours coverage runs whenever
 * its shifts say. The one rule the schedules page, its 7-day view and the on-duty answer used by
 * transfers and urgent alerts all follow.
 */
export function inForce(purpose: SchedulePurpose, officeOpen: boolean): boolean {
  return purpose !== 'office_hours' || officeOpen;
}

/**
 * What a schedule's "on duty now" says: someone on duty; nobody while someone must be (a gap);
 * or nobody needed — an office rota while the office is closed, after-hours coverage while it is open.
 */
export type DutyState = 'on_duty' | 'gap' | 'office_closed' | 'office_open';

export function dutyState(onDutyCount: number, purpose: SchedulePurpose, officeOpen: boolean): DutyState {
  if (onDutyCount > 0) return 'on_duty';
  if (purpose === 'office_hours') return officeOpen ? 'gap' : 'office_closed';
  return officeOpen ? 'office_open' : 'gap';
}

/**
 * Which stretches of a rota must be covered. An office-hours schedule must cover the office's
 * open intervals; after-hours coverage must cover the rest (the office closed). The segments are
 * split where the office opens or closes, so each is wholly required or not, and an office rota
 * has nobody on duty while the office is closed (`inForce`). Neighbouring stretches that read
 * the same (nobody on duty, equally required) are joined. `open` holds the office's open
 * intervals in epoch ms, sorted and not overlapping.
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
      const onDuty = inForce(purpose, officeOpen) ? s.onDuty : [];
      const required = purpose === 'office_hours' ? officeOpen : !officeOpen;
      const previous = out[out.length - 1];
      if (previous && previous.end === start && previous.required === required && previous.onDuty.length === 0 && onDuty.length === 0) previous.end = end;
      else out.push({ start, end, onDuty, required });
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
