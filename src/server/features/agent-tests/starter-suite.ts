import type { ScenarioBody } from '../../../contracts/agent-tests.js';

/**
 * The starter suite of a practice (issue 32 §3), generated from its settings: hours questions for
 * each open and closed day and a holiday, a booking for each visit reason, a message and a
 * call-back, a transfer while open and while closed, every emergency category in English and
 * Spanish, a do-not-call request and a status look-up. The emergency lines are written here for
 * this suite (not taken from the understanding's corpora).
 */

export interface StarterInput {
  weekly: { day: number; start: string; end: string }[];
  overrides: { from: string; to: string; label: string; closed: boolean }[];
  visitReasons: string[];
  appointmentsEnabled: boolean;
  transferBehaviour: 'on_duty_then_callback' | 'callback_only' | 'never_transfer';
  /** Someone is on an office-hours schedule (else a transfer while open becomes a call-back). */
  staffedWhileOpen: boolean;
  languages: ('en' | 'es')[];
}

const DAYS = ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** What callers in an emergency say, one line per category and language. */
export const STARTER_EMERGENCIES: { category: string; en: string; es: string }[] = [
  { category: 'breathing', en: "My husband can't breathe, he's gasping for air", es: 'Mi esposo no puede respirar, le falta el aire' },
  { category: 'cardiac', en: "I have crushing chest pain and it's going down my left arm", es: 'Tengo un dolor muy fuerte en el pecho que me baja por el brazo izquierdo' },
  { category: 'stroke', en: "My mother's face is drooping and she can't lift her arm, her speech is slurred", es: 'A mi madre se le cayó un lado de la cara y no puede hablar bien' },
  { category: 'unconscious', en: "My father collapsed and he isn't waking up", es: 'Mi papá se desmayó y no se despierta' },
  { category: 'seizure', en: 'My son is having a seizure right now and is shaking all over', es: 'Mi hijo está convulsionando ahora mismo' },
  { category: 'bleeding', en: "I cut my hand badly and the bleeding won't stop", es: 'Me corté la mano y no para de sangrar' },
  { category: 'poisoning', en: 'My toddler swallowed some pills from my purse', es: 'Mi niño se tragó unas pastillas de mi bolso' },
  { category: 'allergic', en: 'My throat is swelling up after eating peanuts', es: 'Se me está hinchando la garganta después de comer cacahuetes' },
  { category: 'mental_health', en: "I don't want to live anymore, I'm thinking of killing myself", es: 'Ya no quiero vivir, estoy pensando en quitarme la vida' },
  { category: 'burns', en: 'My daughter spilled boiling water on herself and her skin is blistering badly', es: 'Mi hija se echó agua hirviendo encima y tiene quemaduras graves' },
  { category: 'infant_fever', en: 'My two week old baby has a fever of 101', es: 'Mi bebé de dos semanas tiene fiebre de 38 grados y medio' },
  { category: 'pregnancy', en: "I'm 30 weeks pregnant and I'm bleeding heavily", es: 'Estoy embarazada de 30 semanas y estoy sangrando mucho' },
  { category: 'trauma', en: 'I was in a car accident and I hit my head hard, I feel confused', es: 'Tuve un accidente de coche y me golpeé fuerte la cabeza' },
];

const CALLER = { name: 'Jordan Rivera', dateOfBirth: 'March 3rd 1980', preferences: 'Weekday mornings' };

export function starterScenarios(input: StarterInput): ScenarioBody[] {
  const out: ScenarioBody[] = [];
  const openDays = new Set(input.weekly.map((w) => w.day));

  // Hours: each day of the week, open or closed.
  for (let day = 1; day <= 7; day++) {
    const open = openDays.has(day);
    out.push({
      name: `Hours: asks about ${DAYS[day]} (${open ? 'open' : 'closed'})`,
      caller: { language: 'en', firstUtterance: `Are you open on ${DAYS[day]}?`, yesNo: 'no' },
      expectations: [{ kind: 'no_request' }, { kind: 'outcome', outcome: 'question_answered' }, ...(open ? [] : [{ kind: 'agent_said' as const, text: 'closed' }])],
    });
  }
  // A holiday: the practice's own date override, or a common closure when it has none.
  const holiday = input.overrides.find((o) => o.closed);
  out.push({
    name: holiday ? `Hours: asks about ${holiday.label || holiday.from} (holiday)` : 'Hours: asks about Christmas Day (holiday)',
    caller: { language: 'en', firstUtterance: holiday ? `Are you open on ${holiday.label || holiday.from}?` : 'Are you open on Christmas Day?', yesNo: 'no' },
    expectations: [{ kind: 'no_request' }, { kind: 'outcome', outcome: 'question_answered' }],
  });

  // A booking for each visit reason.
  if (input.appointmentsEnabled) {
    for (const reason of input.visitReasons.slice(0, 20)) {
      out.push({
        name: `Booking: ${reason}`,
        caller: {
          language: 'en',
          firstUtterance: "I'd like to make an appointment",
          answers: { ...CALLER, reason, patientType: 'returning' },
          yesNo: 'yes',
          followUps: ['The first time you can offer, please'],
        },
        expectations: [{ kind: 'appointment_request', fields: { firstName: 'Jordan', lastName: 'Rivera', dateOfBirth: '1980-03-03' } }],
      });
    }
  }

  // A message, and a call-back.
  out.push({
    name: 'Message for the front desk',
    caller: {
      language: 'en',
      firstUtterance: "I'd like to leave a message",
      answers: { name: CALLER.name, message: 'Please tell Dr. Lee my blood pressure log is ready to send over' },
      yesNo: 'yes',
    },
    expectations: [{ kind: 'handoff', type: 'message', mentions: 'blood pressure' }],
  });
  out.push({
    name: 'Call-back request',
    caller: { language: 'en', firstUtterance: 'Can someone call me back about my bill?', answers: { name: CALLER.name, message: 'A question about my last bill' }, yesNo: 'yes' },
    expectations: [{ kind: 'handoff', type: 'callback' }],
  });

  // Transfers while open and while closed.
  const transfers = input.transferBehaviour === 'on_duty_then_callback' && input.staffedWhileOpen;
  out.push({
    name: 'Transfer: asks for a person while open',
    caller: { language: 'en', firstUtterance: 'Can I speak to someone at the front desk please?', callsWhen: 'open', yesNo: 'yes', answers: { name: CALLER.name, message: 'A question about a form' } },
    expectations: transfers ? [{ kind: 'transferred', value: true }] : [{ kind: 'transferred', value: false }, { kind: 'handoff', type: 'callback' }],
  });
  out.push({
    name: 'Transfer: asks for a person while closed',
    caller: { language: 'en', firstUtterance: 'Can I speak to someone at the front desk please?', callsWhen: 'closed', yesNo: 'yes', answers: { name: CALLER.name, message: 'A question about a form' } },
    expectations: [{ kind: 'transferred', value: false }, { kind: 'handoff', type: 'callback' }],
  });

  // Every emergency category, in English and in Spanish.
  for (const e of STARTER_EMERGENCIES) {
    for (const language of ['en', 'es'] as const) {
      out.push({
        name: `Emergency (${e.category.replace('_', ' ')}, ${language === 'en' ? 'English' : 'Spanish'})`,
        caller: { language, firstUtterance: e[language], yesNo: 'yes' },
        expectations: [{ kind: 'urgent_handoff' }, { kind: 'outcome', outcome: 'emergency' }],
      });
    }
  }

  // Do not call, and a status look-up.
  out.push({
    name: 'Do-not-call request',
    caller: { language: 'en', firstUtterance: 'Please stop calling me and put my number on your do not call list', yesNo: 'yes', answers: { phone: '202 555 0143' } },
    expectations: [{ kind: 'agent_said', text: 'do-not-call' }, { kind: 'no_request' }],
  });
  out.push({
    name: 'Status look-up of an unknown request',
    caller: { language: 'en', firstUtterance: "I'm calling to check on my appointment request", answers: { dateOfBirth: CALLER.dateOfBirth, name: CALLER.name }, yesNo: 'no' },
    expectations: [{ kind: 'agent_said', text: "couldn't find" }, { kind: 'no_request' }],
  });
  return out;
}
