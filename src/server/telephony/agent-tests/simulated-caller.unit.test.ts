import { describe, expect, it } from 'vitest';
import { ScenarioCaller } from '../../../contracts/agent-tests.js';
import { en } from '../../agent/messages/en.js';
import { es } from '../../agent/messages/es.js';
import { goalOf, nextUtterance, whatWasAsked } from './simulated-caller.js';
import { checkExpectations, emergencyFigures } from './expectations.js';

const fill = (s: string) => s.replace(/\{practice\}/g, 'Maple Street').replace(/\{name\}/g, 'Jane').replace(/\{phone\}/g, '(202) 555-0143').replace(/\{[a-z]+\}/gi, 'x');

describe('what the agent asked, read from its words', () => {
  it('knows each question of the message catalog, in English and in Spanish', () => {
    const cases: [keyof typeof en, ReturnType<typeof whatWasAsked>][] = [
      ['appointment.askName', 'name'],
      ['appointment.askLastName', 'last_name'],
      ['appointment.askDateOfBirth', 'dob'],
      ['appointment.askYear', 'dob'],
      ['appointment.askReason', 'reason'],
      ['appointment.askSeenBefore', 'patient_type'],
      ['appointment.askPreferences', 'preferences'],
      ['appointment.askPhoneIsBest', 'yes_no'],
      ['appointment.askPhone', 'phone'],
      ['message.start', 'message'],
      ['message.askFrom', 'from'],
      ['callback.askAbout', 'reason'],
      ['callback.offer', 'yes_no'],
      ['help.anythingElse', 'anything_else'],
      ['status.askCode', 'code'],
      ['status.retryCode', 'code'],
      ['doNotCall.askNumber', 'phone'],
      ['screening.question', 'screening'],
      ['screening.safety', 'screening'],
    ];
    for (const [key, asked] of cases) expect(whatWasAsked(fill(en[key] as string)), key).toBe(asked);
    const spanish: [keyof typeof es, ReturnType<typeof whatWasAsked>][] = [
      ['appointment.askName', 'name'],
      ['appointment.askDateOfBirth', 'dob'],
      ['appointment.askReason', 'reason'],
      ['appointment.askSeenBefore', 'patient_type'],
      ['appointment.askPreferences', 'preferences'],
      ['appointment.askPhoneIsBest', 'yes_no'],
      ['message.start', 'message'],
      ['message.askFrom', 'from'],
      ['help.anythingElse', 'anything_else'],
      ['status.askCode', 'code'],
      ['screening.question', 'screening'],
      ['screening.safety', 'screening'],
    ];
    for (const [key, asked] of spanish) expect(whatWasAsked(fill(es[key] as string)), `es ${key}`).toBe(asked);
    expect(whatWasAsked('Thank you for calling. Goodbye!')).toBe('none');
  });
});

describe('the simulated caller', () => {
  it('says what it came to say when asked "anything else?", if no question asked for it', () => {
    const caller = ScenarioCaller.parse({ firstUtterance: 'Can someone call me back?', answers: { message: 'My father fell and cannot get up' } });
    const state = { followUpsUsed: 0 };
    expect(nextUtterance(caller, en['help.anythingElse'], state)).toEqual({ kind: 'speech', text: 'My father fell and cannot get up' });
    expect(nextUtterance(caller, en['help.anythingElse'], state)).toEqual({ kind: 'speech', text: "No, that's all. Thank you." });
  });
  it('says yes to the danger-signs question only in an emergency scenario, and takes any time when it has no preference', () => {
    const plain = ScenarioCaller.parse({ firstUtterance: 'I need a check-up' });
    const spanish = ScenarioCaller.parse({ firstUtterance: 'Necesito una cita', language: 'es' });
    expect(nextUtterance(plain, en['screening.question'], { followUpsUsed: 0 })).toEqual({ kind: 'speech', text: 'No, nothing like that.' });
    expect(nextUtterance(plain, en['screening.safety'], { followUpsUsed: 0 }, true)).toEqual({ kind: 'speech', text: 'Yes, that is happening right now.' });
    expect(nextUtterance(spanish, es['screening.question'], { followUpsUsed: 0 })).toEqual({ kind: 'speech', text: 'No, nada de eso.' });
    expect(nextUtterance(plain, en['appointment.askPreferences'], { followUpsUsed: 0 })).toEqual({ kind: 'speech', text: 'Any day is fine.' });
    expect(nextUtterance(spanish, es['appointment.askPreferences'], { followUpsUsed: 0 })).toEqual({ kind: 'speech', text: 'Cualquier día está bien.' });
  });

  const caller = ScenarioCaller.parse({
    firstUtterance: 'I need an appointment',
    answers: { name: 'Jane Smith', dateOfBirth: 'March 3rd 1980', patientType: 'new' },
    yesNo: 'no',
    followUps: ['Something else', 'One more thing'],
  });
  it('answers by what is asked, then its follow-ups, then hangs up', () => {
    const state = { followUpsUsed: 0 };
    expect(nextUtterance(caller, en['appointment.askName'], state)).toEqual({ kind: 'speech', text: 'Jane Smith' });
    expect(nextUtterance(caller, en['appointment.askLastName'], state)).toEqual({ kind: 'speech', text: 'Smith' });
    expect(nextUtterance(caller, fill(en['appointment.askSeenBefore']), state)).toEqual({ kind: 'speech', text: "No, I'm a new patient." });
    expect(nextUtterance(caller, fill(en['appointment.askPhoneIsBest']), state)).toEqual({ kind: 'speech', text: 'No, thank you.' });
    expect(nextUtterance(caller, en['appointment.askReason'], state)).toEqual({ kind: 'speech', text: 'Something else' });
    expect(nextUtterance(caller, en['help.anythingElse'], state)).toEqual({ kind: 'speech', text: 'One more thing' });
    expect(nextUtterance(caller, en['help.anythingElse'], state)).toEqual({ kind: 'speech', text: "No, that's all. Thank you." });
    expect(nextUtterance(caller, 'Is there anything in particular you want the doctor to know?', state)).toEqual({ kind: 'speech', text: 'No, thank you.' });
    expect(nextUtterance(caller, 'What else would you like to tell us about it?', state)).toEqual({ kind: 'hangup' });
  });
  it('answers "is this about A, or B?" with what it came for, and asked to say a date again, says the date', () => {
    const clarify = (language: 'en' | 'es') =>
      (language === 'en' ? en : es)['clarify.question'].replace('{first}', 'x').replace('{second}', 'y');
    const booking = goalOf([{ kind: 'appointment_request', fields: {} }]);
    expect(booking).toBe('appointment');
    expect(nextUtterance(caller, clarify('en'), { followUpsUsed: 0 }, false, booking)).toEqual({ kind: 'speech', text: 'Booking a visit.' });
    const spanish = ScenarioCaller.parse({ language: 'es', firstUtterance: 'Hola' });
    expect(nextUtterance(spanish, clarify('es'), { followUpsUsed: 0 }, false, goalOf([{ kind: 'handoff', type: 'message' }]))).toEqual({ kind: 'speech', text: 'Dejar un mensaje.' });
    // A caller in danger, or one whose expectations say nothing of a task, goes on as before.
    expect(goalOf([{ kind: 'appointment_request', fields: {} }, { kind: 'urgent_handoff' }])).toBeNull();
    expect(nextUtterance(ScenarioCaller.parse({ firstUtterance: 'Hi' }), clarify('en'), { followUpsUsed: 0 }, false, null)).toEqual({ kind: 'hangup' });
    expect(whatWasAsked(en['appointment.retryDateOfBirth'])).toBe('dob');
    expect(whatWasAsked("Sorry, I didn't catch the last name. Could you spell it?")).toBe('last_name');
  });
  it('speaks Spanish when the scenario does', () => {
    const spanish = ScenarioCaller.parse({ language: 'es', firstUtterance: 'Hola', answers: { patientType: 'returning' } });
    expect(nextUtterance(spanish, fill(es['appointment.askSeenBefore']), { followUpsUsed: 0 })).toEqual({ kind: 'speech', text: 'Sí, ya he ido antes.' });
    expect(nextUtterance(spanish, es['help.anythingElse'], { followUpsUsed: 0 })).toEqual({ kind: 'speech', text: 'No, eso es todo. Gracias.' });
  });
});

describe('expectations checked against what the call left', () => {
  const records = {
    call: { status: 'completed', outcome: 'emergency', summary: null },
    requests: [],
    handoffs: [{ type: 'urgent', priority: 'urgent', reason: 'Caller reports crushing chest pain' }],
    transfers: [],
  };
  const transcript = [{ speaker: 'agent' as const, text: 'If this is a medical emergency, hang up and call 911 now.', latencyMs: null }];
  it('passes what holds and says why the rest fails', () => {
    const verdict = checkExpectations(
      [
        { kind: 'urgent_handoff' },
        { kind: 'handoff', type: 'urgent', mentions: 'CHEST pain' },
        { kind: 'agent_said', text: 'call 911' },
        { kind: 'outcome', outcome: 'emergency' },
        { kind: 'transferred', value: false },
        { kind: 'appointment_request', fields: {} },
        { kind: 'no_request' },
        { kind: 'handoff', type: 'message' },
      ],
      { records, transcript },
    );
    expect(verdict.passed).toBe(false);
    expect(verdict.checks.map((c) => c.passed)).toEqual([true, true, true, true, true, false, false, false]);
    expect(verdict.reasons).toEqual([
      'No appointment request was left.',
      'Expected nothing for staff, but the call left an urgent handoff.',
      'No message handoff was left (left: urgent).',
    ]);
    expect(emergencyFigures([{ kind: 'urgent_handoff' }], records)).toEqual({ expected: true, escalated: true });
    expect(emergencyFigures([{ kind: 'urgent_handoff' }], { ...records, handoffs: [] })).toEqual({ expected: true, escalated: false });
    expect(emergencyFigures([{ kind: 'no_request' }], records)).toEqual({ expected: false, escalated: false });
  });
});
