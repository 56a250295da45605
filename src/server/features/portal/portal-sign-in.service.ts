import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../http/errors.js';
import { patientInvalid } from '../../http/patient-scope.js';
import { toE164 } from '../../../domain/phone.js';
import type { PatientLocale } from '../../../domain/patient/locale.js';
import { isUuid } from '../organizations/organizations.policy.js';
import { recordAudit } from '../audit/audit.service.js';
import { sendMessage } from '../outbox/outbox.service.js';
import { loadPublicPractice, publicSettings } from '../appointment-requests/public-practices.service.js';
import { consumeCode, countTry, hasRequests, insertCode, recentCodesSent, type PatientIdentity } from './portal.repository.js';
import { startPatientSession } from './portal-session.js';

export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_TRIES = 5;
/** Codes actually sent to one contact per practice within CODE_TTL_MINUTES. */
const MAX_CODES_PER_CONTACT = 3;
export const PORTAL_CODE_TEMPLATE = 'portal-sign-in-code';

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/;

const codeHash = (challengeId: string, code: string) => createHash('sha256').update(`${challengeId}:${code}`).digest('hex');

function mask(kind: 'email' | 'phone', contact: string): string {
  if (kind === 'phone') return `•••• ${contact.slice(-4)}`;
  const [user, domain] = contact.split('@') as [string, string];
  return `${user.slice(0, 1)}•••@${domain}`;
}

/**
 * First step of the portal sign-in. Whatever the patient typed, the answer has the same shape
 * and timing class: a challenge id. A code goes out only when the practice has a request made
 * with this email or phone and this date of birth (and at most three codes per 10 minutes).
 */
export async function requestCode(
  ctx: AppContext,
  input: { organization: string; contact: string; dateOfBirth: string },
  locale: PatientLocale,
  ip: string,
) {
  const org = await loadPublicPractice(ctx.db, input.organization);
  const raw = input.contact.trim();
  const kind: 'email' | 'phone' = raw.includes('@') ? 'email' : 'phone';
  const contact = kind === 'email' ? (EMAIL.test(raw) ? raw.toLowerCase() : null) : toE164(raw, publicSettings(org).country);
  if (!contact) throw patientInvalid({ contact: 'format' });
  const who: PatientIdentity = { organizationId: org.id, contactKind: kind, contact, dateOfBirth: input.dateOfBirth };
  const now = ctx.clock.now();

  const matched = await hasRequests(ctx.db, who);
  const throttled = matched && (await recentCodesSent(ctx.db, org.id, contact, new Date(now.getTime() - CODE_TTL_MINUTES * 60_000))) >= MAX_CODES_PER_CONTACT;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const id = crypto.randomUUID();
  const send = matched && !throttled;
  await ctx.db.transaction(async (tx) => {
    await insertCode(tx, { id, ...who, codeHash: codeHash(id, code), matched: send, ip, expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * 60_000), createdAt: now });
    if (send) {
      const es = locale === 'es';
      const text = es
        ? `Su código para el portal del paciente de ${org.name} es ${code}. Caduca en ${CODE_TTL_MINUTES} minutos. Si no lo pidió, ignore este mensaje.`
        : `Your ${org.name} patient portal code is ${code}. It expires in ${CODE_TTL_MINUTES} minutes. If you did not ask for it, ignore this message.`;
      await sendMessage(tx, {
        channel: kind === 'email' ? 'email' : 'sms',
        recipient: contact,
        subject: kind === 'email' ? (es ? `Su código: ${code}` : `Your sign-in code: ${code}`) : undefined,
        body: text,
        template: PORTAL_CODE_TEMPLATE,
        organizationId: org.id,
      });
    }
    await recordAudit(tx, { action: 'portal.code_requested', outcome: send ? 'success' : 'failure', actor: { kind: 'anonymous' }, organizationId: org.id, recordType: 'portal_code', recordId: id, ip, details: { matched, throttled } });
  });
  return { challengeId: id, channel: kind === 'email' ? ('email' as const) : ('sms' as const), sentTo: mask(kind, contact), expiresInSeconds: CODE_TTL_MINUTES * 60 };
}

const invalidCode = (attemptsLeft: number) => new AppError(400, 'invalid_code', 'That code is not right.', { attemptsLeft });
const codeExpired = () => new AppError(400, 'code_expired', 'This code has expired or was tried too many times. Ask for a new code.');

/**
 * Second step: the code. Each try counts (five per code); a right code is used once and starts
 * a patient session. A code that was never sent (no patient matched) can never be right.
 */
export async function verifyCode(ctx: AppContext, input: { challengeId: string; code: string }, request: FastifyRequest, reply: FastifyReply) {
  if (!isUuid(input.challengeId)) throw codeExpired();
  const now = ctx.clock.now();
  const row = await countTry(ctx.db, input.challengeId, now, CODE_MAX_TRIES);
  if (!row) throw codeExpired();
  const expected = Buffer.from(row.codeHash, 'hex');
  const given = Buffer.from(codeHash(row.id, input.code), 'hex');
  const right = row.matched && expected.length === given.length && timingSafeEqual(expected, given);
  if (!right) {
    await recordAudit(ctx.db, { action: 'portal.sign_in', outcome: 'failure', actor: { kind: 'anonymous' }, organizationId: row.organizationId, recordType: 'portal_code', recordId: row.id, ip: request.ip, details: { attempts: row.attempts } });
    const left = CODE_MAX_TRIES - row.attempts;
    throw left > 0 ? invalidCode(left) : codeExpired();
  }
  const used = await consumeCode(ctx.db, row.id, now);
  if (!used) throw codeExpired();
  const session = await startPatientSession(ctx, reply, { organizationId: row.organizationId, contactKind: row.contactKind, contact: row.contact, dateOfBirth: row.dateOfBirth }, request);
  await recordAudit(ctx.db, { action: 'portal.sign_in', outcome: 'success', actor: { kind: 'patient', id: session.id }, organizationId: row.organizationId, recordType: 'patient_session', recordId: session.id, ip: request.ip });
  return { ok: true as const };
}
