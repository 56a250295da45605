import { describe, expect, it } from 'vitest';
import { timeUnitFor } from './charts';

describe('the handoff times axis', () => {
  it('reads in minutes, hours or days by the largest time shown, never "2400 min" (issue 28)', () => {
    expect(timeUnitFor([300, null, 5400])).toEqual({ label: 'min', seconds: 60 });
    expect(timeUnitFor([null, null])).toEqual({ label: 'min', seconds: 60 });
    expect(timeUnitFor([2400 * 60])).toEqual({ label: 'h', seconds: 3600 });
    expect(timeUnitFor([600, 5 * 86_400])).toEqual({ label: 'days', seconds: 86_400 });
  });
});
