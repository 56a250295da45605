import { inCallerWords } from '../../caller-words.js';
import { say, type PlainKey } from '../../messages/index.js';
import { checkDateOfBirth } from '../../nlu/dates.js';
import { extractName } from '../../nlu/names.js';
import { normalize } from '../../nlu/text.js';
import { extractPreferences } from '../../nlu/preferences.js';
import { readTimePick } from '../../nlu/time-pick.js';
import { patientTypeAnswer, saidAboutTheVisit } from '../../nlu/visit-reasons.js';
import { offerSpeech, phoneVisitType, releaseHold } from '../../tools/booking-support.js';
import type { ToolResult } from '../../tools/tool-types.js';
import { afterYesNo, isCorrection, yesNo, yesNoAnswer } from '../../nlu/yes-no.js';
import { absorb, acknowledge, applyCorrection, callerNumber, nextSlot, question, readBack } from './appointment-slots.js';
import type { AppointmentSlot } from './builtin-state.js';
import { anythingElse, decide, nameSaid, notUnderstood, type FlowCtx, type FlowReply } from './flow-context.js';

/**
 * An appointment request by phone: name, date of birth, reason, new or returning, preferred
 * times, callback number — in any order and several at once — read back, and saved only on a yes.
 */
export async function startAppointment(fc: FlowCtx, text: string): Promise<FlowReply> {
  if (!fc.env.org.appointments.enabled) {
    decide(fc, 'appointments_disabled');
    fc.b.flow = 'offer_help';
    return { text: say(fc.env, 'appointment.disabled') };
  }
  decide(fc, 'start_appointment');
  fc.b.flow = 'appointment';
  fc.b.appt = {};
  fc.b.lastFilled = undefined;
  const filled = absorb(fc, text, null);
  // Kept for the reason when it is asked: a later answer ("just a sick visit") must not lose it.
  if (!filled.includes('reason')) fc.b.appt.opening = saidAboutTheVisit(inCallerWords(fc.env, text)) ?? undefined;
  thirdParty(fc, text);
  return askNext(fc, `${say(fc.env, 'appointment.start')} ${acknowledge(fc, filled, { onlyNameOrDate: true })}`);
}

const RELATION =
  /\b(?:(?:for|it'?s|its|is|calling about|about) my|my) (little (?:girl|boy|one)|son|daughter|child|kid|baby|boy|girl|mother|mom|mum|father|dad|husband|wife|partner|grandmother|grandma|grandfather|grandpa|brother|sister|grandson|granddaughter|aunt|uncle|niece|nephew|patient|client)\b/;
const RELATION_WORD: Record<string, string> = { 'little girl': 'daughter', 'little boy': 'son', 'little one': 'child', kid: 'child', baby: 'child', boy: 'son', girl: 'daughter', mom: 'mother', mum: 'mother', dad: 'father', grandma: 'grandmother', grandpa: 'grandfather' };

/** "This is Paul", "it's Maria calling", "habla Carmen": the caller saying who they are. */
const SAYS_WHO_IS_CALLING = /\b(my name is|my name's|this is|i'm|im|i am|it's|its|it is|soy|habla|le habla|me llamo|mi nombre es)\b/;

/**
 * Booking for someone else ("it's for my mother", "my little girl needs a checkup"): the patient
 * is the person the visit is for; a name the caller gave for themselves is the contact's.
 */
function thirdParty(fc: FlowCtx, text: string): void {
  const t = normalize(text);
  const m = RELATION.exec(t);
  if (!m) return;
  const a = fc.b.appt;
  a.forWhom = RELATION_WORD[m[1]!] ?? m[1]!;
  const self = extractName(t.slice(0, m.index));
  if (self && SAYS_WHO_IS_CALLING.test(t.slice(0, m.index))) {
    a.contactName = [self.first, self.last].filter(Boolean).join(' ');
    const patient = extractName(t.slice(m.index));
    a.first = patient?.first;
    a.last = patient?.last;
  }
  decide(fc, `for_someone_else:${a.forWhom}`);
}

async function askNext(fc: FlowCtx, prefix: string): Promise<FlowReply> {
  let slot = nextSlot(fc.b.appt);
  if (slot === 'time' && fc.b.appt.time === undefined) {
    const offer = await offerTimes(fc);
    if (offer) {
      fc.b.step = 'time';
      return { text: `${prefix} ${offer}`.replace(/\s+/g, ' ').trim() };
    }
    slot = nextSlot(fc.b.appt);
  }
  fc.b.step = slot;
  decide(fc, `ask:${slot}`);
  return { text: `${prefix} ${question(fc, slot)}`.replace(/\s+/g, ' ').trim() };
}

/** Words that say which earlier answer a correction is about. */
const NAMES_EARLIER_ANSWER = /\b(born|birth|birthday|dob|name|spell|spelled|spelt|with an? [a-z]|without the [a-z])\b/;

export async function appointmentTurn(fc: FlowCtx, text: string): Promise<FlowReply> {
  const { b } = fc;
  const a = b.appt;
  const step = b.step as AppointmentSlot;
  if (step === 'confirm') return confirmStep(fc, text);
  if (step === 'what_to_change') return whatToChange(fc, text);
  // "Scratch that, my birthday is the fourth" while asked a yes/no question (or which time): a correction, not an answer.
  if ((step === 'phone' || step === 'patient_type' || step === 'time') && isCorrection(text) && yesNo(text) === null && b.lastFilled && NAMES_EARLIER_ANSWER.test(normalize(text))) {
    const changed = applyCorrection(fc, text);
    if (changed.length) return askNext(fc, `${say(fc.env, 'ack.sorry')} ${acknowledge(fc, changed, { corrected: true })}`);
  }
  if (step === 'time') return timeStep(fc, text);
  if (step === 'phone') {
    const filled = absorb(fc, text, 'phone');
    if (filled.includes('phone')) return askNext(fc, say(fc.env, 'ack.thankYou'));
    const own = callerNumber(fc);
    const yn = yesNoAnswer(text);
    if (yn === 'yes' && own) {
      a.phone = own;
      b.lastFilled = 'phone';
      return askNext(fc, say(fc.env, 'ack.great'));
    }
    if (yn === 'no' || !own) {
      b.step = 'phone_number';
      return { text: question(fc, 'phone_number') };
    }
    return notUnderstood(fc, `${say(fc.env, 'ack.notCaught')} ${question(fc, 'phone')}`);
  }
  if (step === 'contact_name') {
    const name = nameSaid(fc, text, 'full');
    if (!name) return notUnderstood(fc, say(fc.env, 'appointment.retryContactName'));
    a.contactName = [name.first, name.last].filter(Boolean).join(' ');
    return askNext(fc, say(fc.env, 'ack.thankYou'));
  }
  if (step === 'patient_type') {
    const filled = absorb(fc, text, 'patient_type');
    if (!filled.includes('patient_type')) {
      const isNew = patientTypeAnswer(text, yesNo(text));
      if (isNew === null) return notUnderstood(fc, `${say(fc.env, 'ack.notCaught')} ${question(fc, 'patient_type')} ${say(fc.env, 'ack.yesOrNo')}`);
      a.isNew = isNew;
      b.lastFilled = 'patient_type';
    }
    return askNext(fc, say(fc.env, 'ack.thankYou'));
  }
  if (isCorrection(text) && b.lastFilled) {
    const changed = applyCorrection(fc, afterYesNo(text) || text);
    if (changed.length) {
      timeToLookAgain(fc, changed);
      return askNext(fc, `${say(fc.env, 'ack.sorry')} ${acknowledge(fc, changed, { corrected: true })}`);
    }
  }
  const dobBefore = JSON.stringify(a.dob ?? null);
  const filled = absorb(fc, text, step);
  if (nextSlot(a) !== step) return askNext(fc, acknowledge(fc, filled));
  if (step === 'dob' && a.dob) {
    // The same part of a date said again ("March third", no year) is no progress: counted as not
    // understood, so the call moves on (a person or a message) instead of asking for ever.
    const progress = JSON.stringify(a.dob) !== dobBefore;
    const check = checkDateOfBirth(a.dob, fc.today);
    if (!check.ok && 'invalid' in check) {
      a.dob = undefined;
      return notUnderstood(fc, say(fc.env, 'appointment.invalidDateOfBirth'));
    }
    if (!check.ok) return progress ? { text: question(fc, 'dob') } : notUnderstood(fc, question(fc, 'dob'));
  }
  const retry: Partial<Record<AppointmentSlot, PlainKey>> = {
    name: 'appointment.retryName',
    last_name: 'appointment.retryLastName',
    dob: 'appointment.retryDateOfBirth',
    phone_number: 'phone.retryDigits',
  };
  const again = retry[step];
  return notUnderstood(fc, again ? say(fc.env, again) : `${say(fc.env, 'ack.notCaught')} ${question(fc, step)}`);
}

async function confirmStep(fc: FlowCtx, text: string): Promise<FlowReply> {
  const yn = yesNoAnswer(text);
  const rest = afterYesNo(text);
  if (yn === 'yes') {
    const changed = rest ? applyCorrection(fc, rest) : [];
    if (changed.length) return reconfirm(fc, changed);
    return fc.b.appt.time === 'held' ? book(fc) : save(fc);
  }
  if (yn === 'no') {
    const changed = rest ? applyCorrection(fc, rest) : [];
    if (changed.length) return reconfirm(fc, changed);
    fc.b.step = 'what_to_change';
    decide(fc, 'ask:what_to_change');
    return { text: question(fc, 'what_to_change') };
  }
  const changed = applyCorrection(fc, text);
  if (changed.length) return reconfirm(fc, changed);
  return notUnderstood(fc, say(fc.env, 'appointment.confirmAgain'));
}

async function reconfirm(fc: FlowCtx, changed: Filled[]): Promise<FlowReply> {
  // A new reason, patient type or preferred times: the time is looked for again.
  if (timeToLookAgain(fc, changed)) {
    const offer = await offerTimes(fc);
    if (offer) {
      fc.b.step = 'time';
      return { text: `${say(fc.env, 'appointment.correctionThanks')} ${offer}` };
    }
  }
  fc.b.step = 'confirm';
  decide(fc, 'reconfirm');
  return { text: `${say(fc.env, 'appointment.correctionThanks')} ${readBack(fc)}` };
}

const NAMED_SLOTS: [RegExp, AppointmentSlot, (keyof FlowCtx['b']['appt'])[]][] = [
  [/\b(name|spell)/, 'name', ['first', 'last']],
  [/\b(birth|born|birthday|dob|date)\b/, 'dob', ['dob', 'dobIso']],
  [/\b(reason|visit|why)\b/, 'reason', ['reason', 'reasonOther', 'time']],
  [/\b(time|times|day|days|prefer)/, 'preferences', ['prefs', 'time']],
  [/\b(number|phone)\b/, 'phone_number', ['phone']],
  [/\b(new|existing|before|returning|patient)\b/, 'patient_type', ['isNew', 'time']],
];

async function whatToChange(fc: FlowCtx, text: string): Promise<FlowReply> {
  const changed = applyCorrection(fc, text);
  if (changed.length) return reconfirm(fc, changed);
  const t = normalize(text);
  for (const [re, slot, keys] of NAMED_SLOTS) {
    if (!re.test(t)) continue;
    for (const k of keys) delete fc.b.appt[k];
    fc.b.step = slot;
    decide(fc, `ask:${slot}`);
    return { text: `${say(fc.env, 'ack.ofCourse')} ${question(fc, slot)}` };
  }
  return notUnderstood(fc, question(fc, 'what_to_change'));
}

async function save(fc: FlowCtx, prefix = ''): Promise<FlowReply> {
  const a = fc.b.appt;
  decide(fc, 'create_appointment_request');
  const r = await fc.tools.run('create_appointment_request', {
    firstName: a.first,
    lastName: a.last,
    dateOfBirth: a.dobIso,
    phone: a.phone,
    reason: a.reason,
    ...(a.reasonOther ? { reasonOther: a.reasonOther } : {}),
    isNewPatient: a.isNew,
    preferences: a.prefs ? { days: a.prefs.days, timesOfDay: a.prefs.timesOfDay, ...(a.prefs.earliestDate ? { earliestDate: a.prefs.earliestDate } : {}), text: a.prefs.text } : undefined,
    ...(a.forWhom ? { relationship: a.forWhom, ...(a.contactName ? { contactName: a.contactName } : {}) } : {}),
    callerConfirmed: true,
  });
  if (!r.ok) {
    fc.b.flow = 'offer_help';
    return { text: `${prefix} ${r.speech || say(fc.env, 'appointment.notSaved')} ${say(fc.env, 'help.staffOrMessage')}`.trim() };
  }
  return anythingElse(fc, `${prefix} ${r.speech}`.trim());
}

// ---------------------------------------------------------------------------------------------
// Booking an open time (issue 31 §3)

type Filled = NonNullable<FlowCtx['b']['lastFilled']>;

/** A correction of the reason, the patient type or the preferred times: the time is to be looked at again. */
function timeToLookAgain(fc: FlowCtx, changed: Filled[]): boolean {
  const a = fc.b.appt;
  if (a.time === undefined || !changed.some((c) => c === 'reason' || c === 'patient_type' || c === 'preferences')) return false;
  a.time = undefined;
  return true;
}

/**
 * Once the reason, new or returning and the preferred times are known: when the practice books
 * that visit type directly by phone (for this patient), two or three open times that fit are
 * offered; otherwise — and when none fits — the request goes on as before (`time` = request), the
 * practice calling back with a time. A practice without such a visit type costs one read of its
 * visit types and records nothing more.
 */
async function offerTimes(fc: FlowCtx): Promise<string | null> {
  const a = fc.b.appt;
  const env = fc.env;
  const type = await phoneVisitType(env, a.reason ?? 'Other', a.reasonOther, a.isNew);
  if (typeof type === 'string') {
    a.time = 'request';
    if (env.state.booking?.hold) await releaseHold(env, env.state.booking);
    if ((await env.visitTypes()).length) decide(fc, `request:${type}`);
    return null;
  }
  decide(fc, 'find_open_times');
  const p = a.prefs!;
  const r = await fc.tools.run('find_open_times', {
    reason: a.reason,
    ...(a.reasonOther ? { reasonOther: a.reasonOther } : {}),
    isNewPatient: a.isNew,
    preferences: { days: p.days, timesOfDay: p.timesOfDay, ...(p.earliestDate ? { earliestDate: p.earliestDate, onlyDate: p.dateKind === 'day' } : {}), text: p.text.slice(0, 300) },
  });
  if (!r.ok || r.result.bookable !== true) {
    a.time = 'request';
    return null;
  }
  a.time = 'offered';
  return r.speech;
}

/** The caller's answer to the offered times: one of them (held), others (offered once), or none (a request). */
async function timeStep(fc: FlowCtx, text: string): Promise<FlowReply> {
  const env = fc.env;
  const a = fc.b.appt;
  const booking = env.state.booking;
  if (!booking?.offered.length) {
    a.time = undefined;
    return askNext(fc, '');
  }
  // The caller's own words: "la del martes" is read in Spanish, not through its gloss.
  const pick = readTimePick(env.state.language === 'es' ? inCallerWords(env, text) : text, booking.offered, env.org.timeZone, fc.today);
  if (pick && 'pick' in pick) {
    decide(fc, `hold_open_time:${pick.pick + 1}`);
    const r = await fc.tools.run('hold_open_time', { option: pick.pick + 1, firstName: a.first, lastName: a.last, dateOfBirth: a.dobIso, ...(a.phone ? { phone: a.phone } : {}) });
    if (r.ok) {
      a.time = 'held';
      return askNext(fc, say(env, 'ack.great'));
    }
    return afterRefusal(fc, r);
  }
  if (pick && 'other' in pick) {
    // New wishes said with it ("anything on Friday afternoon?") replace the old ones.
    const wishes = extractPreferences(text, true, { dayFirst: fc.dayFirst, today: fc.today });
    if (wishes && (wishes.days.length || wishes.timesOfDay.length || wishes.earliestDate)) a.prefs = wishes;
    const p = a.prefs!;
    decide(fc, 'find_open_times:other');
    const r = await fc.tools.run('find_open_times', {
      reason: a.reason,
      ...(a.reasonOther ? { reasonOther: a.reasonOther } : {}),
      isNewPatient: a.isNew,
      preferences: { days: p.days, timesOfDay: p.timesOfDay, ...(p.earliestDate ? { earliestDate: p.earliestDate, onlyDate: p.dateKind === 'day' } : {}), text: p.text.slice(0, 300) },
      otherTimes: true,
    });
    if (r.ok && r.result.bookable === true) return { text: r.speech };
    a.time = 'request';
    decide(fc, 'request_instead');
    return askNext(fc, r.speech || `${say(env, 'booking.noOthers')} ${say(env, 'booking.passToTeam')}`);
  }
  return notUnderstood(fc, `${say(env, 'ack.notCaught')} ${offerSpeech(env, booking.offered)}`);
}

/** A time refused when held or booked: the next free times, or — with none — the request as before. */
function afterRefusal(fc: FlowCtx, r: ToolResult): Promise<FlowReply> | FlowReply {
  const a = fc.b.appt;
  const options = Array.isArray(r.result.options) ? r.result.options : [];
  if (r.result.error === 'slot_taken' && options.length) {
    a.time = 'offered';
    fc.b.step = 'time';
    decide(fc, 'offer_after_taken');
    return { text: r.speech };
  }
  a.time = 'request';
  decide(fc, 'request_instead');
  return askNext(fc, r.speech ? `${r.speech} ${say(fc.env, 'booking.passToTeam')}` : say(fc.env, 'booking.passToTeam'));
}

/** The caller said yes to the read-back of a held time: it is booked (with the request staff see). */
async function book(fc: FlowCtx): Promise<FlowReply> {
  const a = fc.b.appt;
  decide(fc, 'book_held_time');
  const r = await fc.tools.run('book_held_time', {
    phone: a.phone,
    firstName: a.first,
    lastName: a.last,
    dateOfBirth: a.dobIso,
    ...(a.forWhom ? { relationship: a.forWhom, ...(a.contactName ? { contactName: a.contactName } : {}) } : {}),
    callerConfirmed: true,
  });
  if (r.ok) return anythingElse(fc, r.speech);
  const options = Array.isArray(r.result.options) ? r.result.options : [];
  if (r.result.error === 'slot_taken' && options.length) return afterRefusal(fc, r);
  // Not booked after all: what the caller confirmed goes in as a request.
  a.time = 'request';
  return save(fc, r.result.error === 'slot_taken' ? `${r.speech} ${say(fc.env, 'booking.passToTeam')}` : say(fc.env, 'booking.notBooked'));
}
