import { describe, expect, it } from 'vitest';
import { toE164 } from '../phone.js';
import { EXAMPLE_PHONE_COUNTRIES, examplePhoneNumber } from './phone-example.js';
import { formatPhoneNumber } from './phone.js';

describe('the example phone number of a country (examplePhoneNumber)', () => {
  it('is written as the one phone formatter writes that country’s numbers, and the forms accept it', () => {
    expect(EXAMPLE_PHONE_COUNTRIES).toEqual(expect.arrayContaining(['US', 'GB', 'CA']));
    for (const country of EXAMPLE_PHONE_COUNTRIES) {
      const example = examplePhoneNumber(country)!;
      const e164 = toE164(example, country as 'US' | 'GB' | 'CA');
      expect(e164, `${country} ${example}`).not.toBeNull();
      expect(formatPhoneNumber(e164, country)).toBe(example);
    }
  });

  it('a UK practice’s is a UK number; none for a country without one', () => {
    expect(examplePhoneNumber('GB')).toBe('020 7946 0123');
    expect(examplePhoneNumber('us')).toBe('(860) 555-0100');
    expect(examplePhoneNumber('ES')).toBeNull();
    expect(examplePhoneNumber(null)).toBeNull();
  });
});
