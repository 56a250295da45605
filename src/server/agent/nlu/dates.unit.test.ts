import { describe, expect, it } from 'vitest';
import { checkDateOfBirth, mergeDateParts, parseDateParts, sayDate } from './dates.js';

const US = { dayFirst: false, today: '2026-05-10' };
const GB = { dayFirst: true, today: '2026-05-10' };

describe('parseDateParts', () => {
  it.each([
    ['March third nineteen eighty', { month: 3, day: 3, year: 1980 }],
    ['march 3rd 1980', { month: 3, day: 3, year: 1980 }],
    ['March 3, 1980', { month: 3, day: 3, year: 1980 }],
    ['the third of March 1980', { month: 3, day: 3, year: 1980 }],
    ['third of march nineteen eighty', { month: 3, day: 3, year: 1980 }],
    ['3 March 1980', { month: 3, day: 3, year: 1980 }],
    ['March the 3rd, 1980', { month: 3, day: 3, year: 1980 }],
    ['3/3/80', { month: 3, day: 3, year: 1980 }],
    ['03/04/1980', { month: 3, day: 4, year: 1980 }],
    ['1980-03-03', { month: 3, day: 3, year: 1980 }],
    ['December twenty-first, two thousand and five', { month: 12, day: 21, year: 2005 }],
    ['july thirty first nineteen ninety nine', { month: 7, day: 31, year: 1999 }],
    ['november twentieth nineteen oh five', { month: 11, day: 20, year: 1905 }],
    ['june 5 2019', { month: 6, day: 5, year: 2019 }],
    ['I was born on May 9th 1975', { month: 5, day: 9, year: 1975 }],
    ['march twenty nineteen eighty', { month: 3, day: 20, year: 1980 }],
    ['feb 2 twenty twelve', { month: 2, day: 2, year: 2012 }],
    ['eight twelve two thousand', { month: 8, day: 12, year: 2000 }],
    ['nine eleven two thousand and twelve', { month: 9, day: 11, year: 2012 }],
    ['november fifth two thousand fourteen no sorry fifteen', { month: 11, day: 5, year: 2015 }],
    ['march third nineteen eighty no eighty one', { month: 3, day: 3, year: 1981 }],
    ['my name is Jan Novak born March 3 1980', { month: 3, day: 3, year: 1980 }],
    // The year first, as some say it.
    ['nineteen seventy two october the fifth', { month: 10, day: 5, year: 1972 }],
    ['2009 april 30th', { month: 4, day: 30, year: 2009 }],
    // A correction that says the day and the year again, or corrects with "sorry".
    ['april ninth no tenth nineteen fifty', { month: 4, day: 10, year: 1950 }],
    ['august 3rd 1991 sorry 1992', { month: 8, day: 3, year: 1992 }],
  ])('%s', (text, expected) => {
    expect(parseDateParts(text, US)).toEqual(expected);
  });

  it.each([
    // Hesitations between the parts.
    ["um it's march third uh nineteen eighty", { month: 3, day: 3, year: 1980 }],
    ['march, uh, third, um, eighty', { month: 3, day: 3, year: 1980 }],
    // The year first.
    ['I was born in nineteen eighty, March third', { month: 3, day: 3, year: 1980 }],
    ['1980, on March 3rd', { month: 3, day: 3, year: 1980 }],
    // A two-digit year starting with oh.
    ['July fourth oh five', { month: 7, day: 4, year: 2005 }],
    ['July fourth, oh nine', { month: 7, day: 4, year: 2009 }],
  ])('as said on the phone: %s', (text, expected) => {
    expect(parseDateParts(text, US)).toEqual(expected);
  });

  it('reads numeric dates day first where the practice does', () => {
    expect(parseDateParts('03/04/1980', GB)).toEqual({ day: 3, month: 4, year: 1980 });
    expect(parseDateParts('13/04/1980', US)).toEqual({ day: 13, month: 4, year: 1980 });
  });

  it('finds partial dates for corrections', () => {
    expect(parseDateParts('no, the 4th', US)).toEqual({ day: 4 });
    expect(parseDateParts('no the fourth', US)).toEqual({ day: 4 });
    expect(parseDateParts('sorry, 1981', US)).toEqual({ year: 1981 });
    expect(parseDateParts('it was april', US)).toEqual({ month: 4 });
    expect(parseDateParts('nineteen eighty one', US)).toEqual({ year: 1981 });
  });

  it('finds nothing in other sentences', () => {
    expect(parseDateParts('I would like to book an appointment', US)).toBeNull();
    expect(parseDateParts('may I speak to someone', US)).toBeNull();
  });
});

describe('checkDateOfBirth', () => {
  it('accepts a real past date', () => expect(checkDateOfBirth({ year: 1980, month: 3, day: 3 }, US.today)).toEqual({ ok: true, iso: '1980-03-03' }));
  it('names what is missing', () => expect(checkDateOfBirth({ month: 3, day: 3 }, US.today)).toEqual({ ok: false, missing: ['year'] }));
  it('refuses the 31st of February, the future and 130-year-olds', () => {
    expect(checkDateOfBirth({ year: 1980, month: 2, day: 31 }, US.today)).toEqual({ ok: false, invalid: 'not_a_date' });
    expect(checkDateOfBirth({ year: 2030, month: 1, day: 1 }, US.today)).toEqual({ ok: false, invalid: 'future' });
    expect(checkDateOfBirth({ year: 1890, month: 1, day: 1 }, US.today)).toEqual({ ok: false, invalid: 'too_old' });
  });
  it('merges a correction into a known date', () => {
    expect(mergeDateParts({ year: 1980, month: 3, day: 3 }, { day: 4 })).toEqual({ year: 1980, month: 3, day: 4 });
  });
  it('says dates', () => {
    expect(sayDate('1980-03-03')).toBe('March 3rd, 1980');
    expect(sayDate('1980-03-22', true)).toBe('22 March 1980');
  });
});

describe('dates said as numbers (issue 15 §4)', () => {
  const GB_CTX = { dayFirst: true, today: '2026-05-11' };
  it.each([
    ['oh three oh five nineteen ninety', { month: 3, day: 5, year: 1990 }],
    ['three five ninety', { month: 3, day: 5, year: 1990 }],
    ['03 05 1990', { month: 3, day: 5, year: 1990 }],
    ['zero three zero five one nine nine zero', { month: 3, day: 5, year: 1990 }],
    ['03051990', { month: 3, day: 5, year: 1990 }],
    ["it's 5 3 90", { month: 5, day: 3, year: 1990 }],
    ['twelve twenty five twenty ten', { month: 12, day: 25, year: 2010 }],
  ])('%s', (text, parts) => expect(parseDateParts(text, US)).toEqual(parts));
  it('reads the day first where the practice does', () => expect(parseDateParts('03 05 1990', GB_CTX)).toEqual({ month: 5, day: 3, year: 1990 }));
  it('is not a phone number', () => {
    expect(parseDateParts('860 555 0199', US)?.month).toBeUndefined();
    expect(parseDateParts('eight six zero five five five zero one nine nine', US)?.month).toBeUndefined();
  });
});
