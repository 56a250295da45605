import { describe, expect, it } from 'vitest';
import { hoursDayAsked } from './hours-day.js';
import { glossSpanish } from './language.js';

describe('the day an hours question is about', () => {
  it.each([
    ['are you open tomorrow?', 'tomorrow'],
    ['Hi, um, are you guys open tomorrow morning?', 'tomorrow'],
    ['what time do you open on Saturday', 'saturday'],
    ['are you open today', 'today'],
    ['are you open tonight', 'today'],
    ['open this weekend?', 'weekend'],
    ['are you open Saturday or Sunday', 'weekend'],
    ['what are your hours Monday', 'monday'],
    ['do you do Saturdays', 'saturday'],
    ['what time do you close on friday', 'friday'],
    ['what are your hours', null],
    ['are you open right now', null],
    ['what time do you close', null],
  ])('%s → %s', (said, day) => expect(hoursDayAsked(said)).toBe(day));

  it.each([
    ['¿abren mañana?', 'tomorrow'],
    ['¿Qué horario tienen el sábado?', 'saturday'],
    ['¿están abiertos hoy?', 'today'],
    ['¿abren el fin de semana?', 'weekend'],
    ['¿a qué hora abren el lunes?', 'monday'],
    ['¿cuál es su horario?', null],
  ])('in Spanish: %s → %s', (said, day) => expect(hoursDayAsked(glossSpanish(said))).toBe(day));
});
