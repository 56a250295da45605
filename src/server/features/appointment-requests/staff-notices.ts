import { mayReceiveTexts } from '../../../domain/messaging/textable.js';
import type { DbOrTx } from '../../db/client.js';
import { formatVisitTime } from '../../../domain/appointment-requests/scheduling.js';
import { VISIT_MINUTES } from '../../../domain/appointment-requests/visit-slots.js';
import { sendMessage } from '../outbox/index.js';
import type { AppointmentRequestRow } from './request-submission.service.js';
import { portalUrlOf, visitCalendar, visitCalendarFilename, visitPlace, type VisitPractice } from './visit-calendar.js';

export type NoticeKind = 'scheduled' | 'declined' | 'canceled';

/** Why a notice of a simulated call stays in the outbox: its numbers are made up, and may be somebody's. */
export const SIMULATED_CALL_NOTE = 'Not sent: made on a simulated call (the playground or the demo’s history), whose numbers are made up.';

export const NOTICE_TEMPLATES: Record<NoticeKind, string> = {
  scheduled: 'appointment-scheduled',
  declined: 'appointment-declined',
  canceled: 'appointment-canceled',
};

interface NoticeText {
  subject: string;
  lines: string[];
  sms: string;
}

type Lang = 'en' | 'es';

/** The patient's words, in their language (English or Spanish); no health details beyond the request itself. */
function noticeText(kind: NoticeKind, lang: Lang, p: { org: string; code: string; when?: string; reason?: string; portal: string; visit?: { minutes: number; clinician: string | null; place: string | null; moved: boolean } }): NoticeText {
  const es = lang === 'es';
  switch (kind) {
    case 'scheduled': {
      const v = p.visit!;
      const details = es
        ? [`Duración: ${v.minutes} minutos.`, ...(v.clinician ? [`Con: ${v.clinician}.`] : []), ...(v.place ? [`Dirección: ${v.place}.`] : [])]
        : [`Length: ${v.minutes} minutes.`, ...(v.clinician ? [`With: ${v.clinician}.`] : []), ...(v.place ? [`Where: ${v.place}.`] : [])];
      return {
        subject: v.moved
          ? es
            ? `Su cita con ${p.org} cambió de hora`
            : `Your appointment with ${p.org} has moved`
          : es
            ? `Su cita con ${p.org} está programada`
            : `Your appointment with ${p.org} is scheduled`,
        lines: es
          ? [
              v.moved ? `Su cita con ${p.org} ahora es el ${p.when}.` : `Su cita con ${p.org} es el ${p.when}.`,
              details.join('\n'),
              `Referencia: ${p.code}. El archivo de calendario adjunto (.ics) la añade a su calendario.`,
              `Para cancelarla o pedir otra hora, entre en su portal: ${p.portal}`,
            ]
          : [
              v.moved ? `Your appointment with ${p.org} has moved to ${p.when}.` : `Your appointment with ${p.org} is on ${p.when}.`,
              details.join('\n'),
              `Reference: ${p.code}. The attached calendar file (.ics) adds it to your calendar.`,
              `To cancel or ask for another time, sign in to your portal: ${p.portal}`,
            ],
        sms: es
          ? `${p.org}: su cita ${v.moved ? 'cambió al' : 'es el'} ${p.when}${v.place ? `, ${v.place}` : ''}. Ref. ${p.code}. Cancelar u otra hora: ${p.portal}`
          : `${p.org}: your appointment ${v.moved ? 'has moved to' : 'is on'} ${p.when}${v.place ? ` at ${v.place}` : ''}. Ref ${p.code}. Cancel or ask for another time: ${p.portal}`,
      };
    }
    case 'declined':
      return {
        subject: es ? `Su solicitud de cita con ${p.org}` : `Your appointment request with ${p.org}`,
        lines: es
          ? [`${p.org} no pudo programar su solicitud de cita ${p.code}.`, `Motivo: ${p.reason}.`, 'Llame a la consulta si tiene preguntas. En una emergencia, llame al 911.']
          : [`${p.org} could not schedule your appointment request ${p.code}.`, `Reason: ${p.reason}.`, 'Call the practice if you have questions. In an emergency, call 911.'],
        sms: es ? `${p.org}: no pudimos programar su solicitud ${p.code}. Motivo: ${p.reason}` : `${p.org}: we could not schedule your request ${p.code}. Reason: ${p.reason}`,
      };
    case 'canceled':
      // A scheduled visit names its time; a request not yet scheduled, its reference.
      return {
        subject: es ? `Su cita con ${p.org} fue cancelada` : `Your appointment with ${p.org} was canceled`,
        lines: es
          ? [p.when ? `Su cita con ${p.org} del ${p.when} (ref. ${p.code}) fue cancelada.` : `Su solicitud de cita ${p.code} con ${p.org} fue cancelada.`, ...(p.reason ? [`Motivo: ${p.reason}.`] : []), 'Llame a la consulta para pedir otra cita.']
          : [p.when ? `Your appointment with ${p.org} on ${p.when} (ref ${p.code}) was canceled.` : `Your appointment request ${p.code} with ${p.org} was canceled.`, ...(p.reason ? [`Reason: ${p.reason}.`] : []), 'Call the practice to ask for another appointment.'],
        sms: es
          ? p.when
            ? `${p.org}: su cita del ${p.when} fue cancelada. Ref. ${p.code}.`
            : `${p.org}: su solicitud ${p.code} fue cancelada.`
          : p.when
            ? `${p.org}: your appointment on ${p.when} was canceled. Ref ${p.code}.`
            : `${p.org}: your request ${p.code} was canceled.`,
      };
  }
}

export interface NoticePractice extends VisitPractice {
  id: string;
  timeZone: string;
}

/**
 * Tells the patient what the practice decided, in the caller's transaction: by email, and by
 * text message when the request's number may be a mobile. A scheduled visit's e-mail carries it as a
 * calendar file. Answers the outbox ids. A simulated call's notices are kept unsent (`unsentBecause`).
 */
export async function notifyPatient(
  tx: DbOrTx,
  kind: NoticeKind,
  request: AppointmentRequestRow,
  org: NoticePractice,
  baseUrl: string,
  extra: { reason?: string; now: Date; moved?: boolean; unsentBecause?: string },
): Promise<string[]> {
  const lang: Lang = request.locale.startsWith('es') ? 'es' : 'en';
  const country = typeof org.address.country === 'string' ? org.address.country : null;
  const when = request.scheduledFor ? formatVisitTime(request.scheduledFor.getTime(), org.timeZone, { lang, country, nowMs: extra.now.getTime() }) : undefined;
  const visit = kind === 'scheduled' ? { minutes: request.visitMinutes ?? VISIT_MINUTES.default, clinician: request.visitClinician, place: visitPlace(request, org), moved: extra.moved === true } : undefined;
  const portal = kind === 'scheduled' ? portalUrlOf(baseUrl, org.slug) : `${baseUrl}/portal`;
  const text = noticeText(kind, lang, { org: org.name, code: request.referenceCode ?? '', when, reason: extra.reason, portal, visit });
  const sent: string[] = [];
  const template = NOTICE_TEMPLATES[kind];
  if (request.email) {
    const attachments = kind === 'scheduled' ? [{ filename: visitCalendarFilename(request), contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: visitCalendar(request, org, baseUrl, lang) }] : [];
    const row = await sendMessage(tx, { channel: 'email', recipient: request.email, subject: text.subject, body: text.lines.join('\n\n'), template, organizationId: org.id, attachments, unsentBecause: extra.unsentBecause });
    sent.push(row.id);
  }
  if (mayReceiveTexts(request.phone)) {
    const row = await sendMessage(tx, { channel: 'sms', recipient: request.phone, body: text.sms.slice(0, 320), template, organizationId: org.id, language: lang, unsentBecause: extra.unsentBecause });
    sent.push(row.id);
  }
  return sent;
}
