import { describe, expect, it } from 'vitest';
import { localDate } from '../tools/hours-speech.js';
import { extractPreferences, sayPreferences } from './preferences.js';

/** Wednesday, November 25, 2026 in the practice's zone. */
const WED = { dayFirst: false, today: '2026-11-25' };

type Row = [said: string, days: string[], timesOfDay: string[], earliestDate: string | undefined, readBack: string];

describe('dates in appointment preferences (said on Wednesday, November 25, 2026)', () => {
  it.each<Row>([
    ['tomorrow afternoon would be great', ['thu'], ['afternoon'], '2026-11-26', 'tomorrow afternoon'],
    ['Tomorrow morning.', ['thu'], ['morning'], '2026-11-26', 'tomorrow morning'],
    ['today if possible', ['wed'], [], '2026-11-25', 'today'],
    ['tonight', ['wed'], ['evening'], '2026-11-25', 'this evening'],
    ['the day after tomorrow', ['fri'], [], '2026-11-27', 'Friday, November 27'],
    ['this Friday', ['fri'], [], '2026-11-27', 'Friday, November 27'],
    ['this coming Friday in the morning', ['fri'], ['morning'], '2026-11-27', 'Friday, November 27, mornings'],
    ['next Tuesday morning', ['tue'], ['morning'], '2026-12-01', 'Tuesday, December 1, mornings'],
    ['next Wednesday', ['wed'], [], '2026-12-02', 'Wednesday, December 2'],
    ['this Wednesday', ['wed'], [], '2026-11-25', 'today'],
    ['Friday', ['fri'], [], undefined, 'Fridays'],
    ['Fridays', ['fri'], [], undefined, 'Fridays'],
    ['next week', [], [], '2026-11-30', 'any day from the week of November 30'],
    ['sometime next week, afternoons', [], ['afternoon'], '2026-11-30', 'any day from the week of November 30, afternoons'],
    ['next week, Tuesday or Thursday', ['tue', 'thu'], [], '2026-11-30', 'Tuesdays or Thursdays from the week of November 30'],
    ['I am free next week', [], [], '2026-11-30', 'any day from the week of November 30'],
    ['the week after next', [], [], '2026-12-07', 'any day from the week of December 7'],
    ['later this week', ['thu', 'fri'], [], '2026-11-26', 'later this week'],
    ['sometime this week in the afternoon', ['wed', 'thu', 'fri'], ['afternoon'], '2026-11-25', 'this week, afternoons'],
    ['not this week', [], [], '2026-11-30', 'any day from the week of November 30'],
    ['not today, but tomorrow morning works', ['thu'], ['morning'], '2026-11-26', 'tomorrow morning'],
    ['after the 15th', [], [], '2026-12-16', 'any day from December 16'],
    ['any day after the 15th', [], [], '2026-12-16', 'any day from December 16'],
    ['after the 28th', [], [], '2026-11-29', 'any day from November 29'],
    ['not before December 3rd', [], [], '2026-12-03', 'any day from December 3'],
    ['not before the third of December, mornings', [], ['morning'], '2026-12-03', 'any day from December 3, mornings'],
    ['starting December twenty first', [], [], '2026-12-21', 'any day from December 21'],
    ['mornings, but not before the 10th', [], ['morning'], '2026-12-10', 'any day from December 10, mornings'],
    ['the week of the 10th', [], [], '2026-12-07', 'any day from the week of December 7'],
    ['the week of December 14th', [], [], '2026-12-14', 'any day from the week of December 14'],
    ['the second week of December', [], [], '2026-12-07', 'any day from the week of December 7'],
    ['the last week of December, afternoons', [], ['afternoon'], '2026-12-21', 'any day from the week of December 21, afternoons'],
    ['in two weeks', [], [], '2026-12-09', 'any day from December 9'],
    ['in a couple of weeks', [], [], '2026-12-09', 'any day from December 9'],
    ['three weeks from now', [], [], '2026-12-16', 'any day from December 16'],
    ['in 10 days', [], [], '2026-12-05', 'any day from December 5'],
    ['not until December', [], [], '2026-12-01', 'any day from December 1'],
    ['early December, mornings', [], ['morning'], '2026-12-01', 'any day from December 1, mornings'],
    ['next month', [], [], '2026-12-01', 'any day from December 1'],
    ['sometime in May', [], [], '2027-05-01', 'any day from May 1'],
    ['after the holidays', [], [], '2026-12-26', 'any day from December 26'],
    ['not until after New Year', [], [], '2027-01-02', 'any day from January 2'],
    ['December 3rd works', ['thu'], [], '2026-12-03', 'Thursday, December 3'],
    ['on the 15th', ['tue'], [], '2026-12-15', 'Tuesday, December 15'],
    ['tomorrow or Friday', ['thu', 'fri'], [], '2026-11-26', 'tomorrow or Fridays'],
    // A date already gone is never the earliest date.
    ['after November 20, 2026, mornings', [], ['morning'], undefined, 'mornings'],
    ['on March 3rd 2026, mornings', [], ['morning'], undefined, 'mornings'],
    // What worked before still does.
    ['not Mondays', ['tue', 'wed', 'thu', 'fri'], [], undefined, 'Tuesdays, Wednesdays, Thursdays or Fridays'],
    ['anything but Fridays', ['mon', 'tue', 'wed', 'thu'], [], undefined, 'Mondays, Tuesdays, Wednesdays or Thursdays'],
    ['any time', [], [], undefined, 'any time'],
    ['first thing in the morning', [], ['morning'], undefined, 'mornings'],
    ['after lunch', [], ['afternoon'], undefined, 'afternoons'],
    ['around 9 am on Tuesdays', ['tue'], ['morning'], undefined, 'Tuesdays, mornings'],
    ['I am available Tuesdays', ['tue'], [], undefined, 'Tuesdays'],
  ])('%s', (said, days, timesOfDay, earliestDate, readBack) => {
    const p = extractPreferences(said, true, WED);
    expect(p).not.toBeNull();
    expect({ days: p!.days, timesOfDay: p!.timesOfDay, earliestDate: p!.earliestDate }).toEqual({ days, timesOfDay, earliestDate });
    expect(sayPreferences(p!, WED.today)).toBe(readBack);
  });

  it.each(['I woke up this morning with a fever', 'I saw the doctor last week', 'I need a second opinion', 'My daughter has had a fever since yesterday'])(
    'is no preference unless stated as one: %s',
    (said) => expect(extractPreferences(said, false, WED)).toBeNull(),
  );

  it('takes a date stated as a preference without being asked', () => {
    expect(extractPreferences("I'd like to come in tomorrow afternoon if possible", false, WED)).toMatchObject({ days: ['thu'], timesOfDay: ['afternoon'], earliestDate: '2026-11-26' });
  });

  it('is no date where the day of the month does not exist next month', () => {
    // Said on January 31st: "the 30th" is gone this month and February has none.
    expect(extractPreferences('on the 30th', true, { dayFirst: false, today: '2026-01-31' })?.earliestDate).toBeUndefined();
  });

  it('reads the date without "today" or "tomorrow" when it does not know the day (staff notes)', () => {
    expect(sayPreferences(extractPreferences('tomorrow afternoon', true, WED)!)).toBe('Thursday, November 26, afternoons');
  });
});

describe('across a month, a year and a clock change', () => {
  it.each<[today: string, said: string, earliestDate: string, days: string[]]>([
    ['2026-01-30', 'tomorrow', '2026-01-31', ['sat']],
    ['2026-01-30', 'the day after tomorrow', '2026-02-01', ['sun']],
    ['2026-01-30', 'next week', '2026-02-02', []],
    ['2026-01-30', 'after the 15th', '2026-02-16', []],
    ['2026-01-30', 'in two weeks', '2026-02-13', []],
    ['2026-12-30', 'next week', '2027-01-04', []],
    ['2026-12-30', 'after the 2nd', '2027-01-03', []],
    ['2026-12-30', 'not until January', '2027-01-01', []],
    ['2026-12-30', 'next Monday', '2027-01-04', ['mon']],
    ['2028-02-28', 'tomorrow', '2028-02-29', ['tue']],
  ])('on %s, "%s" → %s', (today, said, earliestDate, days) => {
    expect(extractPreferences(said, true, { dayFirst: false, today })).toMatchObject({ earliestDate, days });
  });

  // Today is the practice's: the brain's `today` is localDate(call clock, org zone).
  it.each<[nowUtc: string, zone: string, said: string, earliestDate: string, readBack: string]>([
    // Saturday 23:30 in New York (already Sunday in UTC), the night before the clocks go back.
    ['2026-11-01T03:30:00Z', 'America/New_York', 'tomorrow afternoon would be great', '2026-11-01', 'tomorrow afternoon'],
    ['2026-11-01T03:30:00Z', 'America/New_York', 'next week', '2026-11-02', 'any day from the week of November 2'],
    ['2026-11-01T03:30:00Z', 'America/New_York', 'this Sunday', '2026-11-01', 'tomorrow'],
    // The spring change in London: Saturday March 28, 23:30 GMT.
    ['2026-03-28T23:30:00Z', 'Europe/London', 'tomorrow morning', '2026-03-29', 'tomorrow morning'],
    // The same instant is already Sunday 00:30 in Berlin, where the clocks go forward that night.
    ['2026-03-28T23:30:00Z', 'Europe/Berlin', 'tomorrow morning', '2026-03-30', 'tomorrow morning'],
    // Sunday 23:30 in Los Angeles on the day the clocks went forward (Monday in UTC).
    ['2026-03-09T06:30:00Z', 'America/Los_Angeles', 'tomorrow', '2026-03-09', 'tomorrow'],
    ['2026-03-09T06:30:00Z', 'America/Los_Angeles', 'next week', '2026-03-09', 'any day from the week of March 9'],
  ])('%s in %s: "%s" → %s', (nowUtc, zone, said, earliestDate, readBack) => {
    const today = localDate(Date.parse(nowUtc), zone);
    const p = extractPreferences(said, true, { dayFirst: false, today });
    expect(p?.earliestDate).toBe(earliestDate);
    expect(sayPreferences(p!, today)).toBe(readBack);
  });
});
