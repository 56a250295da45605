import { describe, expect, it } from 'vitest';
import { readableKey, readableValue } from './readable';

describe('readable values', () => {
  it('names keys in words', () => {
    expect(readableKey('opensAt')).toBe('opens at');
    expect(readableKey('handoff_id')).toBe('handoff id');
  });
  it('reads objects, booleans, lists and nothing as words, not JSON', () => {
    expect(readableValue({ open: false, days: ['sat', 'sun'] })).toBe('open no · days sat, sun');
    expect(readableValue({ target: { type: 'phone', name: 'Nurse line' } })).toBe('target (type phone · name Nurse line)');
    expect(readableValue({})).toBe('—');
    expect(readableValue(null)).toBe('—');
    expect(readableValue([])).toBe('none');
  });
  it('shows instants as dates', () => {
    expect(readableValue('2026-11-30T13:00:00.000Z')).not.toContain('T13:00');
  });
});
