import { CALLER, type Scenario } from './scenario-types.js';

const ASK_NAME = /first and last name/;
const ASK_DOB = /date of birth/;
const ASK_REASON = /reason for the visit/;
const ASK_SEEN = /been seen at .* before/;
const ASK_PREFS = /days or times/;
const ASK_NUMBER = /8 6 0, 5 5 5, 0 1 2 3 the best number/;
const READ_BACK = /Let me read that back/;
const SAVED = /reference code is [A-Z0-9 ]{5}, [A-Z0-9 ]{7}/;

/** Appointment requests: how people actually give the details. */
export const APPOINTMENT_SCENARIOS: Scenario[] = [
  {
    name: 'books step by step, spoken date of birth',
    steps: [
      ["I'd like to make an appointment", ASK_NAME],
      ['Jane Smith', /Thank you, Jane\. What's the patient's date of birth/],
      ['March third nineteen eighty', /Got it, March 3rd, 1980\. What's the reason/],
      ['a follow-up', ASK_SEEN],
      ['yes', ASK_PREFS],
      ['Tuesday or Thursday mornings', ASK_NUMBER],
      ['yes', /Jane Smith, born March 3rd, 1980, for a follow-up, a returning patient, preferring Tuesdays or Thursdays, mornings, and we'll call 8 6 0, 5 5 5, 0 1 2 3\. Is that all correct\?/],
      ['yes that is correct', SAVED],
      ["no that's all", /Goodbye/],
    ],
    expect: {
      outcome: 'appointment_requested',
      hangup: true,
      request: { source: 'phone', status: 'submitted', firstName: 'Jane', lastName: 'Smith', dateOfBirth: '1980-03-03', phone: CALLER, reason: 'Follow-up', isNewPatient: false, preferences: { days: ['tue', 'thu'], timesOfDay: ['morning'] } },
      handoffs: [{ type: 'appointment_request', priority: 'normal' }],
    },
  },
  {
    name: 'rules a day out, then corrects a detail after the request went in',
    steps: [
      ["I'd like to make an appointment", ASK_NAME],
      ['Jane Smith', ASK_DOB],
      ['March third nineteen eighty', ASK_REASON],
      ['a follow-up', ASK_SEEN],
      ['yes', ASK_PREFS],
      ['mornings, but not Mondays', ASK_NUMBER],
      ['yes', /preferring Tuesdays, Wednesdays, Thursdays or Fridays, mornings,/],
      ['yes', SAVED],
      // Not a goodbye: the words reach the team as a message about the stored request.
      ['no wait, her birthday is the 13th', /already in, so I'll pass that on to the team with it\. Is 8 6 0, 5 5 5, 0 1 2 3 the best number for a reply\?/],
      ['yes', /passed your message on/],
      ["no that's all", /Goodbye/],
    ],
    expect: {
      outcome: 'appointment_requested',
      hangup: true,
      request: { source: 'phone', status: 'submitted', firstName: 'Jane', dateOfBirth: '1980-03-03', preferences: { days: ['tue', 'wed', 'thu', 'fri'], timesOfDay: ['morning'] } },
      handoffs: [
        { type: 'appointment_request', priority: 'normal' },
        { type: 'message', priority: 'normal' },
      ],
    },
  },
  {
    name: 'gives several facts in one sentence',
    steps: [
      ["Hi, this is Maria Lopez, I'd like to book a follow-up, my date of birth is 3/3/80 and I've been there before", /Thank you, Maria\. Which days or times/],
      ['mornings are best', ASK_NUMBER],
      ['yes', READ_BACK],
      ['yes', SAVED],
      ['no thanks', /Goodbye/],
    ],
    expect: { outcome: 'appointment_requested', request: { firstName: 'Maria', lastName: 'Lopez', dateOfBirth: '1980-03-03', reason: 'Follow-up', isNewPatient: false, preferences: { timesOfDay: ['morning'] } } },
  },
  {
    name: 'corrects the date of birth right after giving it ("no, the 4th")',
    steps: [
      ['I need to schedule an appointment', ASK_NAME],
      ['Tom Baker', ASK_DOB],
      ['March third 1980', /March 3rd, 1980/],
      ['No, the 4th', /Sorry about that\. Got it, March 4th, 1980\. What's the reason/],
      ['annual physical', ASK_SEEN],
      ['no, first time', ASK_PREFS],
      ['any time', ASK_NUMBER],
      ['yes', /born March 4th, 1980, for an annual physical, a new patient, preferring any time/],
      ['yes', SAVED],
      ['no', /Goodbye/],
    ],
    expect: { outcome: 'appointment_requested', request: { firstName: 'Tom', lastName: 'Baker', dateOfBirth: '1980-03-04', reason: 'Annual physical', isNewPatient: true } },
  },
  {
    name: 'spells the last name',
    steps: [
      ['book an appointment please', ASK_NAME],
      ['Jane Smyth, S-M-Y-T-H', /Thank you, Jane/],
      ['the third of March 1980', ASK_REASON],
      ['vaccination', ASK_SEEN],
      ['yes', ASK_PREFS],
      ['weekday afternoons', ASK_NUMBER],
      ['yes', /Jane Smyth/],
      ['yes', SAVED],
      ['bye', /Goodbye/],
    ],
    expect: { outcome: 'appointment_requested', request: { firstName: 'Jane', lastName: 'Smyth', dateOfBirth: '1980-03-03', reason: 'Vaccination', preferences: { days: ['mon', 'tue', 'wed', 'thu', 'fri'], timesOfDay: ['afternoon'] } } },
  },
  {
    name: 'corrects the date of birth at the read-back',
    steps: [
      ['I want to book a checkup', ASK_NAME],
      ['my name is Robert Chen', ASK_DOB],
      ['July 4th 1975', ASK_SEEN],
      ['yes', ASK_PREFS],
      ['Monday', ASK_NUMBER],
      ['yes', /born July 4th, 1975/],
      ['No, my date of birth is July 5th 1975', /Thanks for the correction\. Let me read that back\. Robert Chen, born July 5th, 1975/],
      ['yes', SAVED],
      ['no', /Goodbye/],
    ],
    expect: { outcome: 'appointment_requested', request: { firstName: 'Robert', lastName: 'Chen', dateOfBirth: '1975-07-05', reason: 'Annual physical' } },
  },
  {
    name: 'says no at the read-back, then changes the phone number',
    steps: [
      ['appointment please', ASK_NAME],
      ['Ann Lee', ASK_DOB],
      ['May 9th 1990', ASK_REASON],
      ['follow up', ASK_SEEN],
      ['yes', ASK_PREFS],
      ['Friday', ASK_NUMBER],
      ['yes', READ_BACK],
      ['no', /What should I change\?/],
      ['the phone number', /best number to reach you\? Please say it digit by digit/],
      ['two oh three, four five six, seven eight nine oh', /we'll call 2 0 3, 4 5 6, 7 8 9 0/],
      ['correct', SAVED],
      ['no', /Goodbye/],
    ],
    expect: { outcome: 'appointment_requested', request: { firstName: 'Ann', lastName: 'Lee', dateOfBirth: '1990-05-09', phone: '+12034567890' } },
  },
  {
    name: 'gives a different callback number',
    steps: [
      ['I need an appointment for my son', ASK_NAME],
      ['Leo Park', ASK_DOB],
      ['December twenty-first two thousand and fifteen', ASK_REASON],
      ['he has a bad cough and a fever', ASK_SEEN],
      ['yes he has', ASK_PREFS],
      // Booking for a child: the caller is the contact (issue 15 §4).
      ['as soon as possible', /your own name/],
      ['Min Park', ASK_NUMBER],
      ['no', /Please say it digit by digit/],
      ['860 555 0199', /we'll call Min Park at 8 6 0, 5 5 5, 0 1 9 9/],
      ['yes', SAVED],
      ['no', /Goodbye/],
    ],
    expect: {
      outcome: 'appointment_requested',
      request: { firstName: 'Leo', lastName: 'Park', dateOfBirth: '2015-12-21', reason: 'Sick visit', reasonOther: 'he has a bad cough and a fever', phone: '+18605550199', notes: "Requested by phone through the agent by Min Park (the patient's son), the contact for this request." },
    },
  },
  {
    name: 'a reason that is none of the visit reasons is kept in the caller’s words',
    steps: [
      ['can I come in to see the doctor', ASK_NAME],
      ['Sam Green', ASK_DOB],
      ['10/12/1985', ASK_REASON],
      ['to discuss my knee surgery options', ASK_SEEN],
      ['yes', ASK_PREFS],
      ['no preference', ASK_NUMBER],
      ['yes', /for this reason: to discuss my knee surgery options/],
      ['yes', SAVED],
      ['no', /Goodbye/],
    ],
    expect: { outcome: 'appointment_requested', request: { dateOfBirth: '1985-10-12', reason: 'Other', reasonOther: 'to discuss my knee surgery options' } },
  },
  {
    name: 'a date of birth without the year, then the year',
    steps: [
      ['I would like an appointment', ASK_NAME],
      ['Eva Novak', ASK_DOB],
      ['March 3rd', /And what year was that\?/],
      ['1980', /Got it, March 3rd, 1980/],
      ['new patient visit', ASK_PREFS],
      ['evenings', ASK_NUMBER],
      ['yes', READ_BACK],
      ['yes', SAVED],
      ['no', /Goodbye/],
    ],
    expect: { outcome: 'appointment_requested', request: { firstName: 'Eva', lastName: 'Novak', dateOfBirth: '1980-03-03', reason: 'New patient visit', isNewPatient: true } },
  },
  {
    name: 'an impossible date of birth is asked again',
    steps: [
      ['book appointment', ASK_NAME],
      ['Ian Wood', ASK_DOB],
      ['February 31st 1980', /doesn't sound like a valid date of birth/],
      ['February 21st 1980', ASK_REASON],
      ['follow-up', ASK_SEEN],
      ['yes', ASK_PREFS],
      ['Wednesday', ASK_NUMBER],
      ['yes', READ_BACK],
      ['yes', SAVED],
      ['no', /Goodbye/],
    ],
    expect: { outcome: 'appointment_requested', request: { dateOfBirth: '1980-02-21' } },
  },
  {
    name: 'a UK practice reads 3/4/80 as 3 April',
    practice: { country: 'GB' },
    from: '+442079460123',
    steps: [
      ["I'd like to book an appointment", ASK_NAME],
      ['Oliver Twist', ASK_DOB],
      ['3/4/80', /Got it, 3 April 1980/],
      ['follow up', ASK_SEEN],
      ['yes', ASK_PREFS],
      ['mornings', /0 2 0 7, 9 4 6 0, 1 2 3 the best number/],
      ['yes', /born 3 April 1980/],
      ['yes', SAVED],
      ['no', /Goodbye/],
    ],
    expect: { outcome: 'appointment_requested', request: { dateOfBirth: '1980-04-03', phone: '+442079460123' } },
  },
  {
    name: 'a practice that takes no requests by phone offers a person or a message',
    practice: { appointments: { enabled: false } },
    steps: [
      ['I need an appointment', /not taking appointment requests by phone/],
      ['take a message', /What would you like me to pass on\?/],
      ['Please call me about a new patient appointment', /who is the message from/],
      ['Kim Doe', /best number for a reply/],
      ['yes', /passed your message on/],
      ['no', /Goodbye/],
    ],
    expect: { outcome: 'message_taken', request: null, handoffs: [{ type: 'message', priority: 'normal' }] },
  },
  {
    name: 'hangs up half way through a request',
    steps: [['I want to book an appointment', ASK_NAME], ['Jane Smith', ASK_DOB], { hangup: true }],
    // Issue 19 §2: what was collected becomes a call-back task.
    expect: { outcome: 'abandoned', status: 'completed', request: null, handoffs: [{ type: 'callback', priority: 'normal' }] },
  },
];
