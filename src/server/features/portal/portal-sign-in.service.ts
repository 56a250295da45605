import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { patientInvalid } from '../../http/patient-scope.js';
import { toE164 } from '../../../domain/phone.js';
import type { PatientLocale } from '../../../domain/patient/locale.js';
import { isUuid } from '../organizations/index.js';
import { recordAudit } from '../audit/index.js';
import { sendMessage } from '../outbox/index.js';
import { loadPublicPractice, loadPublicPracticeById, publicSettings } from '../public-practices/index.js';
import { codesFor, consumeCode, countTry, expireLiveCodes, findCode, hasRequests, insertCode, recentCodesSent, type PatientIdentity } from './portal.repository.js';
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

/** The code's message: by email or text, in the patient's language. */
async function issueCode(
  tx: DbOrTx,
  org: { id: string; name: string },
  who: PatientIdentity,
  send: boolean,
  locale: PatientLocale,
  ip: string,
  now: Date,
): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const id = crypto.randomUUID();
  await insertCode(tx, { id, ...who, codeHash: codeHash(id, code), matched: send, ip, expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * 60_000), createdAt: now });
  if (send) {
    const es = locale === 'es';
    const text = es
      ? `Su código para el portal del paciente de ${org.name} es ${code}. Caduca en ${CODE_TTL_MINUTES} minutos. Si no lo pidió, ignore este mensaje.`
      : `Your ${org.name} patient portal code is ${code}. It expires in ${CODE_TTL_MINUTES} minutes. If you did not ask for it, ignore this message.`;
    const sms = who.contactKind === 'phone';
    await sendMessage(tx, {
      channel: sms ? 'sms' : 'email',
      recipient: who.contact,
      subject: sms ? undefined : es ? `Su código: ${code}` : `Your sign-in code: ${code}`,
      body: text,
      template: PORTAL_CODE_TEMPLATE,
      organizationId: org.id,
      language: locale,
    });
  }
  return id;
}

const challengeOf = (id: string, who: PatientIdentity) => ({
  challengeId: id,
  channel: who.contactKind === 'email' ? ('email' as const) : ('sms' as const),
  sentTo: mask(who.contactKind, who.contact),
  expiresInSeconds: CODE_TTL_MINUTES * 60,
});

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
  const send = matched && !throttled;
  const id = await ctx.db.transaction(async (tx) => {
    const id = await issueCode(tx, org, who, send, locale, ip, now);
    await recordAudit(tx, { action: 'portal.code_requested', outcome: send ? 'success' : 'failure', actor: { kind: 'anonymous' }, organizationId: org.id, recordType: 'portal_code', recordId: id, ip, details: { matched, throttled } });
    return id;
  });
  return challengeOf(id, who);
}

/** Between two codes to one contact, and codes per contact per CODE_TTL_MINUTES. */
export const RESEND_INTERVAL_SECONDS = 30;
export const MAX_RESENDS_PER_ADDRESS = 5;

const challengeEnded = () => new AppError(400, 'challenge_ended', 'This sign-in has ended. Start again with your email or phone and date of birth.');
const resendTooSoon = (seconds: number, now: Date, why: 'contact' | 'address') =>
  new AppError(429, 'resend_too_soon', `You can ask for a new code in ${seconds} seconds.`, { retryAfterSeconds: seconds, retryAt: new Date(now.getTime() + seconds * 1000).toISOString(), limit: why });

/** What the route's per-address limit (@fastify/rate-limit, counted in PostgreSQL) answers. */
export function resendLimitedForAddress(ttlMs: number, now: Date): AppError {
  return resendTooSoon(Math.max(1, Math.ceil(ttlMs / 1000)), now, 'address');
}

/**
 * "Send a new code": a fresh code to the contact of an earlier challenge; every earlier code of
 * that contact stops working. At most one code per 30 seconds and three per 10 minutes go to a
 * contact (counted whether or not a patient matched, so the limit reveals nothing), and five
 * resends per 10 minutes come from one address (the route's limit); past either the answer says
 * when to try again. The same answer shape as the first step, matched or not.
 */
export async function resendCode(ctx: AppContext, input: { challengeId: string }, locale: PatientLocale, ip: string) {
  if (!isUuid(input.challengeId)) throw challengeEnded();
  const previous = await findCode(ctx.db, input.challengeId);
  if (!previous || previous.consumedAt) throw challengeEnded();
  const now = ctx.clock.now();
  const windowStart = new Date(now.getTime() - CODE_TTL_MINUTES * 60_000);
  const recent = await codesFor(ctx.db, previous.organizationId, previous.contact, windowStart);
  const last = recent[recent.length - 1];
  const sinceLast = last ? (now.getTime() - last.createdAt.getTime()) / 1000 : Infinity;
  const wait =
    sinceLast < RESEND_INTERVAL_SECONDS
      ? RESEND_INTERVAL_SECONDS - sinceLast
      : recent.length >= MAX_CODES_PER_CONTACT
        ? (recent[recent.length - MAX_CODES_PER_CONTACT]!.createdAt.getTime() - windowStart.getTime()) / 1000
        : 0;
  if (wait > 0) {
    await recordAudit(ctx.db, { action: 'portal.code_resent', outcome: 'denied', actor: { kind: 'anonymous' }, organizationId: previous.organizationId, recordType: 'portal_code', recordId: previous.id, ip, details: { limit: 'contact' } });
    throw resendTooSoon(Math.max(1, Math.ceil(wait)), now, 'contact');
  }
  const org = await loadPublicPracticeById(ctx.db, previous.organizationId);
  const who: PatientIdentity = { organizationId: previous.organizationId, contactKind: previous.contactKind, contact: previous.contact, dateOfBirth: previous.dateOfBirth };
  const matched = await hasRequests(ctx.db, who);
  const id = await ctx.db.transaction(async (tx) => {
    const invalidated = await expireLiveCodes(tx, who.organizationId, who.contact, now);
    const id = await issueCode(tx, org, who, matched, locale, ip, now);
    await recordAudit(tx, { action: 'portal.code_resent', outcome: matched ? 'success' : 'failure', actor: { kind: 'anonymous' }, organizationId: org.id, recordType: 'portal_code', recordId: id, ip, details: { matched, previousChallengeId: previous.id, invalidated } });
    return id;
  });
  return challengeOf(id, who);
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
