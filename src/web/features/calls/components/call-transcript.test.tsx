import { describe, expect, it } from 'vitest';
import type { CallDetail, CallEvent } from '@contracts/calls';
import { transcriptLines } from './call-transcript';

const event = (kind: CallEvent['kind'], payload: Record<string, unknown>, seq: number): CallEvent => ({ seq, kind, payload, latencyMs: null, at: '2026-11-25T15:00:00.000Z' }) as CallEvent;

describe('transcript of a call in relay mode (issue 20)', () => {
  it('marks agent speech the caller interrupted, with what they did not hear', () => {
    const detail = {
      call: { direction: 'inbound', toNumber: '+18605550100', fromNumber: '+15105550123', startedAt: '2026-11-25T15:00:00.000Z', answeredAt: null },
      events: [
        event('agent_speech', { text: 'Thank you for calling', said: 'Thank you for calling Hartford Family Practice. How can I help?', interrupted: true, heardMs: 900 }, 1),
        event('caller_speech', { text: 'I need an appointment' }, 2),
        event('agent_speech', { text: 'May I have your name?' }, 3),
      ],
    } as unknown as Pick<CallDetail, 'call' | 'events'>;
    const lines = transcriptLines(detail);
    expect(lines.map((l) => [l.text, l.interrupted])).toEqual([
      ['Thank you for calling', { unheard: 'Hartford Family Practice. How can I help?' }],
      ['I need an appointment', null],
      ['May I have your name?', null],
    ]);
  });
});
