import { describe, expect, it } from 'vitest';
import { readEmergencyCorpus } from './emergency-corpus.js';
import { detectIntent } from './intents.js';
import { detectCallLanguage, glossSpanish } from './language.js';
import { extractPreferences } from './preferences.js';

describe('the caller’s language', () => {
  it.each([
    ['español', 'es', true],
    ['en español por favor', 'es', true],
    ['Spanish please', 'es', true],
    ['English please', 'en', true],
    ['hola quisiera hacer una cita para mi hijo', 'es', false],
    ['voy a llegar tarde a mi cita de hoy', 'es', false],
    ['I need an appointment for my son', 'en', false],
  ])('%s → %s', (text, language, asked) => expect(detectCallLanguage(text)).toEqual({ language, asked }));

  it('does not guess from a few words (names, yes, no)', () => {
    for (const text of ['jane smith', 'Rosa Díaz', 'yes', 'no', 'sí', 'hola', 'José García']) expect(detectCallLanguage(text)?.language ?? null, text).not.toBe('es');
    expect(detectCallLanguage('my name is José García')?.language).toBe('en');
  });

  it('never takes an English line of the corpus for Spanish, and places most Spanish emergencies', () => {
    const corpus = readEmergencyCorpus();
    expect(corpus.filter((c) => c.language === 'en' && detectCallLanguage(c.text, { relaxed: c.emergency })?.language === 'es').map((c) => c.text)).toEqual([]);
    const spanish = corpus.filter((c) => c.language === 'es' && c.emergency);
    const placed = spanish.filter((c) => detectCallLanguage(c.text, { relaxed: true })?.language === 'es');
    expect(placed.length / spanish.length).toBeGreaterThanOrEqual(0.85);
  });
});

describe('Spanish glossed for the built-in understanding', () => {
  it.each([
    ['me llamo Rosa Díaz', 'my name is rosa diaz'],
    ['tres de mayo de mil novecientos noventa y dos', 'may 3 1992'],
    ['el primero de enero de dos mil quince', 'january 1 2015'],
    ['sí, correcto', 'yes correcto'],
    ['por las mañanas entre semana', 'mornings weekdays'],
    ['voy a llegar tarde a mi cita', "i'm running late a my appointment"],
    ['ocho seis cero cinco cinco cinco cero uno nueve nueve', 'eight six zero five five five zero one nine nine'],
    // A phone number said in groups, hundreds included.
    ['tres uno dos quinientos cincuenta y cinco cero uno setenta y siete', 'three one two 555 zero one 77'],
    ['ciento cinco', '105'],
  ])('%s → %s', (es, en) => expect(glossSpanish(es)).toBe(en));

  it.each([
    ['¿me puede comunicar con una persona?', 'human'],
    ['páseme con un representante por favor', 'human'],
    ['operadora', 'human'],
    ['un representante por favor', 'human'],
    ['quiero confirmar mi cita', 'change_appointment'],
  ])('as Spanish callers put it: %s → %s', (es, intent) => expect(detectIntent(glossSpanish(es))).toBe(intent));
});

describe('Spanish dates for an appointment, glossed and understood (said on Wednesday, November 25, 2026)', () => {
  const WED = { dayFirst: false, today: '2026-11-25' };
  it.each<[es: string, days: string[], timesOfDay: string[], earliestDate: string]>([
    ['mañana por la tarde', ['thu'], ['afternoon'], '2026-11-26'],
    ['pasado mañana', ['fri'], [], '2026-11-27'],
    ['la próxima semana por la mañana', [], ['morning'], '2026-11-30'],
    ['la semana que viene', [], [], '2026-11-30'],
    ['el próximo martes', ['tue'], [], '2026-12-01'],
    ['el martes que viene', ['tue'], [], '2026-12-01'],
    ['este viernes', ['fri'], [], '2026-11-27'],
    ['más adelante esta semana', ['thu', 'fri'], [], '2026-11-26'],
    ['después del quince', [], [], '2026-12-16'],
    ['no antes del 3 de diciembre', [], [], '2026-12-03'],
    ['a partir del diez', [], [], '2026-12-10'],
    ['la semana del diez', [], [], '2026-12-07'],
    ['dentro de dos semanas', [], [], '2026-12-09'],
    ['después de navidad', [], [], '2026-12-26'],
    ['el mes que viene', [], [], '2026-12-01'],
  ])('%s', (es, days, timesOfDay, earliestDate) => {
    expect(extractPreferences(glossSpanish(es), true, WED), glossSpanish(es)).toMatchObject({ days, timesOfDay, earliestDate });
  });
});
