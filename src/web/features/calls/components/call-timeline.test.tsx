import { describe, expect, it } from 'vitest';
import type { CallDetail, CallEvent } from '@contracts/calls';
import { describeEvent } from './call-timeline';
import { transcriptLines } from './call-transcript';

/** Issue 19 §8: the timeline and the transcript read as a person reads, not as JSON or spelled digits. */
const event = (kind: CallEvent['kind'], payload: Record<string, unknown>, seq = 1): CallEvent => ({ seq, kind, payload, latencyMs: null, at: '2026-11-25T15:00:00.000Z' }) as CallEvent;

describe('call timeline', () => {
  it('says tool calls and results in words, never JSON', () => {
    const called = describeEvent(event('tool_call', { name: 'get_hours', arguments: { day: 'saturday' } }))!;
    expect(called.title).toBe('Tool called: opening hours');
    expect(called.detail).toBe('day saturday');
    const answered = describeEvent(event('tool_result', { name: 'transfer_to_staff', ok: true, result: { transferred: false, why: 'closed' } }))!;
    expect(answered.title).toBe('Tool answered: transfer to staff');
    expect(answered.detail).toBe('transferred no · why closed');
    expect(answered.detail).not.toMatch(/[{}"]/);
  });

  it('shows the numbers in a tool call’s details as the practice writes them (issue 28 walk)', () => {
    const camden = { country: 'GB', timeZone: 'Europe/London' };
    const called = describeEvent(event('tool_call', { name: 'create_appointment_request', arguments: { phone: '+447700900899', reason: 'Sick visit' } }), camden)!;
    expect(called.detail).toBe('phone 07700 900899 · reason Sick visit');
    expect(describeEvent(event('transfer', { target: { type: 'phone', phone: '+442079460000' } }), camden)!.title).toBe('Transfer to 020 7946 0000');
  });

  it('names the person a transfer went to, and a call left half-way', () => {
    expect(describeEvent(event('transfer', { target: { type: 'user', userId: 'u1', name: 'Dana Reyes' } }))!.title).toBe('Transfer to Dana Reyes');
    const left = describeEvent(event('status', { from: 'in_progress', to: 'completed', abandoned: { doing: 'an appointment request', collected: {} } }))!;
    expect(left.detail).toMatch(/left during an appointment request; call-back task created/);
  });
});

describe('transcript', () => {
  it('shows numbers and codes the agent spelled out as they are written', () => {
    const detail = {
      call: { direction: 'inbound', toNumber: '+18605550100', fromNumber: '+15105550123', startedAt: '2026-11-25T15:00:00.000Z', answeredAt: null },
      events: [
        event('agent_speech', { text: 'Is 5 1 0, 5 5 5, 0 1 2 3 the best number?' }, 1),
        event('caller_speech', { text: 'yes 5 1 0' }, 2),
        event('agent_speech', { text: 'Your reference code is K 7 M, 4 P 2 Q.' }, 3),
      ],
    } as unknown as Pick<CallDetail, 'call' | 'events'>;
    expect(transcriptLines(detail).map((l) => l.text)).toEqual(['Is (510) 555-0123 the best number?', 'yes 5 1 0', 'Your reference code is K7M 4P2Q.']);
  });
});
