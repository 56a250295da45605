import querystring from 'node:querystring';

/**
 * The form bodies the providers post, parsed as @fastify/formbody does, with the exact text
 * kept beside the fields: Telnyx signs the raw body (Twilio signs the fields), and the
 * signature is checked before validation replaces the parsed object.
 */
const RAW = Symbol('raw form body');

export const providerFormBody = {
  bodyLimit: 256 * 1024,
  parser: (text: string) => Object.defineProperty({ ...querystring.parse(text) }, RAW, { value: text, enumerable: false }),
};

/** The raw form text of a body parsed by providerFormBody ('' when there was none). */
export function rawFormBody(body: unknown): string {
  return body && typeof body === 'object' && RAW in body ? String((body as Record<symbol, unknown>)[RAW]) : '';
}
