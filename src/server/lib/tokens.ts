import { createHash, randomBytes } from 'node:crypto';

/** Link tokens: 256 random bits to the user, only a SHA-256 in the database. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
