/** Letters and digits of reference codes: no 0/O, 1/I/L, 5/S, 2/Z, so they are easy to read out on the phone and to type. */
export const REFERENCE_CODE_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY346789';

/** A code as a person typed or said it ("k7m 4qxr") in its stored form (`K7M-4QXR`). */
export function normalizeReferenceCode(input: string): string {
  const raw = input.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return raw.length === 7 ? `${raw.slice(0, 3)}-${raw.slice(3)}` : raw;
}
