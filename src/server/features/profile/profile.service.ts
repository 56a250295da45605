import { APIError } from 'better-auth/api';
import type { UpdateProfileInput } from '../../../contracts/profile.js';
import type { AppContext } from '../../app-context.js';
import { invalid, notFound } from '../../http/errors.js';
import type { StaffActor } from '../../policy/actor.js';
import { toE164 } from '../../../domain/phone.js';
import { keepingSessionStart, deleteSessionOf, listSessionsOf, twoFactorRequiredRoles } from '../session/index.js';
import { recordAudit } from '../audit/index.js';
import { deleteSessionsOf, findUserById, updateUser } from '../users/index.js';
import { conflict } from '../../http/errors.js';

export async function updateProfile(ctx: AppContext, actor: StaffActor, patch: UpdateProfileInput) {
  let phone: string | null | undefined = undefined;
  if (patch.phone !== undefined) {
    phone = patch.phone === null || patch.phone.trim() === '' ? null : toE164(patch.phone);
    if (phone === null && patch.phone && patch.phone.trim() !== '') throw invalid({ phone: 'Enter a valid phone number, e.g. +1 860 555 0100.' });
  }
  const user = await updateUser(ctx.db, actor.userId, { name: patch.name, phone, notificationPreferences: patch.notificationPreferences });
  await recordAudit(ctx.db, { action: 'profile.updated', outcome: 'success', actor, recordType: 'user', recordId: actor.userId, details: { fields: Object.keys(patch) } });
  return user!;
}

export async function getProfile(ctx: AppContext, actor: StaffActor) {
  const user = await findUserById(ctx.db, actor.userId);
  if (!user) throw notFound('Your account');
  return user;
}

export async function sessionsOf(ctx: AppContext, actor: StaffActor) {
  const rows = await listSessionsOf(ctx.db, actor.userId);
  const now = ctx.clock.now().getTime();
  const idleMs = ctx.env.SESSION_IDLE_MINUTES * 60_000;
  return rows
    .filter((s) => now - s.lastActiveAt.getTime() <= idleMs && s.expiresAt.getTime() > Date.now())
    .map((s) => ({
      id: s.id,
      current: s.id === actor.sessionId,
      createdAt: s.createdAt.toISOString(),
      lastActiveAt: s.lastActiveAt.toISOString(),
      ipAddress: s.ipAddress,
      userAgent: s.userAgent,
    }));
}

export async function signOutOtherSessions(ctx: AppContext, actor: StaffActor): Promise<number> {
  const n = await deleteSessionsOf(ctx.db, actor.userId, actor.sessionId);
  await recordAudit(ctx.db, { action: 'auth.sessions_revoked', outcome: 'success', actor, recordType: 'user', recordId: actor.userId, details: { count: n } });
  return n;
}

export async function signOutSession(ctx: AppContext, actor: StaffActor, sessionId: string): Promise<void> {
  if (!(await deleteSessionOf(ctx.db, actor.userId, sessionId))) throw notFound('That session');
  await recordAudit(ctx.db, { action: 'auth.sessions_revoked', outcome: 'success', actor, recordType: 'user', recordId: actor.userId, details: { count: 1 } });
}

/** TOTP through better-auth: enable returns the otpauth URI and backup codes; confirm with a code. */
export async function startTwoFactor(ctx: AppContext, actor: StaffActor, password: string, headers: Headers) {
  try {
    const res = (await ctx.auth.api.enableTwoFactor({ body: { password }, headers })) as { totpURI: string; backupCodes: string[] };
    await recordAudit(ctx.db, { action: 'auth.two_factor_setup_started', outcome: 'success', actor, recordType: 'user', recordId: actor.userId });
    return res;
  } catch (err) {
    if (err instanceof APIError) throw invalid({ password: 'Your password is not correct.' });
    throw err;
  }
}

/**
 * better-auth replaces the session when two-factor is turned on or off (the old one is deleted):
 * both answer the new session's Set-Cookie, which the route must forward or the user is signed out.
 */
export async function confirmTwoFactor(ctx: AppContext, actor: StaffActor, code: string, headers: Headers): Promise<string[]> {
  let cookies: string[];
  try {
    const result = (await keepingSessionStart(ctx, actor, () => ctx.auth.api.verifyTOTP({ body: { code }, headers, returnHeaders: true }))) as unknown as { headers: Headers };
    cookies = result.headers.getSetCookie();
  } catch (err) {
    if (err instanceof APIError) throw invalid({ code: 'That code is not valid. Enter the current 6-digit code from your app.' });
    throw err;
  }
  await updateUser(ctx.db, actor.userId, { twoFactorEnabled: true });
  await recordAudit(ctx.db, { action: 'auth.two_factor_enabled', outcome: 'success', actor, recordType: 'user', recordId: actor.userId });
  return cookies;
}

export async function disableTwoFactor(ctx: AppContext, actor: StaffActor, password: string, headers: Headers): Promise<string[]> {
  if ((await twoFactorRequiredRoles(ctx.db)).includes(actor.role)) {
    throw conflict('Two-factor authentication is required for your role and cannot be turned off.', 'two_factor_required');
  }
  let cookies: string[];
  try {
    const result = (await keepingSessionStart(ctx, actor, () => ctx.auth.api.disableTwoFactor({ body: { password }, headers, returnHeaders: true }))) as unknown as { headers: Headers };
    cookies = result.headers.getSetCookie();
  } catch (err) {
    if (err instanceof APIError) throw invalid({ password: 'Your password is not correct.' });
    throw err;
  }
  await recordAudit(ctx.db, { action: 'auth.two_factor_disabled', outcome: 'success', actor, recordType: 'user', recordId: actor.userId });
  return cookies;
}
