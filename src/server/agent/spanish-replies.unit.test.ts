import { describe, expect, it } from 'vitest';
import { toSpanish, untranslatedSentences } from './spanish-replies.js';

/** What the agent says, in Spanish: every sentence has its Spanish, and the parts inside come along. */
describe('replies in Spanish', () => {
  it.each([
    ["Let me read that back. Mateo Garcia, born May 3rd, 2015, for a sick visit (tiene tos), a returning patient, preferring Tuesdays or Fridays, mornings, and we'll call Rosa Garcia at 8 6 0, 5 5 5, 0 1 2 3. Is that all correct?", /Le repito los datos\. Mateo Garcia, fecha de nacimiento 3 de mayo de 2015, para visita por enfermedad \(tiene tos\), ya ha venido antes, prefiere los martes o viernes, por la mañana, y llamaremos a Rosa Garcia al 8 6 0/],
    ...(
      [
        ['tomorrow afternoon', 'mañana por la tarde'],
        ['this morning', 'esta mañana'],
        ['today', 'hoy'],
        ['Friday, December 4, mornings', 'el viernes 4 de diciembre, por la mañana'],
        ['tomorrow or Fridays', 'mañana o viernes'],
        ['any day from the week of December 7', 'cualquier día a partir de la semana del 7 de diciembre'],
        ['Tuesdays or Thursdays from the week of November 30, afternoons', 'los martes o jueves a partir de la semana del 30 de noviembre, por la tarde'],
        ['any day from December 16, mornings', 'cualquier día a partir del 16 de diciembre, por la mañana'],
        ['Thursdays from tomorrow', 'los jueves a partir de mañana'],
        ['later this week', 'más adelante esta semana'],
        ['this week, afternoons', 'esta semana, por la tarde'],
      ] as const
    ).map(([en, es]): [string, RegExp] => [
      `Let me read that back. Jane Smith, born March 3rd, 1980, for a follow-up, a returning patient, preferring ${en}, and we'll call 8 6 0, 5 5 5, 0 1 2 3. Is that all correct?`,
      new RegExp(`, prefiere ${es}, y llamaremos al 8 6 0`),
    ]),
    ["We're open right now, until 5 PM. Our regular hours are Monday to Friday, 8 AM to noon and 1 PM to 5 PM; Saturday, 9 AM to noon; closed Sunday. Is there anything else I can help you with?", /Ahora estamos abiertos, hasta las 5 de la tarde\. Nuestro horario habitual: de lunes a viernes, de las 8 de la mañana a mediodía y de la 1 de la tarde a las 5 de la tarde; el sábado, de las 9 de la mañana a mediodía; cerrado el domingo\. ¿Hay algo más/],
    ['Thank you. Someone from the practice will call you back at 8 6 0, 5 5 5, 0 1 2 3 after we open tomorrow at 8 AM. Is there anything else I can help you with?', /le devolverá la llamada al 8 6 0, 5 5 5, 0 1 2 3 cuando abramos, mañana a las 8 de la mañana\./],
    ['Good news: your appointment is scheduled for Thursday, November 26 at 8 AM. Is there anything else I can help you with?', /su cita está programada para el jueves 26 de noviembre a las 8 de la mañana/],
    ["Tomorrow, Saturday, we're open 9 AM to 1 PM. Is there anything else I can help you with?", /^Mañana, sábado, abrimos de las 9 de la mañana a la 1 de la tarde\. ¿Hay algo más/],
    ["Today we're open 8 AM to noon and 1 PM to 5 PM. We're open now, until noon. Is there anything else I can help you with?", /^Hoy abrimos de las 8 de la mañana a mediodía y de la 1 de la tarde a las 5 de la tarde\. Ahora estamos abiertos, hasta mediodía\./],
    ["Today we're open 1 PM to 5 PM. We're closed now and open again today at 1 PM.", /Ahora estamos cerrados y volvemos a abrir hoy a la 1 de la tarde\./],
    ["We're closed on Sunday. We open again on Monday at 8 AM. Is there anything else I can help you with?", /^Estamos cerrados el domingo\. Volvemos a abrir el lunes a las 8 de la mañana\./],
    ["We're closed tomorrow, Thursday, for Thanksgiving. We open again on Friday at 8 AM.", /^Estamos cerrados mañana, jueves por Thanksgiving\. Volvemos a abrir el viernes/],
    ['On Thursday, December 24, we have special hours for Christmas Eve: 8 AM to noon.', /^El jueves 24 de diciembre tenemos un horario especial por Christmas Eve: de las 8 de la mañana a mediodía\./],
    ['This weekend: Saturday, 9 AM to 1 PM; closed Sunday. Is there anything else I can help you with?', /^Este fin de semana: el sábado, de las 9 de la mañana a la 1 de la tarde; cerrado el domingo\./],
    ["We're closed this weekend. We open again on Monday at 8 AM.", /^Este fin de semana estamos cerrados\. Volvemos a abrir el lunes/],
    ["The office is closed, so I'm connecting you with our on-call line. Please hold.", /^La consulta está cerrada, así que le comunico con nuestra línea de guardia\. Espere un momento, por favor\.$/],
    ["The office is closed, so I'm connecting you with Maria Lopez, who is on call. Please hold.", /^La consulta está cerrada, así que le comunico con Maria Lopez, que está de guardia\./],
    ["I'm sorry, Dana Reyes isn't available right now. Would you like someone to call you back?", /Lo siento, Dana Reyes no está disponible ahora mismo\. ¿Quiere que alguien le devuelva la llamada\?/],
  ])('%s', (en, es) => {
    const out = toSpanish(en);
    expect(out).toMatch(es);
    expect(untranslatedSentences(out)).toEqual([]);
  });

  it('leaves Spanish alone', () => {
    const es = 'Si se trata de una emergencia médica, cuelgue y llame al 911 ahora mismo.';
    expect(toSpanish(es)).toBe(es);
  });

  it('finds a sentence without its Spanish', () => expect(untranslatedSentences(toSpanish('Gracias. Please hold the line.'))).toEqual(['Please hold the line.']));
});
