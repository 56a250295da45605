import { formatPhoneNumber } from '@domain/format/phone';

/**
 * The country whose way of writing phone numbers the viewer reads: the region of the browser's
 * language ("en-GB" → GB), the US when it names none.
 */
export function viewerCountry(): string {
  const tag = typeof navigator !== 'undefined' ? navigator.language : 'en-US';
  try {
    return new Intl.Locale(tag).maximize().region ?? 'US';
  } catch {
    return 'US';
  }
}

/**
 * A stored number (E.164) as people write it (domain/format/phone.ts): national for a number of
 * `country` — the practice's when the screen knows it, else the viewer's — international for
 * any other. Every staff screen shows numbers through this.
 */
export function formatPhone(e164: string | null | undefined, country: string = viewerCountry()): string {
  return formatPhoneNumber(e164, country);
}
