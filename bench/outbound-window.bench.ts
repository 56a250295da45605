import { calleeZones, nextCallTime } from '../src/domain/outbound/calling-window.js';
import type { Figure } from './support.js';

const CONTACTS = 100_000;
const ZONES = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Phoenix', 'America/Los_Angeles', 'Pacific/Honolulu', 'Europe/London', 'Europe/Berlin', 'Asia/Tokyo', 'Australia/Sydney', null];

/**
 * Issue 16 §5: the calling-window computation for 100,000 contacts across time zones — each
 * contact's zones (its own, or from the number: a US number without one keeps every US zone) and
 * the next instant it may be rung under a weekday 09:00–17:00 campaign window, from a Friday
 * evening (most contacts wait for Monday).
 *
 * @measures the calling-window computation for 100,000 contacts across time zones
 * @takes a few seconds
 */
export default async function outboundWindow(): Promise<Figure[]> {
  const window = { start: '09:00', end: '17:00', days: [1, 2, 3, 4, 5] };
  const at = Date.parse('2026-03-06T23:30:00Z');
  const contacts = Array.from({ length: CONTACTS }, (_, i) => ({ timeZone: ZONES[i % ZONES.length]!, phone: i % 2 ? `+1860555${String(i % 10_000).padStart(4, '0')}` : `+4420794${String(i % 100_000).padStart(5, '0')}` }));
  // Warm-up: compiled hours are cached per content, as in the dispatcher.
  for (let i = 0; i < 1000; i++) nextCallTime(calleeZones(contacts[i]!, 'America/New_York').zones, window, at);
  const started = performance.now();
  let waiting = 0;
  for (const c of contacts) {
    const next = nextCallTime(calleeZones(c, 'America/New_York').zones, window, at);
    if (next !== at) waiting++;
  }
  const seconds = (performance.now() - started) / 1000;
  return [
    { name: 'calling window, 100,000 contacts across zones', value: Number(seconds.toFixed(3)), unit: 's', contacts: CONTACTS, perSecond: Math.round(CONTACTS / seconds), waitingForWindow: waiting },
  ];
}
