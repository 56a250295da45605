import type { AppContext } from '../app-context.js';
import type { FaqEntry } from '../../domain/faq/faq-entries.js';
import type { DbOrTx } from '../db/client.js';
import type { BuiltinState } from './brains/builtin/builtin-state.js';
import type { LlmState } from './brains/llm/llm-state.js';
import type { EmergencyCategory } from './nlu/emergency.js';
import type { TurnLog } from './turn-log.js';
import type { TurnReads } from './turn-reads.js';

/** What the agent knows about the practice it answers for (from the organization's settings). */
export interface OrganizationProfile {
  id: string;
  name: string;
  timeZone: string;
  status: 'active' | 'paused' | 'deactivated';
  /** Numbers without a country code, and dates like 3/4/80, are read the way this country does. */
  country: 'US' | 'GB' | 'CA';
  address: Record<string, string>;
  settings: {
    greeting: string;
    instructions: string;
    /** The practice's questions and answers (an old free-text FAQ already read as entries). */
    faq: FaqEntry[];
    emergencyMessage: string;
    voice: string;
    language: string;
    brain: 'builtin' | 'llm';
    model: string;
    transferBehaviour: 'on_duty_then_callback' | 'callback_only' | 'never_transfer';
    /** Offered languages (English always understood); Spanish texts and voice, empty for the defaults. */
    languages: ('en' | 'es')[];
    greetingEs: string;
    emergencyMessageEs: string;
    voiceEs: string;
    /** Gather round trips or ConversationRelay (issue 20). */
    voiceMode: 'gather' | 'relay';
  };
  appointments: { enabled: boolean; visitReasons: string[]; message: string };
}

export interface CallInfo {
  id: string;
  organizationId: string;
  provider: 'twilio' | 'simulator';
  direction: 'inbound' | 'outbound';
  /** E.164 where the provider gave one; the caller's number for inbound calls. */
  from: string;
  to: string;
  startedAt: Date;
}

/** One thing that happened at the caller's end, as the adapters report it. */
export type CallerInput =
  | { kind: 'start' }
  | { kind: 'speech'; text: string; confidence?: number; digits?: string }
  | { kind: 'silence' }
  | { kind: 'dial_result'; status: DialStatus };

export type DialStatus = 'completed' | 'answered' | 'no-answer' | 'busy' | 'failed' | 'canceled';

export type TransferTarget = { type: 'user'; userId: string; name: string; phone: string | null } | { type: 'phone'; phone: string; name: string };

export type NextStep = { type: 'gather' } | { type: 'transfer'; target: TransferTarget; timeoutSeconds: number } | { type: 'hangup' };

/** The agent's answer to one input: what to say, then what the line does. */
export interface AgentReply {
  text: string;
  next: NextStep;
  /** Spoken and listened to in this language (English when absent): Twilio's <Say> voice and <Gather> language follow it. */
  language?: 'en' | 'es';
}

/** What the call achieved so far; the outcome and summary are read from it (PRODUCT §5). */
export interface Achievements {
  emergency?: string;
  /** `booked`: the visit was booked at an open time (issue 31 §3), said as "Tue, Dec 1, 9:40 AM with Dr. Rebecca Hart". */
  appointment?: { referenceCode: string; name: string; reason: string; booked?: string };
  transferred?: { name: string };
  message?: boolean;
  callback?: boolean;
  answered?: string[];
  doNotCall?: boolean;
}

/** The dialogue's memory between turns (calls.agent_state). */
export interface AgentState {
  v: 1;
  /** Number of replies that asked the caller something; a webhook names the turn it answers. */
  turn: number;
  silences: number;
  lastPrompt: string;
  ended: boolean;
  heardCaller: boolean;
  done: Achievements;
  /** Reference-code lookups that matched nothing (they stop after a few). */
  lookupFailures: number;
  /** The practice's patient this call turned out to be about (set when a request is saved). */
  patientId?: string;
  /**
   * `urgent`: an after-hours transfer to the on-call cover; a call-back in its place stays urgent.
   * `clinicalReport`: what a lab or nurse reported, kept for the urgent task if nobody answers.
   */
  pendingTransfer?: { target: TransferTarget; handoffId: string | null; urgent?: boolean; clinicalReport?: string };
  /**
   * The screening question was asked about this (a health problem neither clearly routine nor
   * clearly an emergency); the next answer decides. `screened`: asked once already this call.
   */
  /** `askedAgain`: the first answer spoke of something else, so the question was asked once more. */
  screening?: { said: string; category: EmergencyCategory; askedAgain?: boolean };
  screened?: boolean;
  /** The language the call is held in from the moment the caller chose or spoke it (English until then). */
  language?: 'en' | 'es';
  /** Direct booking at an open time (issue 31 §3): what the booking tools offered, held and booked on this call. */
  booking?: BookingState;
  /** Cancelling or moving a visit the caller booked (issue 31 §3): set once who they are matched a visit. */
  myVisit?: MyVisitState;
  builtin: BuiltinState;
  llm: LlmState;
}

/** One open time as offered: its start and the clinician and place free then. */
export interface OfferedTime {
  /** Epoch milliseconds. */
  start: number;
  end: number;
  clinicianId: string;
  clinicianName: string;
  locationId: string;
  locationName: string;
}

/**
 * The booking tools' memory, shared by both brains: the visit type the caller's reason maps to,
 * what was asked (the request the booking is stored as), the times offered last (option 1 first),
 * every start offered so far, the hold (its id, so that booking it is done once whatever runs the
 * turn again), and the booking once made.
 */
export interface BookingState {
  visitTypeId: string;
  visitTypeName: string;
  ask: { reason: string; reasonOther: string | null; isNewPatient: boolean; preferences: { days: string[]; timesOfDay: string[]; earliestDate?: string; onlyDate?: boolean; text?: string } };
  offered: OfferedTime[];
  /** Offers made because the caller asked for other times (one is allowed; a taken time's new offer does not count). */
  moreOffers: number;
  seen: number[];
  hold?: { visitId: string; time: OfferedTime; patient: { firstName: string; lastName: string; dateOfBirth: string; phone: string | null; isNewPatient: boolean } };
  booked?: { visitId: string; requestId: string; referenceCode: string; time: OfferedTime };
}

/** A booked visit of the caller's, as the agent says it. */
export interface MyVisit {
  visitId: string;
  visitTypeId: string;
  /** Epoch milliseconds. */
  start: number;
  clinicianName: string;
  locationName: string;
  appointmentRequestId: string | null;
}

/**
 * The visits matched to the caller (soonest first; `index` is the one being talked about), the
 * times offered to move it to, and what was done.
 */
export interface MyVisitState {
  candidates: MyVisit[];
  index: number;
  offered?: OfferedTime[];
  done?: 'canceled' | 'moved';
}

/** Everything one turn works with. Tools write through `tx()`, a transaction opened on first use. */
export interface TurnEnv extends TurnReads {
  ctx: AppContext;
  call: CallInfo;
  org: OrganizationProfile;
  state: AgentState;
  now: Date;
  log: TurnLog;
  /** The turn's transaction (begun lazily: most turns write nothing but their events). */
  tx: () => Promise<DbOrTx>;
  /** For reads: the turn's transaction when one is open, else the pool. */
  reader: () => DbOrTx;
  /**
   * Real-time voice only: the brain hands each whole sentence of its reply here as soon as it has
   * it (a model's streamed tokens), before the turn is stored. The reply's text still holds them all.
   */
  speak?: (sentence: string) => void;
  /**
   * This turn's utterance as the caller said it, when the built-in brain was given it glossed (a
   * call in Spanish is understood through English glosses): messages and reasons are stored as
   * the caller said them (issue 15 §4), never as the gloss.
   */
  callerWords?: { glossed: string; said: string };
}

/** Where a real-time line takes the sentences of a reply as they are decided, in the language they are spoken in. */
export type Speak = (sentence: string, language: 'en' | 'es') => void;
