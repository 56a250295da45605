import type { Scenario } from './scenario-types.js';

const EMERGENCY = /If this is a medical emergency, hang up and call 911 now\..*alerted the practice's staff/;
const URGENT = [{ type: 'urgent', priority: 'urgent', status: 'open' }];
const FAQ = [
  { question: 'Which insurance plans do you accept?', answer: 'Yes, we accept Medicare, Aetna and Blue Cross.', questionEs: '¿Qué seguros aceptan?', answerEs: 'Aceptamos Medicare, Aetna y Blue Cross.' },
  { question: 'Is there parking?', answer: 'Free parking behind the building.', questionEs: '¿Hay estacionamiento?', answerEs: 'Estacionamiento gratuito detrás del edificio.' },
];

/** Emergencies, questions, silence and misunderstandings. */
export const GENERAL_SCENARIOS: Scenario[] = [
  {
    name: 'reports chest pain at once',
    steps: [['I have crushing chest pain', EMERGENCY]],
    expect: { outcome: 'emergency', hangup: true, handoffs: URGENT },
  },
  {
    name: 'an emergency in the middle of an appointment request',
    steps: [['I want to book an appointment', /first and last name/], ['Jane Smith', /date of birth/], ["wait, my dad can't breathe", EMERGENCY]],
    expect: { outcome: 'emergency', hangup: true, request: null, handoffs: URGENT },
  },
  {
    name: 'suicidal thoughts get the crisis line too',
    steps: [["I've been having suicidal thoughts", /988/]],
    expect: { outcome: 'emergency', hangup: true, handoffs: URGENT },
  },
  {
    name: 'stroke signs',
    steps: [['my mother’s face is drooping and her speech is slurred', EMERGENCY]],
    expect: { outcome: 'emergency', handoffs: URGENT },
  },
  {
    name: 'an emergency while leaving a message',
    steps: [['I want to leave a message', /pass on/], ['the bleeding will not stop', EMERGENCY]],
    expect: { outcome: 'emergency', handoffs: URGENT },
  },
  {
    name: 'the practice’s own emergency message is used',
    practice: { agentSettings: { emergencyMessage: 'For emergencies call 911 or go to Hartford Hospital.' } },
    steps: [['I think I am having a heart attack', /For emergencies call 911 or go to Hartford Hospital\./]],
    expect: { outcome: 'emergency', handoffs: URGENT },
  },
  {
    name: 'asks about hours while open',
    steps: [['What are your hours?', /We're open right now.*Our regular hours are Monday to Sunday, midnight to midnight\. Is there anything else/], ["no that's all, thanks", /Goodbye/]],
    expect: { outcome: 'question_answered', hangup: true, handoffs: [] },
  },
  {
    name: 'asks whether the practice is open while it is closed',
    practice: { open: false },
    steps: [['are you open right now', /We're closed right now\./], ['no', /Goodbye/]],
    expect: { outcome: 'question_answered' },
  },
  {
    name: "asks whether the practice is open tomorrow: tomorrow's hours, not the week's",
    steps: [["hi um are you guys open tomorrow?", /^Tomorrow, \w+, we're open all day\. Is there anything else/], ['no thanks', /Goodbye/]],
    expect: { outcome: 'question_answered', neverSaid: /regular hours/ },
  },
  {
    name: 'asks when a closed practice opens on Saturday',
    practice: { open: false },
    steps: [['what time do you open on Saturday', /^We're closed (today|tomorrow, Saturday|on Saturday)\. Is there anything else/], ['no', /Goodbye/]],
    expect: { outcome: 'question_answered', neverSaid: /regular hours/ },
  },
  {
    name: 'asks in Spanish whether the practice is open tomorrow',
    steps: [
      ['Hola, buenas noches, ¿ustedes abren mañana por la tarde?', /^Mañana, \S+, abrimos todo el día\. ¿Hay algo más/],
      ['sí, ¿qué horario tienen el sábado?', /^(Hoy|Mañana, sábado,|El sábado) abrimos todo el día\./],
      ['no, gracias', /Adiós/],
    ],
    expect: { outcome: 'question_answered', neverSaid: /regular hours|horario habitual/ },
  },
  {
    name: 'a sick child after hours with no on-call cover: an urgent call-back',
    practice: { open: false },
    steps: [
      // An unwell child with nobody on call: the danger signs are asked first, as a nurse line would.
      ['I need to talk to a nurse, my son is four and he has had a fever since this afternoon', /^Before we go on, I need to ask/],
      ['no, nothing like that', /We're closed right now.*call you back/],
      ['yes please', /best number/],
      ['yes', /call you back .* as soon as someone is free/],
      ['no', /Goodbye/],
    ],
    expect: { outcome: 'message_taken', handoffs: [{ type: 'callback', priority: 'urgent' }] },
  },
  {
    name: 'asks where the practice is',
    steps: [['where are you located', /We're at 1 Test Street, Hartford, CT, 06103/], ['no', /Goodbye/]],
    expect: { outcome: 'question_answered' },
  },
  {
    name: 'a question answered from the practice’s FAQ, asked in other words',
    practice: { agentSettings: { faq: FAQ } },
    steps: [['where do I park', /Free parking behind the building\. Is there anything else/], ['do you take blue cross', /we accept Medicare, Aetna and Blue Cross/], ['no', /Goodbye/]],
    expect: { outcome: 'question_answered' },
  },
  {
    name: 'a Spanish caller hears the FAQ’s Spanish answer',
    practice: { agentSettings: { faq: FAQ } },
    steps: [['español', /En qué puedo ayudarle/], ['¿dónde me estaciono?', /Estacionamiento gratuito detrás del edificio\./], 'no'],
    expect: { outcome: 'question_answered' },
  },
  {
    name: 'a question the practice has no answer to, then another: the second is answered, not read as a yes to a transfer',
    practice: { agentSettings: { faq: FAQ } },
    steps: [
      ['do you do tattoo removal', /don't have that information.*Which would you prefer\?/],
      ['ok and is there parking', /Free parking behind the building\. Is there anything else/],
      ['no', /Goodbye/],
    ],
    expect: { outcome: 'question_answered', neverSaid: /hold while I connect/ },
  },
  {
    name: 'a question the practice has no answer to, then "ok thank you": goodbye, not a transfer',
    steps: [['what is the fax number for the office', /don't have that information/], ['ok thank you', /Goodbye/]],
    expect: { outcome: 'other', hangup: true, neverSaid: /hold while I connect/ },
  },
  {
    name: 'offered a person or a message, answers with something else: asked once more, not hung up on',
    steps: [
      ['do you do tattoo removal', /don't have that information/],
      ['maria gonzalez', /Sorry, I didn't catch that\. I can connect you with a member of staff, or take a message/],
      ['a message', /pass on/],
      ['please ask if they do tattoo removal', /who is the message from/],
      ['Maria Gonzalez', /reply/],
      ['yes', /passed your message on/],
      ['no', /Goodbye/],
    ],
    expect: { outcome: 'message_taken', handoffs: [{ type: 'message', priority: 'normal' }] },
  },
  {
    name: 'an FAQ still stored as text (before issue 26) is read as entries',
    practice: { agentSettings: { faq: 'Q: Do you accept Medicare? A: Yes, we accept Medicare and most major insurance plans.\nQ: Is there parking? A: Free parking behind the building.' } },
    steps: [['do you accept medicare insurance', /Yes, we accept Medicare/], ['no', /Goodbye/]],
    expect: { outcome: 'question_answered' },
  },
  {
    name: 'two misunderstandings: offered a person or a message, takes a message',
    steps: [['blue elephants', /didn't quite catch that/], ['purple monkey dishwasher', /connect you with a member of staff, or take a message/], ['a message please', /pass on/], ['Please call me back about my results', /who is the message from/], ['Ann Lee', /reply/], ['yes', /passed your message on/], ['no', /Goodbye/]],
    expect: { outcome: 'message_taken', handoffs: [{ type: 'message', priority: 'normal' }] },
  },
  {
    name: 'two misunderstandings: offered a person, takes the person',
    steps: [['hmm', /didn't quite catch that/], ['the weather is nice', /connect you with a member of staff/], ['yes, a person', /connect you with Dana Reyes/], { dial: 'completed' }],
    expect: { outcome: 'transferred', transferred: true },
  },
  {
    name: 'silent after a question, then answers',
    steps: [{ silence: true, agent: /Sorry, I didn't hear anything\. Thank you for calling/ }, ['what time do you close', /We're open right now/], ['no', /Goodbye/]],
    expect: { outcome: 'question_answered' },
  },
  {
    name: 'says nothing at all',
    steps: [{ silence: true }, { silence: true }, { silence: true, agent: /I can't hear anything.*Goodbye/ }],
    expect: { outcome: 'abandoned', hangup: true, status: 'completed' },
  },
  {
    name: 'changes their mind mid-request',
    steps: [['book an appointment', /first and last name/], ['never mind, bye', /No problem\..*Goodbye/]],
    expect: { outcome: 'other', hangup: true, request: null },
  },
];
