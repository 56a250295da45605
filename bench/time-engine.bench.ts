import { describeStatus, isOpen, nextChange, onDuty, type Hours, type Schedule } from '../src/domain/time/index.js';
import type { Figure } from './support.js';

/**
 * The pure time engine: how many `isOpen` and `onDuty` evaluations a second one core does, on
 * realistic hours (split weekdays, an overnight line, holidays) and a realistic rota (shifts by
 * precedence, an overnight shift, cover), in zones with daylight-saving changes.
 *
 * @measures isOpen and onDuty evaluations per second of the pure time engine
 * @takes a few seconds
 */

const YEAR_MS = 365 * 86_400_000;
const START = Date.parse('2026-01-01T00:00:00Z');

const HOURS: Hours[] = [
  {
    timeZone: 'America/New_York',
    weekly: [1, 2, 3, 4, 5].flatMap((day) => [
      { day, start: '08:00', end: '12:00' },
      { day, start: '13:00', end: '17:00' },
    ]),
    overrides: [
      { from: '2026-11-26', to: '2026-11-27', label: 'Thanksgiving', closed: true, intervals: [] },
      { from: '2026-12-24', to: '2026-12-24', label: 'Christmas Eve', closed: false, intervals: [{ start: '08:00', end: '12:00' }] },
      { from: '2026-12-25', to: '2026-12-25', label: 'Christmas', closed: true, intervals: [] },
    ],
  },
  {
    timeZone: 'America/Los_Angeles',
    weekly: [...[1, 2, 3, 4, 5].map((day) => ({ day, start: '08:00', end: '18:00' })), ...[1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: '21:00', end: '07:00' }))],
    overrides: [],
  },
  {
    timeZone: 'Europe/London',
    weekly: [1, 2, 3, 4, 5].map((day) => ({ day, start: '08:00', end: '18:30' })),
    overrides: [{ from: '2026-08-03', to: '2026-08-14', label: 'Summer closure', closed: true, intervals: [] }],
  },
];

const SCHEDULE: Schedule = {
  timeZone: 'America/New_York',
  shifts: [
    { id: 'a', assignee: { type: 'user', userId: 'dana' }, days: [1, 2, 3], start: '08:00', end: '17:00', precedence: 0 },
    { id: 'b', assignee: { type: 'user', userId: 'lee' }, days: [4, 5], start: '08:00', end: '17:00', precedence: 0 },
    { id: 'c', assignee: { type: 'user', userId: 'alex' }, days: [1, 2, 3, 4, 5], start: '08:00', end: '17:00', precedence: 1 },
    { id: 'd', assignee: { type: 'phone', phone: '+18605550142' }, days: [1, 2, 3, 4, 5, 6, 7], start: '17:00', end: '08:00', precedence: 0 },
  ],
  overrides: [
    { id: 'o1', assignee: { type: 'user', userId: 'dana' }, replacesAssignee: { type: 'user', userId: 'lee' }, from: '2026-06-05T17:00', to: '2026-06-08T08:00' },
    { id: 'o2', assignee: { type: 'user', userId: 'alex' }, from: '2026-12-24T08:00', to: '2026-12-24T12:00' },
  ],
};

/** A deterministic spread of instants (LCG), so runs compare. */
function instants(n: number, spanMs: number, seed = 42): number[] {
  const out: number[] = [];
  let x = seed;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    out.push(START + Math.floor((x / 2 ** 31) * spanMs));
  }
  return out;
}

function perSecond(run: () => number, minMs = 1000): number {
  run(); // warm-up (compiles, fills the engine's caches)
  let calls = 0;
  const started = performance.now();
  while (performance.now() - started < minMs) calls += run();
  return Math.round(calls / ((performance.now() - started) / 1000));
}

export default async function timeEngine(): Promise<Figure[]> {
  const yearly = instants(20_000, YEAR_MS);
  // Requests about "now": instants within one day, the common case for open-now and routing.
  const daily = instants(20_000, 86_400_000, 7).map((ms) => ms + 200 * 86_400_000);
  let sink = 0;
  const isOpenYear = perSecond(() => {
    for (const h of HOURS) for (const ms of yearly) sink += isOpen(h, ms) ? 1 : 0;
    return HOURS.length * yearly.length;
  });
  const isOpenDay = perSecond(() => {
    for (const h of HOURS) for (const ms of daily) sink += isOpen(h, ms) ? 1 : 0;
    return HOURS.length * daily.length;
  });
  const nextChangeYear = perSecond(() => {
    for (const h of HOURS) for (const ms of yearly.slice(0, 2000)) sink += nextChange(h, ms) ? 1 : 0;
    return HOURS.length * 2000;
  });
  const onDutyYear = perSecond(() => {
    for (const ms of yearly) sink += onDuty(SCHEDULE, ms).length;
    return yearly.length;
  });
  const onDutyDay = perSecond(() => {
    for (const ms of daily) sink += onDuty(SCHEDULE, ms).length;
    return daily.length;
  });
  const describe = perSecond(() => {
    for (const ms of daily.slice(0, 500)) sink += describeStatus(HOURS[0]!, ms).text.length;
    return 500;
  });
  if (sink < 0) throw new Error('unreachable');
  return [
    { name: 'isOpen_random_instants_in_a_year', value: isOpenYear, unit: 'evaluations/s' },
    { name: 'isOpen_instants_within_a_day', value: isOpenDay, unit: 'evaluations/s' },
    { name: 'nextChange_random_instants_in_a_year', value: nextChangeYear, unit: 'evaluations/s' },
    { name: 'onDuty_random_instants_in_a_year', value: onDutyYear, unit: 'evaluations/s' },
    { name: 'onDuty_instants_within_a_day', value: onDutyDay, unit: 'evaluations/s' },
    { name: 'describeStatus', value: describe, unit: 'evaluations/s' },
  ];
}
