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

/** Fewer digits than this is not a phone number to search for (a fragment would match by chance). */
export const MIN_SEARCH_DIGITS = 7;

/**
 * The stored forms a typed number may have, for a search: numbers are stored as they came
 * (E.164 from the telephony provider), whether or not the phone library calls them valid — UK
 * drama-range numbers and new ranges it does not know are real callers too. So the digits are
 * read without validating: with a "+" (or an international "00") as written; otherwise as a
 * national number of each country the product serves, and as an international number typed
 * without its "+". Null when fewer than MIN_SEARCH_DIGITS digits were typed. Validation is for
 * numbers that must be dialled (`toE164`), not for finding what was stored.
 */
export function searchableNumbers(input: string): string[] | null {
  const trimmed = input.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (digits.length < MIN_SEARCH_DIGITS || digits.length > 17) return null;
  if (trimmed.startsWith('+')) return [`+${digits}`];
  if (trimmed.startsWith('00')) return [`+${digits.slice(2)}`];
  const out = new Set<string>([`+${digits}`, digits]);
  for (const country of ['US', 'GB'] as const) {
    const parsed = parsePhoneNumberFromString(trimmed, country);
    if (parsed) out.add(parsed.number);
  }
  return [...out];
}