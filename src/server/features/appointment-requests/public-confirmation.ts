import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { mayReceiveTexts } from '../../../domain/messaging/textable.js';
import { sendMessage } from '../outbox/index.js';
import type { OrganizationRow } from '../organizations/index.js';
import type { AppointmentRequestRow } from './request-submission.service.js';
import { emergencyNumber, publicSettings } from '../public-practices/index.js';

export const CONFIRMATION_TEMPLATE = 'appointment-request-received';

/**
 * Tells the patient their request arrived: the reference code, the intake form link and the
 * portal — by email when they gave one, and by text message when they gave a number that may be
 * a mobile (issue 30 §1; a number that replied STOP is held back by the outbox). No health
 * details: the reason for the visit stays out of the message.
 */
export async function sendSubmissionConfirmation(ctx: AppContext, tx: DbOrTx, request: AppointmentRequestRow, org: OrganizationRow, intakeUrl: string): Promise<void> {
  const es = request.locale === 'es';
  const code = request.referenceCode ?? '';
  const sos = emergencyNumber(publicSettings(org).country);
  const portal = `${ctx.baseUrl}/portal?org=${encodeURIComponent(org.slug)}`;
  if (request.email) {
    const body = es
      ? [
          `Hola ${request.firstName ?? ''}:`,
          `${org.name} ha recibido su solicitud de cita. Su referencia es ${code}.`,
          'La consulta le llamará para confirmar la fecha y la hora.',
          `Ahorre tiempo en su visita: complete el formulario de admisión en ${intakeUrl}`,
          `Siga su solicitud en el portal del paciente: ${portal}`,
          `Si es una emergencia, llame al ${sos}.`,
        ]
      : [
          `Hello ${request.firstName ?? ''},`,
          `${org.name} has received your appointment request. Your reference is ${code}.`,
          'The practice will call you to confirm a date and time.',
          `Save time at your visit: fill in the intake form at ${intakeUrl}`,
          `Follow your request in the patient portal: ${portal}`,
          `If this is an emergency, call ${sos}.`,
        ];
    await sendMessage(tx, {
      channel: 'email',
      recipient: request.email,
      subject: es ? `Solicitud recibida (${code}) · ${org.name}` : `Request received (${code}) · ${org.name}`,
      body: body.join('\n\n'),
      template: CONFIRMATION_TEMPLATE,
      organizationId: org.id,
    });
  }
  if (mayReceiveTexts(request.phone)) {
    const body = es
      ? `${org.name}: recibimos su solicitud de cita, ref. ${code}. Le llamaremos. Formulario: ${intakeUrl}`
      : `${org.name}: we received your appointment request, ref ${code}. We will call you. Intake form: ${intakeUrl}`;
    await sendMessage(tx, { channel: 'sms', recipient: request.phone, body, template: CONFIRMATION_TEMPLATE, organizationId: org.id, language: es ? 'es' : 'en' });
  }
}
