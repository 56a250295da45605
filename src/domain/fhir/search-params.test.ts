import { describe, expect, it } from 'vitest';
import { readDateBound, readReference, readToken, repeatsOf, valuesOf, windowOf } from './search-params.js';

const NY = 'America/New_York';

describe('FHIR search parameters', () => {
  it('flatten repeats and commas', () => {
    expect(valuesOf(['free,busy', 'busy'])).toEqual(['free', 'busy', 'busy']);
    expect(valuesOf(undefined)).toEqual([]);
    expect(repeatsOf(['ge2026-03-02', 'le2026-03-08'])).toEqual([['ge2026-03-02'], ['le2026-03-08']]);
  });

  it('read dates with prefixes, and refuse what is not a date', () => {
    expect(readDateBound('ge2026-03-02')).toEqual({ prefix: 'ge', value: '2026-03-02' });
    expect(readDateBound('2026-03')).toEqual({ prefix: 'eq', value: '2026-03' });
    expect(readDateBound('lt2026-03-02T12:00:00Z')).toEqual({ prefix: 'lt', value: '2026-03-02T12:00:00Z' });
    for (const bad of ['tomorrow', 'ge2026-13-01', '2026-03-02T12:00', 'ge']) expect(readDateBound(bad)).toBeNull();
  });

  it('turn dates into a window of the practice’s days, across a daylight-saving change', () => {
    const w = windowOf([readDateBound('ge2026-03-07')!, readDateBound('le2026-03-08')!], NY);
    expect(new Date(w.from!).toISOString()).toBe('2026-03-07T05:00:00.000Z');
    // 8 March 2026 is 23 hours long in New York: the window ends at its real end.
    expect(new Date(w.to!).toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(windowOf([readDateBound('2026-03-02')!], NY)).toMatchObject({ from: Date.parse('2026-03-02T05:00:00Z'), to: Date.parse('2026-03-03T05:00:00Z') });
    expect(windowOf([readDateBound('lt2026-03-02T12:00:00Z')!], NY)).toMatchObject({ from: null, to: Date.parse('2026-03-02T12:00:00Z') });
    expect(windowOf([readDateBound('ap2026-03-02')!], NY).unsupported).toEqual(['ap']);
  });

  it('read tokens and references', () => {
    expect(readToken('urn:x|abc')).toEqual({ system: 'urn:x', code: 'abc' });
    expect(readToken('abc')).toEqual({ system: null, code: 'abc' });
    expect(readReference('Practitioner/abc-1', ['Practitioner', 'Location'])).toEqual({ type: 'Practitioner', id: 'abc-1' });
    expect(readReference('https://x.test/fhir/Schedule/abc', ['Schedule'])).toEqual({ type: 'Schedule', id: 'abc' });
    expect(readReference('abc', ['Schedule'])).toEqual({ type: 'Schedule', id: 'abc' });
    expect(readReference('Patient/abc', ['Practitioner'])).toBeNull();
  });
});
