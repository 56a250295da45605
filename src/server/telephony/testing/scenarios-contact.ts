import type { Scenario } from './scenario-types.js';

const ASK_NAME = /first and last name/;
const ASK_DOB = /date of birth/;
const OFFER_CALLBACK = /Would you like someone to call you back\?/;
const NUMBER_OK = /8 6 0, 5 5 5, 0 1 2 3 the best number/;
const CALLBACK_SAVED = /call you back at 8 6 0, 5 5 5, 0 1 2 3/;

/** People, call-backs, messages, requests' status, the do-not-call list, emergencies, the rest. */
export const CONTACT_SCENARIOS: Scenario[] = [
  {
    name: 'asks for a person while the practice is open: transferred to the person on duty',
    steps: [['Can I speak to a real person please', /Please hold while I connect you with Dana Reyes/], { dial: 'completed' }],
    expect: { outcome: 'transferred', transferred: true, hangup: true, handoffs: [{ type: 'live_transfer', priority: 'high', status: 'open' }] },
  },
  {
    name: 'a transfer nobody answers: the agent comes back and takes a call-back',
    steps: [
      ['operator', /connect you with Dana Reyes/],
      { dial: 'no-answer', agent: /Dana Reyes isn't available right now\. Would you like someone to call you back\?/ },
      ['yes please', NUMBER_OK],
      ['yes', CALLBACK_SAVED],
      ['no', /Goodbye/],
    ],
    expect: {
      outcome: 'message_taken',
      transferred: true,
      handoffs: [
        { type: 'live_transfer', priority: 'high', status: 'canceled' },
        { type: 'callback', priority: 'high', status: 'open' },
      ],
    },
  },
  {
    name: 'a busy transfer, no call-back wanted',
    steps: [['let me talk to someone', /connect you/], { dial: 'busy', agent: OFFER_CALLBACK }, ['no thanks', /No problem\. Is there anything else/], ['no', /Goodbye/]],
    expect: { outcome: 'other', handoffs: [{ type: 'live_transfer', priority: 'high', status: 'canceled' }] },
  },
  {
    name: 'asks for a person while closed: offered a call-back',
    practice: { open: false },
    steps: [['I need to talk to a receptionist', /We're closed right now.*call you back\. Would you like someone to call you back\?/], ['yes', NUMBER_OK], ['yes', CALLBACK_SAVED], ['no', /Goodbye/]],
    expect: { outcome: 'message_taken', handoffs: [{ type: 'callback', priority: 'normal' }] },
  },
  {
    name: 'nobody on duty: offered a call-back',
    practice: { onDuty: false },
    steps: [['transfer me to the front desk', /nobody is available/], ['yes', NUMBER_OK], ['yes', CALLBACK_SAVED], ['no', /Goodbye/]],
    expect: { outcome: 'message_taken', handoffs: [{ type: 'callback', priority: 'normal' }] },
  },
  {
    name: 'asks for a person in the middle of an appointment request',
    steps: [["I'd like to book an appointment", ASK_NAME], ['Jane Smith', ASK_DOB], ['actually can I just talk to a real person', /connect you with Dana Reyes/], { dial: 'completed' }],
    expect: { outcome: 'transferred', transferred: true, request: null },
  },
  {
    name: 'a practice that never transfers takes a message instead',
    practice: { agentSettings: { transferBehaviour: 'never_transfer' } },
    steps: [['can I speak with the nurse', /not able to transfer calls.*What would you like me to pass on\?/], ['My test results, please call me', /who is the message from/], ['Jane Smith', /best number for a reply/], ['yes', /passed your message on/], ['no', /Goodbye/]],
    expect: { outcome: 'message_taken', handoffs: [{ type: 'message', priority: 'normal' }] },
  },
  {
    name: 'leaves a message for the doctor',
    steps: [
      ['I want to leave a message for Dr Hart', /What would you like me to pass on\?/],
      ["Tell her my fever is gone and I don't need the follow-up", /who is the message from/],
      ['this is Jane Smith', /best number for a reply/],
      ['yes', /passed your message on/],
      ['no thank you', /Goodbye/],
    ],
    expect: { outcome: 'message_taken', handoffs: [{ type: 'message', priority: 'normal' }] },
  },
  {
    name: 'asks whether a message can be taken for a named doctor: the message itself is asked for, and more said at the number is kept',
    steps: [
      ['hi i was wondering if you could take a message for doctor patel', /What would you like me to pass on\?/],
      ['it is about my blood work results', /who is the message from/],
      ['this is derek fung', /best number for a reply/],
      ['i want to know if he got them and if i need to do anything before my visit', /^Got it\. Is .* the best number for a reply\?/],
      ['yes', /passed your message on/],
      ['no thank you', /Goodbye/],
    ],
    expect: { outcome: 'message_taken', handoffs: [{ type: 'message', priority: 'normal', said: /blood work results.*if i need to do anything before my visit.*Derek Fung/s }] },
  },
  {
    name: 'a cancellation: a message in the caller\'s words, with their name',
    steps: [
      ['hi i need to cancel my appointment for thursday', /let the front desk know you need to cancel\. And who is the message from\?/],
      ['kevin oduya', /^Thank you\. Is .* the best number for a reply\?/],
      ['yes', /passed your message on/],
      ['no thanks bye', /Goodbye/],
    ],
    expect: { outcome: 'message_taken', handoffs: [{ type: 'message', priority: 'normal', said: /cancellation.*cancel my appointment for thursday/ }] },
  },
  {
    name: 'asks for a prescription refill: a message',
    // The request is the message, kept word for word (issue 15 §4).
    steps: [['I need a refill on my blood pressure prescription, Lisinopril from Walgreens', /who is the message from/], ['Bob Jones', /reply/], ['call me on 860 555 0177', /passed your message on/], ['no', /Goodbye/]],
    expect: { outcome: 'message_taken', handoffs: [{ type: 'message', priority: 'normal' }] },
  },
  {
    name: 'asks to be called back directly',
    steps: [['Can someone call me back about my bill?', NUMBER_OK], ['yes', CALLBACK_SAVED], ['no', /Goodbye/]],
    expect: { outcome: 'message_taken', handoffs: [{ type: 'callback', priority: 'normal' }] },
  },
  {
    name: 'wants to move an appointment: a call-back from the front desk, never a booking',
    steps: [['I need to reschedule my appointment for tomorrow', /can't change appointments myself.*front desk call you back.*best number to call you back on\?/], ['yes', CALLBACK_SAVED], ['no', /Goodbye/]],
    expect: { outcome: 'message_taken', handoffs: [{ type: 'callback', priority: 'normal' }] },
  },
  {
    name: 'checks on a request with its reference code and date of birth',
    setup: 'submitted_request',
    steps: [['I am calling to check on the status of my request', /reference code/], ['{code}', ASK_DOB], ['March third nineteen eighty', /We have your request/], ['no', /Goodbye/]],
    expect: { outcome: 'question_answered', handoffs: [] },
  },
  {
    name: 'checks on a request by saying the name where the code was asked',
    setup: 'submitted_request',
    steps: [['I am calling to check on the status of my request', /reference code/], ['Jane Smith', /date of birth/], ['March third nineteen eighty', /We have your request/], ['no', /Goodbye/]],
    expect: { outcome: 'question_answered', handoffs: [] },
  },
  {
    name: 'a wrong date of birth on a status check reveals nothing',
    setup: 'submitted_request',
    steps: [['what is the status of my request', /reference code/], ['{code}', ASK_DOB], ['January 1st 1990', /couldn't find a request.*try again\?/], ['no', OFFER_CALLBACK], ['no', /anything else/], ['no', /Goodbye/]],
    expect: { outcome: 'other', neverSaid: /We have your request|reviewing|scheduled for/ },
  },
  {
    name: 'a code the agent cannot make out, twice: looked up by name instead, and not found by name, a call-back is offered',
    setup: 'submitted_request',
    steps: [
      ['hi I sent a request on your website and never heard back, can you check on it', /reference code/],
      ['K7M-22Q9', /read it out one letter or number at a time/],
      ['K7M-22Q9', /look it up by name\. What's the patient's first and last name/],
      ['Lena Ford', /Lena's date of birth/],
      ['may fifth nineteen eighty five', /couldn't find a request with that name.*call you back\?/],
      ['yes', /best number/],
      ['yes', /call you back at/],
      ['no', /Goodbye/],
    ],
    expect: { outcome: 'message_taken', handoffs: [{ type: 'callback', priority: 'normal' }], neverSaid: /We have your request|reviewing|scheduled for/ },
  },
  {
    name: '"Please tell the doctor to call me, it’s about my MRI results": a call-back, not a message',
    steps: [
      ["please tell the doctor to call me, it's about my mri results", /best number to call you back on/],
      ['yes', /call you back at/],
      ['no', /Goodbye/],
    ],
    expect: { outcome: 'message_taken', handoffs: [{ type: 'callback', priority: 'normal', said: /mri results/i }] },
  },
  {
    name: 'asks to be put on the do-not-call list',
    steps: [['Please stop calling me and take me off your list', /added 8 6 0, 5 5 5, 0 1 2 3 to our do-not-call list/], ['no', /Goodbye/]],
    expect: { outcome: 'other', doNotCall: true },
  },
];
