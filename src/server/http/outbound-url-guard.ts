import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * The one gate for requests the server makes to addresses it was told (recording URLs from the
 * telephony provider's callbacks; webhook endpoints later): only named hosts, only https, and
 * never an address inside our network — checked on the address actually connected to (after DNS,
 * so a name that resolves to 127.0.0.1 or 169.254.169.254 is refused), and again on every
 * redirect, which is followed only as far as this gate allows.
 */
export interface OutboundPolicy {
  /** Host names (or IP literals) that may be asked, lowercase; exact matches only. `any`: every public host (webhook endpoints). */
  allowedHosts: readonly string[] | 'any';
  /**
   * Test builds only (config refuses it in production): these private addresses may be reached,
   * and plain http is allowed, so a test can stand a server on loopback.
   */
  testPrivateAddresses?: readonly string[];
}

export class OutboundUrlRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboundUrlRefused';
  }
}

/** Loopback, private, link-local (cloud metadata: 169.254.169.254, fd00:ec2::254), shared, multicast and reserved ranges. */
const NOT_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) NOT_PUBLIC.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128], ['::1', 128], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['100::', 64], ['2001::', 32], ['2001:db8::', 32],
  ['2002::', 16], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) NOT_PUBLIC.addSubnet(net, prefix, 'ipv6');

/** Whether `address` is an ordinary public unicast address (IPv4-mapped IPv6 judged as the IPv4 inside). */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address;
  const family = isIP(ip);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

function addressAllowed(address: string, policy: OutboundPolicy): boolean {
  return policy.testPrivateAddresses?.includes(address) === true || isPublicAddress(address);
}

/** The checks that need no network: scheme, no credentials, host on the allow-list, and an IP literal's range. */
export function checkOutboundUrl(raw: string | URL, policy: OutboundPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundUrlRefused('it is not a valid web address');
  }
  const testing = (policy.testPrivateAddresses?.length ?? 0) > 0;
  if (url.protocol !== 'https:' && !(testing && url.protocol === 'http:')) throw new OutboundUrlRefused('only https addresses are fetched');
  if (url.username || url.password) throw new OutboundUrlRefused('addresses with credentials are not fetched');
  const host = hostOf(url);
  if (policy.allowedHosts !== 'any' && !policy.allowedHosts.includes(host)) throw new OutboundUrlRefused(`${host} is not an allowed host`);
  if (isIP(host) && !addressAllowed(host, policy)) throw new OutboundUrlRefused(`${host} is a private or reserved address`);
  return url;
}

function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
}

/** A DNS lookup for the connection itself that refuses a name resolving to any address the policy refuses. */
function guardedLookup(policy: OutboundPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const refused = addresses.find((a) => !addressAllowed(a.address, policy));
      if (refused) return callback(new OutboundUrlRefused(`${hostname} resolves to a private or reserved address (${refused.address})`), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      const first = addresses[0];
      if (!first) return callback(new OutboundUrlRefused(`${hostname} has no address`), '', 0);
      callback(null, first.address, first.family);
    });
  };
}

export interface GuardedResponse {
  url: URL;
  status: number;
  headers: http.IncomingHttpHeaders;
  body: http.IncomingMessage;
}

/**
 * GET through the gate. Redirects are followed (at most `maxRedirects`) only to addresses the
 * gate allows, and `authorization` is only ever sent to the first host. `idleTimeoutMs` ends a
 * connection that sends nothing for that long.
 */
export async function guardedGet(
  raw: string,
  policy: OutboundPolicy,
  opts: { headers?: Record<string, string>; idleTimeoutMs?: number; maxRedirects?: number } = {},
): Promise<GuardedResponse> {
  let url = checkOutboundUrl(raw, policy);
  const firstHost = url.host;
  for (let hop = 0; ; hop++) {
    const headers = { ...opts.headers };
    if (url.host !== firstHost) delete headers.authorization;
    const response = await request(url, headers, policy, opts.idleTimeoutMs ?? 10_000);
    const location = response.headers.location;
    if (response.statusCode && response.statusCode >= 300 && response.statusCode < 400 && location) {
      response.resume();
      if (hop >= (opts.maxRedirects ?? 3)) throw new OutboundUrlRefused('it redirected too many times');
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        throw new OutboundUrlRefused('it redirected to an invalid address');
      }
      url = checkOutboundUrl(next, policy);
      continue;
    }
    return { url, status: response.statusCode ?? 0, headers: response.headers, body: response };
  }
}

function request(url: URL, headers: Record<string, string>, policy: OutboundPolicy, idleTimeoutMs: number): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(url, { method: 'GET', headers, lookup: guardedLookup(policy), agent: false }, resolve);
    req.setTimeout(idleTimeoutMs, () => req.destroy(Object.assign(new Error('timed out'), { name: 'TimeoutError' })));
    req.on('error', reject);
    req.end();
  });
}

/**
 * The check at save time of an address we will send to later (webhook endpoints): the URL's own
 * checks, then every address its name resolves to now. Sending checks again, on the address
 * connected to (a name may change what it resolves to).
 */
export async function checkOutboundUrlResolves(raw: string, policy: OutboundPolicy): Promise<URL> {
  const url = checkOutboundUrl(raw, policy);
  const host = hostOf(url);
  if (isIP(host)) return url;
  let addresses: dns.LookupAddress[];
  try {
    addresses = await dns.promises.lookup(host, { all: true });
  } catch {
    throw new OutboundUrlRefused(`${host} could not be resolved`);
  }
  const refused = addresses.find((a) => !addressAllowed(a.address, policy));
  if (refused) throw new OutboundUrlRefused(`${host} resolves to a private or reserved address (${refused.address})`);
  return url;
}

export interface PostResult {
  status: number;
  /** The first `maxBodyBytes` of the answer, as text. */
  body: string;
}

/**
 * POST through the gate: no redirect is followed (a 3xx is the answer), the connection's own
 * lookup refuses private addresses, and the whole exchange ends after `timeoutMs`.
 */
export function guardedPost(
  raw: string,
  policy: OutboundPolicy,
  body: string,
  opts: { headers: Record<string, string>; timeoutMs: number; maxBodyBytes: number },
): Promise<PostResult> {
  const url = checkOutboundUrl(raw, policy);
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      { method: 'POST', headers: { ...opts.headers, 'content-length': String(Buffer.byteLength(body)) }, lookup: guardedLookup(policy), agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < opts.maxBodyBytes) chunks.push(chunk.subarray(0, opts.maxBodyBytes - size));
          size += chunk.length;
        });
        res.on('end', () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
        });
        res.on('error', reject);
      },
    );
    const timer = setTimeout(() => req.destroy(Object.assign(new Error(`no answer within ${opts.timeoutMs} ms`), { name: 'TimeoutError' })), opts.timeoutMs);
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.end(body);
  });
}
