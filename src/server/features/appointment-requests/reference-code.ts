import { randomInt } from 'node:crypto';

/** No 0/O, 1/I/L, 5/S, 2/Z: easy to read out on the phone and to type. */
const ALPHABET = 'ACDEFGHJKMNPQRTUVWXY346789';

/** e.g. `K7M-4QXR`: 26^7 ≈ 8 billion codes; uniqueness is enforced by the database. */
export function newReferenceCode(): string {
  let code = '';
  for (let i = 0; i < 7; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${code.slice(0, 3)}-${code.slice(3)}`;
}

export function normalizeReferenceCode(input: string): string {
  const raw = input.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return raw.length === 7 ? `${raw.slice(0, 3)}-${raw.slice(3)}` : raw;
}
