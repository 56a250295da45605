import { describe, expect, it } from 'vitest';
import { HANDOFF_STATUSES, handoffActionAllowed } from './state.js';

describe('handoff state machine', () => {
  it('claims only open handoffs, reopens only finished ones, and takes notes always', () => {
    expect(HANDOFF_STATUSES.filter((s) => handoffActionAllowed('claim', s))).toEqual(['open']);
    expect(HANDOFF_STATUSES.filter((s) => handoffActionAllowed('resolve', s))).toEqual(['open', 'claimed']);
    expect(HANDOFF_STATUSES.filter((s) => handoffActionAllowed('reopen', s))).toEqual(['resolved', 'canceled']);
    expect(HANDOFF_STATUSES.filter((s) => handoffActionAllowed('note', s))).toEqual([...HANDOFF_STATUSES]);
  });
});
