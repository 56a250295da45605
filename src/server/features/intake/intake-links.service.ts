import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import type { intakeLinks } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { findIntakeLinkByHash, insertIntakeLink } from './intake.repository.js';

export const INTAKE_LINK_TTL_DAYS = 30;
export type IntakeLinkVia = (typeof intakeLinks.$inferInsert)['issuedVia'];

export const intakeLinkInvalid = () =>
  new AppError(404, 'intake_link_invalid', 'This intake link is not valid. Use the latest link you received, or open the form from the patient portal.');
const intakeLinkExpired = () => new AppError(410, 'intake_link_expired', 'This intake link has expired. Open the form from the patient portal to get a new one.');

/**
 * A link to the intake form of one request (from the success page, the confirmation, the
 * portal, or a staff message). The token is 256 random bits; only its hash is stored.
 */
export async function issueIntakeLink(ctx: AppContext, db: DbOrTx, appointmentRequestId: string, via: IntakeLinkVia): Promise<string> {
  const { token, hash } = newToken();
  const now = ctx.clock.now();
  await insertIntakeLink(db, {
    appointmentRequestId,
    tokenHash: hash,
    issuedVia: via,
    expiresAt: new Date(now.getTime() + INTAKE_LINK_TTL_DAYS * 86_400_000),
    createdAt: now,
  });
  return `${ctx.baseUrl}/intake?token=${token}`;
}

/**
 * The request an intake token opens. Anything but a stored, unexpired token — tampered,
 * truncated, made up — is "not valid", and never opens another request.
 */
export async function resolveIntakeToken(ctx: AppContext, token: string | undefined) {
  if (!token || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw intakeLinkInvalid();
  const found = await findIntakeLinkByHash(ctx.db, hashToken(token));
  if (!found || found.request.status === 'draft') throw intakeLinkInvalid();
  if (found.link.expiresAt.getTime() < ctx.clock.now().getTime()) throw intakeLinkExpired();
  return found;
}
