import { describe, expect, it } from 'vitest';
import { holidayAsked } from './hours-holiday.js';

describe('the holiday an hours question names', () => {
  const us = { today: '2026-11-25', country: 'US' };

  it.each([
    ['are you open on Thanksgiving?', { name: 'Thanksgiving', date: '2026-11-26' }],
    ['what are your hours christmas eve', { name: 'Christmas Eve', date: '2026-12-24' }],
    ["Are y'all open Christmas?", { name: 'Christmas Day', date: '2026-12-25' }],
    ["open on new year's day?", { name: "New Year's Day", date: '2027-01-01' }],
    ['new years eve hours', { name: "New Year's Eve", date: '2026-12-31' }],
    ['are you open the fourth of july', { name: 'Independence Day', date: '2027-07-04' }],
    ['memorial day?', { name: 'Memorial Day', date: '2027-05-31' }],
    ['¿Abren el día de Acción de Gracias?', { name: 'Thanksgiving', date: '2026-11-26' }],
    ['¿abren en Navidad?', { name: 'Christmas Day', date: '2026-12-25' }],
    ['¿y el Año Nuevo?', { name: "New Year's Day", date: '2027-01-01' }],
  ])('%s', (text, expected) => expect(holidayAsked(text, us)).toEqual(expected));

  it('takes the day itself when asked on it, next year once it has passed', () => {
    expect(holidayAsked('are you open today for thanksgiving', { today: '2026-11-26', country: 'US' })).toEqual({ name: 'Thanksgiving', date: '2026-11-26' });
    expect(holidayAsked('thanksgiving hours', { today: '2026-11-27', country: 'US' })).toEqual({ name: 'Thanksgiving', date: '2027-11-25' });
  });

  it("follows the country's rule: Canada's Thanksgiving is in October; Boxing Day is not American", () => {
    expect(holidayAsked('open thanksgiving monday?', { today: '2026-09-01', country: 'CA' })).toEqual({ name: 'Thanksgiving', date: '2026-10-12' });
    expect(holidayAsked('boxing day', { today: '2026-11-25', country: 'GB' })).toEqual({ name: 'Boxing Day', date: '2026-12-26' });
    expect(holidayAsked('boxing day', us)).toBeNull();
  });

  it("finds the practice's own dated exceptions by their label first", () => {
    const overrides = [
      { from: '2026-12-03', to: '2026-12-03', label: 'Staff training day' },
      { from: '2026-11-20', to: '2026-11-21', label: 'Inventory' },
    ];
    expect(holidayAsked('are you open on the staff training day?', { ...us, overrides })).toEqual({ name: 'Staff training day', date: '2026-12-03' });
    // One that has ended is not what the caller means.
    expect(holidayAsked('closed for inventory?', { ...us, overrides })).toBeNull();
  });

  it('nothing for a question without a holiday', () => {
    expect(holidayAsked('what are your hours?', us)).toBeNull();
    expect(holidayAsked('are you open now', us)).toBeNull();
  });
});
