import type { DateParts } from '../../nlu/dates.js';
import type { MessageTopic } from '../../nlu/message-topics.js';
import type { Preferences } from '../../nlu/preferences.js';

/** The built-in brain's slots and where it is in the conversation. */
export type Flow = 'idle' | 'anything_else' | 'offer_help' | 'appointment' | 'callback' | 'message' | 'status' | 'change';

export type AppointmentSlot = 'name' | 'last_name' | 'dob' | 'reason' | 'patient_type' | 'preferences' | 'time' | 'contact_name' | 'phone' | 'phone_number' | 'confirm' | 'what_to_change';

export interface AppointmentSlots {
  first?: string;
  last?: string;
  dob?: DateParts;
  dobIso?: string;
  reason?: string;
  reasonOther?: string | null;
  /** What the caller said about the visit when asking for it, before the reason was asked ("my knee's been swelling up"). */
  opening?: string;
  isNew?: boolean;
  /** The caller spoke of a baby: a birthday said without a year is this year's. */
  baby?: boolean;
  prefs?: Preferences;
  phone?: string;
  /** Booking for someone else ("it's for my mother"): who the patient is to the caller, and the caller's name (the contact). */
  forWhom?: string;
  contactName?: string;
  /**
   * The visit's time (issue 31 §3). Unset: not looked at yet (once the reason, new or returning and
   * the preferred times are known, the agent looks whether the practice books this visit directly);
   * `request`: the practice will call to agree a time (not booked directly, nothing fits, or the
   * caller passed); `offered`: open times offered (the call's booking state holds them), waiting
   * for the caller's choice; `held`: the chosen time is held while the details are read back.
   */
  time?: 'request' | 'offered' | 'held';
}

export interface BuiltinState {
  flow: Flow;
  step: string;
  appt: AppointmentSlots;
  /** The slot filled most recently, which "no, the 4th" corrects. */
  lastFilled?: 'name' | 'dob' | 'reason' | 'patient_type' | 'preferences' | 'phone';
  msg: { name?: string; text?: string; phone?: string; topic?: MessageTopic; dobIso?: string };
  /** `urgent`: someone unwell asked for a person while nobody could take the call; `clinicalReport`: a lab or nurse reporting about a patient. */
  cb: { reason?: string; phone?: string; urgent?: boolean; clinicalReport?: boolean };
  status: { code?: string; dobIso?: string; firstName?: string; lastName?: string };
  /** Cancelling or moving a booked visit (issue 31 §3): what the caller said, wants, and who they said the patient is; the time picked to move to (1 = first offered). */
  change?: { said?: string; action?: 'cancel' | 'move'; code?: string; first?: string; last?: string; pick?: number };
  /** The request a clarifying question ("is this about A, or B?") was asked about, and its options. */
  clarifying?: { said: string; options: [string, string] };
  /** Answers in a row that could not be understood at the current step. */
  misunderstood: number;
}

export function initialBuiltinState(): BuiltinState {
  return { flow: 'idle', step: '', appt: {}, msg: {}, cb: {}, status: {}, misunderstood: 0 };
}
