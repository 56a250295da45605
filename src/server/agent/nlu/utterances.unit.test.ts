import { describe, expect, it } from 'vitest';
import { detectEmergency } from './emergency.js';
import { detectIntent, detectIntents } from './intents.js';
import { extractPhone, sayPhone } from './phone-numbers.js';
import { extractPreferences, sayPreferences } from './preferences.js';
import { extractReferenceCode, sayReferenceCode } from './reference-code.js';
import { matchVisitReason, newOrExistingPatient } from './visit-reasons.js';
import { afterYesNo, isCorrection, yesNo } from './yes-no.js';

const CTX = { dayFirst: false, today: '2026-11-25' };

describe('detectIntent', () => {
  it.each([
    ["I'd like to make an appointment", 'appointment'],
    ['Can I book a checkup for next week?', 'appointment'],
    ['I need to see the doctor', 'appointment'],
    ['What are your hours?', 'hours'],
    ['Are you open on Saturday?', 'hours'],
    ['what time do you close today', 'hours'],
    ['Can I speak to a real person please', 'human'],
    ['let me talk to someone about booking', 'human'],
    ['operator', 'human'],
    ['I want to leave a message for Dr Hart', 'message'],
    ['I need a refill on my prescription', 'message'],
    ["I'm calling to check on the status of my request", 'request_status'],
    ['Please stop calling me', 'do_not_call'],
    ['take me off your calling list', 'do_not_call'],
    ['Can someone call me back?', 'callback'],
    ['I need to cancel my appointment', 'change_appointment'],
    ['where are you located', 'location'],
    ["no that's all, bye", 'goodbye'],
    ['the weather is nice', null],
  ])('%s → %s', (text, intent) => expect(detectIntent(text)).toBe(intent));

  it('asking for a person wins over the topic', () => expect(detectIntents('can I speak to someone about an appointment')[0]).toBe('human'));

  it.each([
    // Asking for a person, however it is put.
    ['agent', 'human'],
    ['an agent please', 'human'],
    ['can I speak to an agent', 'human'],
    ['can I get a live person', 'human'],
    ['customer service', 'human'],
    ["I'm returning a call from the office", 'human'],
    ['I missed a call from this number', 'human'],
    ['you guys called me earlier', 'human'],
    // Someone to be seen by is a visit, not a transfer.
    ['I need to see someone today', 'appointment'],
    ['I need someone to look at my knee', 'appointment'],
    ['can somebody take a look at his rash', 'appointment'],
    ['I want the doctor to check out this mole', 'appointment'],
    ['can I talk to someone about my knee', 'human'],
    ['is there someone I can speak to', 'human'],
    ["my kid's been throwing up for two days can I bring him in", 'appointment'],
    ['I need to get seen for a sore throat', 'appointment'],
    ['can you fit me in this week', 'appointment'],
    ["what's your next available", 'appointment'],
    // An appointment already booked is never a new request.
    ['my appointment is tomorrow and I wanted to confirm it', 'change_appointment'],
    ['I wanted to confirm my appointment', 'change_appointment'],
    ['what time is my appointment tomorrow', 'change_appointment'],
    ["when is my daughter's appointment", 'change_appointment'],
    ['do I still have an appointment on Friday', 'change_appointment'],
    // The pharmacy is a refill message.
    ['can you send my meds to the pharmacy', 'message'],
    ['I need the doctor to call in a prescription', 'message'],
    ["where's the nearest pharmacy", null],
    ["nope that's everything", 'goodbye'],
    ["that'll be all", 'goodbye'],
    ['my travel agent booked it', null],
  ])('as said on the phone: %s → %s', (text, intent) => expect(detectIntent(text)).toBe(intent));
});

describe('detectEmergency', () => {
  it.each([
    ['I have chest pain', 'cardiac'],
    ["my husband can't breathe", 'breathing'],
    ["I've been having suicidal thoughts", 'mental_health'],
    ['I want to kill myself', 'mental_health'],
    ["the bleeding won't stop", 'bleeding'],
    ['her face is drooping and her speech is slurred', 'stroke'],
    ['he has slurred speech', 'stroke'],
    ['my son is having a seizure', 'seizure'],
    ['I think I took too many pills', 'poisoning'],
    ['I think my mother is having a stroke', 'stroke'],
    ['I have had chest pain since this morning', 'cardiac'],
  ])('%s → %s', (text, category) => expect(detectEmergency(text)?.category).toBe(category));

  it.each([
    'no chest pain, just a cough',
    "it's not an emergency, I need a refill",
    'I would like to book a physical',
    'I do not have trouble breathing',
    'I had a stroke last year and need a follow-up',
    'a check-up since my heart attack',
    'can you fit me in tomorrow, fitting me in would be great',
  ])('not: %s', (text) => {
    expect(detectEmergency(text)).toBeNull();
  });
});

describe('yes / no', () => {
  it.each([
    ['yes', 'yes'],
    ["yeah that's right", 'yes'],
    ['correct', 'yes'],
    ['sure, go ahead', 'yes'],
    ['no', 'no'],
    ['nope', 'no'],
    ['no, the 4th', 'no'],
    ["um, that's not right", 'no'],
    ['my name is Jane', null],
    // After a lead-in, a polite acceptance, a refusal for now, and Spanish as said in the US.
    ['honestly yeah go ahead', 'yes'],
    ["i'd appreciate it", 'yes'],
    ['not right now thanks', 'no'],
    ['ta bueno', 'yes'],
    ['mejor no gracias', 'no'],
  ])('%s → %s', (text, expected) => expect(yesNo(text)).toBe(expected));
  it.each([
    // As people answer on the phone.
    ['mhm', 'yes'],
    ['uh-huh', 'yes'],
    ['mm-hmm', 'yes'],
    ['you got it', 'yes'],
    ['you bet', 'yes'],
    ['yessir', 'yes'],
    ["yes ma'am, that's right", 'yes'],
    ['um, yep', 'yes'],
    ['absolutely', 'yes'],
    ["yeah, no, that's fine", 'yes'],
    ['no problem', 'yes'],
    ['oh no worries, go ahead', 'yes'],
    ["no problem, but the date's wrong", 'no'],
    // A no must never be taken as a yes (the request would be saved as read back).
    ['absolutely not', 'no'],
    ['definitely not', 'no'],
    ['of course not', 'no'],
    ["yeah no that's wrong", 'no'],
    ['yes but the date is wrong', 'no'],
    ["yeah the date of birth's not right", 'no'],
    ["that's incorrect", 'no'],
    ['not exactly', 'no'],
    ['naw', 'no'],
    ['uh, nah', 'no'],
    // Unsure is neither.
    ["I don't know", null],
    ["um I'm not sure", null],
    ['no idea', null],
  ])('as said on the phone: %s → %s', (text, expected) => expect(yesNo(text)).toBe(expected));
  it('keeps what follows', () => expect(afterYesNo('No, the 4th')).toBe('the 4th'));
  it.each([
    ["yes ma'am", ''],
    ['uh-huh', ''],
    ['absolutely not, the date is wrong', 'the date is wrong'],
    ['nope, my last name is Smyth, S-M-Y-T-H', 'my last name is smyth, s-m-y-t-h'],
    ['yeah no, the fourth', 'the fourth'],
  ])('keeps what follows: %s → %s', (text, rest) => expect(afterYesNo(text)).toBe(rest));
  it('spots corrections', () => {
    expect(isCorrection('actually it is Smyth')).toBe(true);
    expect(isCorrection('Jane Smith')).toBe(false);
  });
  it.each(["hold on, it's March fourth", 'scratch that, the fourth', "my bad, it's the fourth", 'oops, I meant Jon', 'um, wait, the fourth', "hang on, that's wrong"])('spots corrections as people make them: %s', (text) =>
    expect(isCorrection(text)).toBe(true),
  );
});

describe('phone numbers', () => {
  it.each([
    ['860 555 0123', '+18605550123'],
    ['(860) 555-0123', '+18605550123'],
    ['eight six oh five five five oh one two three', '+18605550123'],
    ['8 6 0 double 5 5 0 1 2 3', '+18605550123'],
    ['my number is 1 860 555 0123', '+18605550123'],
    // Pairs among the digits, as the last four are often read.
    ['area code two oh three five five five twelve twelve', '+12035551212'],
    ["it's two zero three, five five five, twelve twelve", '+12035551212'],
    ['two oh three eight six seven fifty three oh nine', '+12038675309'],
    ['two oh three eight six seven, fifty, twenty', '+12038675020'],
    ['one eight hundred five five five oh one two three', '+18005550123'],
  ])('%s', (text, e164) => expect(extractPhone(text, 'US')).toBe(e164));
  it('reads no pair apart from the digits', () => expect(extractPhone("I'm free after twelve", 'US')).toBeNull());
  it('reads UK numbers', () => expect(extractPhone('020 7946 0018', 'GB')).toBe('+442079460018'));
  it('refuses too few digits', () => expect(extractPhone('five five five', 'US')).toBeNull());
  it('says numbers digit by digit', () => expect(sayPhone('+18605550123')).toBe('8 6 0, 5 5 5, 0 1 2 3'));
});

describe('reference codes', () => {
  it.each([
    ['K 7 M 4 Q X R', 'K7M-4QXR'],
    ['my code is K7M-4QXR', 'K7M-4QXR'],
    ['kilo seven mike four quebec x-ray romeo', 'K7M-4QXR'],
    ['k seven m as in mike four q x r', 'K7M-4QXR'],
  ])('%s', (text, code) => expect(extractReferenceCode(text)).toBe(code));
  it('refuses other strings', () => expect(extractReferenceCode('I do not have it')).toBeNull());
  it('says codes', () => expect(sayReferenceCode('K7M-4QXR')).toBe('K 7 M, 4 Q X R'));
});

describe('preferences', () => {
  it('reads days and times', () => {
    expect(extractPreferences('Tuesday or Thursday mornings', true, CTX)).toMatchObject({ days: ['tue', 'thu'], timesOfDay: ['morning'] });
    expect(extractPreferences('weekday afternoons work best', false, CTX)).toMatchObject({ days: ['mon', 'tue', 'wed', 'thu', 'fri'], timesOfDay: ['afternoon'] });
    expect(extractPreferences('any time really', true, CTX)).toMatchObject({ days: [], timesOfDay: [] });
  });
  it('ignores incidental times unless asked', () => expect(extractPreferences('I woke up this morning with a fever', false, CTX)).toBeNull());
  it.each([
    ['mornings, but not Mondays', ['tue', 'wed', 'thu', 'fri'], ['morning']],
    ['any weekday except Friday', ['mon', 'tue', 'wed', 'thu'], []],
    ['anything but Wednesdays', ['mon', 'tue', 'thu', 'fri'], []],
    ['Tuesdays and Thursdays but not mornings', ['tue', 'thu'], ['afternoon', 'evening']],
    ["I can't do mornings", [], ['afternoon', 'evening']],
    ['not Mondays or Fridays, afternoons', ['tue', 'wed', 'thu'], ['afternoon']],
    ['weekends are bad, evenings are best', ['mon', 'tue', 'wed', 'thu', 'fri'], ['evening']],
    ['no preference', [], []],
  ])('rules days and times out: %s', (text, days, timesOfDay) => expect(extractPreferences(text, true, CTX)).toMatchObject({ days, timesOfDay }));
  it('says them', () => expect(sayPreferences({ days: ['tue', 'thu'], timesOfDay: ['morning'], text: '' })).toBe('Tuesdays or Thursdays, mornings'));
  it('says the caller’s words when the fields hold nothing, and any time when that is what they meant', () => {
    expect(sayPreferences({ days: [], timesOfDay: [], text: 'after my shift ends' })).toBe('after my shift ends');
    expect(sayPreferences({ days: [], timesOfDay: [], text: 'any time really' })).toBe('any time');
    expect(sayPreferences({ days: [], timesOfDay: [], text: '' })).toBe('any time');
  });
});

describe('visit reasons', () => {
  const reasons = ['New patient visit', 'Follow-up', 'Annual physical', 'Sick visit', 'Vaccination'];
  it.each([
    ['a follow-up', 'Follow-up', null],
    ['my annual physical', 'Annual physical', null],
    // The caller's own name for the visit, when the category calls it otherwise, is kept beside it.
    ['I need a flu shot', 'Vaccination', 'flu shot'],
    ['just my yearly checkup', 'Annual physical', 'just my yearly checkup'],
    ["hi good morning, I'd like to book an appointment, for a follow up", 'Follow-up', null],
    // A story before the asking and the detail after it are both kept; the asking is not.
    ['I need an appointment for my knee, I twisted it playing basketball', 'Other', 'appointment for my knee, I twisted it playing basketball'],
    ['I have a bad cough and a fever', 'Sick visit', 'I have a bad cough and a fever'],
  ])('%s', (text, reason, other) => expect(matchVisitReason(text, reasons, { requireMatch: false })).toEqual({ reason, reasonOther: other }));
  it('keeps other reasons in the caller’s words', () => {
    expect(matchVisitReason('to talk about my knee surgery options', reasons, { requireMatch: false })).toEqual({ reason: 'Other', reasonOther: 'to talk about my knee surgery options' });
    expect(matchVisitReason('to talk about my knee', reasons, { requireMatch: true })).toBeNull();
  });
  it('tells new from existing patients', () => {
    expect(newOrExistingPatient("I'm a new patient")).toBe(true);
    expect(newOrExistingPatient("I've been there before")).toBe(false);
    expect(newOrExistingPatient('hello')).toBeNull();
  });
});
