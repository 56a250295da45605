import type { TestApp } from './test-app.js';

type InjectResponse = Awaited<ReturnType<TestApp['inject']>>;

/** Turns a response's Set-Cookie headers into a `cookie` request header (name=value; …). */
export function cookiesFrom(res: InjectResponse, previous = ''): string {
  const jar = new Map<string, string>();
  for (const part of previous.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k) jar.set(k, v.join('='));
  }
  const raw = res.headers['set-cookie'];
  const lines = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  for (const line of lines) {
    const [pair, ...attrs] = line.split(';');
    const [name, ...value] = pair!.trim().split('=');
    const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a));
    if (!name) continue;
    if (expired || value.join('=') === '') jar.delete(name);
    else jar.set(name, value.join('='));
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

export function login(app: TestApp, email: string, password: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: '/api/session/login', payload: { email, password }, headers });
}

/**
 * Signs in with email and password and answers the `cookie` header to send with later
 * requests (`headers: { cookie }`). Fails loudly when the sign-in does not succeed.
 */
export async function signIn(app: TestApp, email: string, password: string): Promise<string> {
  const res = await login(app, email, password);
  if (res.statusCode !== 200 || !res.json().user) {
    throw new Error(`Sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
  }
  const cookie = cookiesFrom(res);
  if (!cookie.includes('sb.session_token')) throw new Error(`Sign-in of ${email} set no session cookie`);
  return cookie;
}

/** The error envelope's code, for terse assertions. */
export function errorCode(res: InjectResponse): string | undefined {
  try {
    return (res.json() as { error?: { code?: string } }).error?.code;
  } catch {
    return undefined;
  }
}
