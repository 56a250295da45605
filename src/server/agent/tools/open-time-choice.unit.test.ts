import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { clinicianSaid, offeredTimes, visitTime } from '../messages/index.js';
import { chooseOfferedTimes, fitsPreferences, matchVisitType } from './open-time-choice.js';

const ZONE = 'America/New_York';
const at = (local: string) => Temporal.PlainDateTime.from(local).toZonedDateTime(ZONE).epochMilliseconds;
const local = (ms: number) => Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(ZONE).toPlainDateTime().toString({ smallestUnit: 'minute' });
/** Every quarter hour of a day's stretch, as the open-times search lists them. */
const quarterHours = (date: string, from: string, to: string) => {
  const out: { start: number }[] = [];
  for (let t = at(`${date}T${from}`); t < at(`${date}T${to}`); t += 15 * 60_000) out.push({ start: t });
  return out;
};

describe('choosing two or three times to offer', () => {
  it('spreads them over the first days that have room', () => {
    const times = [...quarterHours('2026-12-01', '09:00', '12:00'), ...quarterHours('2026-12-02', '13:00', '17:00'), ...quarterHours('2026-12-03', '09:00', '10:00'), ...quarterHours('2026-12-04', '09:00', '10:00')];
    expect(chooseOfferedTimes(times, ZONE).map((t) => local(t.start))).toEqual(['2026-12-01T09:00', '2026-12-02T13:00', '2026-12-03T09:00']);
  });

  it('offers times of one day hours apart when only that day has room', () => {
    expect(chooseOfferedTimes(quarterHours('2026-12-01', '09:00', '17:00'), ZONE).map((t) => local(t.start))).toEqual(['2026-12-01T09:00', '2026-12-01T11:00', '2026-12-01T13:00']);
    // A short stretch: an hour apart, then what is left.
    expect(chooseOfferedTimes(quarterHours('2026-12-01', '09:00', '10:30'), ZONE).map((t) => local(t.start))).toEqual(['2026-12-01T09:00', '2026-12-01T10:00']);
  });

  it('puts the day the caller named first', () => {
    const times = [...quarterHours('2026-12-01', '09:00', '12:00'), ...quarterHours('2026-12-02', '13:00', '17:00')];
    expect(chooseOfferedTimes(times, ZONE, { sameDay: '2026-12-02' }).map((t) => local(t.start))).toEqual(['2026-12-02T13:00', '2026-12-02T15:00']);
    // Only one time that day: the next days make up the offer.
    const one = [...quarterHours('2026-12-01', '09:00', '09:15'), ...quarterHours('2026-12-02', '13:00', '13:15'), ...quarterHours('2026-12-03', '13:00', '13:15')];
    expect(chooseOfferedTimes(one, ZONE, { sameDay: '2026-12-02' }).map((t) => local(t.start))).toEqual(['2026-12-01T09:00', '2026-12-02T13:00', '2026-12-03T13:00']);
  });

  it('offers one, or none, when that is all there is', () => {
    expect(chooseOfferedTimes([{ start: at('2026-12-01T09:00') }], ZONE)).toHaveLength(1);
    expect(chooseOfferedTimes([], ZONE)).toEqual([]);
  });
});

describe('what the caller prefers', () => {
  it('keeps the days and times of day said, in the practice’s wall clock', () => {
    const tuesdayMorning = at('2026-12-01T09:40');
    const wednesdayAfternoon = at('2026-12-02T14:10');
    expect(fitsPreferences(tuesdayMorning, ZONE, { days: [], timesOfDay: [] })).toBe(true);
    expect(fitsPreferences(tuesdayMorning, ZONE, { days: ['tue', 'thu'], timesOfDay: ['morning'] })).toBe(true);
    expect(fitsPreferences(wednesdayAfternoon, ZONE, { days: ['tue', 'thu'], timesOfDay: [] })).toBe(false);
    expect(fitsPreferences(wednesdayAfternoon, ZONE, { days: [], timesOfDay: ['morning'] })).toBe(false);
    expect(fitsPreferences(at('2026-12-02T17:30'), ZONE, { days: [], timesOfDay: ['evening'] })).toBe(true);
  });
});

describe('the visit type a reason names', () => {
  const TYPES = [
    { nameEn: 'Annual physical', nameEs: 'Examen físico anual' },
    { nameEn: 'Sick visit', nameEs: 'Consulta por enfermedad' },
    { nameEn: 'Flu shot', nameEs: 'Vacuna contra la gripe' },
    { nameEn: 'Follow-up', nameEs: 'Consulta de seguimiento' },
  ];
  it.each([
    ['Annual physical', null, 'Annual physical'],
    ['Follow-up', null, 'Follow-up'],
    ['Sick visit', 'has a cough', 'Sick visit'],
    ['Vaccination', null, 'Flu shot'],
    ['Other', 'a flu shot before winter', 'Flu shot'],
    ['Other', 'examen físico anual', 'Annual physical'],
    ['Other', 'vacuna contra la gripe', 'Flu shot'],
    ['Other', 'my yearly check-up', 'Annual physical'],
  ])('%s (%s) → %s', (reason, other, expected) => {
    expect(matchVisitType(TYPES, reason, other)?.nameEn).toBe(expected);
  });

  it('names none for a reason no type is', () => {
    expect(matchVisitType(TYPES, 'New patient visit', null)).toBeNull();
    expect(matchVisitType(TYPES, 'Other', 'paperwork for school')).toBeNull();
    expect(matchVisitType([], 'Annual physical', null)).toBeNull();
  });
});

describe('offered times, said', () => {
  const now = at('2026-11-30T09:00');
  const times = [
    { start: at('2026-12-01T09:40'), clinicianName: 'Dr. Rebecca Hart', locationName: 'Main Street clinic' },
    { start: at('2026-12-02T14:10'), clinicianName: 'Dr. Luis Ruiz', locationName: 'Main Street clinic' },
  ];
  it('in English and Spanish, the month said once', () => {
    expect(offeredTimes(times, now, ZONE)('en')).toBe('tomorrow, Tuesday, December 1st, at 9:40 AM with Dr. Hart, or Wednesday the 2nd at 2:10 PM with Dr. Ruiz');
    expect(offeredTimes(times, now - 86_400_000, ZONE)('en')).toBe('Tuesday, December 1st at 9:40 AM with Dr. Hart, or Wednesday the 2nd at 2:10 PM with Dr. Ruiz');
    expect(offeredTimes(times, now - 86_400_000, ZONE)('es')).toBe('el martes 1 de diciembre a las 9:40 de la mañana con Dr. Hart o el miércoles 2 a las 2:10 de la tarde con Dr. Ruiz');
  });

  it('names the places when the times are at different ones', () => {
    const two = [times[0]!, { ...times[1]!, locationName: 'Fruitvale satellite' }];
    expect(offeredTimes(two, now - 86_400_000, ZONE)('en')).toContain('with Dr. Ruiz at Fruitvale satellite');
  });

  it('says today, and the day first where the practice writes it so', () => {
    expect(visitTime(at('2026-11-30T15:00'), now, ZONE, { on: true })('en')).toBe('today at 3 PM');
    expect(visitTime(at('2026-12-03T09:00'), now, ZONE, { on: true })('en')).toBe('on Thursday, December 3rd at 9 AM');
    expect(visitTime(at('2026-12-03T09:00'), now, ZONE, { dayFirst: true })('en')).toBe('Thursday 3 December at 9 AM');
    expect(visitTime(at('2026-12-03T09:00'), now, ZONE)('es')).toBe('el jueves 3 de diciembre a las 9 de la mañana');
  });

  it('says a clinician by title and family name', () => {
    expect(clinicianSaid('Dr. Rebecca Hart')).toBe('Dr. Hart');
    expect(clinicianSaid('Nurse Tom Briggs')).toBe('Nurse Briggs');
    expect(clinicianSaid('Dana Reyes')).toBe('Dana Reyes');
    expect(clinicianSaid('Dr Hart')).toBe('Dr Hart');
  });
});
