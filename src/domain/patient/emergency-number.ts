/**
 * The number to call in an emergency where the practice is (its address's country), as the
 * patient pages and patient texts name it.
 */
export function emergencyNumber(country: string | null | undefined): string {
  return country === 'GB' ? '999' : country === 'US' || country === 'CA' || !country ? '911' : '112';
}
