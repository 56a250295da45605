import { describe, expect, it } from 'vitest';
import { continueOutboundCall, openOutboundCall, previewOpening, voicemailMessage, type OutboundCallFacts } from './outbound-dialogue.js';

const TUESDAY_930 = Date.parse('2026-01-13T14:30:00Z'); // 9:30 in New York
const facts: OutboundCallFacts = {
  organizationName: 'Harbor Dental',
  practiceNumber: '+18605550000',
  contactName: 'Ada Lovelace',
  dateOfBirth: '1980-03-04',
  purpose: 'appointment_reminder',
  visitType: 'cleaning',
  appointmentAtMs: TUESDAY_930,
  messageForPatient: '',
  answersHandoff: false,
  dayFirst: false,
  today: '2026-01-06',
  nowMs: Date.parse('2026-01-06T15:00:00Z'),
  timeZone: 'America/New_York',
  emergencyMessage: 'If this is a medical emergency, hang up and call 911 now.',
};

function talk(lines: string[], f = facts) {
  let turn = openOutboundCall(f);
  const said = [turn.say];
  for (const line of lines) {
    turn = continueOutboundCall(f, turn.state, line);
    said.push(turn.say);
  }
  return { turn, said };
}

describe('outbound dialogue', () => {
  it('says nothing about the visit before name and date of birth are confirmed, then builds the reminder from its fields', () => {
    const { said, turn } = talk(['Yes, speaking.', 'March 4th 1980', "yes I'll be there"]);
    expect(said[0]).not.toMatch(/appointment|cleaning|visit/i);
    expect(said[1]).not.toMatch(/appointment|cleaning|visit/i);
    expect(said[2]).toBe("Thank you for confirming. This is a reminder of Ada's cleaning at Harbor Dental on Tuesday, January 13 at 9:30 AM. Will Ada be able to come?");
    expect(turn).toMatchObject({ hangUp: true, effects: { outcome: 'confirmed', response: "yes I'll be there" } });
    expect(turn.say).not.toMatch(/confirmed|booked|done/i);
  });

  it('a wrong date of birth twice: only a request to call the practice back, the number in digit groups', () => {
    const { said, turn } = talk(['Yes', 'January 1st 1990', 'February 2nd 1991']);
    expect(said.join(' ')).not.toMatch(/appointment|cleaning/i);
    expect(turn).toMatchObject({ hangUp: true, effects: { outcome: 'identity_not_confirmed' } });
    expect(turn.say).toMatch(/call Harbor Dental back at 8 6 0, 5 5 5, 0 0 0 0/);
  });

  it("asks for a child's parent or guardian and for the child's date of birth", () => {
    const child = { ...facts, contactName: 'Maya Chen', dateOfBirth: '2019-04-12', purpose: 'recall' as const, visitType: 'well-child check-up' };
    const { said } = talk(["yes I'm her mom"], child);
    expect(said[0]).toMatch(/May I speak with Maya Chen's parent or guardian\?/);
    expect(said[1]).toMatch(/Maya's date of birth/);
  });

  it('a recall the parent agrees to asks for times and ends in an appointment request, said with its reference only once created', () => {
    const child = { ...facts, contactName: 'Maya Chen', dateOfBirth: '2019-04-12', purpose: 'recall' as const, visitType: 'well-child check-up' };
    const { said, turn } = talk(['yes this is her mother', 'april 12 2019', 'sure', 'tuesday or thursday mornings'], child);
    expect(said[2]).toMatch(/Maya is due for a well-child check-up\. Would you like us to set up a visit\?/);
    expect(said[3]).toBe('Which days and times suit you best?');
    expect(turn.effects).toMatchObject({ outcome: 'booking_requested', appointmentRequest: { preferences: { days: ['tue', 'thu'], timesOfDay: ['morning'] } } });
    expect(turn.sayAfterRequest?.('A B 1 2')).toMatch(/your reference is A B 1 2/);
  });

  it('a reminder the patient cannot come to goes to people with their words', () => {
    const { turn } = talk(['speaking', '3/4/1980', "no I can't make it that day, can we do next week"]);
    expect(turn.effects).toMatchObject({ outcome: 'change_requested', handoff: { type: 'callback' } });
    expect(turn.effects.handoff?.reason).toMatch(/can we do next week/);
  });

  it('a refusal is recorded with the reason; a wrong number and "stop calling" too', () => {
    const recall = { ...facts, purpose: 'recall' as const };
    expect(talk(['yes', 'march 4 1980', 'no thanks, I already had it done at my work clinic'], recall).turn.effects).toMatchObject({ outcome: 'declined', response: 'no thanks, I already had it done at my work clinic' });
    expect(talk(['no ada here, you have the wrong number']).turn.effects).toMatchObject({ outcome: 'wrong_number' });
    expect(talk(['please stop calling me']).turn.effects).toMatchObject({ outcome: 'do_not_call', doNotCall: true });
  });

  it('without a date of birth on file nothing is said about the call and staff get a handoff', () => {
    const { turn, said } = talk(['yes speaking'], { ...facts, dateOfBirth: null });
    expect(said.join(' ')).not.toMatch(/cleaning|reminder|appointment/i);
    expect(turn.effects).toMatchObject({ outcome: 'identity_not_confirmed', handoff: { type: 'callback' } });
    // A campaign's contacts show in its results instead: no handoff for each.
    expect(talk(['yes speaking'], { ...facts, dateOfBirth: null, inCampaign: true }).turn.effects.handoff).toBeUndefined();
  });

  it('a question is noted and the question asked again; an emergency takes the emergency path at any step', () => {
    const { said } = talk(['yes', 'march 4 1980', 'how much is that going to cost me']);
    expect(said[3]).toMatch(/noted your question for the team\. Will Ada be able to come\?/);
    expect(talk(['yes', 'my husband is having chest pain and can barely breathe']).turn.effects).toMatchObject({ outcome: 'emergency', handoff: { type: 'urgent' } });
  });

  it('answers in Spanish a callee who answers in Spanish', () => {
    const { said } = talk(['sí, soy yo', 'cuatro de marzo de 1980']);
    expect(said[1]).toMatch(/fecha de nacimiento/);
    expect(said[2]).toMatch(/Le recordamos la cita de Ada \(cleaning\) en Harbor Dental el martes 13 de enero a las 9:30 de la mañana/);
  });

  it('the voicemail names no visit and says the number in digit groups', () => {
    expect(voicemailMessage(facts, '')).toBe('Hello, this is Harbor Dental calling for Ada. Please call us back at 8 6 0, 5 5 5, 0 0 0 0. Thank you.');
  });

  it('previews the whole opening, the practice message included', () => {
    const lines = previewOpening({ ...facts, messageForPatient: 'Please bring your new insurance card.' });
    expect(lines[2]).toMatch(/Please bring your new insurance card\. Will Ada be able to come\?/);
  });
});
