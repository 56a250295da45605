/**
 * A practice's postal address on one line, as a patient reads it on a confirmation and in a
 * calendar file: "1 Main Street, Hartford, CT 06103". The country is left out: patients of a
 * practice live in its country. Missing parts are left out.
 */
export function formatPostalAddress(address: Record<string, unknown> | null | undefined): string | null {
  const part = (k: string) => (typeof address?.[k] === 'string' ? (address[k] as string).trim() : '');
  const regionLine = [part('region'), part('postalCode')].filter(Boolean).join(' ');
  const line = [part('line1'), part('line2'), part('city'), regionLine].filter(Boolean).join(', ');
  return line || null;
}
