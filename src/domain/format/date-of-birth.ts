/**
 * A date of birth (a calendar date, "1984-03-09") in the order of `locale`: "3/9/1984" in the US,
 * "09/03/1984" in the UK, with the month spelled out when `long` ("March 9, 1984" / "9 March
 * 1984"). Calendar dates have no time zone: formatted as a UTC date so no zone can move the day.
 */
export function formatDateOfBirth(isoDate: string | null | undefined, locale?: string, opts: { long?: boolean } = {}): string {
  if (!isoDate) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!m) return isoDate;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return new Intl.DateTimeFormat(locale, opts.long ? { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' } : { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' }).format(date);
}
