import { describe, expect, it } from 'vitest';
import { formatPostalAddress } from './address.js';

describe('formatPostalAddress', () => {
  it('one line, region and postal code together', () => {
    expect(formatPostalAddress({ line1: '1 Main Street', city: 'Hartford', region: 'CT', postalCode: '06103', country: 'US' })).toBe('1 Main Street, Hartford, CT 06103');
  });
  it('leaves out missing or blank parts, and answers null for no address', () => {
    expect(formatPostalAddress({ line1: ' 10 Downing St ', city: 'London', region: '', postalCode: 'SW1A 2AA' })).toBe('10 Downing St, London, SW1A 2AA');
    expect(formatPostalAddress({})).toBeNull();
    expect(formatPostalAddress(null)).toBeNull();
  });
});
