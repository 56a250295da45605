/**
 * A number to show as an example in a country's forms, written as people there write it: one of
 * the ranges kept for fiction (Ofcom's 020 7946 0xxx, the US and Canada's 555-01xx), so nobody's
 * phone rings, and one the form accepts (a valid number for `toE164`). Plain text, with no phone
 * library: the patient pages show it without loading libphonenumber (decision 045).
 * `phone-example.test.ts` checks each against the one phone formatter and the parser. Null for a
 * country the product has no example for: say the rule without one.
 */
const EXAMPLES: Readonly<Record<string, string>> = {
  US: '(860) 555-0100',
  CA: '(613) 555-0100',
  GB: '020 7946 0123',
};

export function examplePhoneNumber(country: string | null | undefined): string | null {
  return EXAMPLES[(country ?? '').toUpperCase()] ?? null;
}

/** The countries with an example (for the test that keeps them true). */
export const EXAMPLE_PHONE_COUNTRIES = Object.keys(EXAMPLES);
