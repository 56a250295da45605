import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { AppError, unauthenticated } from '../../http/errors.js';
import { toFetchHeaders } from '../../http/request-info.js';
import type { StaffActor } from '../../policy/actor.js';
import type { Role } from '../../../domain/auth/permissions.js';
import { recordAudit } from '../audit/index.js';
import { deleteSessionsOf, type UserRow } from '../users/index.js';
import { deleteSession, loadSessionContext, touchSession } from './session.repository.js';

export interface ResolvedSession {
  actor: StaffActor;
  user: UserRow;
  twoFactorRequired: boolean;
}

/** Writes of last-activity are coalesced: the idle clock needs minutes, not milliseconds. */
const TOUCH_EVERY_MS = 15_000;

/**
 * Resolves the staff session of a request: better-auth checks the signed cookie and absolute
 * expiry; we add the idle timeout (HIPAA automatic logoff) and the account's current status,
 * both against our clock so tests can move time.
 */
export async function resolveSession(ctx: AppContext, request: FastifyRequest): Promise<ResolvedSession | null> {
  const cookie = request.headers.cookie;
  if (!cookie || !cookie.includes('sb.session_token')) return null;
  const found = await ctx.auth.api.getSession({ headers: toFetchHeaders(request), query: { disableRefresh: true } }).catch(() => null);
  if (!found) return null;

  const context = await loadSessionContext(ctx.db, found.session.id);
  if (!context) return null;
  const { session, user, organizationIds, twoFactorRequiredRoles: requiredRoles } = context;
  const now = ctx.clock.now();
  const idleMs = ctx.env.SESSION_IDLE_MINUTES * 60_000;
  const absoluteMs = ctx.env.SESSION_ABSOLUTE_HOURS * 3_600_000;
  if (now.getTime() - session.lastActiveAt.getTime() > idleMs || now.getTime() - session.createdAt.getTime() > absoluteMs) {
    await deleteSession(ctx.db, session.id);
    await recordAudit(ctx.db, { action: 'auth.session_expired', outcome: 'success', actor: { kind: 'system' }, recordType: 'user', recordId: session.userId, ip: request.ip });
    throw unauthenticated('Your session ended after a period of inactivity. Sign in again.', 'session_expired');
  }
  if (user.status !== 'active') {
    await deleteSessionsOf(ctx.db, user.id);
    throw new AppError(401, 'account_disabled', 'This account is disabled.');
  }
  if (now.getTime() - session.lastActiveAt.getTime() > TOUCH_EVERY_MS) await touchSession(ctx.db, session.id, now);

  const role = user.role as Role;
  return {
    user,
    twoFactorRequired: requiredRoles.includes(role) && !user.twoFactorEnabled,
    actor: {
      kind: 'staff',
      userId: user.id,
      email: user.email,
      name: user.name,
      role,
      allOrganizations: role === 'admin',
      organizationIds,
      sessionId: session.id,
      ip: request.ip,
    },
  };
}

/**
 * Whether a session is still good, without counting as activity (no idle-clock touch): for
 * long-lived connections (live updates) that must stop when the session behind them ends.
 */
export async function sessionStillValid(ctx: AppContext, sessionId: string): Promise<boolean> {
  const context = await loadSessionContext(ctx.db, sessionId);
  if (!context) return false;
  const now = ctx.clock.now().getTime();
  const { session, user } = context;
  if (now - session.lastActiveAt.getTime() > ctx.env.SESSION_IDLE_MINUTES * 60_000) return false;
  if (now - session.createdAt.getTime() > ctx.env.SESSION_ABSOLUTE_HOURS * 3_600_000) return false;
  return user.status === 'active';
}
