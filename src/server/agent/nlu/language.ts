import { francAll } from 'franc-min';
import { foldForMatching } from './emergency.js';

/**
 * Which language the caller speaks (issue 15 §2). franc-min (trigram language identification)
 * decides between English and Spanish; it is unreliable on a few words ("yes please" scores as
 * Spanish, a Spanish name makes "my name is José García" Spanish), so the guard only lets it
 * switch on an utterance of three words and fifteen letters or more that it places clearly in
 * Spanish and that has no run of English function words. Asking for it ("español", "en
 * español, por favor", "Spanish") always switches; "English" / "inglés" switches back.
 */
export type CallLanguage = 'en' | 'es';

const ASKS_SPANISH = /\b(espanol|spanish|castellano|habla espanol|hablan espanol|en espanol)\b/;
const ASKS_ENGLISH = /\b(english|ingles|in english)\b/;
const ENGLISH_FUNCTION_WORDS = new Set(['i', 'my', 'the', 'to', 'is', 'need', 'want', 'please', 'yes', 'and', 'for', 'you', 'can', 'with', 'of', 'its', 'im', 'name', 'would', 'like', 'have', 'this', 'an', 'about', 'what', 'your']);
/** franc's score for English (Spanish scoring 1) at most this: clearly Spanish. */
const CLEARLY_SPANISH = 0.66;

export interface LanguageChoice {
  language: CallLanguage;
  /** The caller asked for it in so many words (then the reply is a Spanish greeting, not the brain's). */
  asked: boolean;
}

/** Spanish-only function words: with none of the English ones, two of them decide a short utterance franc cannot. */
const SPANISH_FUNCTION_WORDS = new Set(['el', 'la', 'los', 'las', 'de', 'del', 'que', 'y', 'en', 'un', 'una', 'mi', 'mis', 'su', 'sus', 'se', 'le', 'les', 'es', 'esta', 'con', 'por', 'para', 'al', 'muy', 'hay', 'tiene', 'puede', 'pero', 'porque', 'tengo', 'estoy', 'quiero', 'necesito', 'lo', 'nos', 'usted']);

/**
 * The caller's language from this utterance, or null when it does not say (stay as you are).
 * `relaxed` (an emergency was heard): two words that franc places clearly in Spanish are enough,
 * so the emergency message is understood. `onlyAsked`: mid-answer, only a request for a language counts.
 */
export function detectCallLanguage(text: string, opts: { relaxed?: boolean; onlyAsked?: boolean } = {}): LanguageChoice | null {
  const t = foldForMatching(text).replace(/[.?!;]/g, ' ');
  if (ASKS_SPANISH.test(t) && !/\bno (hablo|habla) espanol\b/.test(t)) return { language: 'es', asked: true };
  if (ASKS_ENGLISH.test(t)) return { language: 'en', asked: true };
  if (opts.onlyAsked) return null;
  const words = t.split(/\s+/).filter(Boolean);
  const english = words.filter((w) => ENGLISH_FUNCTION_WORDS.has(w)).length;
  if (english >= 2) return { language: 'en', asked: false };
  const spanish = words.filter((w) => SPANISH_FUNCTION_WORDS.has(w)).length;
  if (english === 0 && spanish >= 2) return { language: 'es', asked: false };
  // An emergency in two or three words ("tiene convulsiones", "hay mucha sangre") is too short for
  // franc; one Spanish-only function word and no English one is enough there, so the emergency
  // message is said in the language the caller will understand.
  if (opts.relaxed && english === 0 && spanish >= 1 && words.length >= 2) return { language: 'es', asked: false };
  const letters = t.replace(/[^a-z]/g, '').length;
  const long = words.length >= 3 && letters >= 15;
  if (!long && !(opts.relaxed && words.length >= 2 && letters >= 8)) return null;
  const scores = francAll(t, { only: ['eng', 'spa'], minLength: 3 });
  const eng = scores.find(([code]) => code === 'eng')?.[1] ?? 0;
  if (scores[0]?.[0] === 'spa' && english === 0 && eng <= (long ? CLEARLY_SPANISH : 0.5)) return { language: 'es', asked: false };
  if (long && scores[0]?.[0] === 'eng') return { language: 'en', asked: false };
  return null;
}

// ---------------------------------------------------------------------------------------------
// Spanish understanding for the built-in brain: what the caller said, glossed into the English
// the built-in understanding reads (names, dates, numbers, yes/no, intents, reasons, times).
// The caller's own words are what messages and call-backs store (see utteranceOf).
// ---------------------------------------------------------------------------------------------

const UNITS_ES: Record<string, number> = { cero: 0, uno: 1, una: 1, un: 1, dos: 2, tres: 3, cuatro: 4, cinco: 5, seis: 6, siete: 7, ocho: 8, nueve: 9 };
const TEENS_ES: Record<string, number> = { diez: 10, once: 11, doce: 12, trece: 13, catorce: 14, quince: 15, dieciseis: 16, diecisiete: 17, dieciocho: 18, diecinueve: 19, veinte: 20 };
const TWENTIES_ES: Record<string, number> = { veintiuno: 21, veintiun: 21, veintidos: 22, veintitres: 23, veinticuatro: 24, veinticinco: 25, veintiseis: 26, veintisiete: 27, veintiocho: 28, veintinueve: 29 };
const TENS_ES: Record<string, number> = { treinta: 30, cuarenta: 40, cincuenta: 50, sesenta: 60, setenta: 70, ochenta: 80, noventa: 90 };
const HUNDREDS_ES: Record<string, number> = { cien: 100, ciento: 100, doscientos: 200, trescientos: 300, cuatrocientos: 400, quinientos: 500, seiscientos: 600, setecientos: 700, ochocientos: 800, novecientos: 900 };
const EN_NUMBER = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen', 'twenty'];

function smallNumber(a: string, b?: string): number | null {
  if (a in UNITS_ES) return UNITS_ES[a]!;
  if (a in TEENS_ES) return TEENS_ES[a]!;
  if (a in TWENTIES_ES) return TWENTIES_ES[a]!;
  if (a in TENS_ES) return TENS_ES[a]! + (b && b in UNITS_ES ? UNITS_ES[b]! : 0);
  return null;
}

const YEAR_WORD = '(?:uno|una|un|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce|trece|catorce|quince|dieciseis|diecisiete|dieciocho|diecinueve|veinte|veinti\\w+|treinta|cuarenta|cincuenta|sesenta|setenta|ochenta|noventa)';
const YEARS = new RegExp(`\\b(mil novecientos|dos mil)(?: (${YEAR_WORD})(?: y (${YEAR_WORD}))?)?\\b`, 'g');

const MONTH_NAMES_EN = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

const MONTHS_ES: Record<string, string> = {
  enero: 'january', febrero: 'february', marzo: 'march', abril: 'april', mayo: 'may', junio: 'june', julio: 'july', agosto: 'august',
  septiembre: 'september', setiembre: 'september', octubre: 'october', noviembre: 'november', diciembre: 'december',
};

/** Phrases first (longest meaning first), then single words; everything else (names) is kept. */
const PHRASES: [RegExp, string][] = [
  // Holidays an hours question names (before "gracias" is read as thanks).
  [/\b(?:el )?(?:dia de )?accion de gracias\b/, 'thanksgiving'],
  [/\bnochebuena\b/, 'christmas eve'],
  [/\bnochevieja\b/, "new year's eve"],
  [/\b(?:la )?navidad\b/, 'christmas'],
  [/\b(?:el )?ano nuevo\b/, "new year's day"],
  // When an appointment could be (the numbers after "después del" are made "the 15th" first).
  [/\bpasado manana\b/, 'the day after tomorrow'],
  [/\b(?:la )?(?:proxima semana|semana que viene|semana proxima)\b/, 'next week'],
  [/\b(?:mas adelante|a finales de|al final de|a fin de) (?:esta|la) semana\b/, 'later this week'],
  [/\besta semana\b/, 'this week'],
  [/\b(?:el )?(?:proximo mes|mes que viene)\b/, 'next month'],
  [/\b(?:el )?proximo (lunes|martes|miercoles|jueves|viernes|sabado|domingo)\b/, 'next $1'],
  [/\bel (lunes|martes|miercoles|jueves|viernes|sabado|domingo) que viene\b/, 'next $1'],
  [/\beste (lunes|martes|miercoles|jueves|viernes|sabado|domingo)\b/, 'this $1'],
  [/\b(?:en|dentro de) (\w+) semanas?\b/, 'in $1 weeks'],
  [/\b(?:en|dentro de) (\w+) dias\b/, 'in $1 days'],
  [/\b(?:en|dentro de) (\w+) mes(?:es)?\b/, 'in $1 months'],
  [/\bno antes de(?:l| la)?\b/, 'not before'],
  [/\bdespues de(?:l| la)?\b/, 'after'],
  [/\b(?:a partir de(?:l| la)?|desde el)\b/, 'from'],
  [/\b(?:la )?semana del\b/, 'the week of'],
  [/^(?:(?:aja|orale|andale|simon|dale|sale|va|sip|okey|ok)\s+)*(?:si|claro|claro que si|correcto|asi es|exacto|de acuerdo|esta bien|vale|por supuesto|afirmativo|si por favor|si gracias|eso es|aja|orale|andale|simon|dale|sale|sip|okey)\b/, 'yes'],
  [/^(?:nel|nop|para nada|de ninguna manera|claro que no|nunca|todavia no|aun no)\b/, 'no'],
  [/^(?:no gracias|no es todo|nada mas|eso es todo)\b/, "no that's all"],
  [/\b(?:adios|hasta luego|eso es todo|es todo|nada mas)\b/, 'goodbye'],
  [/\b(?:me llamo|mi nombre es|yo soy|habla|le habla)\b/, 'my name is'],
  [/\bsoy\b/, "i'm"],
  [/\b(?:su nombre es|se llama)\b/, 'the name is'],
  [/\b(?:mi|su) apellido es\b/, 'last name is'],
  [/\bapellido\b/, 'last name'],
  [/\b(?:es para|la cita es para|llamo por|llamo para)\b/, "it's for"],
  [/\bmi (?:hijo|nino|bebe)\b/, 'my son'],
  [/\bmi (?:hija|nina|bebita)\b/, 'my daughter'],
  [/\bmi (?:mama|madre)\b/, 'my mother'],
  [/\bmi (?:papa|padre)\b/, 'my father'],
  [/\bmi (?:esposo|marido)\b/, 'my husband'],
  [/\bmi (?:esposa|mujer)\b/, 'my wife'],
  [/\bmi abuela\b/, 'my grandmother'],
  [/\bmi abuelo\b/, 'my grandfather'],
  [/\b(?:no me llamen|no llamen|dejen de llamar|quitenme de la lista|sacarme de la lista)\b/, 'stop calling'],
  [/\b(?:voy a llegar tarde|llegare tarde|llego tarde|voy tarde|vamos tarde|voy retrasad[oa]|estoy retrasad[oa]|voy a llegar un poco tarde)\b/, "i'm running late"],
  [/\b(?:cancelar|anular) (?:mi|la|su) cita\b/, 'cancel my appointment'],
  [/\bconfirmar (?:mi|la|su) cita\b/, 'confirm my appointment'],
  [/\b(?:cambiar|mover|reprogramar) (?:mi|la|su) cita\b/, 'reschedule my appointment'],
  [/\bno (?:voy a poder|puedo) ir\b/, "i can't make it"],
  [/\b(?:estado|estatus) de (?:mi|la|su) solicitud\b/, 'status of my request'],
  [/\b(?:mi|la|su) solicitud\b/, 'my request'],
  [/\bno tengo el codigo\b/, "i don't have the code"],
  [/\bcodigo de referencia\b/, 'reference code'],
  [/\b(?:hacer|sacar|pedir|agendar|programar|solicitar) (?:una )?cita\b/, 'book an appointment'],
  [/\b(?:dejar|dejarle) un mensaje\b/, 'leave a message'],
  [/\b(?:que me (?:llamen|llame|regresen la llamada|devuelvan la llamada)|llamarme|devolverme la llamada|me pueden llamar|me puede llamar)\b/, 'call me back'],
  [/\b(?:hablar|comunicar(?:me)?|pasar(?:me)?|transferir(?:me)?|conectar(?:me)?) con (?:alguien|una persona|un humano|la recepcion|recepcion|un representante|una representante|una operadora|un operador|un agente)\b/, 'speak to someone'],
  [/\b(?:operador[a]?|representante|recepcionista)\b/, 'representative'],
  [/\b(?:hablar|comunicarme) con (?:el doctor|la doctora|el medico|la enfermera)\b/, 'speak to the doctor'],
  // The day stays: "¿abren mañana?" is tomorrow's hours, not the week's.
  [/\b(?:a que hora (?:abren|cierran)|cual es (?:el|su) horario|que horario tienen|horario|estan abiertos)\b/, 'what are your hours'],
  [/\b(?:abren|abre|atienden|estan abiertos|esta abierto)\b/, 'are you open'],
  [/\b(?:cierran|cierra)\b/, 'do you close'],
  [/\b(?:donde estan|donde quedan|cual es la direccion|direccion|ubicacion)\b/, 'what is your address'],
  [/\b(?:paciente nuev[oa]|primera vez|nunca (?:he|ha) (?:venido|ido)|es nuev[oa]|soy nuev[oa])\b/, 'new patient'],
  [/\b(?:ya (?:he|ha|hemos) (?:venido|ido)|ya (?:soy|es) paciente|ya nos conocen|si (?:he|ha) venido)\b/, 'existing patient'],
  [/\b(?:receta|resurtir|surtir|renovar) ?(?:mi |la |su )?(?:medicina|medicamento|receta)?\b/, 'prescription refill'],
  [/\bresultados\b/, 'results'],
  [/\b(?:factura|cobro|cuenta)\b/, 'bill'],
  [/\b(?:chequeo|revision) (?:anual|general)\b/, 'annual physical'],
  [/\b(?:examen fisico)\b/, 'physical'],
  [/\b(?:chequeo|revision)\b/, 'checkup'],
  [/\bseguimiento\b/, 'follow-up'],
  [/\bvacunas?\b/, 'vaccination'],
  [/\bdolor de garganta\b/, 'sore throat'],
  [/\bdolor de oido\b/, 'earache'],
  [/\bdolor de cabeza\b/, 'headache'],
  [/\bdolor de estomago\b/, 'stomach ache'],
  [/\b(?:por las|por la|en la|las|en las) mananas?\b/, 'mornings'],
  [/\b(?:por las|por la|en la|las|en las) tardes?\b/, 'afternoons'],
  [/\b(?:por las|por la|en la|las|en las) noches?\b/, 'evenings'],
  [/\bentre semana\b/, 'weekdays'],
  [/\bfin de semana\b/, 'weekend'],
  [/\b(?:cualquier (?:dia|hora|momento)|cuando sea|a cualquier hora)\b/, 'any time'],
  [/\b(?:lo antes posible|cuanto antes|lo mas pronto posible)\b/, 'as soon as possible'],
  [/\bprimero de\b/, 'first of'],
  [/\bel numero es\b/, 'the number is'],
  [/\bmi numero es\b/, 'my number is'],
];

const WORDS: Record<string, string> = {
  lunes: 'monday', martes: 'tuesday', miercoles: 'wednesday', jueves: 'thursday', viernes: 'friday', sabado: 'saturday', sabados: 'saturdays', domingo: 'sunday',
  cita: 'appointment', citas: 'appointments', consulta: 'appointment', mensaje: 'message', gracias: 'thanks', persona: 'person', alguien: 'someone',
  doctor: 'doctor', doctora: 'doctor', medico: 'doctor', enfermera: 'nurse', numero: 'number', telefono: 'phone', nombre: 'name', nacimiento: 'birth', fecha: 'date',
  enfermo: 'sick', enferma: 'sick', tos: 'cough', fiebre: 'fever', gripe: 'flu', resfriado: 'cold', dolor: 'pain', sarpullido: 'rash', infeccion: 'infection',
  manana: 'tomorrow', hoy: 'today', y: 'and', o: 'or', para: 'for', con: 'with', mi: 'my', eh: '', este: '', pues: '', bueno: '', mire: '', oiga: '', senorita: '',
  ...MONTHS_ES,
};

/** The caller's Spanish as the English the built-in understanding reads. */
export function glossSpanish(text: string): string {
  let t = foldForMatching(text).replace(/[.?!;]/g, ' ');
  // Years first ("mil novecientos noventa y dos" = 1992), then the other numbers.
  t = t.replace(YEARS, (_m, base: string, a?: string, b?: string) => {
    const rest = a ? (smallNumber(a, b) ?? 0) : 0;
    return String((base === 'dos mil' ? 2000 : 1900) + rest);
  });
  t = t.replace(/\b(treinta|cuarenta|cincuenta|sesenta|setenta|ochenta|noventa) y (uno|una|un|dos|tres|cuatro|cinco|seis|siete|ocho|nueve)\b/g, (_m, a: string, b: string) => String(smallNumber(a, b)));
  // Hundreds ("quinientos cincuenta y cinco", "ciento cinco" in a phone number, "cien dolares").
  t = t.replace(/\b(cien|ciento|doscientos|trescientos|cuatrocientos|quinientos|seiscientos|setecientos|ochocientos|novecientos)(?: (\d{1,2}|uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce|trece|catorce|quince|dieciseis|diecisiete|dieciocho|diecinueve|veinte|veinti\w+|treinta|cuarenta|cincuenta|sesenta|setenta|ochenta|noventa))?\b/g, (m, h: string, rest?: string) => {
    const hundreds = HUNDREDS_ES[h]!;
    if (!rest) return String(hundreds);
    const n = /^\d+$/.test(rest) ? Number(rest) : smallNumber(rest);
    return n === null ? m : String(hundreds + n);
  });
  t = t.replace(/\b(\d{1,2}) de (enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre)(?: de(?:l)?)?\b/g, (_m, d: string, mo: string) => `${MONTHS_ES[mo]} ${d}`);
  t = t.replace(/\b(?:el )?(\w+) de (enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre)(?: de(?:l)?)?\b/g, (m, d: string, mo: string) => {
    const n = d === 'primero' ? 1 : smallNumber(d);
    return n ? `${MONTHS_ES[mo]} ${n}` : m;
  });
  // "el quince del tres del ochenta", "11 del 6 del 98": day, then month, then year, as Spanish speakers say them.
  t = t.replace(/\b(?:el )?(\w+) del (\w+) del (\d{2,4}|\w+)\b/g, (m, d: string, mo: string, y: string) => {
    const day = /^\d{1,2}$/.test(d) ? Number(d) : d === 'primero' ? 1 : smallNumber(d);
    const month = /^\d{1,2}$/.test(mo) ? Number(mo) : smallNumber(mo);
    const year = /^\d{2,4}$/.test(y) ? y : smallNumber(y);
    if (!day || !month || month > 12 || day > 31 || year === null) return m;
    return `${MONTH_NAMES_EN[month - 1]} ${day} ${year}`;
  });
  // "después del quince" → "después del the 15th": a day of the month after a date word.
  t = t.replace(/\b(despues del|a partir del|no antes del|desde el|semana del) (?:dia )?(\w+)\b/g, (m, before: string, d: string) => {
    const n = /^\d{1,2}$/.test(d) ? Number(d) : d === 'primero' ? 1 : smallNumber(d);
    return n && n >= 1 && n <= 31 ? `${before} the ${n}${n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th'}` : m;
  });
  for (const [re, en] of PHRASES) t = t.replace(re, ` ${en} `);
  t = t.replace(/\s+/g, ' ').trim();
  return t
    .split(' ')
    .map((w) => {
      if (w in WORDS) return WORDS[w]!;
      const n = smallNumber(w);
      if (n !== null && n <= 20) return EN_NUMBER[n]!;
      if (n !== null) return String(n);
      return w;
    })
    .filter(Boolean)
    .join(' ');
}
