import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { readTimePick, type PickOption } from './time-pick.js';

/** Offered on Monday, November 30, 2026 in Hartford: Tuesday Dec 1, 9:40 AM (Hart); Wednesday Dec 2, 2:10 PM (Ruiz); Thursday Dec 3, 9 AM (Hart). */
const ZONE = 'America/New_York';
const TODAY = '2026-11-30';
const at = (local: string) => Temporal.PlainDateTime.from(local).toZonedDateTime(ZONE).epochMilliseconds;
const THREE: PickOption[] = [
  { start: at('2026-12-01T09:40'), clinicianName: 'Dr. Rebecca Hart' },
  { start: at('2026-12-02T14:10'), clinicianName: 'Dr. Luis Ruiz' },
  { start: at('2026-12-03T09:00'), clinicianName: 'Dr. Rebecca Hart' },
];
const read = (text: string, options = THREE) => readTimePick(text, options, ZONE, TODAY);

describe('reading which offered time the caller takes', () => {
  it.each([
    ['the first one', 0],
    ['First one please', 0],
    ["I'll take the second", 1],
    ['the second option', 1],
    ['number three', 2],
    ['the last one', 2],
    ['2', 1],
    ['Tuesday', 0],
    ['the one on Wednesday', 1],
    ['Thursday works', 2],
    ['tomorrow', 0],
    ['the 2:10', 1],
    ['2:10 pm please', 1],
    ['nine forty', 0],
    ['the two ten one', 1],
    ['at 9', 2],
    ['the afternoon one', 1],
    ['with Dr. Ruiz', 1],
    ['Hart on Thursday', 2],
    ['December 2nd', 1],
    ['the 3rd', 2],
    ['Wednesday the second', 1],
    ['whichever is soonest', 0],
    ['any of them is fine', 0],
  ])('"%s" → option %i', (said, index) => {
    expect(read(said)).toEqual({ pick: index });
  });

  it.each([
    ['la primera', 0],
    ['la segunda, por favor', 1],
    ['la del martes', 0],
    ['la del miércoles', 1],
    ['la de mañana', 0],
    ['la de las dos y diez', 1],
    ['las 9:40', 0],
    ['con el doctor Ruiz', 1],
    ['el jueves 3', 2],
    ['la de la tarde', 1],
    ['la última', 2],
    ['cualquiera', 0],
  ])('Spanish: "%s" → option %i', (said, index) => {
    expect(read(said)).toEqual({ pick: index });
  });

  it.each([
    'none of those work for me',
    'neither',
    'do you have anything on Friday?',
    'something later in the week',
    'no, another day please',
    'Tuesday at 3',
    'no',
    'ninguna de esas',
    '¿tiene otro día?',
    'el viernes',
  ])('"%s" asks for other times', (said) => {
    expect(read(said)).toEqual({ other: true });
  });

  it.each(['the morning one', 'Dr. Hart', 'yes', 'hmm let me think', 'la de la mañana'])('"%s" is not clear enough (two fit, or nothing said)', (said) => {
    expect(read(said)).toBeNull();
  });

  it('takes a yes, or a no, about a single offered time', () => {
    const one = [THREE[1]!];
    expect(read('yes that works', one)).toEqual({ pick: 0 });
    expect(read('sí, perfecto', one)).toEqual({ pick: 0 });
    expect(read("no, that doesn't suit me", one)).toEqual({ other: true });
  });

  it('reads "the first" as a date only when a time is offered on it', () => {
    // December 1st is offered: "Tuesday the first" and "the 1st" are that day.
    expect(read('the 1st')).toEqual({ pick: 0 });
    const later = THREE.map((o) => ({ ...o, start: o.start + 7 * 86_400_000 }));
    expect(read('the 1st', later)).toEqual({ pick: 0 });
    expect(read('the 2nd', later)).toEqual({ pick: 1 });
    expect(read('December 9th', later)).toEqual({ pick: 1 });
  });
});
