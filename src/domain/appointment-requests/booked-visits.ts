/**
 * Visits a practice already has on its calendar, and which of them a new visit would overlap.
 * A visit occupies [start, start + minutes): one that ends at 10:30 does not overlap one that
 * starts at 10:30. Instants compare the same in every zone; the practice's zone only matters
 * for the wall times the dialog shows.
 */

/** A visit already scheduled: when, how long, with whom (never which patient). */
export interface BookedVisit {
  startMs: number;
  minutes: number;
  clinician: string | null;
}

/** "Dr  Chen ", "Dr. Chen" and "dr chen" are the same person: names compare without case, spaces or full stops ('' for none). */
export function clinicianKey(name: string | null | undefined): string {
  return (name ?? '').replace(/[\s.]+/g, '').toLowerCase();
}

/** Whether [aStart, aStart + aMinutes) and [bStart, bStart + bMinutes) share a moment. */
export function overlaps(aStartMs: number, aMinutes: number, bStartMs: number, bMinutes: number): boolean {
  return aStartMs < bStartMs + bMinutes * 60_000 && bStartMs < aStartMs + aMinutes * 60_000;
}

export interface BookedCalendar {
  /** The visits overlapping [startMs, startMs + minutes), earliest first. */
  overlapping(startMs: number, minutes: number): BookedVisit[];
}

/** The visits sorted once by start, so that each slot looks only at the visits near it (a search, not a scan). */
export function bookedCalendar(visits: readonly BookedVisit[]): BookedCalendar {
  const sorted = [...visits].sort((a, b) => a.startMs - b.startMs);
  const longestMs = sorted.reduce((max, v) => Math.max(max, v.minutes), 0) * 60_000;
  return {
    overlapping(startMs, minutes) {
      // A visit still running at startMs started after startMs - longest: find the first such.
      const after = startMs - longestMs;
      let lo = 0;
      let hi = sorted.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (sorted[mid]!.startMs <= after) lo = mid + 1;
        else hi = mid;
      }
      const endMs = startMs + minutes * 60_000;
      const out: BookedVisit[] = [];
      for (let i = lo; i < sorted.length && sorted[i]!.startMs < endMs; i++) {
        const v = sorted[i]!;
        if (overlaps(startMs, minutes, v.startMs, v.minutes)) out.push(v);
      }
      return out;
    },
  };
}

/** The visits with the same clinician (by `clinicianKey`) that [startMs, startMs + minutes) overlaps; none without a clinician. */
export function clinicianClashes(visits: readonly BookedVisit[], clinician: string | null | undefined, startMs: number, minutes: number): BookedVisit[] {
  const key = clinicianKey(clinician);
  if (!key) return [];
  return visits.filter((v) => clinicianKey(v.clinician) === key && overlaps(startMs, minutes, v.startMs, v.minutes)).sort((a, b) => a.startMs - b.startMs);
}
