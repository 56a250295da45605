import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id at OWASP's recommended floor (m = 19 MiB, t = 2, p = 1); better-auth's default
 * scrypt settings sit below ASVS 5.0 11.4.2.
 */
// Algorithm 2 = Argon2id (the package's const enum cannot be imported under isolatedModules).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(input: { hash: string; password: string }): Promise<boolean> {
  try {
    return await verify(input.hash, input.password);
  } catch {
    return false;
  }
}
