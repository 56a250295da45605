/**
 * Booked visits (PRODUCT §5): held → booked → confirmed → completed | canceled | no_show.
 * A hold keeps a time for a few minutes while the caller gives their details; a booked visit may
 * be confirmed by the patient; either ends completed, canceled or as a no-show. Anything else is
 * refused (409 `invalid_transition`), never silently applied.
 */
export const VISIT_STATUSES = ['held', 'booked', 'confirmed', 'completed', 'canceled', 'no_show'] as const;
export type VisitStatus = (typeof VISIT_STATUSES)[number];

/** The statuses that keep the clinician's time taken (the exclusion constraint's WHERE). */
export const ACTIVE_VISIT_STATUSES = ['held', 'booked', 'confirmed'] as const satisfies readonly VisitStatus[];

export const VISIT_TRANSITIONS: Record<VisitStatus, readonly VisitStatus[]> = {
  held: ['booked', 'canceled'],
  booked: ['confirmed', 'completed', 'canceled', 'no_show'],
  confirmed: ['completed', 'canceled', 'no_show'],
  completed: [],
  canceled: [],
  no_show: [],
};

export function canVisitTransition(from: VisitStatus, to: VisitStatus): boolean {
  return VISIT_TRANSITIONS[from].includes(to);
}

/** The statuses a visit may be in for a transition to `to`. */
export function visitStatusesLeadingTo(to: VisitStatus): VisitStatus[] {
  return VISIT_STATUSES.filter((from) => canVisitTransition(from, to));
}

/** Visits that can still be moved to another time. */
export const MOVABLE_VISIT_STATUSES = ['booked', 'confirmed'] as const satisfies readonly VisitStatus[];

/** Who books: the phone agent, the patient on the web, or the practice's staff. */
export const BOOKING_CHANNELS = ['phone', 'web', 'staff'] as const;
export type BookingChannel = (typeof BOOKING_CHANNELS)[number];

/** How long a hold keeps its time. */
export const HOLD_MINUTES = 5;

/**
 * How long a patient's hold on the web keeps its time: they still type who they are, how to
 * reach them and their details before booking it (decision 055). A hold past its time is still
 * booked if nobody took the time meanwhile.
 */
export const WEB_HOLD_MINUTES = 10;

/** Why a hold was given up: the patient chose another time, or asked to be called instead. */
export const HOLD_RELEASED_REASON = 'hold_released';

/** A date exception: on leave, or available only at other times or another place. */
export const EXCEPTION_KINDS = ['unavailable', 'available'] as const;
export type ExceptionKind = (typeof EXCEPTION_KINDS)[number];

/** The cancel reason an expired hold is given when another booking of its clinician clears it. */
export const HOLD_EXPIRED_REASON = 'hold_expired';
