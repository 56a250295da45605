import { getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';

/**
 * A phone number as people of the viewer's country write it: national format for a number of
 * that country ("(860) 555-0142" in the US, "020 7946 0000" in the UK), international format
 * for any other ("+44 20 7946 0000"). Anything that is not a valid number comes back as given.
 * The one phone formatter of every screen and e-mail (issue 19 §6).
 */
export function formatPhoneNumber(value: string | null | undefined, viewerCountry: string = 'US'): string {
  if (!value) return '';
  const parsed = parsePhoneNumberFromString(value.trim(), viewerCountry.toUpperCase() as 'US');
  if (!parsed) return value;
  // A number of a possible length but not in a known range (fiction's 07700 900…): national
  // when it has the viewer's country code (the demo's UK callers read "07700 900899" beside the
  // practice's "020 7946 0000"), else grouped internationally.
  if (!parsed.isValid()) {
    if (!parsed.isPossible()) return value;
    return parsed.countryCallingCode === callingCodeOf(viewerCountry) ? parsed.formatNational() : parsed.formatInternational();
  }
  const sameCountry = parsed.country === viewerCountry.toUpperCase() || (parsed.countryCallingCode === '1' && ['US', 'CA'].includes(viewerCountry.toUpperCase()));
  return sameCountry ? parsed.formatNational() : parsed.formatInternational();
}

/** The country a number belongs to ("US", "GB"), or null when it is not a valid number. */
export function countryOfNumber(value: string | null | undefined): string | null {
  if (!value) return null;
  const parsed = parsePhoneNumberFromString(value.trim());
  return parsed?.isValid() ? (parsed.country ?? null) : null;
}

function callingCodeOf(country: string): string | null {
  try {
    return getCountryCallingCode(country.toUpperCase() as CountryCode);
  } catch {
    return null;
  }
}
