/**
 * The agent's replies in Spanish (issue 15 §2). The built-in brain and the tools speak English;
 * a call held in Spanish has each reply put into Spanish here, sentence pattern by sentence
 * pattern, with the parts inside (names, numbers read digit by digit, dates, days and times,
 * the practice's own words) carried over or put into Spanish too. One table instead of a second
 * copy of every flow: the flows stay one, and spanish-replies.unit.test.ts checks that every
 * sentence the agent can say has its Spanish (untranslatedSentences is empty).
 * Organization-written texts (the FAQ, the appointments message) stay as the practice wrote them.
 */

const DAYS: Record<string, string> = { Monday: 'lunes', Tuesday: 'martes', Wednesday: 'miércoles', Thursday: 'jueves', Friday: 'viernes', Saturday: 'sábado', Sunday: 'domingo' };
const MONTHS: Record<string, string> = {
  January: 'enero', February: 'febrero', March: 'marzo', April: 'abril', May: 'mayo', June: 'junio', July: 'julio', August: 'agosto', September: 'septiembre', October: 'octubre', November: 'noviembre', December: 'diciembre',
};
const REASONS: Record<string, string> = {
  'new patient visit': 'visita de paciente nuevo',
  'follow-up': 'visita de seguimiento',
  'annual physical': 'examen físico anual',
  'sick visit': 'visita por enfermedad',
  vaccination: 'vacunación',
  other: 'otro motivo',
};

/** "8 AM" → "las 8 de la mañana"; "noon" → "mediodía". */
function time(t: string): string {
  if (t === 'noon') return 'mediodía';
  if (t === 'midnight') return 'medianoche';
  const m = /^(\d{1,2})(?::(\d\d))? (AM|PM)$/.exec(t);
  if (!m) return t;
  const h = Number(m[1]);
  const part = m[3] === 'AM' ? 'de la mañana' : h >= 7 && h !== 12 ? 'de la noche' : 'de la tarde';
  return `${h === 1 ? 'la' : 'las'} ${h}${m[2] ? `:${m[2]}` : ''} ${part}`;
}
const TIME = '(?:\\d{1,2}(?::\\d\\d)? (?:AM|PM)|noon|midnight)';
const DAY = '(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)';

/** "today at 5 PM" / "on Monday at 8 AM" / "on Thursday, November 26 at 8 AM". */
function when(s: string): string {
  return s
    .replace(new RegExp(`^today at (${TIME})$`), (_m, t: string) => `hoy a ${time(t)}`)
    .replace(new RegExp(`^tomorrow at (${TIME})$`), (_m, t: string) => `mañana a ${time(t)}`)
    .replace(new RegExp(`^on (${DAY}), (\\w+) (\\d{1,2}) at (${TIME})$`), (_m, d: string, mo: string, n: string, t: string) => `el ${DAYS[d]} ${n} de ${MONTHS[mo] ?? mo} a ${time(t)}`)
    .replace(new RegExp(`^on (${DAY}) at (${TIME})$`), (_m, d: string, t: string) => `el ${DAYS[d]} a ${time(t)}`);
}

/** "Today" / "Tomorrow, Saturday," / "On Saturday" / "On Thursday, December 3," → "Hoy" / "Mañana, sábado," / "El sábado" / "El jueves 3 de diciembre". */
function dayRef(s: string): string {
  const r = s.replace(/,$/, '');
  if (/^today$/i.test(r)) return 'Hoy';
  const tomorrow = new RegExp(`^tomorrow, (${DAY})$`, 'i').exec(r);
  if (tomorrow) return `Mañana, ${DAYS[tomorrow[1]!.replace(/^./, (c) => c.toUpperCase())]},`;
  const dated = new RegExp(`^on (${DAY}), (\\w+) (\\d{1,2})$`, 'i').exec(r);
  if (dated) return `El ${DAYS[dated[1]!]} ${dated[3]} de ${MONTHS[dated[2]!] ?? dated[2]}`;
  const on = new RegExp(`^on (${DAY})$`, 'i').exec(r);
  return on ? `El ${DAYS[on[1]!]}` : s;
}

/** "8 AM to noon and 1 PM to 5 PM" / "all day" → "de las 8 de la mañana a mediodía y de la 1 de la tarde a las 5 de la tarde" / "todo el día". */
function daySpans(s: string): string {
  if (s === 'all day') return 'todo el día';
  return s
    .split(/, | and /)
    .map((span) => span.replace(new RegExp(`^(${TIME}) to (${TIME})$`), (_m, a: string, b: string) => `de ${time(a)} a ${time(b)}`))
    .join(' y ');
}

/** "March 3rd, 1980" / "3 March 1980" → "3 de marzo de 1980". */
function date(s: string): string {
  return s
    .replace(/^(\w+) (\d{1,2})(?:st|nd|rd|th), (\d{4})$/, (_m, mo: string, d: string, y: string) => `${d} de ${MONTHS[mo] ?? mo} de ${y}`)
    .replace(/^(\d{1,2}) (\w+) (\d{4})$/, (_m, d: string, mo: string, y: string) => `${d} de ${MONTHS[mo] ?? mo} de ${y}`);
}

/** "Monday to Friday, 8 AM to noon and 1 PM to 5 PM; Saturday, 9 AM to noon; closed Sunday." */
function weekly(s: string): string {
  if (s === 'We have no regular opening hours set.') return 'No tenemos un horario habitual establecido.';
  const dayRange = (r: string) =>
    r
      .replace(new RegExp(`^(${DAY}) to (${DAY})$`), (_m, a: string, b: string) => `de ${DAYS[a]} a ${DAYS[b]}`)
      .replace(new RegExp(`^(${DAY}) and (${DAY})$`), (_m, a: string, b: string) => `${DAYS[a]} y ${DAYS[b]}`)
      .replace(new RegExp(`^(${DAY})$`), (_m, a: string) => `el ${DAYS[a]}`);
  return `${s
    .replace(/\.$/, '')
    .split('; ')
    .map((part) => {
      if (part.startsWith('closed ')) return `cerrado ${part.slice(7).split(' and ').map(dayRange).join(' y ')}`;
      const [days, spans] = [part.slice(0, part.indexOf(', ')), part.slice(part.indexOf(', ') + 2)];
      const hours = spans
        .split(/, | and /)
        .map((span) => span.replace(new RegExp(`^(${TIME}) to (${TIME})$`), (_m, a: string, b: string) => `de ${time(a)} a ${time(b)}`))
        .join(' y ');
      return `${dayRange(days)}, ${hours}`;
    })
    .join('; ')}.`;
}

const PART_OF_DAY: Record<string, string> = { morning: 'mañana', afternoon: 'tarde', evening: 'noche' };

/**
 * "Tuesdays, Wednesdays or Fridays, mornings" → "los martes, miércoles o viernes, por la mañana";
 * with a date: "tomorrow afternoon" → "mañana por la tarde", "Friday, December 4, mornings" → "el
 * viernes 4 de diciembre, por la mañana", "any day from the week of December 7" → "cualquier día
 * a partir de la semana del 7 de diciembre".
 */
function preferences(s: string): string {
  if (s === 'any time') return 'cualquier momento';
  return s
    .replace(new RegExp(`\\b(${DAY}), (\\w+) (\\d{1,2})\\b`, 'g'), (_m, d: string, mo: string, n: string) => `el ${DAYS[d]} ${n} de ${MONTHS[mo] ?? mo}`)
    .replace(/\bthe week of (\w+) (\d{1,2})\b/, (_m, mo: string, n: string) => `la semana del ${n} de ${MONTHS[mo] ?? mo}`)
    .replace(/\bfrom (\w+) (\d{1,2})\b/, (_m, mo: string, n: string) => `a partir del ${n} de ${MONTHS[mo] ?? mo}`)
    .replace(/\bfrom\b/, 'a partir de')
    .replace(/^any day\b/, 'cualquier día')
    .replace(/\blater this week\b/, 'más adelante esta semana')
    .replace(/\bthis week\b/, 'esta semana')
    .replace(/\bthis (morning|afternoon|evening)\b/, (_m, p: string) => `esta ${PART_OF_DAY[p]}`)
    .replace(/\btomorrow (morning|afternoon|evening)\b/, (_m, p: string) => `mañana por la ${PART_OF_DAY[p]}`)
    .replace(/\btomorrow\b/, 'mañana')
    .replace(/\btoday\b/, 'hoy')
    .replace(/\bweekdays\b/, 'entre semana')
    .replace(/\b(Mondays|Tuesdays|Wednesdays|Thursdays|Fridays|Saturdays|Sundays)\b/g, (d: string) => DAYS[d.slice(0, -1)]!)
    .replace(/\bmornings\b/g, 'por la mañana')
    .replace(/\bafternoons\b/g, 'por la tarde')
    .replace(/\bevenings\b/g, 'por la noche')
    .replace(/ or /g, ' o ')
    .replace(/^(lunes|martes|miércoles|jueves|viernes|sábado|domingo)/, 'los $1');
}

function reason(s: string): string {
  const m = /^this reason: (.+)$/.exec(s);
  if (m) return `este motivo: ${m[1]}`;
  const named = /^an? ([^(]+?)(?: \((.+)\))?$/.exec(s);
  if (!named) return s;
  const r = REASONS[named[1]!.toLowerCase()] ?? named[1]!;
  return `${r}${named[2] ? ` (${named[2]})` : ''}`;
}

type Rule = [RegExp, string | ((...groups: string[]) => string)];

/** Whole sentences (or the fixed start of one); `$n` keep the parts inside as they are. */
const RULES: Rule[] = [
  [/Thank you for calling (.+?)\. I'm the practice's virtual assistant\. How can I help you today\?/, 'Gracias por llamar a $1. Soy la asistente virtual de la clínica. ¿En qué puedo ayudarle?'],
  [/Thank you for calling (.+?)\. Goodbye!?/, 'Gracias por llamar a $1. ¡Adiós!'],
  [/Is there anything else I can help you with\?/, '¿Hay algo más en lo que pueda ayudarle?'],
  [/Of course\. What else can I help you with\?/, 'Claro. ¿En qué más puedo ayudarle?'],
  [/Sorry, I didn't quite catch that\./, 'Perdone, no le he entendido bien.'],
  [
    /I can help you request an appointment, tell you our opening hours, check on a request, take a message, or connect you with someone\./,
    'Puedo ayudarle a pedir una cita, decirle nuestro horario, consultar una solicitud, tomar un mensaje o comunicarle con alguien.',
  ],
  [/What would you like to do\?/, '¿Qué le gustaría hacer?'],
  [/I'm sorry, I'm having trouble understanding\./, 'Lo siento, me está costando entenderle.'],
  [/I can connect you with a member of staff, or take a message\. Which would you prefer\?/, 'Puedo comunicarle con alguien del personal o tomar un mensaje. ¿Qué prefiere?'],
  [/I'm sorry, we're not taking appointment requests by phone right now\./, 'Lo siento, ahora mismo no tomamos solicitudes de cita por teléfono.'],
  [/I can help you request an appointment\./, 'Puedo ayudarle a pedir una cita.'],
  [/May I have the patient's first and last name\?/, '¿Me dice el nombre y el apellido del paciente?'],
  [/And what's (\S+?)'s last name\? You can spell it if you like\./, '¿Y cuál es el apellido de $1? Puede deletrearlo si quiere.'],
  [/And what's the last name\? You can spell it if you like\./, '¿Y cuál es el apellido? Puede deletrearlo si quiere.'],
  [/What's the patient's date of birth\?/, '¿Cuál es la fecha de nacimiento del paciente?'],
  [/And what year was that\?/, '¿Y de qué año?'],
  [/And the month and day\?/, '¿Y el mes y el día?'],
  [/And which day of the month\?/, '¿Y qué día del mes?'],
  [/What's the reason for the visit\? For example, (.+?)\.(?= |$)/, (list: string) => `¿Cuál es el motivo de la visita? Por ejemplo, ${list.split(', ').map((r) => REASONS[r] ?? r).join(', ')}.`],
  [/What's the reason for the visit\?/, '¿Cuál es el motivo de la visita?'],
  [/Has the patient been seen at (.+?) before\?/, '¿El paciente ha venido antes a $1?'],
  [/Which days or times of day work best for the appointment\?/, '¿Qué días u horas le vienen mejor para la cita?'],
  [/And what's your own name, so the practice knows who to call\?/, '¿Y cuál es su nombre, para que la clínica sepa a quién llamar?'],
  [/Is ([\d ,]+?) the best number to reach you\?/, '¿Es el $1 el mejor número para comunicarnos con usted?'],
  [/What's the best number to reach you\? Please say it digit by digit\./, '¿Cuál es el mejor número para comunicarnos con usted? Dígalo dígito por dígito, por favor.'],
  [/What's the best phone number to reach you\?/, '¿Cuál es el mejor número de teléfono para comunicarnos con usted?'],
  [
    /Let me read that back\. (.+?), born (.+?), for (.+?), (a new patient|a returning patient), preferring (.+?), and we'll call (?:(.+?) at )?([\d ,]+)\. Is that all correct\?/,
    (who: string, born: string, why: string, kind: string, prefs: string, contact: string | undefined, phone: string) =>
      `Le repito los datos. ${who}, fecha de nacimiento ${date(born)}, para ${reason(why)}, ${kind === 'a new patient' ? 'paciente nuevo' : 'ya ha venido antes'}, prefiere ${preferences(prefs)}, y llamaremos ${contact ? `a ${contact} ` : ''}al ${phone}. ¿Es todo correcto?`,
  ],
  [/What should I change\? The name, date of birth, reason, preferred times, or phone number\?/, '¿Qué debo cambiar? ¿El nombre, la fecha de nacimiento, el motivo, las horas preferidas o el número de teléfono?'],
  [/Thanks for the correction\./, 'Gracias por la corrección.'],
  [/Sorry about that\./, 'Disculpe.'],
  [/Got it, I'll let the front desk know you're running late\./, 'Entendido, le avisaré a la recepción de que llega tarde.'],
  [/Got it, (\w+ \d{1,2}(?:st|nd|rd|th), \d{4}|\d{1,2} \w+ \d{4})\./, (d: string) => `Entendido, ${date(d)}.`],
  [
    /Thank you\. Your appointment request is in, and your reference code is ([A-Z0-9 ,]+?)\. /,
    'Gracias. Su solicitud de cita está registrada y su código de referencia es $1. ',
  ],
  [/The practice will call you to confirm a time\./, 'La clínica le llamará para confirmar la hora.'],
  [/Sorry, I didn't catch the name\. Could you say the patient's first and last name\?/, 'Perdone, no entendí el nombre. ¿Me dice el nombre y el apellido del paciente?'],
  [/Sorry, I didn't catch the last name\. Could you spell it for me\?/, 'Perdone, no entendí el apellido. ¿Me lo puede deletrear?'],
  [/Sorry, I didn't catch the date of birth\. Could you say it like March 3rd, 1980\?/, 'Perdone, no entendí la fecha de nacimiento. ¿Puede decirla así: 3 de marzo de 1980?'],
  [/Sorry, I didn't catch the full date of birth\. Could you say it like March 3rd, 1980\?/, 'Perdone, no entendí la fecha de nacimiento completa. ¿Puede decirla así: 3 de marzo de 1980?'],
  [/I'm sorry, that doesn't sound like a valid date of birth\. Could you say it again, for example March 3rd, 1980\?/, 'Lo siento, esa fecha de nacimiento no parece válida. ¿Puede repetirla? Por ejemplo: 3 de marzo de 1980.'],
  [/Sorry, I didn't catch the number\. Could you say it digit by digit\?/, 'Perdone, no entendí el número. ¿Puede decirlo dígito por dígito?'],
  [/Sorry, I didn't catch your name\. Who is the message from\?/, 'Perdone, no entendí su nombre. ¿De parte de quién es el mensaje?'],
  [/Sorry, I didn't catch your name\. What's your first and last name\?/, 'Perdone, no entendí su nombre. ¿Cuál es su nombre y apellido?'],
  [/Sorry, I didn't catch the code\. Could you read it out one letter or number at a time\? Or say the patient's name\./, 'Perdone, no entendí el código. ¿Puede decirlo letra por letra y número por número? O diga el nombre del paciente.'],
  [/Sorry, I didn't catch that\. Is ([\d ,]*) the best number\?/, 'Perdone, no le entendí. ¿Es el $1 el mejor número?'],
  [/Sorry, I didn't catch that\. What's the patient's first and last name\?/, 'Perdone, no le entendí. ¿Cuál es el nombre y apellido del paciente?'],
  [/Sorry, I didn't catch that\./, 'Perdone, no le entendí.'],
  [/Sorry, is everything I read back correct\? Please say yes or no\./, 'Perdone, ¿es correcto todo lo que le he leído? Diga sí o no, por favor.'],
  [/Please say yes or no\./, 'Diga sí o no, por favor.'],
  [/Is ([\d ,]+?) the best number to call you back on\?/, '¿Es el $1 el mejor número para devolverle la llamada?'],
  [/What number should we call you back on\?/, '¿A qué número le devolvemos la llamada?'],
  [/What number should we use\? Please say it digit by digit\./, '¿Qué número usamos? Dígalo dígito por dígito, por favor.'],
  [/And briefly, what is the call about\?/, 'Y brevemente, ¿de qué se trata?'],
  [/Briefly, what is the call about\?/, 'Brevemente, ¿de qué se trata?'],
  [/Would you like someone from the practice to call you back\?/, '¿Quiere que alguien de la clínica le devuelva la llamada?'],
  [/Would you like someone to call you back\?/, '¿Quiere que alguien le devuelva la llamada?'],
  [
    /Thank you\. Someone from the practice will call you back at ([\d ,]+?) (as soon as someone is free|as soon as possible|after we open (.+?))\./,
    (phone: string, whenText: string, opening: string | undefined) =>
      `Gracias. Alguien de la clínica le devolverá la llamada al ${phone} ${opening ? `cuando abramos, ${when(opening)}` : whenText === 'as soon as possible' ? 'lo antes posible' : 'en cuanto alguien esté libre'}.`,
  ],
  [/I can't change appointments myself, but I'll have the front desk call you back about it\./, 'Yo no puedo cambiar citas, pero haré que la recepción le devuelva la llamada para eso.'],
  [/I can't see the appointment schedule myself, but I'll have the front desk call you back about it\./, 'Yo no puedo ver la agenda de citas, pero haré que la recepción le devuelva la llamada para eso.'],
  [/Sure, I can take a message\. What would you like me to pass on\?/, 'Claro, puedo tomar un mensaje. ¿Qué quiere que les diga?'],
  [/What message would you like me to pass on\?/, '¿Qué mensaje quiere que les pase?'],
  [/And who is the message from\?/, '¿Y de parte de quién es el mensaje?'],
  [/Is ([\d ,]+?) the best number for a reply\?/, '¿Es el $1 el mejor número para responderle?'],
  [/What number should we reply to\?/, '¿A qué número le respondemos?'],
  [/Thank you, I've passed your message on to (.+?)\. Someone will get back to you if needed\./, 'Gracias, le he pasado su mensaje a $1. Alguien se comunicará con usted si hace falta.'],
  [/Thank you, I've passed your message on\. Someone will get back to you if needed\./, 'Gracias, he pasado su mensaje. Alguien se comunicará con usted si hace falta.'],
  [/Thank you, I've let the front desk know you're running late\./, 'Gracias, le he avisado a la recepción de que llega tarde.'],
  [/Your request is already in, so I'll pass that on to the team with it\./, 'Su solicitud ya está registrada, así que le pasaré esto al equipo junto con ella.'],
  [/The office is closed, so I'm connecting you with our on-call line\. Please hold\./, 'La consulta está cerrada, así que le comunico con nuestra línea de guardia. Espere un momento, por favor.'],
  [/The office is closed, so I'm connecting you with (.+?), who is on call\. Please hold\./, 'La consulta está cerrada, así que le comunico con $1, que está de guardia. Espere un momento, por favor.'],
  [/Please hold while I connect you with a member of our team\./, 'Espere un momento mientras le comunico con alguien de nuestro equipo.'],
  [/Please hold while I connect you with (.+?)\./, 'Espere un momento mientras le comunico con $1.'],
  [/I'm not able to transfer calls, but I can take a message for the team\./, 'No puedo transferir llamadas, pero puedo tomar un mensaje para el equipo.'],
  [/I'm not able to transfer calls, but I can have someone call you back\./, 'No puedo transferir llamadas, pero puedo hacer que alguien le devuelva la llamada.'],
  [/We're closed right now, so there's nobody here to take your call\./, 'Ahora estamos cerrados, así que no hay nadie para atender su llamada.'],
  [/ We open again (.+?)\./, (w: string) => ` Volvemos a abrir ${when(w)}.`],
  [/I'm sorry, nobody is available to take your call right now\./, 'Lo siento, ahora mismo no hay nadie disponible para atender su llamada.'],
  [/I can have someone call you back\./, 'Puedo hacer que alguien le devuelva la llamada.'],
  [/I'm sorry, (.+?) isn't available right now\./, 'Lo siento, $1 no está disponible ahora mismo.'],
  [/our team/, 'nuestro equipo'],
  [
    /I can check on that\. What's the reference code of your request\? It has seven letters and numbers\. If you don't have it, just say the patient's name\./,
    'Puedo consultarlo. ¿Cuál es el código de referencia de su solicitud? Tiene siete letras y números. Si no lo tiene, diga el nombre del paciente.',
  ],
  [/Thank you\. And what's the patient's date of birth\?/, 'Gracias. ¿Y cuál es la fecha de nacimiento del paciente?'],
  [/Thank you\. And what's (.+?)'s date of birth\?/, 'Gracias. ¿Y cuál es la fecha de nacimiento de $1?'],
  [/No problem, I can look it up by name\. What's the patient's first and last name\?/, 'No hay problema, puedo buscarla por nombre. ¿Cuál es el nombre y apellido del paciente?'],
  [/We have your request, and the practice will review it and call you to confirm a time\./, 'Tenemos su solicitud; la clínica la revisará y le llamará para confirmar la hora.'],
  [/The practice is reviewing your request now and will call you to confirm a time\./, 'La clínica está revisando su solicitud y le llamará para confirmar la hora.'],
  [/The practice wasn't able to schedule that request\. I can have someone call you back about it\./, 'La clínica no pudo programar esa solicitud. Puedo hacer que alguien le llame para hablarlo.'],
  [/That request was canceled\./, 'Esa solicitud fue cancelada.'],
  [/We have your request\./, 'Tenemos su solicitud.'],
  [/Good news: your appointment is scheduled for (.+?)\.(?= |$)/, (w: string) => `Buenas noticias: su cita está programada para ${when(w.startsWith('today') || w.startsWith('tomorrow') ? w : `on ${w}`)}.`],
  [/I'm sorry, I couldn't find a request with that reference code and date of birth\./, 'Lo siento, no encontré ninguna solicitud con ese código de referencia y esa fecha de nacimiento.'],
  [/I'm sorry, I couldn't find a request with that name and date of birth\./, 'Lo siento, no encontré ninguna solicitud con ese nombre y esa fecha de nacimiento.'],
  [/Would you like to try again\?/, '¿Quiere intentarlo de nuevo?'],
  [/What's the reference code\?/, '¿Cuál es el código de referencia?'],
  [/Would you like to try the reference code again\?/, '¿Quiere intentar el código de referencia otra vez?'],
  [/I'm sorry, I can't look up any more requests on this call\./, 'Lo siento, no puedo consultar más solicitudes en esta llamada.'],
  [/We're open right now, until (.+?)\.(?= |$)/, (t: string) => `Ahora estamos abiertos, hasta ${time(t)}.`],
  [/We're open right now\./, 'Ahora estamos abiertos.'],
  [/We're closed right now(?: for (.+?))?, and we open again (.+?)\.(?= Our|$)/, (label: string | undefined, w: string) => `Ahora estamos cerrados${label ? ` por ${label}` : ''} y volvemos a abrir ${when(w)}.`],
  [/We're closed right now(?: for (.+?))?\.(?= Our|$)/, (label: string | undefined) => `Ahora estamos cerrados${label ? ` por ${label}` : ''}.`],
  [/Our regular hours are (.+)$/, (w: string) => `Nuestro horario habitual: ${weekly(w.replace(/ (Is there anything else.*|¿Hay algo más.*)$/, ''))}${/ (¿Hay algo más.*)$/.exec(w)?.[0] ?? ''}`],
  [new RegExp(`(Today|Tomorrow, ${DAY},|On ${DAY}(?:, \\w+ \\d{1,2},)?) we're open (.+?)\\.(?= |$)`), (ref: string, spans: string) => `${dayRef(ref)} abrimos ${daySpans(spans)}.`],
  [new RegExp(`(Today|Tomorrow, ${DAY},|On ${DAY}(?:, \\w+ \\d{1,2},)?) we have special hours for (.+?): (.+?)\\.(?= |$)`), (ref: string, label: string, spans: string) => `${dayRef(ref)} tenemos un horario especial por ${label}: ${daySpans(spans)}.`],
  [new RegExp(`We're closed (today|tomorrow, ${DAY}|on ${DAY}(?:, \\w+ \\d{1,2})?)(?:,? for (.+?))?\\.(?= |$)`), (ref: string, label: string | undefined) => `Estamos cerrados ${dayRef(ref).replace(/,$/, '').toLowerCase()}${label ? ` por ${label}` : ''}.`],
  [/We're closed this weekend\./, 'Este fin de semana estamos cerrados.'],
  [/We have no special hours for (.+?)\.(?= |$)/, 'No tenemos un horario especial por $1.'],
  [/This weekend: (.+?\.)(?= |$)/, (w: string) => `Este fin de semana: ${weekly(w)}`],
  [/We're open now, until (.+?)\.(?= |$)/, (t: string) => `Ahora estamos abiertos, hasta ${time(t)}.`],
  [/We're closed now and open again (.+?)\.(?= |$)/, (w: string) => `Ahora estamos cerrados y volvemos a abrir ${when(w)}.`],
  [/We're at (.+?)\.(?= |$)/, 'Estamos en $1.'],
  [/I'm sorry, I don't have our address to hand\./, 'Lo siento, no tengo nuestra dirección a mano.'],
  [/I'm sorry I couldn't help today\. Please call again, or ask for a member of staff\./, 'Siento no haber podido ayudarle hoy. Llame otra vez o pida hablar con alguien del personal.'],
  [/Sorry, I didn't hear anything\./, 'Perdone, no he oído nada.'],
  [/I'm sorry, I can't hear anything\. Please call us again when you're ready\./, 'Lo siento, no oigo nada. Llámenos de nuevo cuando pueda.'],
  [/I'm sorry, I haven't been able to help\. Please call us again, or ask for a member of staff\./, 'Lo siento, no he podido ayudarle. Llámenos de nuevo o pida hablar con alguien del personal.'],
  [/Done\. I've added ([\d ,+]+?) to our do-not-call list, so we won't call that number\./, 'Hecho. He añadido el $1 a nuestra lista de no llamar, así que no llamaremos a ese número.'],
  [/Which number should I add to the do-not-call list\?/, '¿Qué número debo añadir a la lista de no llamar?'],
  [/I'm sorry, I couldn't save that request\./, 'Lo siento, no pude guardar esa solicitud.'],
  [/Thank you, ([^.,]+?)\.(?= |$)/, 'Gracias, $1.'],
  [/You're welcome!/, '¡De nada!'],
  [/Of course\./, 'Claro.'],
  [/No problem\./, 'No hay problema.'],
  [/Got it\./, 'Entendido.'],
  [/Thank you\./, 'Gracias.'],
  [/Great\./, 'Perfecto.'],
  [/Sure\./, 'Claro.'],
];

const COMPILED = RULES.map(([re, to]) => [new RegExp(re.source, 'g'), to] as const);

/** The reply in Spanish (sentences without a rule stay as they are; see untranslatedSentences). */
export function toSpanish(text: string): string {
  let out = text;
  for (const [re, to] of COMPILED) {
    re.lastIndex = 0;
    if (!re.test(out)) continue;
    re.lastIndex = 0;
    out = typeof to === 'string' ? out.replace(re, to) : out.replace(re, (_m, ...groups: unknown[]) => to(...(groups.slice(0, -2) as string[])));
  }
  return out;
}

const ENGLISH = /\b(the|you|your|please|would|what|thank|sorry|is|are|we|our|and|number|call|message)\b/i;

/** Sentences of a reply still in English after toSpanish (for tests; the practice's own texts aside). */
export function untranslatedSentences(spanish: string): string[] {
  return spanish
    .split(/(?<=[.?!])\s+/)
    .map((s) => s.trim())
    .filter((s) => s && ENGLISH.test(s.replace(/¿|¡/g, '')));
}

