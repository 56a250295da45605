import { describe, expect, it } from 'vitest';
import { initialAgentState } from './agent-state.js';
import { outcomeOf, summaryOf } from './outcome.js';

describe('outcome and summary', () => {
  it('the weightiest achievement decides the outcome', () => {
    const s = initialAgentState();
    s.heardCaller = true;
    s.done = { answered: ['hours'], message: true, appointment: { referenceCode: 'K7M-4QXR', name: 'Jane Smith', reason: 'Follow-up' } };
    expect(outcomeOf(s, 'agent')).toBe('appointment_requested');
    expect(summaryOf(s, 'agent')).toBe('Appointment request K7M-4QXR for Jane Smith (Follow-up). Message taken for the practice. Answered questions about opening hours.');
    s.done.emergency = 'cardiac';
    expect(outcomeOf(s, 'agent')).toBe('emergency');
  });

  it('nothing achieved: abandoned when the caller left or never spoke, else other', () => {
    const s = initialAgentState();
    expect(outcomeOf(s, 'agent')).toBe('abandoned');
    s.heardCaller = true;
    expect(outcomeOf(s, 'caller')).toBe('abandoned');
    expect(outcomeOf(s, 'agent')).toBe('other');
    expect(summaryOf(s, 'timeout')).toBe('The caller hung up before completing a request.');
  });

  it('a call-back counts as a message taken', () => {
    const s = initialAgentState();
    s.done.callback = true;
    expect(outcomeOf(s, 'caller')).toBe('message_taken');
  });
});
