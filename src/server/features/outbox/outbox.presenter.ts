import type { OutboxMessage } from '../../../contracts/developer.js';
import type { OutboxRow } from './outbox.repository.js';

/**
 * What a message of each template carries, for staff screens (`/developer` → Outbox). The stored
 * message — what SMTP or the text gateway sends — is never changed; only what the API answers.
 *
 * - `secret`: a one-time sign-in code (`code`) or a link whose `token=` signs someone in or sets
 *   a password (`link`). Shown masked to everyone: reading the outbox must never let a person
 *   act as the recipient.
 * - `patientData`: the body speaks of a patient (name, reference, reason, a staff message).
 *   Shown only to roles that may see that organization's patients.
 *
 * A template missing here is treated as the most sensitive kind (both), so a new message
 * cannot leak by being forgotten.
 */
const TEMPLATES: Record<string, { secret?: 'code' | 'link'; patientData: boolean }> = {
  'portal-sign-in-code': { secret: 'code', patientData: true },
  'appointment-request-received': { secret: 'link', patientData: true },
  'password-reset': { secret: 'link', patientData: false },
  'user-invitation': { secret: 'link', patientData: false },
  'appointment-scheduled': { patientData: true },
  'appointment-declined': { patientData: true },
  'appointment-canceled': { patientData: true },
  'handoff-message': { patientData: true },
  // Says a caller's call-back request was taken (handoffs/callback-notice.ts): the practice's name only, but to a patient.
  'callback-requested': { patientData: true },
  // "Sorry we missed you" to a caller (missed-calls.service.ts): the practice's name and number only, but to a patient.
  'missed-call': { patientData: true },
  // Says only that a message waits in the portal, with its link (handoff-actions.service.ts).
  'portal-message-waiting': { patientData: false },
  // Names no patient and no reason (see urgent-alert.ts); links to the staff queue.
  'urgent-handoff': { patientData: false },
  // The practice's answer to a patient's text (thanks, the emergency number, their visit confirmed), texted when the provider takes no answer in its webhook's response (Telnyx: telephony/messaging/thread-replies.ts).
  'text-reply': { patientData: true },
};
const UNKNOWN = { secret: 'any', patientData: true } as const;

/** Shows the last `visible` characters of a secret and dots for the rest. */
function mask(secret: string, visible: number): string {
  return '•'.repeat(Math.max(secret.length - visible, 4)) + secret.slice(secret.length - visible);
}

// A link token is 43 base64url characters (lib/tokens.ts): its last four say which link it was
// and leave 2^232 possibilities. A six-digit code shows none: any digit shown would make it guessable.
const maskLinks = (text: string) => text.replace(/([?&]token=)([A-Za-z0-9_-]+)/g, (_m, key: string, token: string) => key + mask(token, token.length >= 20 ? 4 : 0));
const maskCodes = (text: string) => text.replace(/(?<!\d)\d{6}(?!\d)/g, (code) => mask(code, 0));

function maskSecrets(text: string, kind: 'code' | 'link' | 'any'): string {
  if (kind === 'link') return maskLinks(text);
  if (kind === 'code') return maskCodes(text);
  return maskCodes(maskLinks(text));
}

/**
 * A stored message as staff see it: secrets masked for everyone; the body withheld (null) from a
 * role that may not read the organization's patients when it speaks of one.
 */
export function presentOutboxMessage(row: OutboxRow & { cursor: string }, viewer: { mayReadPatientData: boolean }): OutboxMessage {
  const kind = TEMPLATES[row.template] ?? UNKNOWN;
  const secret = kind.secret;
  const withheld = kind.patientData && !viewer.mayReadPatientData;
  const body = withheld ? null : secret ? maskSecrets(row.body, secret) : row.body;
  return {
    id: row.id,
    organizationId: row.organizationId,
    channel: row.channel,
    recipient: row.recipient,
    subject: row.subject === null ? null : secret ? maskSecrets(row.subject, secret) : row.subject,
    body,
    bodyWithheld: withheld,
    secret: secret === 'code' || secret === 'link' ? secret : null,
    template: row.template,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    transport: row.transport,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    provider:
      row.providerMessageId || row.providerStatus
        ? { messageId: row.providerMessageId, status: row.providerStatus, errorCode: row.providerErrorCode, statusAt: row.providerStatusAt?.toISOString() ?? null }
        : null,
    cursor: row.cursor,
  };
}
