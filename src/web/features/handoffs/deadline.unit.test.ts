import { describe, expect, it } from 'vitest';
import { deadlineOf, formatSpan } from './deadline';

const now = new Date('2026-03-16T15:00:00Z');
const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();

describe('deadlineOf', () => {
  it('counts down, warns in the last stretch and says how overdue', () => {
    expect(deadlineOf({ status: 'open', dueAt: at(240), createdAt: at(-10) }, now)).toEqual({ tone: 'ok', text: 'Due in 4 h' });
    expect(deadlineOf({ status: 'claimed', dueAt: at(12), createdAt: at(-200) }, now)).toEqual({ tone: 'soon', text: 'Due in 12 min' });
    expect(deadlineOf({ status: 'open', dueAt: at(-75), createdAt: at(-200) }, now)).toEqual({ tone: 'overdue', text: 'Overdue by 1 h 15 min' });
    expect(deadlineOf({ status: 'resolved', dueAt: at(-75), createdAt: at(-200) }, now).tone).toBe('done');
  });

  it('formats spans rounded up', () => {
    expect(formatSpan(1)).toBe('1 min');
    expect(formatSpan(59 * 60_000 + 1)).toBe('1 h');
    expect(formatSpan(50 * 3_600_000)).toBe('2 d 2 h');
  });
});
