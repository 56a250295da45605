import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** Number types that cannot receive a text message. */
const NOT_TEXTABLE = new Set(['FIXED_LINE', 'TOLL_FREE', 'PREMIUM_RATE', 'SHARED_COST', 'VOICEMAIL', 'UAN', 'PAGER']);

/**
 * Whether a number the patient gave may be a mobile (so a text could reach it): a valid number
 * whose type is not one that cannot take texts. North American numbers do not say (their type is
 * "fixed line or mobile") and count as mobile; a UK landline or a toll-free number does not.
 * Server-side only: the full metadata is large.
 */
export function mayReceiveTexts(phone: string | null | undefined): phone is string {
  if (!phone) return false;
  const parsed = parsePhoneNumberFromString(phone);
  if (!parsed?.isValid()) return false;
  const type = parsed.getType();
  return !type || !NOT_TEXTABLE.has(type);
}
