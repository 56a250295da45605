/**
 * The appointment-request state machine (PRODUCT §5):
 * draft → submitted → in_review → scheduled | declined | canceled. A submitted request can be
 * decided without a review step; a scheduled appointment can still be moved to another time (the
 * patient asked for one in the portal) or canceled. Anything else
 * is refused (409 `invalid_transition`), never silently applied.
 */
export const APPOINTMENT_STATUSES = ['draft', 'submitted', 'in_review', 'scheduled', 'declined', 'canceled'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** Where a request came from: the web form, the phone agent, the patient portal. */
export const APPOINTMENT_SOURCES = ['web', 'phone', 'portal'] as const;
export type AppointmentSource = (typeof APPOINTMENT_SOURCES)[number];

export const REQUEST_TRANSITIONS: Record<AppointmentStatus, readonly AppointmentStatus[]> = {
  draft: ['submitted', 'canceled'],
  submitted: ['in_review', 'scheduled', 'declined', 'canceled'],
  in_review: ['scheduled', 'declined', 'canceled'],
  scheduled: ['scheduled', 'canceled'],
  declined: [],
  canceled: [],
};

export function canTransition(from: AppointmentStatus, to: AppointmentStatus): boolean {
  return REQUEST_TRANSITIONS[from].includes(to);
}

/** The statuses a request may be in for a transition to `to`. */
export function statusesLeadingTo(to: AppointmentStatus): AppointmentStatus[] {
  return APPOINTMENT_STATUSES.filter((from) => canTransition(from, to));
}

/** Still waiting for the practice to decide. */
export function isPending(status: AppointmentStatus): boolean {
  return status === 'submitted' || status === 'in_review';
}
