/** The query keys of the calendars feature: every change invalidates what lies under them. */
export const calendarsQueryKey = ['calendars'] as const;
/** Booked visits and open times: what a booking, a cancellation or a status change makes stale. */
export const visitsQueryKey = [...calendarsQueryKey, 'visits'] as const;

export const enc = encodeURIComponent;
