import type { MyVisit, TurnEnv } from '../agent-types.js';
import { clinicianSaid } from '../messages/index.js';
import { timeSaid } from './booking-support.js';

/**
 * Cancelling or moving a booked visit by phone (issue 31 §3): which of the upcoming visits are the
 * caller's, and how one is said. Nothing about a visit is said before who the caller is matched.
 */

/** Who the caller says the patient is: a reference code's request, or the name; the date of birth always. */
export interface CallerIdentity {
  dateOfBirth: string;
  firstName?: string | null;
  lastName?: string | null;
  /** The appointment request the reference code (with this date of birth) found. */
  appointmentRequestId?: string | null;
}

/** The fields of a visit the match reads. */
export interface VisitCandidate {
  firstName: string | null;
  lastName: string | null;
  dateOfBirth: string | null;
  appointmentRequestId: string | null;
  startsAt: Date;
}

/** A name as compared: no case, accents, surrounding spaces, hyphens or apostrophes ("José" = "jose", "O'Neil" = "ONeil"). */
export function nameKey(name: string | null | undefined): string {
  return (name ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’`.-]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The caller's visits among the candidates, soonest first: linked to the request their reference
 * code found, or with the patient's first and last name and date of birth. A name without its date
 * of birth, or a date of birth with another name, matches nothing.
 */
export function visitsOfCaller<V extends VisitCandidate>(visits: readonly V[], who: CallerIdentity): V[] {
  const first = nameKey(who.firstName);
  const last = nameKey(who.lastName);
  return visits
    .filter((v) => {
      if (who.appointmentRequestId && v.appointmentRequestId === who.appointmentRequestId) return true;
      if (!first || !last || v.dateOfBirth !== who.dateOfBirth) return false;
      return nameKey(v.firstName) === first && nameKey(v.lastName) === last;
    })
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

/** The visit being talked about. */
export function currentVisit(env: TurnEnv): MyVisit | undefined {
  const mv = env.state.myVisit;
  return mv?.candidates[mv.index];
}

/** "on Tuesday, December 1st at 9 AM" and "Dr. Hart". */
export function visitSaid(env: TurnEnv, v: { start: number; clinicianName: string }): { when: string; clinician: string } {
  return { when: timeSaid(env, v.start, true), clinician: clinicianSaid(v.clinicianName) };
}

/** Within the visit type's minimum notice: staff change it, not the phone. */
export function tooSoonToChange(startMs: number, minNoticeMinutes: number, nowMs: number): boolean {
  return startMs - nowMs < minNoticeMinutes * 60_000;
}
