import { describe, expect, it } from 'vitest';
import { validationMessage } from './validation-messages.js';

/** Issue 28 walk: a UK practice's form gave a US number as its example. */
describe('format messages give examples of the practice’s country', () => {
  it('a phone number', () => {
    expect(validationMessage('en', 'phone', 'phoneFormat', 'GB')).toBe('Enter a phone number we can call, for example 020 7946 0123.');
    expect(validationMessage('en', 'phone', 'phoneFormat', 'US')).toBe('Enter a phone number we can call, for example (860) 555-0100.');
    expect(validationMessage('es', 'answers.emergencyContact.phone', 'phoneFormat', 'GB')).toBe('Introduzca un teléfono al que podamos llamar, por ejemplo 020 7946 0123.');
  });

  it('a date, in the country’s order', () => {
    expect(validationMessage('en', 'dateOfBirth', 'dateFormat', 'GB')).toBe('Enter a real date, for example 27/03/2007.');
    expect(validationMessage('en', 'dateOfBirth', 'dateFormat', 'US')).toBe('Enter a real date, for example 03/27/2007.');
  });

  it('the rule alone when the practice is not known or has no example', () => {
    expect(validationMessage('en', 'phone', 'phoneFormat')).toBe('Enter a phone number we can call, with its area code.');
    expect(validationMessage('en', 'phone', 'phoneFormat', 'ES')).toBe('Enter a phone number we can call, with its area code.');
    expect(validationMessage('en', 'dateOfBirth', 'dateFormat')).toBe('Enter a real date.');
  });

  it('a message refined for a field still wins', () => {
    expect(validationMessage('en', 'dateOfBirth', 'future', 'GB')).toBe('The date of birth must be in the past.');
  });
});
