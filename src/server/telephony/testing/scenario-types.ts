import type { AppContext } from '../../app-context.js';

/**
 * A scripted caller: what they do, turn by turn, what the agent should say back, and what the
 * call must leave behind. Run through the signed Twilio webhooks by caller-scenarios.int.test.ts.
 */
export type ScenarioStep =
  | string
  | [caller: string, agent: RegExp]
  | { silence: true; agent?: RegExp }
  | { dial: 'completed' | 'no-answer' | 'busy' | 'failed'; agent?: RegExp }
  | { hangup: true }
  /** Something happens elsewhere between two turns (another booking takes a time). */
  | { meanwhile: (t: { ctx: AppContext; callSid: string }) => Promise<void> };

export interface ScenarioExpectations {
  outcome: string;
  status?: string;
  /** The last TwiML ends the call. */
  hangup?: boolean;
  /** The greeting or any reply transfers with <Dial> to the on-duty person's phone. */
  transferred?: boolean;
  request?: Record<string, unknown> | null;
  /** `said`: what the handoff's reason must hold (the caller's words kept). */
  handoffs?: { type: string; priority: string; status?: string; said?: RegExp }[];
  doNotCall?: boolean;
  /** Text the agent must never have said (e.g. nothing about a request on a mismatch). */
  neverSaid?: RegExp;
  lastSaid?: RegExp;
  /** The visits the call left on the practice's calendar, oldest first (calendar-fixtures.ts visitsOfCall). */
  visits?: Record<string, unknown>[];
  /** The visit booked before the call (setup booked_visit…), after it (calendar-fixtures.ts visitById). */
  bookedVisit?: Record<string, unknown>;
}

export interface Scenario {
  name: string;
  practice?: {
    open?: boolean;
    onDuty?: boolean;
    agentSettings?: Record<string, unknown>;
    appointments?: Record<string, unknown>;
    country?: 'US' | 'GB';
    /** Clinicians, visit types and weekly hours (calendar-fixtures.ts), some visit types booked directly by phone. */
    calendar?: boolean;
  };
  /** When the call happens (an ISO instant; now by default): for callers who say "tomorrow". */
  clock?: string;
  /** The caller's number (a US number by default). */
  from?: string;
  /** Records the scenario needs first (a submitted request to ask about): values for {placeholders}. */
  setup?: 'submitted_request' | 'booked_visit' | 'booked_visit_soon' | 'booked_visit_with_request';
  steps: ScenarioStep[];
  expect: ScenarioExpectations;
}

export const CALLER = '+18605550123';
