import * as OTPAuth from 'otpauth';
import type { TestApp } from './test-app.js';
import { cookiesFrom } from './http.js';

/**
 * Turns on TOTP for a signed-in user the way the profile page does (enable with the password,
 * confirm with a code from the authenticator app) and answers the authenticator and the
 * cookie that replaces the old one (better-auth rotates the session on confirmation).
 */
export async function enableTwoFactor(app: TestApp, cookie: string, password: string): Promise<{ totp: OTPAuth.TOTP; cookie: string; backupCodes: string[] }> {
  const enable = await app.inject({ method: 'POST', url: '/api/profile/two-factor/enable', headers: { cookie }, payload: { password } });
  if (enable.statusCode !== 200) throw new Error(`two-factor enable failed: ${enable.statusCode} ${enable.body}`);
  const { totpURI, backupCodes } = enable.json() as { totpURI: string; backupCodes: string[] };
  const totp = OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP;
  const confirm = await app.inject({ method: 'POST', url: '/api/profile/two-factor/confirm', headers: { cookie }, payload: { code: totp.generate() } });
  if (confirm.statusCode !== 200) throw new Error(`two-factor confirm failed: ${confirm.statusCode} ${confirm.body}`);
  return { totp, cookie: cookiesFrom(confirm, cookie), backupCodes };
}
