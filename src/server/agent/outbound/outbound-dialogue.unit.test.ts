import { describe, expect, it } from 'vitest';
import { continueOutboundCall, openOutboundCall, voicemailMessage, type OutboundCallFacts } from './outbound-dialogue.js';

const facts: OutboundCallFacts = {
  organizationName: 'Harbor Dental',
  practiceNumber: '+18605550000',
  contactName: 'Ada Lovelace',
  dateOfBirth: '1980-03-04',
  purpose: 'appointment_reminder',
  instructions: 'Your cleaning is on Tuesday at 9.',
  dayFirst: false,
  today: '2026-01-06',
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
  it('says nothing about the appointment before name and date of birth are confirmed', () => {
    const { said, turn } = talk(['Yes, speaking.', 'March 4th 1980', 'Yes, I confirm.']);
    expect(said[0]).not.toMatch(/appointment|cleaning/i);
    expect(said[1]).not.toMatch(/appointment|cleaning/i);
    expect(said[2]).toMatch(/Your cleaning is on Tuesday at 9/);
    expect(turn).toMatchObject({ hangUp: true, effects: { outcome: 'confirmed' } });
  });

  it('a wrong date of birth twice: only a request to call the practice back', () => {
    const { said, turn } = talk(['Yes', 'January 1st 1990', 'February 2nd 1991']);
    expect(said.join(' ')).not.toMatch(/appointment|cleaning/i);
    expect(turn).toMatchObject({ hangUp: true, effects: { outcome: 'identity_not_confirmed' } });
    expect(turn.say).toMatch(/call Harbor Dental back at \+18605550000/);
  });

  it('the wrong person is only asked to pass on the message to call back', () => {
    const { turn } = talk(['No, wrong number']);
    expect(turn).toMatchObject({ hangUp: true, effects: { outcome: 'identity_not_confirmed' } });
    expect(turn.say).toBe('Please ask Ada to call Harbor Dental back at +18605550000. Thank you, goodbye.');
  });

  it('a change request becomes a callback handoff', () => {
    const { turn } = talk(['Yes', 'March 4 1980', "I can't make it, can we reschedule?"]);
    expect(turn.effects).toMatchObject({ outcome: 'change_requested', handoff: { type: 'callback' } });
  });

  it('"call me tomorrow" schedules a retry a day later', () => {
    const { turn } = talk(["I'm driving, can you call me back tomorrow?"]);
    expect(turn.effects).toMatchObject({ outcome: 'call_back_later', callAgainInMs: 24 * 3_600_000 });
  });

  it('"never call again" at any point: do-not-call at once', () => {
    const { turn } = talk(['Yes', 'Please stop calling this number']);
    expect(turn).toMatchObject({ hangUp: true, effects: { outcome: 'do_not_call', doNotCall: true } });
  });

  it('an emergency gets the emergency message and an urgent handoff, whatever the step', () => {
    const { turn } = talk(['Yes', "my husband is having chest pain and can't breathe"]);
    expect(turn.say).toBe(facts.emergencyMessage);
    expect(turn.effects).toMatchObject({ outcome: 'emergency', handoff: { type: 'urgent' } });
  });

  it('voicemail: the campaign’s message, or one without health details', () => {
    expect(voicemailMessage(facts, '')).toBe('Hello, this is Harbor Dental calling for Ada. Please call us back at +18605550000. Thank you.');
    expect(voicemailMessage(facts, 'Please call Harbor Dental.')).toBe('Please call Harbor Dental.');
  });
});
