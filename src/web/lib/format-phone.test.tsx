import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatPhone, viewerCountry } from './format-phone';

describe('formatPhone (every staff screen)', () => {
  afterEach(() => vi.unstubAllGlobals());
  it('reads the viewer’s country from the browser language', () => {
    vi.stubGlobal('navigator', { language: 'en-GB' });
    expect(viewerCountry()).toBe('GB');
    expect(formatPhone('+442079460000')).toBe('020 7946 0000');
    expect(formatPhone('+18605550142')).toBe('+1 860 555 0142');
  });
  it('the practice’s country when the screen knows it', () => {
    expect(formatPhone('+18605550142', 'US')).toBe('(860) 555-0142');
    expect(formatPhone('+442079460000', 'US')).toBe('+44 20 7946 0000');
  });
});
