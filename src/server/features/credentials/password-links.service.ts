import type { AppContext } from '../../app-context.js';
import { newToken } from '../../lib/tokens.js';
import { sendMessage } from '../outbox/index.js';
import { expireOpenTokens, insertUserToken } from './password.repository.js';

export const RESET_TTL_MS = 30 * 60_000;
export const INVITE_TTL_MS = 7 * 24 * 3_600_000;

/** Issues an invitation or reset link by email; used by the users feature. */
export async function issueLink(
  ctx: AppContext,
  tx: Parameters<Parameters<AppContext['db']['transaction']>[0]>[0],
  user: { id: string; email: string; name: string },
  purpose: 'invite' | 'reset',
  invitedBy?: string,
): Promise<void> {
  const now = ctx.clock.now();
  const { token, hash } = newToken();
  await expireOpenTokens(tx, user.id, purpose, now);
  const ttl = purpose === 'invite' ? INVITE_TTL_MS : RESET_TTL_MS;
  await insertUserToken(tx, { userId: user.id, purpose, tokenHash: hash, expiresAt: new Date(now.getTime() + ttl) });
  const link = `${ctx.baseUrl}/${purpose === 'invite' ? 'accept-invite' : 'reset-password'}?token=${token}`;
  await sendMessage(tx, {
    channel: 'email',
    recipient: user.email,
    template: purpose === 'invite' ? 'user-invitation' : 'password-reset',
    subject: purpose === 'invite' ? 'You are invited to Switchboard' : 'Reset your Switchboard password',
    body:
      purpose === 'invite'
        ? [`Hello ${user.name},`, '', `${invitedBy ?? 'An administrator'} invited you to Switchboard.`, `Set your password within 7 days: ${link}`].join('\n')
        : [`Hello ${user.name},`, '', 'An administrator reset your Switchboard password.', `Choose a new one within 30 minutes: ${link}`].join('\n'),
  });
}
