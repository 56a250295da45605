import type { DbOrTx } from '../../db/client.js';
import { mayReceiveTexts } from '../../../domain/messaging/textable.js';
import { emergencyNumber, publicSettings } from '../public-practices/index.js';
import { findOrganizationById } from '../organizations/index.js';
import { sendMessage } from '../outbox/index.js';
import type { NewHandoff } from './create-handoff.service.js';

export const CALLBACK_NOTICE_TEMPLATE = 'callback-requested';

/**
 * A caller who asked the agent for a call-back on a real line (`textCaller`) gets a text saying it
 * was taken (issue 30 §1) when the number may be a mobile; the outbox holds it back if the number replied STOP. It names the
 * practice only — nothing the caller said. Call-backs the product made itself (a call cut off
 * mid-task: `details.abandoned`) are not announced here.
 */
export async function sendCallbackNotice(tx: DbOrTx, handoff: NewHandoff): Promise<void> {
  if (!handoff.textCaller || handoff.type !== 'callback' || handoff.source !== 'call' || handoff.details?.abandoned || !mayReceiveTexts(handoff.contactPhone)) return;
  const org = await findOrganizationById(tx, handoff.organizationId);
  if (!org) return;
  const es = handoff.details?.language === 'es';
  const sos = emergencyNumber(publicSettings(org).country);
  const body = es
    ? `${org.name}: recibimos su pedido de que le llamemos. Le llamaremos a este número lo antes posible. En una emergencia, llame al ${sos}.`
    : `${org.name}: we have your request for a call back and will call you at this number as soon as we can. In an emergency, call ${sos}.`;
  await sendMessage(tx, { channel: 'sms', recipient: handoff.contactPhone, body, template: CALLBACK_NOTICE_TEMPLATE, organizationId: org.id, language: es ? 'es' : 'en' });
}
