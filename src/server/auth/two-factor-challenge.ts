import { createHmac, timingSafeEqual } from 'node:crypto';
import { symmetricDecrypt } from 'better-auth/crypto';
import * as OTPAuth from 'otpauth';
import type { Auth } from './better-auth.js';

/** better-auth's TOTP settings (its defaults, which our twoFactor() plugin keeps). */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** better-auth accepts the codes of the previous, current and next step. */
const WINDOW = 1;

/**
 * What better-auth's TOTP sign-in step does not tell us, read with its own keys: whose sign-in
 * is waiting for a code, and which time step a code belongs to. The session service uses them to
 * refuse a code already used and to count wrong codes with wrong passwords.
 */

/** The user whose password was right and whose second step is pending (better-auth's signed `two_factor` cookie), or null. */
export async function pendingTwoFactorUserId(auth: Auth, headers: Headers, now: Date): Promise<string | null> {
  const actx = await auth.$context;
  const cookieName = actx.createAuthCookie('two_factor').name;
  const raw = readCookie(headers.get('cookie'), cookieName);
  if (!raw) return null;
  // better-call's signed cookie: `value.base64(HMAC-SHA256(secret, value))`.
  const dot = raw.lastIndexOf('.');
  if (dot < 1) return null;
  const value = raw.slice(0, dot);
  const given = Buffer.from(raw.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', actx.secret).update(value).digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const verification = await actx.internalAdapter.findVerificationValue(value);
  if (!verification || verification.expiresAt <= now) return null;
  return verification.value;
}

/**
 * The time step (Unix seconds / 30) whose code `code` is, within the window better-auth accepts,
 * for the user's confirmed TOTP secret; null when it is no valid code.
 */
export async function totpStepOf(auth: Auth, userId: string, code: string, nowMs: number): Promise<number | null> {
  const actx = await auth.$context;
  const row = await actx.adapter.findOne<{ secret: string; verified: boolean | null }>({ model: 'twoFactor', where: [{ field: 'userId', value: userId }] });
  if (!row || row.verified === false) return null;
  const stored = await symmetricDecrypt({ key: actx.secretConfig, data: row.secret });
  // Secrets imported from elsewhere are kept as `base32:<secret>`; generated ones are used as UTF-8 bytes.
  const secret = stored.startsWith('base32:')
    ? OTPAuth.Secret.fromBase32(stored.slice(7).toUpperCase())
    : new OTPAuth.Secret({ buffer: new TextEncoder().encode(stored).buffer as ArrayBuffer });
  const totp = new OTPAuth.TOTP({ secret, digits: DIGITS, period: PERIOD_SECONDS, algorithm: 'SHA1' });
  const delta = totp.validate({ token: code, timestamp: nowMs, window: WINDOW });
  return delta === null ? null : Math.floor(nowMs / 1000 / PERIOD_SECONDS) + delta;
}

function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}
