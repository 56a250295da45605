/**
 * A browser's user-agent string in plain words: "Chrome on Windows", "Safari on iPhone".
 * Good enough to recognise one's own devices; not meant for analytics.
 */

export interface DeviceDescription {
  /** "Chrome on Windows", or "Unknown device". */
  label: string;
  kind: 'phone' | 'tablet' | 'computer' | 'other';
}

const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|Chrome\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bcurl\//i, 'curl'],
  [/\bnode(?:-fetch)?\b|\bundici\b/i, 'a Node.js script'],
  [/\bPostmanRuntime\//, 'Postman'],
];

const SYSTEMS: Array<[RegExp, string, DeviceDescription['kind']]> = [
  [/\biPhone\b/, 'iPhone', 'phone'],
  [/\biPad\b/, 'iPad', 'tablet'],
  [/\bAndroid\b.*\bMobile\b/, 'Android phone', 'phone'],
  [/\bAndroid\b/, 'Android tablet', 'tablet'],
  [/\bCrOS\b/, 'ChromeOS', 'computer'],
  [/\bWindows\b/, 'Windows', 'computer'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS', 'computer'],
  [/\bLinux\b/, 'Linux', 'computer'],
];

export function describeUserAgent(userAgent: string | null | undefined): DeviceDescription {
  const ua = userAgent?.trim() ?? '';
  if (!ua) return { label: 'Unknown device', kind: 'other' };
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua));
  // Headless Chrome is still Chrome for the person reading this.
  if (browser && system) return { label: `${browser} on ${system[1]}`, kind: system[2] };
  if (browser) return { label: browser === 'curl' ? 'curl (command line)' : browser, kind: 'other' };
  if (system) return { label: `A browser on ${system[1]}`, kind: system[2] };
  return { label: 'Unknown device', kind: 'other' };
}
