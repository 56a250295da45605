import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/**
 * The only reader of process.env. Everything configurable is parsed and defaulted here so a
 * typo in a variable fails at start with a clear sentence rather than deep inside a request.
 */
const boolish = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  // A /0 would trust every address; proxy-addr refuses it too.
  return /^\d{1,3}$/.test(prefix) && Number(prefix) >= 1 && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Who may tell us the client's address (X-Forwarded-For): nobody (off), the nearest N proxies
 * (a hop count), or the proxies at these addresses/CIDRs. Fastify's `trustProxy` takes each form.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((raw, ctx): false | number | string[] => {
    const value = (raw ?? '').trim();
    if (value === '' || value === '0' || value === 'false' || value === 'no') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((e) => e.trim());
    const bad = entries.filter((e) => !isProxyAddress(e));
    if (bad.length > 0) {
      ctx.addIssue({ code: 'custom', message: `expected a hop count or a comma-separated list of proxy addresses or CIDRs; not an address: ${bad.map((b) => JSON.stringify(b)).join(', ')}` });
      return z.NEVER;
    }
    return entries;
  });

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.string().url().optional(),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(5488),
  DEMO_PASSWORD: z.string().min(8).optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(30),
  /** Keep-alive comment on live-update streams; every third one also re-checks the session. */
  LIVE_HEARTBEAT_SECONDS: z.coerce.number().positive().max(300).default(20),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().positive().default(12),
  AUTH_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Switchboard <no-reply@switchboard.local>'),
  SENTRY_DSN: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  /** Telnyx's public key (portal → Keys & Credentials, base64): accepts Telnyx-signed webhooks and ConversationRelay handshakes. */
  TELNYX_PUBLIC_KEY: z
    .string()
    .refine((k) => Buffer.from(k, 'base64').length === 32, { error: 'expected the base64 of a 32-byte Ed25519 public key (Telnyx portal → Keys & Credentials)' })
    .optional(),
  /** With TWILIO_AUTH_TOKEN, outbound calls are placed through Twilio's REST API; without it, by the built-in simulator (decision 019). */
  TWILIO_ACCOUNT_SID: z.string().regex(/^AC[0-9a-fA-F]{32}$/, { error: 'expected a Twilio account SID (AC followed by 32 hex digits)' }).optional(),
  /** Tests and benches only: Twilio's REST API stand-in (e.g. http://127.0.0.1:4010); its address must be allowed by OUTBOUND_TEST_PRIVATE_ADDRESSES. */
  TWILIO_API_BASE_URL: z.string().url().optional(),
  /** Telnyx's API key (portal → API Keys): texts go out through Telnyx's Messaging API (decision 044). */
  TELNYX_API_KEY: z.string().min(1).optional(),
  /** Tests only: Telnyx's API stand-in (e.g. http://127.0.0.1:4011); its address must be allowed by OUTBOUND_TEST_PRIVATE_ADDRESSES. */
  TELNYX_API_BASE_URL: z.string().url().optional(),
  /**
   * The text-message gateway: `twilio` (TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN), `telnyx`
   * (TELNYX_API_KEY) or `log` (kept in the outbox only). Unset: Twilio when configured, else Telnyx
   * when configured, else `log`.
   */
  SMS_PROVIDER: z.enum(['twilio', 'telnyx', 'log']).optional(),
  /** Texts per second per organization unless its messaging settings say otherwise (a US long code takes about 1). */
  SMS_PER_SECOND: z.coerce.number().positive().max(1000).default(1),
  /** Outbound placements per second per provider account (Twilio's default is 1); 0 = no limit (benches). */
  OUTBOUND_CALLS_PER_SECOND: z.coerce.number().min(0).max(1000).default(1),
  /** Simultaneous outbound calls per organization unless its outbound settings (/outbound → Calling settings) say otherwise. */
  OUTBOUND_ORG_CONCURRENCY: z.coerce.number().int().min(1).max(500).default(5),
  /** A placed call with no final status after this long is asked about at the provider (a lost status callback). */
  OUTBOUND_STALE_SECONDS: z.coerce.number().int().min(1).default(600),
  /** The simulated callee's pause before each answer (ms): long enough for a person to watch a campaign run. */
  OUTBOUND_SIMULATOR_PACE_MS: z.coerce.number().int().min(0).max(60_000).default(800),
  /** Hosts the recording player may fetch a recording from (https only, never a private address): comma-separated. */
  RECORDING_HOSTS: z
    .string()
    .default('api.twilio.com')
    .transform((v) => v.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean)),
  /** Tests only, refused in production: private addresses (e.g. 127.0.0.1) that outbound fetches may reach, over http too. */
  OUTBOUND_TEST_PRIVATE_ADDRESSES: z
    .string()
    .optional()
    .transform((v) => (v ?? '').split(',').map((a) => a.trim()).filter(Boolean))
    .refine((list) => list.every((a) => isIP(a) !== 0), { error: 'expected a comma-separated list of IP addresses' }),
  /** OpenAI-compatible chat-completions endpoint of the LLM agent, e.g. https://api.openai.com/v1 */
  LLM_BASE_URL: z.string().url().optional(),
  LLM_API_KEY: z.string().optional(),
  /** Model used when an organization's agent settings name none. */
  LLM_MODEL: z.string().default('gpt-4o-mini'),
  /** Budget of one LLM turn; past it the turn is answered by the built-in agent. */
  LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(12_000).default(5000),
  /** A call with no activity for this long is closed by the worker (its final status never came). */
  CALL_STALE_MINUTES: z.coerce.number().positive().default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Lets browser tests move the server's clock forward (idle-session expiry). Never in production. */
  ENABLE_TEST_CLOCK: boolish,
  /** Multiplies the per-IP rate limits; tests that sign in many times raise it. */
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  /** Requests per minute each API key may make to the public API (`/api/v1`), counted across web processes. */
  API_KEY_RATE_LIMIT: z.coerce.number().int().positive().default(600),
  /**
   * Requests per minute one client address may make to the public API, counted before its key is
   * looked up, so unknown, malformed and refused keys are limited too (times RATE_LIMIT_SCALE).
   */
  API_ADDRESS_RATE_LIMIT: z.coerce.number().int().positive().default(1200),
  /** How long a webhook endpoint has to answer one delivery. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** Multiplies the webhook retry delays (5 s … 10 h); tests set a small fraction. */
  WEBHOOK_RETRY_SCALE: z.coerce.number().positive().max(1).default(1),
  /** Proxies whose X-Forwarded-For is believed (client address of rate limits, audit, sessions); off by default. */
  TRUST_PROXY: trustProxy,
});

export type Env = z.infer<typeof EnvSchema> & { dataDir: string };

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration — ${lines.join('; ')}`);
  }
  if (parsed.data.SMS_PROVIDER === 'twilio' && !(parsed.data.TWILIO_ACCOUNT_SID && parsed.data.TWILIO_AUTH_TOKEN)) {
    throw new ConfigError('Invalid configuration — SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN.');
  }
  if (parsed.data.SMS_PROVIDER === 'telnyx' && !parsed.data.TELNYX_API_KEY) {
    throw new ConfigError('Invalid configuration — SMS_PROVIDER=telnyx needs TELNYX_API_KEY.');
  }
  if (parsed.data.NODE_ENV === 'production' && parsed.data.OUTBOUND_TEST_PRIVATE_ADDRESSES.length > 0) {
    throw new ConfigError('Invalid configuration — OUTBOUND_TEST_PRIVATE_ADDRESSES is for tests only and is refused in production.');
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}

export class ConfigError extends Error {}
