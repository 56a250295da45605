import type { PatientLocale } from './locale.js';

/**
 * Messages of the error codes the patient endpoints answer, in every patient language. The
 * pages show the server's message as it comes (they send their language with each request).
 */
const en: Record<string, string> = {
  validation_failed: 'Some fields need attention.',
  rate_limited: 'Too many attempts. Wait a few minutes and try again.',
  payload_too_large: 'That is more text than the form accepts.',
  malformed_body: 'The form could not be read. Reload the page and try again.',
  bad_request: 'The form could not be read. Reload the page and try again.',
  not_found: 'We could not find that.',
  practice_not_found: 'We could not find that practice.',
  requests_disabled: 'This practice does not take appointment requests online. Please call the practice.',
  draft_not_found: 'Your request form has expired or was not found. Start again: it only takes a minute.',
  draft_incomplete: 'Some answers are missing. Check the steps before sending.',
  already_submitted: 'This request was already sent.',
  rejected: 'We could not accept this request. Please call the practice.',
  invalid_code: 'That code is not right. Check the latest message and try again.',
  code_expired: 'This code has expired or was tried too many times. Ask for a new code.',
  challenge_ended: 'This sign-in has ended. Start again with your email or phone and date of birth.',
  unauthenticated: 'Sign in to the patient portal to continue.',
  patient_session_expired: 'You were signed out after 15 minutes without activity. Sign in again.',
  invalid_transition: 'This request can no longer be canceled here. Please call the practice.',
  visit_canceled: 'This visit was canceled, so it can no longer be changed here.',
  visit_started: 'The time of this visit has come, so it can no longer be changed here. Please call the practice.',
  visit_changed: 'The practice changed this visit a moment ago. Reload the page to see it as it is now.',
  already_asked: 'You already asked for another time. The practice will contact you.',
  intake_link_invalid: 'This intake link is not valid. Use the latest link you received, or open the form from the patient portal.',
  intake_link_expired: 'This intake link has expired. Open the form from the patient portal to get a new one.',
  intake_submitted: 'This form was already sent to the practice and can no longer be changed.',
  csrf_rejected: 'This request came from another site and was refused.',
  internal_error: 'Something went wrong on our side. Please try again.',
  slot_taken: 'That time was just taken.',
  slot_unavailable: 'That time can no longer be booked online.',
  new_patients_not_booked: 'New patients book this visit through the practice. Choose another visit, or ask the practice to call you.',
  hold_not_found: 'No time is held for you any more. Choose a time again.',
  change_too_late: 'This visit is too soon to change online. Please call the practice.',
};

const es: Record<string, string> = {
  validation_failed: 'Algunos campos necesitan su atención.',
  rate_limited: 'Demasiados intentos. Espere unos minutos y vuelva a intentarlo.',
  payload_too_large: 'Ha escrito más texto del que admite el formulario.',
  malformed_body: 'No se pudo leer el formulario. Recargue la página e inténtelo de nuevo.',
  bad_request: 'No se pudo leer el formulario. Recargue la página e inténtelo de nuevo.',
  not_found: 'No lo hemos encontrado.',
  practice_not_found: 'No hemos encontrado esa consulta.',
  requests_disabled: 'Esta consulta no acepta solicitudes de cita en línea. Por favor, llame a la consulta.',
  draft_not_found: 'Su solicitud ha caducado o no se encontró. Empiece de nuevo: solo lleva un minuto.',
  draft_incomplete: 'Faltan algunas respuestas. Revise los pasos antes de enviar.',
  already_submitted: 'Esta solicitud ya se envió.',
  rejected: 'No pudimos aceptar esta solicitud. Por favor, llame a la consulta.',
  invalid_code: 'Ese código no es correcto. Revise el último mensaje e inténtelo de nuevo.',
  code_expired: 'Este código ha caducado o se ha intentado demasiadas veces. Pida un código nuevo.',
  challenge_ended: 'Este inicio de sesión ha terminado. Empiece de nuevo con su correo o teléfono y su fecha de nacimiento.',
  unauthenticated: 'Inicie sesión en el portal del paciente para continuar.',
  patient_session_expired: 'Se cerró su sesión tras 15 minutos sin actividad. Inicie sesión de nuevo.',
  invalid_transition: 'Esta solicitud ya no se puede cancelar aquí. Por favor, llame a la consulta.',
  visit_canceled: 'Esta cita se canceló, así que ya no se puede cambiar aquí.',
  visit_started: 'Ya es la hora de esta cita, así que no se puede cambiar aquí. Por favor, llame a la consulta.',
  visit_changed: 'La consulta acaba de cambiar esta cita. Recargue la página para verla como está ahora.',
  already_asked: 'Ya pidió otra hora. La consulta se pondrá en contacto con usted.',
  intake_link_invalid: 'Este enlace del formulario no es válido. Use el último enlace que recibió o abra el formulario desde el portal del paciente.',
  intake_link_expired: 'Este enlace del formulario ha caducado. Abra el formulario desde el portal del paciente para obtener uno nuevo.',
  intake_submitted: 'Este formulario ya se envió a la consulta y no se puede cambiar.',
  csrf_rejected: 'Esta solicitud venía de otro sitio y se rechazó.',
  internal_error: 'Algo salió mal por nuestra parte. Inténtelo de nuevo.',
  slot_taken: 'Alguien acaba de reservar esa hora.',
  slot_unavailable: 'Esa hora ya no se puede reservar en línea.',
  new_patients_not_booked: 'Los pacientes nuevos reservan esta cita a través de la consulta. Elija otro tipo de cita, o pida que la consulta le llame.',
  hold_not_found: 'Ya no tiene ninguna hora reservada. Vuelva a elegir una hora.',
  change_too_late: 'Falta muy poco para esta cita para cambiarla en línea. Por favor, llame a la consulta.',
};

const DICTIONARIES: Record<PatientLocale, Record<string, string>> = { en, es };

/** The message for an error code in the patient's language, or undefined for codes we do not word. */
export function patientErrorMessage(locale: PatientLocale, code: string): string | undefined {
  return DICTIONARIES[locale][code];
}
