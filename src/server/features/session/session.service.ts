import { APIError } from 'better-auth/api';
import type { AppContext } from '../../app-context.js';
import { AppError, unauthenticated } from '../../http/errors.js';
import { recordAudit } from '../audit/index.js';
import { countRecentFailures, deleteSessionsOf, findUserByEmail, findUserById, organizationIdsOf, recordSignInAttempt, updateUser, type UserRow } from '../users/index.js';
import { pendingTwoFactorUserId, totpStepOf } from '../../auth/two-factor-challenge.js';
import { claimTotpStep, twoFactorRequiredRoles } from './session.repository.js';

/** What other features read of this one (its repository's queries, used as they are). */
export { deleteSessionOf, listSessionsOf, saveTwoFactorRequiredRoles, twoFactorRequiredRoles } from './session.repository.js';

export const LOCKOUT_THRESHOLD = 5;
export const LOCKOUT_WINDOW_MS = 15 * 60_000;
export const LOCKOUT_DURATION_MS = 15 * 60_000;

const INVALID = () => new AppError(401, 'invalid_credentials', 'The email or password is incorrect.');

export interface AuthResult {
  /** Set-Cookie headers from better-auth, forwarded to the browser. */
  cookies: string[];
  user?: UserRow;
  twoFactorRequired?: boolean;
}

interface RequestInfo {
  headers: Headers;
  ip: string;
}

/**
 * Password sign-in through better-auth, wrapped with what it lacks: a per-account lockout, the
 * disabled-account rule, the audit trail and our clock.
 */
export async function signIn(ctx: AppContext, input: { email: string; password: string }, req: RequestInfo): Promise<AuthResult> {
  const now = ctx.clock.now();
  const user = await findUserByEmail(ctx.db, input.email);

  if (user?.lockedUntil && user.lockedUntil > now) {
    await recordAudit(ctx.db, { action: 'auth.sign_in', outcome: 'denied', actor: { kind: 'anonymous', label: input.email }, ip: req.ip, recordType: 'user', recordId: user.id, details: { reason: 'locked' } });
    throw lockedError(user.lockedUntil, now);
  }

  let result: { headers: Headers; response: Record<string, unknown> };
  try {
    result = (await ctx.auth.api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: false },
      headers: req.headers,
      returnHeaders: true,
    })) as unknown as typeof result;
  } catch (err) {
    if (!(err instanceof APIError)) throw err;
    const lockedUntil = await recordFailure(ctx, input.email, user, req.ip);
    // The attempt that trips the lockout already says so, with how long it lasts.
    if (lockedUntil) throw lockedError(lockedUntil, ctx.clock.now());
    throw INVALID();
  }

  const cookies = result.headers.getSetCookie();
  if (!user) throw INVALID();

  if (user.status !== 'active') {
    // The password was right, so saying why is safe; the session better-auth just made is dropped.
    await deleteSessionsOf(ctx.db, user.id);
    await recordAudit(ctx.db, { action: 'auth.sign_in', outcome: 'denied', actor: { kind: 'anonymous', label: input.email }, ip: req.ip, recordType: 'user', recordId: user.id, details: { reason: user.status } });
    throw new AppError(403, 'account_disabled', 'This account is disabled. Ask an administrator to reactivate it.');
  }

  if (result.response.twoFactorRedirect) {
    await recordAudit(ctx.db, { action: 'auth.sign_in.password_ok', outcome: 'success', actor: { kind: 'anonymous', label: input.email }, ip: req.ip, recordType: 'user', recordId: user.id, details: { next: 'two_factor' } });
    return { cookies, twoFactorRequired: true };
  }
  return { cookies, user: await completeSignIn(ctx, user, req) };
}

const BAD_CODE = () =>
  new AppError(400, 'validation_failed', 'That code did not work.', { fields: { code: 'That code is not valid or has expired. Try the current code from your app.' } });
const USED_CODE = () =>
  new AppError(400, 'code_already_used', 'That code has already been used.', { fields: { code: 'This code has already been used to sign in. Wait for the next code in your app.' } });

/**
 * The second step of sign-in. Before better-auth checks the code and makes the session, we find
 * whose sign-in is pending, refuse it while the account is locked, count a wrong code as a failed
 * sign-in (the same lockout as wrong passwords), and refuse a code whose time step (or a later
 * one) already signed this user in — kept in the database, so every web process agrees.
 */
export async function verifyTwoFactor(ctx: AppContext, code: string, req: RequestInfo): Promise<AuthResult> {
  const userId = await pendingTwoFactorUserId(ctx.auth, req.headers, new Date());
  const pending = userId ? await findUserById(ctx.db, userId) : undefined;
  if (!pending) {
    await recordAudit(ctx.db, { action: 'auth.two_factor', outcome: 'failure', ip: req.ip, details: { reason: 'no_pending_sign_in' } });
    throw BAD_CODE();
  }
  const now = ctx.clock.now();
  if (pending.lockedUntil && pending.lockedUntil > now) {
    await recordAudit(ctx.db, { action: 'auth.two_factor', outcome: 'denied', actor: { kind: 'anonymous', label: pending.email }, ip: req.ip, recordType: 'user', recordId: pending.id, details: { reason: 'locked' } });
    throw lockedError(pending.lockedUntil, now);
  }

  // Wall time, not our clock: authenticator apps and better-auth's own check count real time.
  const step = await totpStepOf(ctx.auth, pending.id, code, Date.now());
  const refusal = step === null ? 'wrong_code' : (await claimTotpStep(ctx.db, pending.id, step)) ? null : 'code_already_used';
  if (refusal) {
    await recordAudit(ctx.db, { action: 'auth.two_factor', outcome: 'failure', actor: { kind: 'anonymous', label: pending.email }, ip: req.ip, recordType: 'user', recordId: pending.id, details: { reason: refusal } });
    const lockedUntil = await recordFailure(ctx, pending.email, pending, req.ip);
    if (lockedUntil) throw lockedError(lockedUntil, ctx.clock.now());
    throw refusal === 'wrong_code' ? BAD_CODE() : USED_CODE();
  }

  let result: { headers: Headers; response: { user?: { id: string } } };
  try {
    result = (await ctx.auth.api.verifyTOTP({ body: { code }, headers: req.headers, returnHeaders: true })) as unknown as typeof result;
  } catch (err) {
    if (!(err instanceof APIError)) throw err;
    await recordAudit(ctx.db, { action: 'auth.two_factor', outcome: 'failure', ip: req.ip, recordType: 'user', recordId: pending.id });
    throw BAD_CODE();
  }
  const user = result.response.user?.id === pending.id ? await findUserById(ctx.db, pending.id) : undefined;
  if (!user) throw unauthenticated();
  return { cookies: result.headers.getSetCookie(), user: await completeSignIn(ctx, user, req) };
}

const BAD_BACKUP_CODE = () =>
  new AppError(400, 'validation_failed', 'That backup code did not work.', {
    fields: { code: 'That backup code is not one of yours, or it has been used already. Each backup code works once.' },
  });

/**
 * The second step of sign-in with a backup code, for a user without their authenticator app.
 * better-auth checks the code and strikes it from the user's list in one conditional update (two
 * requests with the same code: one wins). Around it, the same rules as a TOTP code: the pending
 * sign-in is found first, a locked account is refused, a wrong or used code counts as a failed
 * sign-in, and each use is audited with how many codes are left (never the code).
 */
export async function verifyBackupCode(ctx: AppContext, code: string, req: RequestInfo): Promise<AuthResult & { backupCodesLeft: number }> {
  const userId = await pendingTwoFactorUserId(ctx.auth, req.headers, new Date());
  const pending = userId ? await findUserById(ctx.db, userId) : undefined;
  if (!pending) {
    await recordAudit(ctx.db, { action: 'auth.two_factor.backup_code', outcome: 'failure', ip: req.ip, details: { reason: 'no_pending_sign_in' } });
    throw BAD_BACKUP_CODE();
  }
  const now = ctx.clock.now();
  if (pending.lockedUntil && pending.lockedUntil > now) {
    await recordAudit(ctx.db, { action: 'auth.two_factor.backup_code', outcome: 'denied', actor: { kind: 'anonymous', label: pending.email }, ip: req.ip, recordType: 'user', recordId: pending.id, details: { reason: 'locked' } });
    throw lockedError(pending.lockedUntil, now);
  }

  let result: { headers: Headers; response: { user?: { id: string } } };
  try {
    result = (await ctx.auth.api.verifyBackupCode({ body: { code }, headers: req.headers, returnHeaders: true })) as unknown as typeof result;
  } catch (err) {
    if (!(err instanceof APIError)) throw err;
    await recordAudit(ctx.db, { action: 'auth.two_factor.backup_code', outcome: 'failure', actor: { kind: 'anonymous', label: pending.email }, ip: req.ip, recordType: 'user', recordId: pending.id, details: { reason: 'wrong_or_used_code' } });
    const lockedUntil = await recordFailure(ctx, pending.email, pending, req.ip);
    if (lockedUntil) throw lockedError(lockedUntil, ctx.clock.now());
    throw BAD_BACKUP_CODE();
  }
  const user = result.response.user?.id === pending.id ? await findUserById(ctx.db, pending.id) : undefined;
  if (!user) throw unauthenticated();
  const { backupCodes } = (await ctx.auth.api.viewBackupCodes({ body: { userId: user.id } })) as { backupCodes: string[] };
  await recordAudit(ctx.db, { action: 'auth.two_factor.backup_code', outcome: 'success', actor: { kind: 'staff', userId: user.id, email: user.email }, ip: req.ip, recordType: 'user', recordId: user.id, details: { backupCodesLeft: backupCodes.length } });
  return { cookies: result.headers.getSetCookie(), user: await completeSignIn(ctx, user, req), backupCodesLeft: backupCodes.length };
}

async function completeSignIn(ctx: AppContext, user: UserRow, req: RequestInfo): Promise<UserRow> {
  const now = ctx.clock.now();
  await recordSignInAttempt(ctx.db, { email: user.email, userId: user.id, ipAddress: req.ip, succeeded: true, at: now });
  const updated = await updateUser(ctx.db, user.id, { lastSignInAt: now, lockedUntil: null });
  await recordAudit(ctx.db, { action: 'auth.sign_in', outcome: 'success', actor: { kind: 'staff', userId: user.id, email: user.email }, ip: req.ip, recordType: 'user', recordId: user.id });
  return updated ?? user;
}

async function recordFailure(ctx: AppContext, email: string, user: UserRow | undefined, ip: string): Promise<Date | null> {
  const now = ctx.clock.now();
  await recordSignInAttempt(ctx.db, { email, userId: user?.id ?? null, ipAddress: ip, succeeded: false, at: now });
  await recordAudit(ctx.db, { action: 'auth.sign_in', outcome: 'failure', actor: { kind: 'anonymous', label: email }, ip, recordType: user ? 'user' : undefined, recordId: user?.id });
  if (!user) return null;
  const failures = await countRecentFailures(ctx.db, user.id, new Date(now.getTime() - LOCKOUT_WINDOW_MS));
  if (failures >= LOCKOUT_THRESHOLD) {
    const until = new Date(now.getTime() + LOCKOUT_DURATION_MS);
    await updateUser(ctx.db, user.id, { lockedUntil: until });
    await recordAudit(ctx.db, { action: 'auth.lockout', outcome: 'success', actor: { kind: 'system' }, ip, recordType: 'user', recordId: user.id, details: { until: until.toISOString(), failures } });
    return until;
  }
  return null;
}

function lockedError(until: Date, now: Date): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new AppError(423, 'account_locked', `Too many failed attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or reset your password.`, { retryAfterSeconds });
}

export async function signOut(ctx: AppContext, req: RequestInfo, actor?: { userId: string; email: string }): Promise<string[]> {
  let cookies: string[] = [];
  try {
    const result = (await ctx.auth.api.signOut({ headers: req.headers, returnHeaders: true })) as unknown as { headers: Headers };
    cookies = result.headers.getSetCookie();
  } catch (err) {
    if (!(err instanceof APIError)) throw err;
  }
  if (actor) await recordAudit(ctx.db, { action: 'auth.sign_out', outcome: 'success', actor: { kind: 'staff', userId: actor.userId, email: actor.email }, ip: req.ip, recordType: 'user', recordId: actor.userId });
  return cookies;
}

/** What the signed-in page needs of the user: their organizations, and whether their role must set up two-factor first. */
export async function sessionUserDetails(ctx: AppContext, user: { id: string; role: string; twoFactorEnabled: boolean }): Promise<{ organizationIds: string[]; twoFactorRequired: boolean }> {
  const [organizationIds, required] = await Promise.all([organizationIdsOf(ctx.db, user.id), twoFactorRequiredRoles(ctx.db)]);
  return { organizationIds, twoFactorRequired: required.includes(user.role) && !user.twoFactorEnabled };
}
