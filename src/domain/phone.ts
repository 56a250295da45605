import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * Normalises what people type ("(860) 555-0100", "+44 20 7946 0000") to E.164. Numbers without
 * a country code are read as `defaultCountry`. Returns null when it is not a possible number.
 */
export function toE164(input: string, defaultCountry: 'US' | 'GB' | 'CA' = 'US'): string | null {
  const parsed = parsePhoneNumberFromString(input.trim(), defaultCountry);
  if (!parsed || !parsed.isValid()) return null;
  return parsed.number;
}
