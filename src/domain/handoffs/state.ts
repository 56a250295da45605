/**
 * The handoff state machine (PRODUCT §5): open → claimed → resolved, or canceled; resolved and
 * canceled handoffs can be reopened. The server refuses an action from any other status (409
 * `invalid_transition`); the web shows only the actions this allows.
 */
export const HANDOFF_TYPES = ['live_transfer', 'callback', 'appointment_request', 'message', 'urgent'] as const;
export type HandoffType = (typeof HANDOFF_TYPES)[number];
export const HANDOFF_PRIORITIES = ['urgent', 'high', 'normal', 'low'] as const;
export type HandoffPriority = (typeof HANDOFF_PRIORITIES)[number];
export const HANDOFF_STATUSES = ['open', 'claimed', 'resolved', 'canceled'] as const;
export type HandoffStatus = (typeof HANDOFF_STATUSES)[number];
/** Where a handoff came from: a call, the web form, the portal, staff, or a text message (a reply to a missed-call text, decision 047). */
export const HANDOFF_SOURCES = ['call', 'web', 'portal', 'staff', 'sms'] as const;
export type HandoffSource = (typeof HANDOFF_SOURCES)[number];

export const HANDOFF_ACTIONS = {
  claim: ['open'],
  assign: ['open', 'claimed'],
  resolve: ['open', 'claimed'],
  cancel: ['open', 'claimed'],
  reopen: ['resolved', 'canceled'],
  callback: ['open', 'claimed'],
  message: ['open', 'claimed'],
  note: ['open', 'claimed', 'resolved', 'canceled'],
} as const satisfies Record<string, readonly HandoffStatus[]>;
export type HandoffAction = keyof typeof HANDOFF_ACTIONS;

export function handoffActionAllowed(action: HandoffAction, status: HandoffStatus): boolean {
  return (HANDOFF_ACTIONS[action] as readonly HandoffStatus[]).includes(status);
}

/** Rank for sorting the queue: most urgent first. */
export const PRIORITY_RANK = { urgent: 0, high: 1, normal: 2, low: 3 } as const;
