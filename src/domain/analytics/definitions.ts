/**
 * The analytics figures of PRODUCT §6, each defined once. The server computes them from these
 * rules (figures.ts, reference.ts) and the web shows `definition` beside each figure, so the
 * words a manager reads are the rules the numbers follow.
 */
export const FIGURE_IDS = [
  'inboundCalls',
  'outboundCalls',
  'answered',
  'hungUpBeforeSpeaking',
  'containmentRate',
  'handoffRate',
  'averageHandleSeconds',
  'timeToClaim',
  'timeToResolve',
  'timeToClaimBusiness',
  'timeToResolveBusiness',
  'funnel',
  'outcomes',
  'hourOfWeek',
  'outboundConnectRate',
  'voicemailRate',
  'doNotCallAdditions',
] as const;
export type FigureId = (typeof FIGURE_IDS)[number];

export interface FigureDefinition {
  label: string;
  unit: 'count' | 'rate' | 'seconds' | 'funnel' | 'table';
  definition: string;
}

export const FIGURES: Record<FigureId, FigureDefinition> = {
  inboundCalls: {
    label: 'Inbound calls',
    unit: 'count',
    definition: 'Calls to the practice that started in the period, whatever became of them (live calls included). A call belongs to the hour, day, week or month in which it started.',
  },
  outboundCalls: {
    label: 'Outbound calls',
    unit: 'count',
    definition: 'Calls placed by the practice or its outbound queue that started in the period (every attempt counts once).',
  },
  answered: {
    label: 'Answered calls',
    unit: 'count',
    definition:
      'Inbound calls with status completed in which the caller said something (at least one caller turn). Calls that completed with no caller turn are "hung up before speaking" and count in volume only.',
  },
  hungUpBeforeSpeaking: {
    label: 'Hung up before speaking',
    unit: 'count',
    definition:
      'Inbound calls with status completed and no caller turn: silence, or a hang-up during the greeting. They count in inbound calls (volume) only — not answered, so not in containment, handoff rate or handle time.',
  },
  containmentRate: {
    label: 'Containment rate',
    unit: 'rate',
    definition:
      'Answered calls that ended without any handoff to a person ÷ answered calls. A visit the agent booked itself leaves a handoff resolved at once (the request’s record): that call counts as contained. Containment rate and handoff rate add up to 100 %.',
  },
  handoffRate: {
    label: 'Handoff rate',
    unit: 'rate',
    definition: 'Answered calls with at least one handoff to a person ÷ answered calls (not the handoff of a visit the agent booked itself).',
  },
  averageHandleSeconds: {
    label: 'Average handle time',
    unit: 'seconds',
    definition: 'Mean duration of answered calls (those with a recorded duration).',
  },
  timeToClaim: {
    label: 'Time to claim',
    unit: 'seconds',
    definition: 'From a handoff’s creation to its claim, median and 90th percentile (nearest rank, read from percentile sketches: within 1 % of the exact value), over handoffs created in the period that were claimed (not the handoff of a visit the agent booked itself, resolved as it was made).',
  },
  timeToResolve: {
    label: 'Time to resolve',
    unit: 'seconds',
    definition: 'From a handoff’s creation to its resolution, median and 90th percentile (nearest rank, read from percentile sketches: within 1 % of the exact value), over handoffs created in the period that were resolved (not the handoff of a visit the agent booked itself).',
  },
  timeToClaimBusiness: {
    label: 'Time to claim (business hours)',
    unit: 'seconds',
    definition: 'Time to claim counting only the organization’s open hours (its current weekly hours and date overrides): a callback left at closing and claimed at the next opening took no business time.',
  },
  timeToResolveBusiness: {
    label: 'Time to resolve (business hours)',
    unit: 'seconds',
    definition: 'Time to resolve counting only the organization’s open hours.',
  },
  funnel: {
    label: 'Appointment funnel',
    unit: 'funnel',
    definition: 'Appointment requests started in the period (web drafts, and phone and portal requests, which start submitted) → of those, submitted → of those, scheduled; by source web, phone and portal.',
  },
  outcomes: {
    label: 'Outcomes',
    unit: 'table',
    definition: 'Calls started in the period by the outcome recorded on them (“none” while no outcome is set).',
  },
  hourOfWeek: {
    label: 'Calls by hour of week',
    unit: 'table',
    definition: 'Calls started in the period by weekday and hour of the day, read in the chosen time zone.',
  },
  outboundConnectRate: {
    label: 'Outbound connect rate',
    unit: 'rate',
    definition: 'Outbound attempts answered by a person (status completed, outcome not voicemail) ÷ outbound attempts placed.',
  },
  voicemailRate: {
    label: 'Voicemail rate',
    unit: 'rate',
    definition: 'Outbound attempts that reached voicemail (outcome voicemail) ÷ outbound attempts placed.',
  },
  doNotCallAdditions: {
    label: 'Do-not-call additions',
    unit: 'count',
    definition: 'Numbers added to the do-not-call list in the period (by callers asking the agent, by staff, or by import).',
  },
};
