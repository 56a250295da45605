import { randomBytes } from 'node:crypto';

/** A short reference a user can read out over the phone; it finds the full report in the error log. */
export function newDigest(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(10);
  let out = '';
  for (const b of bytes) out += alphabet[b % alphabet.length];
  return `${out.slice(0, 5)}-${out.slice(5)}`;
}
