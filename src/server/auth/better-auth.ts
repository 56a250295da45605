import { randomUUID } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { twoFactor } from 'better-auth/plugins/two-factor';
import type { Db } from '../db/client.js';
import * as schema from '../db/schema/index.js';
import { hashPassword, verifyPassword } from './password-hash.js';

export interface AuthOptions {
  db: Db;
  baseURL: string;
  secret: string;
  secureCookies: boolean;
  absoluteHours: number;
  /** Our clock (tests move it), so idle and absolute timeouts count from the same now. */
  now: () => Date;
}

/**
 * better-auth owns password sign-in, server-side sessions, their listing and revocation and
 * TOTP. Our routes call `auth.api.*` rather than exposing its handler, so every endpoint stays
 * zod-validated, in the OpenAPI document and behind the one policy layer.
 */
export function createAuth(opts: AuthOptions) {
  return betterAuth({
    appName: 'Switchboard',
    baseURL: opts.baseURL,
    secret: opts.secret,
    database: drizzleAdapter(opts.db, {
      provider: 'pg',
      schema: {
        user: schema.users,
        session: schema.sessions,
        account: schema.accounts,
        verification: schema.verifications,
        twoFactor: schema.twoFactors,
      },
    }),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      password: { hash: hashPassword, verify: verifyPassword },
      revokeSessionsOnPasswordReset: true,
    },
    user: {
      additionalFields: {
        role: { type: 'string', input: false },
        status: { type: 'string', input: false },
        mustChangePassword: { type: 'boolean', input: false },
      },
    },
    databaseHooks: {
      session: {
        create: {
          before: async (session) => {
            const now = opts.now();
            return { data: { ...session, createdAt: now, lastActiveAt: now } };
          },
        },
      },
    },
    session: {
      additionalFields: { lastActiveAt: { type: 'date', input: false, required: false } },
      // Absolute lifetime (HIPAA automatic logoff); the idle timeout is enforced in our session guard.
      expiresIn: Math.round(opts.absoluteHours * 3600),
      disableSessionRefresh: true,
      cookieCache: { enabled: false },
    },
    advanced: {
      cookiePrefix: 'sb',
      useSecureCookies: opts.secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: opts.secureCookies, path: '/' },
      database: { generateId: () => randomUUID() },
    },
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    plugins: [twoFactor({ issuer: 'Switchboard', skipVerificationOnEnable: false })],
  });
}

export type Auth = ReturnType<typeof createAuth>;
