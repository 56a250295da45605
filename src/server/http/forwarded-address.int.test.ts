import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadEnv } from '../config/env.js';
import { auditRows, cookiesFrom, createStaffUser, createTestApp, errorCode, TEST_ENV, type StaffUser, type TestAppHandle } from '../test-support/index.js';

/**
 * The client's address (rate limits, audit log, sessions list) comes from X-Forwarded-For only
 * when TRUST_PROXY names the proxy it came through; by default it is the socket's address.
 */

const signInFrom = (t: TestAppHandle, remoteAddress: string, forwardedFor: string | undefined, email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/session/login',
    remoteAddress,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    payload: { email, password },
  });

async function recordedAddresses(t: TestAppHandle, user: StaffUser, cookie: string) {
  const [audit] = await auditRows(t.db, 'auth.sign_in', user.id);
  const sessions = await t.app.inject({ url: '/api/profile/sessions', headers: { cookie } });
  expect(sessions.statusCode).toBe(200);
  const current = (sessions.json() as { items: { current: boolean; ipAddress: string | null }[] }).items.find((s) => s.current);
  return { audit: audit?.ipAddress, session: current?.ipAddress };
}

/** 20 sign-ins a minute per address (RATE_LIMIT_SCALE 1), each with a new forged X-Forwarded-For. */
async function statusesOfAttempts(t: TestAppHandle, remoteAddress: string, count: number, forwardedFor: (i: number) => string) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await signInFrom(t, remoteAddress, forwardedFor(i), `nobody-${remoteAddress}-${i}@example.test`, 'wrong-password-123');
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe('by default (TRUST_PROXY unset)', () => {
  let t: TestAppHandle;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '1' });
  });
  afterAll(() => t?.close());

  it('a forged X-Forwarded-For changes neither the audit log nor the sessions list', async () => {
    const u = await createStaffUser(t.ctx, { role: 'agent' });
    const res = await signInFrom(t, '198.51.100.10', '203.0.113.66', u.email, u.password);
    expect(res.statusCode).toBe(200);
    expect(await recordedAddresses(t, u, cookiesFrom(res))).toEqual({ audit: '198.51.100.10', session: '198.51.100.10' });
  });

  it('a new forged X-Forwarded-For per request does not escape the sign-in limit', async () => {
    const statuses = await statusesOfAttempts(t, '198.51.100.11', 22, (i) => `203.0.113.${i + 1}`);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses.slice(20)).toEqual([429, 429]);
  });
});

describe('TRUST_PROXY=1 (one proxy in front)', () => {
  let t: TestAppHandle;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '1', TRUST_PROXY: '1' });
  });
  afterAll(() => t?.close());

  it('the address the proxy forwards is the one recorded', async () => {
    const u = await createStaffUser(t.ctx, { role: 'agent' });
    // The client forged one address; the proxy appended the one it saw.
    const res = await signInFrom(t, '10.0.0.2', '192.0.2.99, 203.0.113.77', u.email, u.password);
    expect(res.statusCode).toBe(200);
    expect(await recordedAddresses(t, u, cookiesFrom(res))).toEqual({ audit: '203.0.113.77', session: '203.0.113.77' });
  });

  it('the sign-in limit counts each forwarded client on its own', async () => {
    const statuses = await statusesOfAttempts(t, '10.0.0.2', 21, () => '203.0.113.88');
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses[20]).toBe(429);
    // Another client behind the same proxy is not limited by the first one's attempts.
    const other = await signInFrom(t, '10.0.0.2', '203.0.113.89', 'nobody-else@example.test', 'wrong-password-123');
    expect(other.statusCode).toBe(401);
    expect(errorCode(other)).toBe('invalid_credentials');
  });
});

describe('TRUST_PROXY as a list of proxy addresses', () => {
  let t: TestAppHandle;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.1' });
  });
  afterAll(() => t?.close());

  it('believes X-Forwarded-For from a listed proxy and from no one else', async () => {
    const viaProxy = await createStaffUser(t.ctx, { role: 'agent' });
    const res = await signInFrom(t, '10.1.2.3', '203.0.113.5', viaProxy.email, viaProxy.password);
    expect(res.statusCode).toBe(200);
    expect(await recordedAddresses(t, viaProxy, cookiesFrom(res))).toEqual({ audit: '203.0.113.5', session: '203.0.113.5' });

    const direct = await createStaffUser(t.ctx, { role: 'agent' });
    const forged = await signInFrom(t, '198.51.100.20', '203.0.113.6', direct.email, direct.password);
    expect(forged.statusCode).toBe(200);
    expect(await recordedAddresses(t, direct, cookiesFrom(forged))).toEqual({ audit: '198.51.100.20', session: '198.51.100.20' });
  });
});

describe('the TRUST_PROXY setting', () => {
  const parse = (value: string | undefined) => loadEnv({ ...TEST_ENV, TRUST_PROXY: value } as NodeJS.ProcessEnv).TRUST_PROXY;

  it('is off unless set', () => {
    expect(parse(undefined)).toBe(false);
    expect(parse('')).toBe(false);
    expect(parse('0')).toBe(false);
  });

  it('takes a hop count or addresses, CIDRs and proxy-addr range names', () => {
    expect(parse('2')).toBe(2);
    expect(parse('10.0.0.1, 172.16.0.0/12,::1,fd00::/8,loopback')).toEqual(['10.0.0.1', '172.16.0.0/12', '::1', 'fd00::/8', 'loopback']);
  });

  it('refuses at start what would trust everyone or is not an address', () => {
    expect(() => parse('true')).toThrow(ConfigError);
    expect(() => parse('10.0.0.0/33')).toThrow(/not an address: "10.0.0.0\/33"/);
    expect(() => parse('0.0.0.0/0')).toThrow(ConfigError);
    expect(() => parse('proxy.internal')).toThrow(/TRUST_PROXY/);
  });
});
