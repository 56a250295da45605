import { describe, expect, it } from 'vitest';
import { mayReceiveTexts } from './textable';

describe('mayReceiveTexts', () => {
  it('takes mobiles and numbers that may be mobiles, not landlines, toll-free numbers or nonsense', () => {
    expect(mayReceiveTexts('+18605552001')).toBe(true); // North America: fixed line or mobile
    expect(mayReceiveTexts('+447400123456')).toBe(true); // UK mobile
    expect(mayReceiveTexts('+442079460000')).toBe(false); // UK landline
    expect(mayReceiveTexts('+18005550100')).toBe(false); // toll-free
    expect(mayReceiveTexts('+1555')).toBe(false);
    expect(mayReceiveTexts(null)).toBe(false);
    expect(mayReceiveTexts('')).toBe(false);
  });
});
