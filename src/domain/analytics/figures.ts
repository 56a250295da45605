import { CALL_OUTCOMES, type CallOutcome } from '../calls/vocabulary.js';
import { APPOINTMENT_SOURCES, type AppointmentSource } from '../appointment-requests/state.js';

/**
 * The additive counts every figure is made of. Rollup rows and raw records both reduce to
 * these, and `figuresOf` turns them into the figures (rates, averages, percentiles) in one way.
 */
export type OutcomeKey = CallOutcome | 'none';
export const OUTCOME_KEYS: readonly OutcomeKey[] = [...CALL_OUTCOMES, 'none'];

export interface CallSums {
  inbound: number;
  outbound: number;
  /** Inbound, completed, and the caller said something (at least one caller turn). */
  answered: number;
  /** Inbound and completed with no caller turn (silence, a hang-up during the greeting): in volume only. */
  hungUpBeforeSpeaking: number;
  /** Answered, no handoff. */
  contained: number;
  /** Answered, at least one handoff. */
  handedOff: number;
  /** Sum and count of answered calls' durations. */
  handleSeconds: number;
  handleCount: number;
  outboundConnected: number;
  outboundVoicemail: number;
  /** Over the directions the filter selects. */
  outcomes: Record<OutcomeKey, number>;
}

export interface FunnelStep {
  started: number;
  submitted: number;
  scheduled: number;
}

export type FunnelSums = Record<AppointmentSource, FunnelStep>;

/** The four handoff durations (seconds) of the handoffs created in a bucket; null where not reached. */
export interface DurationLists {
  claim: number[];
  resolve: number[];
  claimBusiness: number[];
  resolveBusiness: number[];
}

export interface Percentiles {
  median: number | null;
  p90: number | null;
  count: number;
}

export interface Figures {
  inboundCalls: number;
  outboundCalls: number;
  answered: number;
  hungUpBeforeSpeaking: number;
  contained: number;
  handedOff: number;
  containmentRate: number | null;
  handoffRate: number | null;
  averageHandleSeconds: number | null;
  outcomes: Record<OutcomeKey, number>;
  timeToClaim: Percentiles;
  timeToResolve: Percentiles;
  timeToClaimBusiness: Percentiles;
  timeToResolveBusiness: Percentiles;
  funnel: FunnelSums & { all: FunnelStep };
  outboundConnected: number;
  outboundVoicemail: number;
  outboundConnectRate: number | null;
  voicemailRate: number | null;
  doNotCallAdditions: number;
}

export function emptyCallSums(): CallSums {
  return {
    inbound: 0,
    outbound: 0,
    answered: 0,
    hungUpBeforeSpeaking: 0,
    contained: 0,
    handedOff: 0,
    handleSeconds: 0,
    handleCount: 0,
    outboundConnected: 0,
    outboundVoicemail: 0,
    outcomes: Object.fromEntries(OUTCOME_KEYS.map((k) => [k, 0])) as Record<OutcomeKey, number>,
  };
}

export function emptyFunnel(): FunnelSums {
  return Object.fromEntries(APPOINTMENT_SOURCES.map((s) => [s, { started: 0, submitted: 0, scheduled: 0 }])) as FunnelSums;
}

export function emptyDurations(): DurationLists {
  return { claim: [], resolve: [], claimBusiness: [], resolveBusiness: [] };
}

/**
 * Nearest-rank percentile: the smallest value with at least `p` of the values at or below it
 * (PostgreSQL's percentile_disc, the same floating-point steps).
 */
export function nearestRank(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.max(1, Math.ceil(p * sorted.length));
  return sorted[rank - 1]!;
}

export function percentilesOf(values: readonly number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: nearestRank(sorted, 0.5), p90: nearestRank(sorted, 0.9), count: sorted.length };
}

const ratio = (n: number, d: number) => (d === 0 ? null : n / d);

export function figuresOf(calls: CallSums, funnel: FunnelSums, durations: DurationLists | { [K in keyof DurationLists]: Percentiles }, doNotCallAdditions: number): Figures {
  const pct = (v: number[] | Percentiles) => (Array.isArray(v) ? percentilesOf(v) : v);
  const all = { started: 0, submitted: 0, scheduled: 0 };
  for (const s of APPOINTMENT_SOURCES) {
    all.started += funnel[s].started;
    all.submitted += funnel[s].submitted;
    all.scheduled += funnel[s].scheduled;
  }
  return {
    inboundCalls: calls.inbound,
    outboundCalls: calls.outbound,
    answered: calls.answered,
    hungUpBeforeSpeaking: calls.hungUpBeforeSpeaking,
    contained: calls.contained,
    handedOff: calls.handedOff,
    containmentRate: ratio(calls.contained, calls.answered),
    handoffRate: ratio(calls.handedOff, calls.answered),
    averageHandleSeconds: ratio(calls.handleSeconds, calls.handleCount),
    outcomes: { ...calls.outcomes },
    timeToClaim: pct(durations.claim),
    timeToResolve: pct(durations.resolve),
    timeToClaimBusiness: pct(durations.claimBusiness),
    timeToResolveBusiness: pct(durations.resolveBusiness),
    funnel: { ...funnel, all },
    outboundConnected: calls.outboundConnected,
    outboundVoicemail: calls.outboundVoicemail,
    outboundConnectRate: ratio(calls.outboundConnected, calls.outbound),
    voicemailRate: ratio(calls.outboundVoicemail, calls.outbound),
    doNotCallAdditions,
  };
}
