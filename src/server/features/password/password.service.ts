import { APIError } from 'better-auth/api';
import type { ChangePasswordBody, CheckLinkBody } from '../../../contracts/password.js';
import type { AppContext } from '../../app-context.js';
import { AppError, invalid } from '../../http/errors.js';
import { hashPassword, verifyPassword } from '../../auth/password-hash.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { StaffActor } from '../../policy/actor.js';
import { recordAudit } from '../audit/index.js';
import { sendMessage } from '../outbox/index.js';
import { deleteSessionsOf, findUserByEmail, findUserById, getPasswordHash, passwordHashesToRefuse, rememberPasswordHash, setPasswordHash, updateUser } from '../users/index.js';
import { expireOpenTokens, findToken, findTokenForUpdate, insertUserToken, markTokenUsed, type UserTokenRow, assertAcceptablePassword, RESET_TTL_MS } from '../credentials/index.js';
import type { DbOrTx } from '../../db/client.js';
import type { ApiErrorCode } from '../../../contracts/errors.js';
import { keepingSessionStart } from '../session/index.js';


/** Same answer whether or not the email exists; only an active account gets a link. */
export async function requestPasswordReset(ctx: AppContext, email: string, ip: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user || user.status !== 'active') {
    await recordAudit(ctx.db, { action: 'auth.password_reset_requested', outcome: 'failure', actor: { kind: 'anonymous', label: email }, ip, details: { reason: user ? user.status : 'unknown_email' } });
    return;
  }
  const now = ctx.clock.now();
  const { token, hash } = newToken();
  await ctx.db.transaction(async (tx) => {
    await expireOpenTokens(tx, user.id, 'reset', now);
    await insertUserToken(tx, { userId: user.id, purpose: 'reset', tokenHash: hash, expiresAt: new Date(now.getTime() + RESET_TTL_MS) });
    await sendMessage(tx, {
      channel: 'email',
      recipient: user.email,
      template: 'password-reset',
      subject: 'Reset your Switchboard password',
      body: [
        `Hello ${user.name},`,
        '',
        'Someone (hopefully you) asked to reset the password of your Switchboard account.',
        `Choose a new password here within 30 minutes: ${ctx.baseUrl}/reset-password?token=${token}`,
        '',
        'The link works once. If you did not ask for it, ignore this email: your password stays as it is.',
      ].join('\n'),
    });
    await recordAudit(tx, { action: 'auth.password_reset_requested', outcome: 'success', actor: { kind: 'anonymous', label: email }, ip, recordType: 'user', recordId: user.id });
  });
}

/** Redeems a reset or invitation link; explains precisely when the link cannot be used. */
export async function redeemLink(
  ctx: AppContext,
  input: { token: string; password: string; purpose: 'reset' | 'invite'; name?: string },
  ip: string,
): Promise<void> {
  // The link's owner first: a dead link says so before the password is judged, and the password is judged against its owner.
  const owner = await assertUsableLink(ctx.db, await findToken(ctx.db, hashToken(input.token)), input.purpose, ctx.clock.now());
  await assertAcceptablePassword(input.password, 'password', { email: owner.email, names: [owner.name, input.name] });
  await assertNotReused(ctx.db, owner.id, input.password, 'password');
  const hash = await hashPassword(input.password);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const row = await findTokenForUpdate(tx, hashToken(input.token));
    const user = await assertUsableLink(tx, row, input.purpose, now);
    await markTokenUsed(tx, row!.id, now);
    await setPasswordHash(tx, user.id, hash);
    await updateUser(tx, user.id, {
      mustChangePassword: false,
      lockedUntil: null,
      ...(input.purpose === 'invite' ? { status: 'active' as const, name: input.name ?? user.name } : {}),
    });
    await deleteSessionsOf(tx, user.id);
    await recordAudit(tx, {
      action: input.purpose === 'invite' ? 'user.invitation_accepted' : 'auth.password_reset',
      outcome: 'success',
      actor: { kind: 'staff', userId: user.id, email: user.email },
      ip,
      recordType: 'user',
      recordId: user.id,
    });
  });
}

/**
 * Whether a reset or invitation link can still be used, checked when its page opens so a used
 * or expired link says so at once, not after the person has typed a new password.
 */
export async function checkLink(ctx: AppContext, input: CheckLinkBody): Promise<void> {
  await assertUsableLink(ctx.db, await findToken(ctx.db, hashToken(input.token)), input.purpose, ctx.clock.now());
}

async function assertUsableLink(db: DbOrTx, row: UserTokenRow | undefined, purpose: 'reset' | 'invite', now: Date) {
  if (!row || row.purpose !== purpose) throw linkError('link_invalid', 'This link is not valid. Check that you used the whole link from the email.');
  if (row.usedAt) throw linkError('link_used', 'This link has already been used or was replaced by a newer one.');
  if (row.expiresAt <= now) throw linkError('link_expired', 'This link has expired.');
  const user = await findUserById(db, row.userId);
  if (!user || user.status === 'disabled') throw linkError('account_disabled', 'This account is disabled.');
  return user;
}

function linkError(code: ApiErrorCode, message: string): AppError {
  return new AppError(400, code, message, { fields: { token: message } });
}

export async function changePassword(
  ctx: AppContext,
  actor: StaffActor,
  input: ChangePasswordBody,
  headers: Headers,
): Promise<string[]> {
  await assertAcceptablePassword(input.newPassword, 'newPassword', { email: actor.email, names: [actor.name] }, { current: input.currentPassword });
  await assertNotReused(ctx.db, actor.userId, input.newPassword, 'newPassword');
  let cookies: string[];
  try {
    const result = (await keepingSessionStart(ctx, actor, () =>
      ctx.auth.api.changePassword({
        body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
        headers,
        returnHeaders: true,
      }),
    )) as unknown as { headers: Headers };
    cookies = result.headers.getSetCookie();
  } catch (err) {
    if (err instanceof APIError && /password/i.test(String(err.body?.code ?? err.message))) {
      await recordAudit(ctx.db, { action: 'auth.password_change', outcome: 'failure', actor, recordType: 'user', recordId: actor.userId });
      throw invalid({ currentPassword: 'Your current password is not correct.' });
    }
    throw err;
  }
  // better-auth stored the new hash: it joins the password history as it is.
  const hash = await getPasswordHash(ctx.db, actor.userId);
  if (hash) await rememberPasswordHash(ctx.db, actor.userId, hash, false);
  // better-auth replaced the session; the new one must not inherit a stale idle clock.
  await updateUser(ctx.db, actor.userId, { mustChangePassword: false });
  await recordAudit(ctx.db, { action: 'auth.password_change', outcome: 'success', actor, recordType: 'user', recordId: actor.userId });
  return cookies;
}

/**
 * Password history: the new password may not be any of the user's last five (the current one
 * included) nor any temporary password an administrator set them, so "must change" cannot be
 * undone by changing back. Compared against the stored argon2id hashes, never the passwords.
 */
async function assertNotReused(db: DbOrTx, userId: string, password: string, field: string): Promise<void> {
  const hashes = await passwordHashesToRefuse(db, userId);
  const matches = await Promise.all(hashes.map(async (h) => ((await verifyPassword({ hash: h.hash, password })) ? h : null)));
  const match = matches.find((m) => m !== null);
  if (!match) return;
  throw invalid({
    [field]: match.temporary
      ? 'This is a temporary password an administrator set for you. Choose a password of your own.'
      : 'You used this password recently. Choose one that is not among your last five passwords.',
  });
}
