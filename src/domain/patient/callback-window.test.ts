import { describe, expect, it } from 'vitest';
import type { Hours } from '../time/index.js';
import { callbackWindow } from './callback-window.js';
import { pickLocale } from './locale.js';
import { validationMessage } from './validation-messages.js';

const NY: Hours = {
  timeZone: 'America/New_York',
  weekly: [1, 2, 3, 4, 5].map((day) => ({ day, start: '08:00', end: '17:00' })),
  overrides: [{ id: 'x', from: '2026-11-26', to: '2026-11-26', label: 'Thanksgiving', closed: true, intervals: [] }],
};
const at = (iso: string) => Date.parse(iso);

describe('when the practice will call', () => {
  it('open with time to spare: today, before closing', () => {
    expect(callbackWindow(NY, at('2026-11-23T15:00:00Z'))).toEqual({ kind: 'today', until: '17:00' });
  });
  it('in the last half hour, or after closing: the next opening', () => {
    expect(callbackWindow(NY, at('2026-11-23T21:45:00Z'))).toEqual({ kind: 'tomorrow', part: 'morning' });
    expect(callbackWindow(NY, at('2026-11-24T02:00:00Z'))).toEqual({ kind: 'tomorrow', part: 'morning' });
  });
  it('before opening: later today', () => {
    expect(callbackWindow(NY, at('2026-11-23T11:00:00Z'))).toEqual({ kind: 'later_today', from: '08:00' });
  });
  it('over a weekend: Monday morning; over a holiday the day after', () => {
    expect(callbackWindow(NY, at('2026-11-21T15:00:00Z'))).toEqual({ kind: 'weekday', weekday: 1, part: 'morning' });
    expect(callbackWindow(NY, at('2026-11-25T23:00:00Z'))).toEqual({ kind: 'weekday', weekday: 5, part: 'morning' });
  });
  it('no hours: unknown; always open: soon', () => {
    expect(callbackWindow({ ...NY, weekly: [], overrides: [] }, at('2026-11-23T15:00:00Z'))).toEqual({ kind: 'unknown' });
    const always = { ...NY, overrides: [], weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: '00:00', end: '00:00' })) };
    expect(callbackWindow(always, at('2026-11-23T15:00:00Z')).kind).toMatch(/today|soon/);
  });
});

describe('patient language and messages', () => {
  it('reads the language from Accept-Language', () => {
    expect(pickLocale('es-US,es;q=0.9,en;q=0.8')).toBe('es');
    expect(pickLocale('fr-FR,en;q=0.5')).toBe('en');
    expect(pickLocale(undefined)).toBe('en');
  });
  it('words keys per field and falls back to a generic message', () => {
    expect(validationMessage('en', 'firstName', 'required')).toBe('Enter your first name.');
    expect(validationMessage('es', 'notes', 'tooLong:1000')).toBe('Use como máximo 1,000 caracteres.');
    expect(validationMessage('es', 'answers.consent.treatment', 'mustAccept')).toBe('Marque la casilla para continuar.');
    expect(validationMessage('en', 'x', 'Invalid input: expected string')).toBe('This value is not valid.');
  });
});
