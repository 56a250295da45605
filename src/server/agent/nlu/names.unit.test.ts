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
    ['my name is Will Smith', undefined, { first: 'Will', last: 'Smith' }],
    ['hi can i get an appointment for my daughter emily, shes 7', undefined, { first: 'Emily' }],
    ["it's for my son, Tommy O'Neil", undefined, { first: 'Tommy', last: "O'Neil" }],
    ['my husband named Raj Patel needs a checkup', undefined, { first: 'Raj', last: 'Patel' }],
    // A remark about the spelling inside the name; an everyday word after a particle; a spelling announced.
    ['rene with an accent on the e dubois', 'full', { first: 'Rene', last: 'Dubois' }],
    ['bueno es carmen con doble ere rosales', 'full', { first: 'Carmen', last: 'Rosales' }],
    ['isabel del campo', 'full', { first: 'Isabel', last: 'Del Campo' }],
    ['mark spelled m a r k henley', 'full', { first: 'Mark', last: 'Henley' }],
    ['kenji tanaka i am interpreting for him', 'full', { first: 'Kenji', last: 'Tanaka' }],
  ] as const)('%s', (text, expecting, expected) => {
    expect(extractName(text, expecting)).toEqual(expected);
  });

  it.each([
    // Where the words stand says which part they are.
    ["her name's priya and the last name is raghunathan", { first: 'Priya', last: 'Raghunathan' }],
    ["it's harris tobias harris is the last name", { first: 'Tobias', last: 'Harris' }],
    ["kowalczyk, that's the last name, first is marta", { first: 'Marta', last: 'Kowalczyk' }],
    ['yeah so, her first is grace and her last is park', { first: 'Grace', last: 'Park' }],
    ["you can put it under my husband's name marcus reed", { first: 'Marcus', last: 'Reed' }],
    // Said again, a middle initial, pauses: the name as written.
    ['my name is linda but everyone calls me lindy, linda paulsen', { first: 'Linda', last: 'Paulsen' }],
    ['um, tyler, tyler j. brooks', { first: 'Tyler', last: 'Brooks' }],
    ["the kid's name is aiden, a i d e n, rivera", { first: 'Aiden', last: 'Rivera' }],
    ["it's de'andre lewis", { first: "De'Andre", last: 'Lewis' }],
    ['bree b as in boy r e e and then mahoney m a h o n e y', { first: 'Bree', last: 'Mahoney' }],
    ['zoe fitzpatrick lowe with a hyphen in between', { first: 'Zoe', last: 'Fitzpatrick-Lowe' }],
    ['mary kate sullivan mary hyphen kate', { first: 'Mary-Kate', last: 'Sullivan' }],
    ["it's tom well thomas thomas beckett", { first: 'Thomas', last: 'Beckett' }],
    ['marcus hill junior the son not the dad', { first: 'Marcus', last: 'Hill' }],
    ['robert james tate james is his middle name', { first: 'Robert', last: 'Tate' }],
    ['mary ann kowalski k o w a l s k i', { first: 'Mary', last: 'Ann Kowalski' }],
  ] as const)('reads %s', (text, expected) => {
    expect(extractName(text, 'full')).toEqual(expected);
  });

  it.each([
    // A Spanish answer is read in the caller's own words: Julio and Dolores are names, not July and pains.
    ['mi nombre es julio cruz', { first: 'Julio', last: 'Cruz' }],
    ['se llama dolores flores', { first: 'Dolores', last: 'Flores' }],
    ['ella se llama ana y el apellido es guerrero', { first: 'Ana', last: 'Guerrero' }],
    ['yo soy la mamá me llamo patricia pero la paciente es mi hija valeria soto', { first: 'Valeria', last: 'Soto' }],
    ['mmm pues es para el niño, brayan torres', { first: 'Brayan', last: 'Torres' }],
    ['sí, claro, lucía fernández', { first: 'Lucia', last: 'Fernandez' }],
    ['este se llama a ver don ramón quiñones', { first: 'Ramon', last: 'Quinones' }],
    ['catalina de la fuente', { first: 'Catalina', last: 'De La Fuente' }],
    // Letters in Spanish inside a spelling: "i griega", "doble ele", "be de burro"; "con be" is a hint.
    ['nayeli cortés ene a i griega e ele i', { first: 'Nayeli', last: 'Cortes' }],
    ['óscar villalobos ve i doble ele a ele o be o ese', { first: 'Oscar', last: 'Villalobos' }],
    ['socorro benavides be de burro e ene a ve de vaca i de e ese', { first: 'Socorro', last: 'Benavides' }],
    ['esteban con be de burro carrillo con doble ele', { first: 'Esteban', last: 'Carrillo' }],
    // Everyday Spanish words are not names there, even where other data lists them (Ella, Esta).
    ['yamilet rosario ella es de puerto rico', { first: 'Yamilet', last: 'Rosario' }],
    ['está a nombre de mi esposo pero la cita es para mí', null],
    ['déjeme ver', null],
    ['no sé, déjeme preguntarle', null],
  ] as const)('reads a Spanish answer: %s', (text, expected) => {
    expect(extractName(text, 'full', { language: 'es' })).toEqual(expected);
  });

  it('does not take ordinary sentences for names', () => {
    expect(extractName("I'm calling to book an appointment")).toBeNull();
    expect(extractName('this is for my son')).toBeNull();
    expect(extractName('I would like to see a doctor')).toBeNull();
    expect(extractName("I'm a new patient")).toBeNull();
    expect(extractName('yes please', 'full')).toBeNull();
    expect(extractName("she's never been there", 'full')).toBeNull();
    expect(extractName("he's got a fever", 'full')).toBeNull();
    expect(extractName('never been there before', 'full')).toBeNull();
    expect(extractName('my daughter has a rash')).toBeNull();
    expect(extractName('my husband and I both need a flu shot')).toBeNull();
  });

  it.each([
    // Hesitations and fillers are not part of a name.
    ['um yeah so like Jane Smith', 'full', { first: 'Jane', last: 'Smith' }],
    ['hi, Jane Smith', 'full', { first: 'Jane', last: 'Smith' }],
    ['Jane, um, Smith', 'full', { first: 'Jane', last: 'Smith' }],
    // A date is not a name ("it's March third…" said when asked the date of birth); a month-named person still is.
    ["um it's March third uh nineteen eighty", undefined, null],
    ["hold on, it's March fourth", undefined, null],
    ["it's June 10th", undefined, null],
    ["it's June Carter", 'full', { first: 'June', last: 'Carter' }],
    ['my name is April Jones', undefined, { first: 'April', last: 'Jones' }],
    // Spelling hints as people give them: the name word they follow is respelled.
    ["no wait, it's Smith with a y", 'full', { first: 'Smyth' }],
    ['Jane Smith with a y', 'full', { first: 'Jane', last: 'Smyth' }],
    ["oh no it's John without the h", 'full', { first: 'Jon' }],
    ['Ann with an e', 'full', { first: 'Anne' }],
    ["Mathew with two t's", 'full', { first: 'Matthew' }],
    ["it's Erik with a c", 'full', { first: 'Eric' }],
    ['Smith with an i', 'full', { first: 'Smith' }],
  ] as const)('as said on the phone: %s', (text, expecting, expected) => {
    expect(extractName(text, expecting)).toEqual(expected);
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
