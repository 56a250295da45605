import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '../features/live/live.publisher.js';
import { TurnEventSpacer } from './turn-event-spacing.js';

const turn = (id: string): LiveEvent => ({ topic: 'calls', organizationId: 'org', type: 'turn', id });
const ended = (id: string): LiveEvent => ({ topic: 'calls', organizationId: 'org', type: 'ended', id });

describe('spacing a call’s turn updates', () => {
  let sent: LiveEvent[][];
  let spacer: TurnEventSpacer;
  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    spacer = new TurnEventSpacer(250, (events) => sent.push(events));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the first update at once, folds the next ones into one sent when the spacing ends', () => {
    expect(spacer.filter([turn('a')])).toEqual([turn('a')]);
    vi.advanceTimersByTime(50);
    expect(spacer.filter([turn('a')])).toEqual([]);
    vi.advanceTimersByTime(50);
    expect(spacer.filter([turn('a')])).toEqual([]);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(150);
    expect(sent).toEqual([[turn('a')]]);
    // The trailing update counts as sent: the next one within the spacing waits again.
    expect(spacer.filter([turn('a')])).toEqual([]);
    vi.advanceTimersByTime(250);
    expect(sent).toEqual([[turn('a')], [turn('a')]]);
  });

  it('sends every update of a call that speaks every few seconds, and other calls’ independently', () => {
    expect(spacer.filter([turn('a'), turn('b')])).toEqual([turn('a'), turn('b')]);
    vi.advanceTimersByTime(3000);
    expect(spacer.filter([turn('a')])).toEqual([turn('a')]);
    expect(spacer.filter([turn('c')])).toEqual([turn('c')]);
    vi.advanceTimersByTime(1000);
    expect(sent).toEqual([]);
  });

  it('sends the end at once and drops a pending turn update; other topics and new calls pass', () => {
    const handoff: LiveEvent = { topic: 'handoffs', organizationId: 'org', type: 'created', id: 'h' };
    const created: LiveEvent = { topic: 'calls', organizationId: 'org', type: 'created', id: 'a' };
    expect(spacer.filter([created, turn('a')])).toEqual([created, turn('a')]);
    expect(spacer.filter([turn('a'), handoff, handoff])).toEqual([handoff, handoff]);
    expect(spacer.filter([ended('a')])).toEqual([ended('a')]);
    vi.advanceTimersByTime(1000);
    expect(sent).toEqual([]);
  });
});
