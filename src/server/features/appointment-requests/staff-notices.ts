import type { DbOrTx } from '../../db/client.js';
import { formatAppointmentTime } from '../../../domain/appointment-requests/scheduling.js';
import { sendMessage } from '../outbox/outbox.service.js';
import type { AppointmentRequestRow } from './request-submission.service.js';

export type NoticeKind = 'scheduled' | 'declined' | 'canceled';

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
function noticeText(kind: NoticeKind, lang: Lang, p: { org: string; code: string; when?: string; reason?: string; portal: string }): NoticeText {
  const es = lang === 'es';
  switch (kind) {
    case 'scheduled':
      return {
        subject: es ? `Su cita con ${p.org} está programada` : `Your appointment with ${p.org} is scheduled`,
        lines: es
          ? [`Su cita con ${p.org} está programada para el ${p.when}.`, `Referencia: ${p.code}.`, `Vea los detalles o complete su formulario de admisión en ${p.portal}.`]
          : [`Your appointment with ${p.org} is scheduled for ${p.when}.`, `Reference: ${p.code}.`, `See the details or fill in your intake form at ${p.portal}.`],
        sms: es ? `${p.org}: su cita es el ${p.when}. Ref. ${p.code}. ${p.portal}` : `${p.org}: your appointment is on ${p.when}. Ref ${p.code}. ${p.portal}`,
      };
    case 'declined':
      return {
        subject: es ? `Su solicitud de cita con ${p.org}` : `Your appointment request with ${p.org}`,
        lines: es
          ? [`${p.org} no pudo programar su solicitud de cita ${p.code}.`, `Motivo: ${p.reason}.`, 'Llame a la consulta si tiene preguntas. En una emergencia, llame al 911.']
          : [`${p.org} could not schedule your appointment request ${p.code}.`, `Reason: ${p.reason}.`, 'Call the practice if you have questions. In an emergency, call 911.'],
        sms: es ? `${p.org}: no pudimos programar su solicitud ${p.code}. Motivo: ${p.reason}` : `${p.org}: we could not schedule your request ${p.code}. Reason: ${p.reason}`,
      };
    case 'canceled':
      return {
        subject: es ? `Su cita con ${p.org} fue cancelada` : `Your appointment with ${p.org} was canceled`,
        lines: es
          ? [`Su solicitud de cita ${p.code} con ${p.org} fue cancelada.`, ...(p.reason ? [`Motivo: ${p.reason}.`] : []), 'Llame a la consulta para pedir otra cita.']
          : [`Your appointment request ${p.code} with ${p.org} was canceled.`, ...(p.reason ? [`Reason: ${p.reason}.`] : []), 'Call the practice to ask for another appointment.'],
        sms: es ? `${p.org}: su solicitud ${p.code} fue cancelada.` : `${p.org}: your request ${p.code} was canceled.`,
      };
  }
}

/**
 * Tells the patient what the practice decided, in the caller's transaction: by email and by
 * text message, wherever the request has an address. Answers the outbox ids.
 */
export async function notifyPatient(
  tx: DbOrTx,
  kind: NoticeKind,
  request: AppointmentRequestRow,
  org: { id: string; name: string; timeZone: string },
  baseUrl: string,
  extra: { reason?: string } = {},
): Promise<string[]> {
  const lang: Lang = request.locale.startsWith('es') ? 'es' : 'en';
  const when = request.scheduledFor ? formatAppointmentTime(request.scheduledFor.getTime(), org.timeZone, lang === 'es' ? 'es-US' : 'en-US') : undefined;
  const text = noticeText(kind, lang, { org: org.name, code: request.referenceCode ?? '', when, reason: extra.reason, portal: `${baseUrl}/portal` });
  const sent: string[] = [];
  const template = NOTICE_TEMPLATES[kind];
  if (request.email) {
    const row = await sendMessage(tx, { channel: 'email', recipient: request.email, subject: text.subject, body: text.lines.join('\n\n'), template, organizationId: org.id });
    sent.push(row.id);
  }
  if (request.phone) {
    const row = await sendMessage(tx, { channel: 'sms', recipient: request.phone, body: text.sms.slice(0, 320), template, organizationId: org.id });
    sent.push(row.id);
  }
  return sent;
}
