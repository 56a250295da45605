import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { extractPreferences } from '../nlu/preferences.js';
import { sentencesOutsideCatalog } from '../testing/catalog-sentences.js';
import { sayDayHours, sayWeekendHours, sayWeeklyHours } from '../tools/hours-speech.js';
import { en } from './en.js';
import { es } from './es.js';
import { catalog, parameterNames, say, type Language } from './say.js';
import { dateOfBirth, patientKind, preferences, visitReason, when } from './spoken-values.js';

const LANGUAGES: Language[] = ['en', 'es'];
/** Spanish entries allowed to read exactly as the English ones (none yet: a name or a number alone would be one). */
const SAME_IN_BOTH = new Set<string>([]);

describe('the message catalog', () => {
  const keys = new Set([...Object.keys(en), ...Object.keys(es)]);

  it.each(LANGUAGES)('has every key in %s', (language) => {
    const missing = [...keys].filter((k) => !(k in catalog(language)) || !catalog(language)[k as keyof typeof en]?.trim());
    expect(missing).toEqual([]);
  });

  it('has the same parameters in both languages', () => {
    const differ = Object.keys(en).filter((k) => {
      const of = (language: Language) => [...new Set(parameterNames(catalog(language)[k as keyof typeof en]))].sort().join(',');
      return of('en') !== of('es');
    });
    expect(differ).toEqual([]);
  });

  it('has a Spanish entry of its own for every key', () => {
    const same = Object.keys(en).filter((k) => catalog('en')[k as keyof typeof en] === catalog('es')[k as keyof typeof en] && !SAME_IN_BOTH.has(k));
    expect(same).toEqual([]);
  });

  it('fills every parameter', () => {
    const params = (t: string) => Object.fromEntries(parameterNames(t).map((p) => [p, 'X']));
    for (const language of LANGUAGES) {
      for (const [key, template] of Object.entries(catalog(language))) {
        const said = say(language, key as 'call.greeting', params(template) as { practice: string });
        expect(said, key).not.toMatch(/[{}]/);
      }
    }
  });

  it('takes the language from the call', () => {
    expect(say({ state: {} }, 'help.anythingElse')).toBe('Is there anything else I can help you with?');
    expect(say({ state: { language: 'es' } }, 'help.anythingElse')).toBe('¿Hay algo más en lo que pueda ayudarle?');
  });
});

describe('spoken values in Spanish', () => {
  const readBack = (language: Language, prefs: Parameters<typeof preferences>[0], today = '2026-11-25') =>
    say(language, 'appointment.readBackContact', {
      name: 'Mateo Garcia',
      dateOfBirth: dateOfBirth('2015-05-03', false),
      reason: visitReason('Sick visit', 'tiene tos'),
      patient: patientKind(false),
      preferences: preferences(prefs, today),
      contact: 'Rosa Garcia',
      phone: '8 6 0, 5 5 5, 0 1 2 3',
    });

  it('reads a request back', () => {
    const prefs = extractPreferences('Tuesdays or Fridays, mornings', true, { dayFirst: false, today: '2026-11-25' });
    expect(readBack('en', prefs!)).toBe(
      "Let me read that back. Mateo Garcia, born May 3rd, 2015, for a sick visit (tiene tos), a returning patient, preferring Tuesdays or Fridays, mornings, and we'll call Rosa Garcia at 8 6 0, 5 5 5, 0 1 2 3. Is that all correct?",
    );
    expect(readBack('es', prefs!)).toBe(
      'Le repito los datos. Mateo Garcia, fecha de nacimiento 3 de mayo de 2015, para visita por enfermedad (tiene tos), ya ha venido antes, prefiere los martes o viernes, por la mañana, y llamaremos a Rosa Garcia al 8 6 0, 5 5 5, 0 1 2 3. ¿Es todo correcto?',
    );
  });

  // Said on Wednesday, November 25, 2026.
  it.each([
    ['tomorrow afternoon would be great', 'tomorrow afternoon', 'mañana por la tarde'],
    ['tonight', 'this evening', 'esta noche'],
    ['today if possible', 'today', 'hoy'],
    ['this coming Friday in the morning', 'Friday, November 27, mornings', 'el viernes 27 de noviembre, por la mañana'],
    ['tomorrow or Friday', 'tomorrow or Fridays', 'mañana o los viernes'],
    ['the week after next', 'any day from the week of December 7', 'cualquier día a partir de la semana del 7 de diciembre'],
    ['next week, Tuesday or Thursday', 'Tuesdays or Thursdays from the week of November 30', 'los martes o jueves a partir de la semana del 30 de noviembre'],
    ['mornings, but not before the 16th', 'any day from December 16, mornings', 'cualquier día a partir del 16 de diciembre, por la mañana'],
    ['later this week', 'later this week', 'más adelante esta semana'],
    ['sometime this week in the afternoon', 'this week, afternoons', 'esta semana, por la tarde'],
    ['weekdays after lunch', 'weekdays, afternoons', 'entre semana, por la tarde'],
    ['any time', 'any time', 'cualquier momento'],
  ])('preferences: %s', (said, english, spanish) => {
    const p = extractPreferences(said, true, { dayFirst: false, today: '2026-11-25' });
    expect(preferences(p!, '2026-11-25')('en')).toBe(english);
    expect(preferences(p!, '2026-11-25')('es')).toBe(spanish);
  });

  it('says when, the hours of a week, a day and a weekend', () => {
    const zone = 'America/New_York';
    const nowMs = Date.parse('2026-11-24T15:00:00Z'); // Tuesday 10:00 in New York
    const today = '2026-11-24';
    expect(when(Date.parse('2026-11-24T22:00:00Z'), nowMs, zone)('es')).toBe('hoy a las 5 de la tarde');
    expect(when(Date.parse('2026-11-24T22:00:00Z'), nowMs, zone, 'timeIfToday')('es')).toBe('las 5 de la tarde');
    expect(when(Date.parse('2026-11-25T18:00:00Z'), nowMs, zone)('es')).toBe('mañana a la 1 de la tarde');
    expect(when(Date.parse('2026-12-03T13:00:00Z'), nowMs, zone, 'withoutOn')('es')).toBe('el jueves 3 de diciembre a las 8 de la mañana');
    expect(when(Date.parse('2026-12-03T13:00:00Z'), nowMs, zone, 'withoutOn')('en')).toBe('Thursday, December 3 at 8 AM');
    const weekly = [1, 2, 3, 4, 5].flatMap((day) => [
      { day, start: '08:00', end: '12:00' },
      { day, start: '13:00', end: '17:00' },
    ]);
    expect(sayWeeklyHours([...weekly, { day: 6, start: '09:00', end: '12:00' }], 'es')).toBe(
      'de lunes a viernes, de las 8 de la mañana a mediodía y de la 1 de la tarde a las 5 de la tarde; el sábado, de las 9 de la mañana a mediodía; cerrado el domingo.',
    );
    const day = (date: string, dayOfWeek: number, intervals: { start: string; end: string }[], label: string | null = null, nextOpening: Temporal.Instant | null = null) => ({
      date,
      dayOfWeek,
      intervals,
      label,
      nextOpening,
    });
    const opts = { today, nowMs, timeZone: zone, language: 'es' as const };
    expect(sayDayHours(day('2026-11-25', 3, [{ start: '09:00', end: '13:00' }]), opts)).toBe('Mañana, miércoles, abrimos de las 9 de la mañana a la 1 de la tarde.');
    expect(sayDayHours(day('2026-11-26', 4, [], 'Thanksgiving', Temporal.Instant.from('2026-11-27T13:00:00Z')), opts)).toBe(
      'Estamos cerrados el jueves por Thanksgiving. Volvemos a abrir el viernes a las 8 de la mañana.',
    );
    expect(sayDayHours(day('2026-12-24', 4, [{ start: '08:00', end: '12:00' }], 'Christmas Eve'), opts)).toBe(
      'El jueves 24 de diciembre tenemos un horario especial por Christmas Eve: de las 8 de la mañana a mediodía.',
    );
    const sat = day('2026-11-28', 6, [{ start: '09:00', end: '13:00' }]);
    const sun = day('2026-11-29', 7, []);
    expect(sayWeekendHours([sat, sun], opts)).toBe('Este fin de semana: el sábado, de las 9 de la mañana a la 1 de la tarde; cerrado el domingo.');
  });
});

describe('replies checked against the catalog', () => {
  it('finds nothing outside the Spanish catalog in a Spanish reply', () => {
    const reply = `${say('es', 'request.saved', { code: 'K 7 M, 4 Q X R' })} ${say('es', 'request.practiceWillCall')} ${say('es', 'help.anythingElse')}`;
    expect(sentencesOutsideCatalog(reply, 'es')).toEqual([]);
  });

  it("finds an English sentence, and accepts the practice's own words", () => {
    const reply = `Gracias. Please hold the line. ${say('es', 'help.anythingElse')} Parking is free.`;
    expect(sentencesOutsideCatalog(reply, 'es', ['Parking is free.'])).toEqual(['Please hold the line.']);
    expect(sentencesOutsideCatalog(say('en', 'help.anythingElse'), 'es')).toEqual(['Is there anything else I can help you with?']);
  });
});
