import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { unauthenticated } from '../../http/errors.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { recordAudit } from '../audit/index.js';
import { deleteSession, findSessionByHash, insertSession, touchSession, type PatientIdentity, type PatientSessionRow } from './portal.repository.js';

/** The patient session cookie: its own name, never the staff session's. */
export const PATIENT_COOKIE = 'sb.patient';
/** Patients are signed out after 15 minutes without activity (staff: 30), and after 8 hours in any case. */
export const PATIENT_IDLE_MINUTES = 15;
const PATIENT_ABSOLUTE_HOURS = 8;
const TOUCH_EVERY_MS = 15_000;

function cookieOptions(ctx: AppContext) {
  return { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: ctx.baseUrl.startsWith('https:') };
}

export async function startPatientSession(ctx: AppContext, reply: FastifyReply, who: PatientIdentity, request: FastifyRequest): Promise<PatientSessionRow> {
  const { token, hash } = newToken();
  const now = ctx.clock.now();
  const session = await insertSession(ctx.db, {
    ...who,
    tokenHash: hash,
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? '').slice(0, 300),
    createdAt: now,
    lastActiveAt: now,
    expiresAt: new Date(now.getTime() + PATIENT_ABSOLUTE_HOURS * 3_600_000),
  });
  reply.setCookie(PATIENT_COOKIE, token, { ...cookieOptions(ctx), maxAge: PATIENT_ABSOLUTE_HOURS * 3600 });
  return session;
}

export function clearPatientCookie(ctx: AppContext, reply: FastifyReply): void {
  reply.clearCookie(PATIENT_COOKIE, cookieOptions(ctx));
}

/**
 * The patient session of a request, or 401: `unauthenticated` without one (or with an unknown
 * or tampered cookie), `patient_session_expired` after 15 idle minutes or 8 hours.
 */
export async function requirePatientSession(ctx: AppContext, request: FastifyRequest): Promise<PatientSessionRow> {
  const token = request.cookies[PATIENT_COOKIE];
  if (!token || token.length > 100) throw unauthenticated('Sign in to the patient portal to continue.');
  const session = await findSessionByHash(ctx.db, hashToken(token));
  if (!session) throw unauthenticated('Sign in to the patient portal to continue.');
  const now = ctx.clock.now();
  if (now.getTime() - session.lastActiveAt.getTime() > PATIENT_IDLE_MINUTES * 60_000 || now.getTime() > session.expiresAt.getTime()) {
    await deleteSession(ctx.db, session.id);
    await recordAudit(ctx.db, { action: 'portal.session_expired', outcome: 'success', actor: { kind: 'system' }, organizationId: session.organizationId, recordType: 'patient_session', recordId: session.id, ip: request.ip });
    throw unauthenticated('You were signed out after 15 minutes without activity. Sign in again.', 'patient_session_expired');
  }
  if (now.getTime() - session.lastActiveAt.getTime() > TOUCH_EVERY_MS) await touchSession(ctx.db, session.id, now);
  return session;
}

export async function endPatientSession(ctx: AppContext, request: FastifyRequest): Promise<void> {
  const token = request.cookies[PATIENT_COOKIE];
  if (!token || token.length > 100) return;
  const session = await findSessionByHash(ctx.db, hashToken(token));
  if (!session) return;
  await deleteSession(ctx.db, session.id);
  await recordAudit(ctx.db, { action: 'portal.sign_out', outcome: 'success', actor: { kind: 'patient', id: session.id }, organizationId: session.organizationId, recordType: 'patient_session', recordId: session.id, ip: request.ip });
}
