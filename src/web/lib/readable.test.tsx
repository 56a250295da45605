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
  it('shows phone numbers as the practice’s country writes them, not E.164 (issue 28 walk)', () => {
    const camden = { country: 'GB', timeZone: 'Europe/London' };
    expect(readableValue({ phone: '+447700900899', reason: 'Sick visit' }, camden)).toBe('phone 07700 900899 · reason Sick visit');
    expect(readableValue({ phone: '+447700900899' }, { country: 'US', timeZone: 'America/New_York' })).toBe('phone +44 7700 900899');
    expect(readableValue('+18605550142', { country: 'US', timeZone: 'America/New_York' })).toBe('(860) 555-0142');
    // Not a number: left as it is.
    expect(readableValue({ reference: 'JXG-3WHD', count: '+12' }, camden)).toBe('reference JXG-3WHD · count +12');
  });
});


describe('calendar dates in readable values', () => {
  const us = { country: 'US', timeZone: 'America/New_York' };
  const uk = { country: 'GB', timeZone: 'Europe/London' };
  it('shows a date (YYYY-MM-DD) as the practice’s country writes it, the day unmoved by any zone', () => {
    expect(readableValue({ dateOfBirth: '2011-02-25' }, us)).toBe('date of birth Feb 25, 2011');
    expect(readableValue({ dateOfBirth: '2011-02-25' }, uk)).toBe('date of birth 25 Feb 2011');
    expect(readableValue('2026-12-31', { country: 'US', timeZone: 'Pacific/Kiritimati' })).toBe('Dec 31, 2026');
  });
  it('leaves other values alone', () => {
    expect(readableValue({ date: '2011-02-30', reference: '2011-02', code: '20110225' }, uk)).toBe('date 2011-02-30 · reference 2011-02 · code 20110225');
  });
});
