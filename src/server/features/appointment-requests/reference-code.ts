import { randomInt } from 'node:crypto';
import { REFERENCE_CODE_ALPHABET } from '../../../domain/appointment-requests/reference-code.js';

/** e.g. `K7M-4QXR`: 26^7 ≈ 8 billion codes; uniqueness is enforced by the database. */
export function newReferenceCode(): string {
  let code = '';
  for (let i = 0; i < 7; i++) code += REFERENCE_CODE_ALPHABET[randomInt(REFERENCE_CODE_ALPHABET.length)];
  return `${code.slice(0, 3)}-${code.slice(3)}`;
}
