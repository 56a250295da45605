import { describe, expect, it } from 'vitest';
import { correctedPart, extractName, spelledWords } from './names.js';

describe('extractName', () => {
  it.each([
    ['my name is Jane Smith', undefined, { first: 'Jane', last: 'Smith' }],
    ["Hi, this is Robert O'Neil and I need an appointment", undefined, { first: 'Robert', last: "O'Neil" }],
    ["I'm Maria Lopez, born March 3rd 1980", undefined, { first: 'Maria', last: 'Lopez' }],
    ['Jane Smith', 'full', { first: 'Jane', last: 'Smith' }],
    ['uh, it is Jane Smith', 'full', { first: 'Jane', last: 'Smith' }],
    ['Jane Smyth, S-M-Y-T-H', 'full', { first: 'Jane', last: 'Smyth' }],
    ['Jane, last name Smith', 'full', { first: 'Jane', last: 'Smith' }],
    ['first name is Tom, last name is Baker', undefined, { first: 'Tom', last: 'Baker' }],
    ['S M I T H', 'last', { last: 'Smith' }],
    ['J-A-N-E S-M-I-T-H', 'full', { first: 'Jane', last: 'Smith' }],
    ['Kowalczyk, K O W A L C Z Y K', 'last', { last: 'Kowalczyk' }],
  ] as const)('%s', (text, expecting, expected) => {
    expect(extractName(text, expecting)).toEqual(expected);
  });

  it('does not take ordinary sentences for names', () => {
    expect(extractName("I'm calling to book an appointment")).toBeNull();
    expect(extractName('this is for my son')).toBeNull();
    expect(extractName('I would like to see a doctor')).toBeNull();
    expect(extractName("I'm a new patient")).toBeNull();
    expect(extractName('yes please', 'full')).toBeNull();
  });

  it('finds spelled runs', () => {
    expect(spelledWords('my name is Jane S-M-I-T-H')).toEqual(['smith']);
    expect(spelledWords('I need a doctor')).toEqual([]);
  });

  it('tells which part a one-word correction replaces', () => {
    expect(correctedPart({ first: 'Jane', last: 'Smith' }, 'Smyth')).toBe('last');
    expect(correctedPart({ first: 'Jane', last: 'Smith' }, 'Jayne')).toBe('first');
  });
});
