import { takeTime } from './calendar-fixtures.js';
import { CALLER, type Scenario } from './scenario-types.js';

/**
 * Booking an open time by phone (issue 31 §3), at a practice whose calendar books the annual
 * physical and (for returning patients) the sick visit directly (calendar-fixtures.ts). The call
 * happens on Friday, November 27, 2026 at 9 AM in Hartford; a physical is booked a day ahead at
 * the soonest, so the first open times are on Monday the 30th.
 */
const FRIDAY_9AM = '2026-11-27T14:00:00Z';
const practice = { calendar: true };

const ASK_NAME = /first and last name/;
const ASK_SEEN = /been seen at .* before/;
const ASK_PREFS = /days or times/;
const ASK_NUMBER = /8 6 0, 5 5 5, 0 1 2 3 the best number/;
const MORNINGS = /I can offer Monday, November 30th at 9 AM with Dr\. Hart, Tuesday, December 1st at 9 AM with Dr\. Hart, or Wednesday the 2nd at 9 AM with Dr\. Hart\. Which would you like\?/;
const AFTERNOONS = /I can offer Monday, November 30th at 1 PM with Dr\. Hart, Tuesday, December 1st at 1 PM with Dr\. Ruiz, or Wednesday the 2nd at 1 PM with Dr\. Ruiz\. Which would you like\?/;
const CODE = /[A-Z0-9 ]{5}, [A-Z0-9 ]{7}/;
const JANE = `Jane Smith, 1980-03-03, ${CALLER}`;
const booked = (start: string, clinician: string, extra: Record<string, unknown> = {}) => ({
  status: 'booked',
  channel: 'phone',
  visitType: 'Annual physical',
  start,
  clinician,
  place: 'Main Street clinic',
  patient: JANE,
  isNewPatient: false,
  request: 'scheduled for it',
  ...extra,
});

export const BOOKING_SCENARIOS: Scenario[] = [
  {
    name: 'books an offered time: held while read back, booked on yes, with a scheduled request',
    practice,
    clock: FRIDAY_9AM,
    steps: [
      ["I'd like to book an annual physical", ASK_NAME],
      ['Jane Smith', /date of birth/],
      ['March third nineteen eighty', ASK_SEEN],
      ['yes', ASK_PREFS],
      ['mornings', MORNINGS],
      ['the first one', /^Great\. Is 8 6 0, 5 5 5, 0 1 2 3 the best number/],
      [
        'yes',
        /^Great\. Let me read that back\. Jane Smith, born March 3rd, 1980, for an annual physical, a returning patient, on Monday, November 30th at 9 AM with Dr\. Hart at Main Street clinic, and your number is 8 6 0, 5 5 5, 0 1 2 3\. Is that all correct\?$/,
      ],
      ['yes', new RegExp(`^You're booked for Monday, November 30th at 9 AM with Dr\\. Hart at Main Street clinic\\. Your reference code is ${CODE.source}\\. Is there anything else`)],
      ["no that's all", /Goodbye/],
    ],
    expect: {
      outcome: 'appointment_requested',
      hangup: true,
      request: { status: 'scheduled', firstName: 'Jane', lastName: 'Smith', dateOfBirth: '1980-03-03', phone: CALLER, reason: 'Annual physical', isNewPatient: false, visitClinician: 'Dr. Rebecca Hart', visitLocation: 'Main Street clinic', visitMinutes: 30, preferences: { timesOfDay: ['morning'] } },
      // Nothing is left for staff to schedule: the request's handoff is resolved as it is made.
      handoffs: [{ type: 'appointment_request', priority: 'normal', status: 'resolved' }],
      visits: [booked('2026-11-30T09:00', 'Dr. Rebecca Hart')],
    },
  },
  {
    name: 'picks the second offered time, afternoons',
    practice,
    clock: FRIDAY_9AM,
    steps: [
      ["Hi, this is Jane Smith, I'd like to book my annual physical, my date of birth is 3/3/80 and I've been there before", ASK_PREFS],
      ['afternoons are best', AFTERNOONS],
      ['the second one please', ASK_NUMBER],
      ['yes', /on Tuesday, December 1st at 1 PM with Dr\. Ruiz at Main Street clinic, and your number is/],
      ['yes', /You're booked for Tuesday, December 1st at 1 PM with Dr\. Ruiz at Main Street clinic\. Your reference code is/],
      ['no thanks', /Goodbye/],
    ],
    expect: {
      outcome: 'appointment_requested',
      request: { status: 'scheduled', reason: 'Annual physical', visitClinician: 'Dr. Luis Ruiz', preferences: { timesOfDay: ['afternoon'] } },
      handoffs: [{ type: 'appointment_request', priority: 'normal', status: 'resolved' }],
      visits: [booked('2026-12-01T13:00', 'Dr. Luis Ruiz')],
    },
  },
  {
    name: 'books in Spanish: "la del martes"',
    practice,
    clock: FRIDAY_9AM,
    steps: [
      ['hola, quisiera una cita para un examen físico anual', /nombre y el apellido/],
      ['Ana Torres', /fecha de nacimiento/],
      ['tres de mayo de mil novecientos ochenta', /ha venido antes/],
      ['sí', /días u horas/],
      ['por las tardes', /^Entendido\. Puedo ofrecerle el lunes 30 de noviembre a la 1 de la tarde con Dr\. Hart, el martes 1 de diciembre a la 1 de la tarde con Dr\. Ruiz o el miércoles 2 a la 1 de la tarde con Dr\. Ruiz\. ¿Cuál prefiere\?$/],
      ['la del martes', /el mejor número/],
      ['sí', /Le repito los datos\. Ana Torres, fecha de nacimiento 3 de mayo de 1980, para examen físico anual, ya ha venido antes, el martes 1 de diciembre a la 1 de la tarde con Dr\. Ruiz en Main Street clinic, y su número es el 8 6 0, 5 5 5, 0 1 2 3\. ¿Es todo correcto\?/],
      ['sí', /^Su cita queda reservada para el martes 1 de diciembre a la 1 de la tarde con Dr\. Ruiz en Main Street clinic\. Su código de referencia es/],
      ['no gracias', /Gracias por llamar/],
    ],
    expect: {
      outcome: 'appointment_requested',
      request: { status: 'scheduled', firstName: 'Ana', lastName: 'Torres', dateOfBirth: '1980-05-03', reason: 'Annual physical', locale: 'es', visitClinician: 'Dr. Luis Ruiz' },
      handoffs: [{ type: 'appointment_request', priority: 'normal', status: 'resolved' }],
      visits: [booked('2026-12-01T13:00', 'Dr. Luis Ruiz', { patient: `Ana Torres, 1980-05-03, ${CALLER}` })],
    },
  },
  {
    name: 'none of the times suits, nor the next ones: a request, as before',
    practice,
    clock: FRIDAY_9AM,
    steps: [
      ["I'd like to book an annual physical", ASK_NAME],
      ['Jane Smith', /date of birth/],
      ['March third nineteen eighty', ASK_SEEN],
      ['yes', ASK_PREFS],
      ['mornings', MORNINGS],
      ['none of those work for me', /^I can also offer Thursday, December 3rd at 9 AM with Dr\. Hart, Friday the 4th at 9 AM with Dr\. Hart, or Monday the 7th at 9 AM with Dr\. Hart\. Which would you like\?$/],
      ["no, those don't work either", /^I'm sorry, I don't have other open times that fit\. I'll pass your request to the team instead, and they'll call you to agree a time\. Is 8 6 0, 5 5 5, 0 1 2 3 the best number/],
      ['yes', /preferring mornings, and we'll call 8 6 0, 5 5 5, 0 1 2 3\. Is that all correct\?/],
      ['yes', /reference code is [A-Z0-9 ]{5}, [A-Z0-9 ]{7}\. We will call you to confirm a time\./],
      ['no', /Goodbye/],
    ],
    expect: {
      outcome: 'appointment_requested',
      request: { status: 'submitted', reason: 'Annual physical', preferences: { timesOfDay: ['morning'] } },
      handoffs: [{ type: 'appointment_request', priority: 'normal' }],
      visits: [],
    },
  },
  {
    name: 'a new patient for a visit type booked directly only for returning patients: a request, as before',
    practice,
    clock: FRIDAY_9AM,
    steps: [
      ["I'd like to make an appointment", ASK_NAME],
      ['Jane Smith', /date of birth/],
      ['March third nineteen eighty', /reason for the visit/],
      ['a sick visit', ASK_SEEN],
      ['no, first time', ASK_PREFS],
      ['mornings', ASK_NUMBER],
      ['yes', /Let me read that back\. Jane Smith, born March 3rd, 1980, for a sick visit.*, a new patient, preferring mornings, and we'll call/],
      ['yes', /reference code is/],
      ['no', /Goodbye/],
    ],
    expect: {
      outcome: 'appointment_requested',
      request: { status: 'submitted', reason: 'Sick visit', isNewPatient: true },
      handoffs: [{ type: 'appointment_request', priority: 'normal' }],
      visits: [],
      neverSaid: /I can offer/,
    },
  },
  {
    name: 'the held time is taken before the yes: the next free times are offered, and one is booked',
    practice,
    clock: FRIDAY_9AM,
    steps: [
      ["I'd like to book an annual physical", ASK_NAME],
      ['Jane Smith', /date of birth/],
      ['March third nineteen eighty', ASK_SEEN],
      ['yes', ASK_PREFS],
      ['mornings', MORNINGS],
      ['Monday', ASK_NUMBER],
      ['yes', /on Monday, November 30th at 9 AM with Dr\. Hart/],
      // The caller takes longer than the hold's five minutes, and the front desk gives that time to someone else.
      { meanwhile: ({ ctx, callSid }) => takeTime(ctx, callSid, 'held', 6) },
      ['yes', /^I'm sorry, that time was just taken\. I can offer Monday, November 30th at 9:45 AM with Dr\. Hart, Tuesday, December 1st at 9 AM with Dr\. Hart, or Wednesday the 2nd at 9 AM with Dr\. Hart\. Which would you like\?$/],
      ['the first one', /^Great\. Let me read that back\. .* on Monday, November 30th at 9:45 AM with Dr\. Hart at Main Street clinic/],
      ['yes', /You're booked for Monday, November 30th at 9:45 AM with Dr\. Hart/],
      ['no', /Goodbye/],
    ],
    expect: {
      outcome: 'appointment_requested',
      request: { status: 'scheduled', reason: 'Annual physical' },
      handoffs: [{ type: 'appointment_request', priority: 'normal', status: 'resolved' }],
      // The first hold ran out and went to the other booking; the second was booked.
      visits: [
        { ...booked('2026-11-30T09:00', 'Dr. Rebecca Hart'), status: 'canceled', request: null },
        booked('2026-11-30T09:45', 'Dr. Rebecca Hart'),
      ],
    },
  },
  {
    name: 'the offered time is taken before the caller picks it: said so, and the next free times offered',
    practice,
    clock: FRIDAY_9AM,
    steps: [
      ["Hi, this is Jane Smith, I'd like to book my annual physical, my date of birth is 3/3/80 and I've been there before", ASK_PREFS],
      ['mornings', MORNINGS],
      { meanwhile: ({ ctx, callSid }) => takeTime(ctx, callSid, 'offered') },
      ['the first one', /^I'm sorry, that time was just taken\. I can offer Monday, November 30th at 9:45 AM with Dr\. Hart, Tuesday, December 1st at 9 AM with Dr\. Hart, or Wednesday the 2nd at 9 AM with Dr\. Hart\. Which would you like\?$/],
      ['the Tuesday one', ASK_NUMBER],
      ['yes', /on Tuesday, December 1st at 9 AM with Dr\. Hart/],
      ['yes', /You're booked for Tuesday, December 1st at 9 AM/],
      ['no', /Goodbye/],
    ],
    expect: {
      outcome: 'appointment_requested',
      request: { status: 'scheduled', reason: 'Annual physical' },
      handoffs: [{ type: 'appointment_request', priority: 'normal', status: 'resolved' }],
      visits: [booked('2026-12-01T09:00', 'Dr. Rebecca Hart')],
    },
  },
  // Cancelling and moving a booked visit (issue 31 §3): a visit with Dr. Hart on Tuesday, December 1st at 9 AM (calendar-fixtures.ts SETUP_VISITS).
  {
    name: 'cancels a booked visit by name and date of birth: read back, cancelled on yes',
    practice,
    clock: FRIDAY_9AM,
    setup: 'booked_visit',
    steps: [
      ['I need to cancel my appointment', /^I can help with that\. What's the reference code of your appointment\? If you don't have it, just say the patient's first and last name\.$/],
      ['Jane Smith', /^Thank you\. And what's Jane's date of birth\?$/],
      ['March third nineteen eighty', /^I found your visit on Tuesday, December 1st at 9 AM with Dr\. Hart\. Should I cancel it\?$/],
      ['yes please', /^Done\. Your visit on Tuesday, December 1st at 9 AM with Dr\. Hart is canceled\. Is there anything else/],
      ["no that's all", /Goodbye/],
    ],
    expect: { outcome: 'other', hangup: true, handoffs: [], request: null, bookedVisit: { status: 'canceled', start: '2026-12-01T09:00', clinician: 'Dr. Rebecca Hart', request: null } },
  },
  {
    name: 'moves a booked visit in Spanish with its reference code',
    practice,
    clock: FRIDAY_9AM,
    setup: 'booked_visit_with_request',
    steps: [
      ['hola, necesito cambiar mi cita', /código de referencia de su cita/],
      ['{code}', /fecha de nacimiento del paciente/],
      [
        'tres de mayo de mil novecientos setenta y cinco',
        /^Encontré su cita el martes 1 de diciembre a las 9 de la mañana con Dr\. Hart\. Puedo ofrecerle el lunes 30 de noviembre a las 9 de la mañana con Dr\. Hart, el martes 1 de diciembre a las 9:45 de la mañana con Dr\. Hart o el miércoles 2 a las 9 de la mañana con Dr\. Hart\. ¿Cuál prefiere\?$/,
      ],
      ['la del miércoles', /^Para confirmar, cambio su cita para el miércoles 2 de diciembre a las 9 de la mañana con Dr\. Hart\. ¿Es correcto\?$/],
      ['sí', /^Listo\. Su cita queda cambiada para el miércoles 2 de diciembre a las 9 de la mañana con Dr\. Hart en Main Street clinic\. ¿/],
      ['no gracias', /Gracias por llamar/],
    ],
    expect: { outcome: 'other', handoffs: [], request: null, bookedVisit: { status: 'booked', start: '2026-12-02T09:00', clinician: 'Dr. Rebecca Hart', request: 'submitted' } },
  },
  {
    name: 'a wrong date of birth finds no visit, reveals nothing, and the front desk calls back',
    practice,
    clock: FRIDAY_9AM,
    setup: 'booked_visit',
    steps: [
      ['I need to reschedule my appointment', /reference code of your appointment/],
      ['Jane Smith', /Jane's date of birth/],
      ['January first nineteen ninety', /^I'm sorry, I couldn't find an upcoming visit with those details\. I'll have the front desk call you back about it\. Is 8 6 0, 5 5 5, 0 1 2 3 the best number to call you back on\?$/],
      ['yes', /./],
      ['no', /Goodbye/],
    ],
    expect: { outcome: 'message_taken', handoffs: [{ type: 'callback', priority: 'normal' }], neverSaid: /December|Hart/, bookedVisit: { status: 'booked', start: '2026-12-01T09:00', clinician: 'Dr. Rebecca Hart', request: null } },
  },
  {
    name: 'a booked visit within its minimum notice is not changed by phone: the front desk calls back',
    practice,
    clock: FRIDAY_9AM,
    setup: 'booked_visit_soon',
    steps: [
      ['I need to cancel my appointment', /reference code of your appointment/],
      ['Jane Smith', /Jane's date of birth/],
      ['March third nineteen eighty', /^I found your visit today at 11 AM with Dr\. Hart\. That visit is too soon to change by phone, so I'll have the front desk call you back about it\. Is 8 6 0, 5 5 5, 0 1 2 3 the best number/],
      ['yes', /./],
      ['no', /Goodbye/],
    ],
    expect: { outcome: 'message_taken', handoffs: [{ type: 'callback', priority: 'normal' }], bookedVisit: { status: 'booked', start: '2026-11-27T11:00', clinician: 'Dr. Rebecca Hart', request: null } },
  },
];
