import { inCallerWords } from '../../caller-words.js';
import { clinicianSaid, dateOfBirth, patientKind, preferences, say, visitReason, visitReasonList, visitTime, type PlainKey } from '../../messages/index.js';
import { checkDateOfBirth, mergeDateParts, parseDateParts, type DateParts } from '../../nlu/dates.js';
import { correctedPart, spelledWords } from '../../nlu/names.js';
import { extractPhone, sayPhone } from '../../nlu/phone-numbers.js';
import { extractPreferences } from '../../nlu/preferences.js';
import { afterYesNo, yesNo } from '../../nlu/yes-no.js';
import { capitalizeName, normalize } from '../../nlu/text.js';
import { matchVisitReason, newOrExistingPatient, visitWords } from '../../nlu/visit-reasons.js';
import { offerSpeech } from '../../tools/booking-support.js';
import type { AppointmentSlot, AppointmentSlots } from './builtin-state.js';
import { nameSaid, type FlowCtx } from './flow-context.js';

type Filled = NonNullable<FlowCtx['b']['lastFilled']>;

/** The next question of an appointment request, in order; `confirm` once everything is known. */
export function nextSlot(a: AppointmentSlots): AppointmentSlot {
  if (!a.first) return 'name';
  if (!a.last) return 'last_name';
  if (!a.dobIso) return 'dob';
  if (!a.reason) return 'reason';
  if (a.isNew === undefined) return 'patient_type';
  if (!a.prefs) return 'preferences';
  if (a.time === undefined || a.time === 'offered') return 'time';
  if (a.forWhom && !a.contactName) return 'contact_name';
  if (!a.phone) return 'phone';
  return 'confirm';
}

export function callerNumber(fc: FlowCtx): string | null {
  return /^\+[1-9]\d{6,14}$/.test(fc.env.call.from) ? fc.env.call.from : null;
}

export function question(fc: FlowCtx, slot: AppointmentSlot): string {
  const a = fc.b.appt;
  switch (slot) {
    case 'name':
      return say(fc.env, 'appointment.askName');
    case 'last_name':
      return a.first ? say(fc.env, 'appointment.askLastNameOf', { name: a.first }) : say(fc.env, 'appointment.askLastName');
    case 'dob':
      return say(fc.env, partialDobQuestion(a.dob) ?? 'appointment.askDateOfBirth');
    case 'reason': {
      const examples = fc.env.org.appointments.visitReasons.slice(0, 4).map((r) => r.toLowerCase());
      return examples.length ? say(fc.env, 'appointment.askReasonExamples', { examples: visitReasonList(examples) }) : say(fc.env, 'appointment.askReason');
    }
    case 'patient_type':
      return say(fc.env, 'appointment.askSeenBefore', { practice: fc.env.org.name });
    case 'preferences':
      return say(fc.env, 'appointment.askPreferences');
    case 'time':
      return offerSpeech(fc.env, fc.env.state.booking?.offered ?? []);
    case 'contact_name':
      return say(fc.env, 'appointment.askContactName');
    case 'phone': {
      const own = callerNumber(fc);
      return own ? say(fc.env, 'appointment.askPhoneIsBest', { phone: sayPhone(own) }) : say(fc.env, 'appointment.askPhone');
    }
    case 'phone_number':
      return say(fc.env, 'appointment.askPhoneDigits');
    case 'confirm':
      return readBack(fc);
    case 'what_to_change':
      return say(fc.env, 'appointment.askWhatToChange');
  }
}

/**
 * The patient is a baby: "my newborn", "she's six weeks old", "mi bebé", "recién nacido" — not
 * "baby aspirin", nor a pregnant caller "having a baby" (she is the patient).
 */
const SPEAKS_OF_A_BABY =
  /\b(?:(?<!(?:having|expecting|pregnant with) (?:a|the|my) )(?:baby|babies)(?! (?:aspirin|shower|weight|teeth|powder|oil|formula))|newborn|new born|infant|(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|a|a few|a couple of) (?:days?|weeks?) old|(?:[1-9]|1[01]|one|two|three|four|five|six|seven|eight|nine|ten|eleven|a|a few|a couple of) months? old|bebe|bebita|bebito|recien nacid[oa]s?|(?:dias|semanas) de nacid[oa])\b/;
const speaksOfABaby = (fc: FlowCtx, text: string) => SPEAKS_OF_A_BABY.test(normalize(inCallerWords(fc.env, text))) || SPEAKS_OF_A_BABY.test(normalize(text));

/** The year in which month/day last fell, today included. */
function latestPastYear(month: number, day: number, today: string): number {
  const year = Number(today.slice(0, 4));
  const thisYears = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return thisYears <= today ? year : year - 1;
}

function partialDobQuestion(d: DateParts | undefined): PlainKey | null {
  if (!d) return null;
  if (d.month && d.day && !d.year) return 'appointment.askYear';
  if (d.year && !d.month) return 'appointment.askMonthAndDay';
  if (d.month && !d.day) return 'appointment.askDayOfMonth';
  return null;
}

export function readBack(fc: FlowCtx): string {
  const a = fc.b.appt;
  const who = `${a.first} ${a.last}`;
  const reason = visitReason(a.reason, a.reasonOther);
  const patient = patientKind(a.isNew);
  const hold = a.time === 'held' ? fc.env.state.booking?.hold : undefined;
  if (hold) {
    const env = fc.env;
    const said = {
      name: who,
      dateOfBirth: dateOfBirth(a.dobIso!, fc.dayFirst),
      reason,
      patient,
      when: visitTime(hold.time.start, env.now.getTime(), env.org.timeZone, { dayFirst: fc.dayFirst, on: true }),
      clinician: clinicianSaid(hold.time.clinicianName),
      place: hold.time.locationName,
      phone: sayPhone(a.phone!),
    };
    return a.contactName ? say(env, 'appointment.readBackBookingContact', { ...said, contact: a.contactName }) : say(env, 'appointment.readBackBooking', said);
  }
  const prefs = preferences(a.prefs, fc.today);
  const said = { name: who, dateOfBirth: dateOfBirth(a.dobIso!, fc.dayFirst), reason, patient, preferences: prefs, phone: sayPhone(a.phone!) };
  return a.contactName ? say(fc.env, 'appointment.readBackContact', { ...said, contact: a.contactName }) : say(fc.env, 'appointment.readBack', said);
}

/** A short acknowledgement of what was just understood ("Thanks, Jane."). */
export function acknowledge(fc: FlowCtx, filled: Filled[], opts: { onlyNameOrDate?: boolean; corrected?: boolean } = {}): string {
  const a = fc.b.appt;
  // A corrected name is said in full, so the caller hears the part that changed ("Got it, Jane Smyth.").
  if (filled.includes('name') && opts.corrected && (a.first || a.last)) return say(fc.env, 'ack.gotItName', { name: [a.first, a.last].filter(Boolean).join(' ') });
  if (filled.includes('name') && a.first) return say(fc.env, 'ack.thankYouName', { name: a.first });
  if (filled.includes('dob') && a.dobIso) return say(fc.env, 'ack.gotItDate', { date: dateOfBirth(a.dobIso, fc.dayFirst) });
  if (filled.length && !opts.onlyNameOrDate) return say(fc.env, 'ack.gotIt');
  return '';
}

/**
 * Takes every fact it can find in one utterance. `expecting` is the slot just asked: its answer
 * may be bare ("Jane Smith", "the 4th"); other facts count only when stated unmistakably.
 */
const BARE_WORDS = new Set(['i', 'im', "i'm", 'am', 'is', 'it', 'its', "it's", 'we', 'are', 'do', 'does', 'did', 'have', 'has', 'he', 'she', 'they', 'that', 'this', 'ok', 'okay', 'sure', 'fine', 'please', 'so', 'yes', 'no', 'si', 'es', 'soy', 'claro']);
const RELATIVE_DAY = /\b(?:yesterday|today|tonight|tomorrow|ago|last|next|this|ayer|hoy|manana|anoche|pasado|pasada|proximo|proxima)\b/;
const BIRTH_WORD = /\b(?:born|birth|birthday|dob|d o b|nacio|naci|nacido|nacida|nacimiento|cumpleanos)\b/;

export function absorb(fc: FlowCtx, text: string, expecting: AppointmentSlot | null): Filled[] {
  const a = fc.b.appt;
  const filled: Filled[] = [];
  const country = fc.env.org.country;
  const ctx = { dayFirst: fc.dayFirst, today: fc.today };

  const nameExpect = expecting === 'name' ? 'full' : expecting === 'last_name' ? 'last' : undefined;
  const name = nameSaid(fc, text, nameExpect);
  if (name) {
    if (name.first) a.first = name.first;
    if (name.last) a.last = name.last;
    filled.push('name');
  }

  if (speaksOfABaby(fc, text)) a.baby = true;
  const parts = parseDateParts(text, ctx);
  // Unasked, a whole date is a date of birth unless it was said as a day relative to today ("I
  // had a telehealth visit yesterday"), which only a word of birth makes one ("born yesterday").
  const said = normalize(text);
  const asBirth = !RELATIVE_DAY.test(said) || BIRTH_WORD.test(said);
  if (parts && (expecting === 'dob' || (parts.day && parts.month && parts.year && asBirth))) {
    // Asked "what year?" and told the month and day again, for a baby: its birthday said as this
    // year's (the read-back lets the caller correct it).
    const yearAsked = expecting === 'dob' && a.dob?.month !== undefined && a.dob.day !== undefined && a.dob.year === undefined;
    if (yearAsked && a.baby && parts.month && parts.day && !parts.year) parts.year = latestPastYear(parts.month, parts.day, fc.today);
    a.dob = mergeDateParts(expecting === 'dob' ? a.dob : undefined, parts);
    const check = checkDateOfBirth(a.dob, fc.today);
    if (check.ok) a.dobIso = check.iso;
    if (check.ok || expecting === 'dob') filled.push('dob');
  }

  // "Yes I am", "yeah sure": an answer to some other question is no reason for a visit.
  const bareAnswer = yesNo(text) !== null && afterYesNo(text).split(/\s+/).every((w) => !w || BARE_WORDS.has(w));
  // Nor is an answer to another question once the reason is known: "no, I'm a new patient" says
  // who the patient is, not that the newborn's check-up became a new-patient visit.
  const answersOther = expecting !== null && expecting !== 'reason' && a.reason !== undefined;
  const reason = bareAnswer || answersOther ? null : matchVisitReason(text, fc.env.org.appointments.visitReasons, { requireMatch: expecting !== 'reason' });
  if (reason && !(expecting === 'reason' && filled.length && reason.reason === 'Other')) {
    // In the caller's words (a call in Spanish reaches this glossed); naming the same category again keeps the words said before.
    // Picked out of the caller's own words, not out of the English gloss a Spanish call is read through.
    const spoken = inCallerWords(fc.env, text);
    const answered = reason.reasonOther ? (spoken !== text ? visitWords(spoken) : reason.reasonOther) : null;
    const words = a.opening && !(answered ?? '').includes(a.opening) ? [a.opening, answered].filter(Boolean).join('; ').slice(0, 300) : answered;
    if (words || a.reason !== reason.reason) a.reasonOther = words;
    a.reason = reason.reason;
    filled.push('reason');
  }

  const patient = newOrExistingPatient(text, { asked: expecting === 'patient_type' });
  if (patient !== null) {
    a.isNew = patient;
    filled.push('patient_type');
  }

  const prefs = extractPreferences(text, expecting === 'preferences', ctx);
  if (prefs) {
    a.prefs = prefs;
    filled.push('preferences');
  } else if (expecting === 'preferences' && normalize(text).split(' ').length >= 2 && !filled.length) {
    a.prefs = { days: [], timesOfDay: [], text: text.trim().slice(0, 300) };
    filled.push('preferences');
  }

  const phone = extractPhone(text, country);
  if (phone && (expecting === 'phone' || expecting === 'phone_number' || normalize(text).replace(/\D/g, '').length >= 10)) {
    a.phone = phone;
    filled.push('phone');
  }
  if (filled.length) fc.b.lastFilled = filled[filled.length - 1];
  return filled;
}

/**
 * A correction of something already given ("no, the 4th", "actually it's Smyth, S-M-Y-T-H",
 * "the number is 860 555 0199"): applied to the slot it is about. Returns what changed.
 */
export function applyCorrection(fc: FlowCtx, text: string): Filled[] {
  const a = fc.b.appt;
  const t = normalize(text);
  const about: Filled | undefined = /\b(born|birth|birthday|dob|date)\b/.test(t)
    ? 'dob'
    : /\b(name|spell|spelled|spelt)\b|\b(with|without) (an?|the|two|double) [a-z]\b/.test(t)
      ? 'name'
      : /\b(number|phone)\b/.test(t)
        ? 'phone'
        : /\b(reason|visit|for a|for my)\b/.test(t)
          ? 'reason'
          : /\b(morning|afternoon|evening|monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekday|weekend|time|today|tomorrow|week|month)\b/.test(t)
            ? 'preferences'
            : /\b(new|existing|before|returning)\b/.test(t)
              ? 'patient_type'
              : undefined;
  const target = about ?? fc.b.lastFilled;
  const ctx = { dayFirst: fc.dayFirst, today: fc.today };
  if (target === 'dob' || (!about && parseDateParts(text, ctx))) {
    const parts = parseDateParts(text, ctx);
    if (parts) {
      const merged = mergeDateParts(a.dob, parts);
      const check = checkDateOfBirth(merged, fc.today);
      if (check.ok) {
        a.dob = merged;
        a.dobIso = check.iso;
        return ['dob'];
      }
    }
  }
  // "Actually it's Smyth": one stated name word, after any other answer, is about the name.
  const stated = !about ? nameSaid(fc, text) : null;
  const oneStatedName = stated !== null && !(stated.first && stated.last);
  if (target === 'name' || (!about && (spelledWords(text).length || oneStatedName))) {
    const name = nameSaid(fc, text, 'full');
    if (name?.first && name.last) {
      Object.assign(a, { first: name.first, last: name.last });
      return ['name'];
    }
    const one = name?.last ?? name?.first ?? spelledWords(text).map(capitalizeName)[0];
    if (one) {
      a[correctedPart({ first: a.first, last: a.last }, one)] = one;
      return ['name'];
    }
  }
  if (target === 'phone') {
    const phone = extractPhone(text, fc.env.org.country);
    if (phone) {
      a.phone = phone;
      return ['phone'];
    }
  }
  const expecting: Record<Filled, AppointmentSlot> = { name: 'name', dob: 'dob', reason: 'reason', patient_type: 'patient_type', preferences: 'preferences', phone: 'phone_number' };
  return target && target !== 'dob' && target !== 'name' ? absorb(fc, text, expecting[target]) : absorb(fc, text, null);
}
