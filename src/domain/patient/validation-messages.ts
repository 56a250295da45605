import { EXAMPLE_DATE, formatDateInput } from '../format/date-of-birth.js';
import { examplePhoneNumber } from '../format/phone-example.js';
import type { PatientLocale } from './locale.js';

/**
 * Validation messages of the patient pages, in every patient language. Server schemas name a
 * message by key (`required`, `tooLong:500`, …); the server answers the text in the patient's
 * language, so the page shows it beside the field as it comes. A key may be refined per field
 * (`firstName.required`); unknown keys fall back to `invalid`. A format message gives an example
 * as people of the practice's country write it (`{example}`, its `…Example` wording) when the
 * practice is known, and says the rule alone when it is not.
 */
type Messages = Record<string, string>;

const en: Messages = {
  invalid: 'This value is not valid.',
  // One voice: every message says what to do; the generic one too.
  required: 'Answer this question.',
  wrongType: 'This value has the wrong type.',
  tooLong: 'Use at most {n} characters.',
  tooMany: 'Choose at most {n}.',
  markup: 'Remove the < and > characters.',
  choice: 'Choose one of the options.',
  nameFormat: 'Use letters, spaces, hyphens and apostrophes only.',
  dateFormat: 'Enter a real date.',
  dateFormatExample: 'Enter a real date, for example {example}.',
  phoneFormat: 'Enter a phone number we can call, with its area code.',
  phoneFormatExample: 'Enter a phone number we can call, for example {example}.',
  emailFormat: 'Enter an email address such as name@example.com.',
  unknownField: 'This field is not part of the form.',
  format: 'Use letters, digits and hyphens only.',
  mustAccept: 'Tick the box to continue.',
  already: 'This was already sent.',
  'firstName.required': 'Enter your first name.',
  'lastName.required': 'Enter your last name.',
  'dateOfBirth.required': 'Enter your date of birth.',
  'dateOfBirth.future': 'The date of birth must be in the past.',
  'dateOfBirth.tooOld': 'Check the year: that is more than 120 years ago.',
  'phone.required': 'Enter a phone number.',
  'email.required': 'Enter your email address.',
  'isNewPatient.required': 'Tell us whether you have been to this practice before.',
  'reason.required': 'Choose the reason for your visit.',
  'reason.unknown': "Choose one of the practice's visit reasons, or Other.",
  'reasonOther.required': 'Describe the reason for your visit.',
  'earliestDate.past': 'Choose today or a later date.',
  'earliestDate.tooFar': 'Choose a date within the next 12 months.',
  'consentToContact.required': 'Tick the box so the practice may contact you.',
  'contact.required': 'Enter your email address or phone number.',
  'contact.format': 'Enter a valid email address or phone number.',
  'code.format': 'Enter the 6-digit code.',
  'cancelReason.required': 'Tell the practice why you are canceling.',
  'message.required': 'Tell the practice which days and times would suit you.',
  'reply.required': 'Write your reply before sending it.',
  'signature.required': 'Type your full name to sign.',
  'organization.required': 'Choose your practice.',
  'hasInsurance.required': 'Tell us whether you have health insurance.',
  'carrier.required': 'Enter the name of your insurance company.',
  'memberId.required': 'Enter the member ID on your insurance card.',
  'takesMedications.required': 'Tell us whether you take any medications.',
  'hasAllergies.required': 'Tell us whether you have any allergies.',
  'list.required': 'List them here, or answer No above.',
  'name.required': 'Enter the name of someone we can call in an emergency.',
  // Booking a time on the web (decision 055).
  range: 'Use 1 to {n}.',
  'visitTypeId.required': 'Choose the type of visit.',
  'visitTypeId.unknown': 'Choose one of the visits this practice books online.',
  'clinicianId.unknown': 'Choose one of the clinicians offered.',
  'clinicianId.required': 'Choose a clinician, or first available.',
  'start.required': 'Choose a time.',
  'start.format': 'Choose one of the times offered.',
  'holdId.required': 'Choose a new time first.',
  'holdId.unknown': 'Choose a new time first.',
};

const es: Messages = {
  invalid: 'Este valor no es válido.',
  required: 'Responda a esta pregunta.',
  wrongType: 'Este valor no tiene el tipo correcto.',
  tooLong: 'Use como máximo {n} caracteres.',
  tooMany: 'Elija como máximo {n}.',
  markup: 'Quite los caracteres < y >.',
  choice: 'Elija una de las opciones.',
  nameFormat: 'Use solo letras, espacios, guiones y apóstrofos.',
  dateFormat: 'Introduzca una fecha real.',
  dateFormatExample: 'Introduzca una fecha real, por ejemplo {example}.',
  phoneFormat: 'Introduzca un teléfono al que podamos llamar, con su prefijo.',
  phoneFormatExample: 'Introduzca un teléfono al que podamos llamar, por ejemplo {example}.',
  emailFormat: 'Introduzca un correo electrónico como nombre@ejemplo.com.',
  unknownField: 'Este campo no forma parte del formulario.',
  format: 'Use solo letras, números y guiones.',
  mustAccept: 'Marque la casilla para continuar.',
  already: 'Esto ya se envió.',
  'firstName.required': 'Introduzca su nombre.',
  'lastName.required': 'Introduzca sus apellidos.',
  'dateOfBirth.required': 'Introduzca su fecha de nacimiento.',
  'dateOfBirth.future': 'La fecha de nacimiento debe estar en el pasado.',
  'dateOfBirth.tooOld': 'Revise el año: eso es hace más de 120 años.',
  'phone.required': 'Introduzca un número de teléfono.',
  'email.required': 'Introduzca su correo electrónico.',
  'isNewPatient.required': 'Indíquenos si ya ha venido antes a esta consulta.',
  'reason.required': 'Elija el motivo de su visita.',
  'reason.unknown': 'Elija uno de los motivos de visita de la consulta, u Otro.',
  'reasonOther.required': 'Describa el motivo de su visita.',
  'earliestDate.past': 'Elija hoy o una fecha posterior.',
  'earliestDate.tooFar': 'Elija una fecha dentro de los próximos 12 meses.',
  'consentToContact.required': 'Marque la casilla para que la consulta pueda contactarle.',
  'contact.required': 'Introduzca su correo electrónico o su teléfono.',
  'contact.format': 'Introduzca un correo electrónico o un teléfono válido.',
  'code.format': 'Introduzca el código de 6 dígitos.',
  'cancelReason.required': 'Indique a la consulta por qué cancela.',
  'message.required': 'Díganos qué días y horas le vendrían bien.',
  'reply.required': 'Escriba su respuesta antes de enviarla.',
  'signature.required': 'Escriba su nombre completo para firmar.',
  'organization.required': 'Elija su consulta.',
  'hasInsurance.required': 'Indíquenos si tiene seguro médico.',
  'carrier.required': 'Introduzca el nombre de su compañía de seguros.',
  'memberId.required': 'Introduzca el número de afiliado de su tarjeta del seguro.',
  'takesMedications.required': 'Indíquenos si toma algún medicamento.',
  'hasAllergies.required': 'Indíquenos si tiene alguna alergia.',
  'list.required': 'Escríbalos aquí, o responda No arriba.',
  'name.required': 'Introduzca el nombre de alguien a quien llamar en una emergencia.',
  // Reservar una hora en la web (decisión 055).
  range: 'Use de 1 a {n}.',
  'visitTypeId.required': 'Elija el tipo de cita.',
  'visitTypeId.unknown': 'Elija uno de los tipos de cita que esta consulta reserva en línea.',
  'clinicianId.unknown': 'Elija uno de los profesionales que se ofrecen.',
  'clinicianId.required': 'Elija un profesional, o el primero disponible.',
  'start.required': 'Elija una hora.',
  'start.format': 'Elija una de las horas que se ofrecen.',
  'holdId.required': 'Elija primero una hora nueva.',
  'holdId.unknown': 'Elija primero una hora nueva.',
};

const DICTIONARIES: Record<PatientLocale, Messages> = { en, es };

/** Examples of what a format message asks for, as people of `country` write it. */
const EXAMPLES: Record<string, (country: string) => string | null> = {
  phoneFormat: examplePhoneNumber,
  dateFormat: (country) => formatDateInput(EXAMPLE_DATE, country),
};

/**
 * The text for a message key about `field` (a dotted path; its last segment refines the key).
 * `key` may carry one parameter after a colon: `tooLong:500`. `country`, the practice's, gives
 * format messages their example ("for example 020 7946 0123" for a UK practice).
 */
export function validationMessage(locale: PatientLocale, field: string, key: string, country?: string | null): string {
  const dict = DICTIONARIES[locale];
  const [code, param] = key.split(':') as [string, string | undefined];
  const leaf = field.split('.').pop() ?? field;
  const example = country ? (EXAMPLES[code]?.(country) ?? null) : null;
  const exampled = example ? dict[`${code}Example`]?.replace('{example}', example) : undefined;
  const text = dict[`${leaf}.${code}`] ?? exampled ?? dict[code] ?? dict.invalid!;
  return param === undefined ? text : text.replace('{n}', Number(param).toLocaleString(locale === 'es' ? 'es-US' : 'en-US'));
}
