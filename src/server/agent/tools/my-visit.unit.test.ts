import { describe, expect, it } from 'vitest';
import { nameKey, tooSoonToChange, visitsOfCaller, type VisitCandidate } from './my-visit.js';

const visit = (over: Partial<VisitCandidate> & { id: string }) => ({
  firstName: 'Jane',
  lastName: 'Smith',
  dateOfBirth: '1980-03-03',
  appointmentRequestId: null,
  startsAt: new Date('2026-12-01T14:00:00Z'),
  ...over,
});

describe('visitsOfCaller', () => {
  const visits = [
    visit({ id: 'later', startsAt: new Date('2026-12-08T14:00:00Z') }),
    visit({ id: 'sooner' }),
    visit({ id: 'other-dob', dateOfBirth: '1981-03-03' }),
    visit({ id: 'other-name', firstName: 'John' }),
    visit({ id: 'by-request', firstName: 'Ana', lastName: 'Torres', dateOfBirth: '1975-05-03', appointmentRequestId: 'req-1' }),
  ];

  it('matches the first and last name with the date of birth, soonest first', () => {
    expect(visitsOfCaller(visits, { firstName: 'jane', lastName: ' SMITH ', dateOfBirth: '1980-03-03' }).map((v) => v.id)).toEqual(['sooner', 'later']);
  });

  it('matches nothing on a wrong date of birth, or a name that differs', () => {
    expect(visitsOfCaller(visits, { firstName: 'Jane', lastName: 'Smith', dateOfBirth: '1990-01-01' })).toEqual([]);
    expect(visitsOfCaller(visits, { firstName: 'Janet', lastName: 'Smith', dateOfBirth: '1980-03-03' })).toEqual([]);
  });

  it('needs both names: a date of birth alone matches nothing', () => {
    expect(visitsOfCaller(visits, { firstName: 'Jane', dateOfBirth: '1980-03-03' })).toEqual([]);
    expect(visitsOfCaller(visits, { dateOfBirth: '1980-03-03' })).toEqual([]);
  });

  it('matches the visit of the request the reference code found', () => {
    expect(visitsOfCaller(visits, { appointmentRequestId: 'req-1', dateOfBirth: '1975-05-03' }).map((v) => v.id)).toEqual(['by-request']);
    expect(visitsOfCaller(visits, { appointmentRequestId: 'req-2', dateOfBirth: '1975-05-03' })).toEqual([]);
  });

  it('compares names without accents, case, hyphens or apostrophes', () => {
    expect(nameKey('José')).toBe(nameKey('jose'));
    expect(nameKey("O'Neil")).toBe(nameKey('ONeil'));
    expect(nameKey('García-López')).toBe(nameKey('garcialopez'));
    const accented = [visit({ id: 'jose', firstName: 'José', lastName: 'Núñez' })];
    expect(visitsOfCaller(accented, { firstName: 'Jose', lastName: 'Nunez', dateOfBirth: '1980-03-03' })).toHaveLength(1);
  });
});

describe('tooSoonToChange', () => {
  const now = Date.parse('2026-11-27T14:00:00Z');
  it('is true within the visit type’s minimum notice', () => {
    expect(tooSoonToChange(now + 23 * 3_600_000, 24 * 60, now)).toBe(true);
    expect(tooSoonToChange(now + 25 * 3_600_000, 24 * 60, now)).toBe(false);
  });
});
