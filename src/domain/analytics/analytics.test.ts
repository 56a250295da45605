import { describe, expect, it } from 'vitest';
import { bucketKey, displayBuckets, hourBucketStart, hourOfWeek, presetRange, previousRange } from './buckets.js';
import { nearestRank, percentilesOf } from './figures.js';
import { businessSeconds, computeFromRaw, handoffDurations, type RawCall } from './reference.js';
import type { Hours } from '../time/hours.schema.js';

const NY = 'America/New_York';
const ms = (iso: string) => Date.parse(iso);
const weekdays9to5: Hours = { timeZone: NY, weekly: [1, 2, 3, 4, 5].map((day) => ({ day, start: '09:00', end: '17:00' })), overrides: [] };

describe('buckets', () => {
  it('a DST week has a 25-hour day that is still one day, and its two 01:00 hours stay apart', () => {
    // 2026-11-01: New York falls back at 02:00 EDT to 01:00 EST.
    const days = displayBuckets({ from: '2026-10-26', to: '2026-11-01' }, NY, 'day');
    expect(days.map((d) => d.key)).toEqual(['2026-10-26', '2026-10-27', '2026-10-28', '2026-10-29', '2026-10-30', '2026-10-31', '2026-11-01']);
    const last = days.at(-1)!;
    expect(Date.parse(last.end) - Date.parse(last.start)).toBe(25 * 3_600_000);
    const hours = displayBuckets({ from: '2026-11-01', to: '2026-11-01' }, NY, 'hour');
    expect(hours).toHaveLength(25);
    expect(hours.filter((h) => h.label.startsWith('2026-11-01 01:00'))).toHaveLength(2);
    expect(hourBucketStart(ms('2026-11-01T05:30:00Z'), NY)).toBe(ms('2026-11-01T05:00:00Z'));
    expect(hourBucketStart(ms('2026-11-01T06:30:00Z'), NY)).toBe(ms('2026-11-01T06:00:00Z'));
    // The spring day has 23 hours.
    const spring = displayBuckets({ from: '2026-03-08', to: '2026-03-08' }, NY, 'hour');
    expect(spring).toHaveLength(23);
  });

  it('weeks start on Monday and months on the 1st, in the zone; a half-hour zone keeps its own hours', () => {
    expect(bucketKey(ms('2026-11-01T03:00:00Z'), NY, 'week')).toBe('2026-10-26'); // Sat 23:00 local
    expect(bucketKey(ms('2026-11-01T03:00:00Z'), NY, 'month')).toBe('2026-10-01');
    expect(bucketKey(ms('2026-11-01T05:00:00Z'), NY, 'month')).toBe('2026-11-01');
    expect(new Date(hourBucketStart(ms('2026-03-02T10:10:00Z'), 'Asia/Kolkata')).toISOString()).toBe('2026-03-02T09:30:00.000Z');
    expect(hourOfWeek(ms('2026-03-02T14:05:00Z'), NY)).toEqual({ weekday: 1, hour: 9 });
  });

  it('presets and the previous period of the same length', () => {
    expect(presetRange('7d', '2026-03-10')).toEqual({ from: '2026-03-04', to: '2026-03-10' });
    expect(presetRange('month', '2026-03-10')).toEqual({ from: '2026-03-01', to: '2026-03-10' });
    expect(previousRange({ from: '2026-03-01', to: '2026-03-10' })).toEqual({ from: '2026-02-19', to: '2026-02-28' });
  });
});

describe('figures', () => {
  it('percentiles are nearest-rank', () => {
    expect(nearestRank([], 0.5)).toBeNull();
    expect(nearestRank([1, 2, 3, 4], 0.5)).toBe(2);
    expect(nearestRank([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.9)).toBe(9);
    expect(percentilesOf([30, 10, 20])).toEqual({ median: 20, p90: 30, count: 3 });
  });

  it('a handoff left at closing and claimed at the next opening took no business time', () => {
    // Tue 16:50 EST → Wed 09:20 EST: 10 + 20 business minutes, 16 h 30 min on the clock.
    const d = handoffDurations({ status: 'resolved', createdAt: ms('2026-03-03T21:50:00Z'), claimedAt: ms('2026-03-04T14:20:00Z'), resolvedAt: ms('2026-03-04T15:20:00Z') }, weekdays9to5);
    expect(d).toEqual({ claim: 59_400, resolve: 63_000, claimBusiness: 1_800, resolveBusiness: 5_400 });
    expect(businessSeconds(weekdays9to5, ms('2026-03-06T22:00:00Z'), ms('2026-03-09T12:59:00Z'))).toBe(0); // Fri after closing → Mon 08:59 EDT, across the spring change
    expect(handoffDurations({ status: 'canceled', createdAt: 0, claimedAt: null, resolvedAt: 1000 }, weekdays9to5).resolve).toBeNull();
  });

  it('counts a hand-made week: answered, containment, handoff rate, handle time, outbound connect and voicemail', () => {
    const call = (c: Partial<RawCall>): RawCall => ({ organizationId: 'o', direction: 'inbound', status: 'completed', outcome: 'question_answered', startedAt: ms('2026-03-02T15:00:00Z'), durationSeconds: 100, handoffCount: 0, callerSpoke: true, ...c });
    const out = computeFromRaw(
      {
        calls: [
          call({}),
          call({ durationSeconds: 300, handoffCount: 2 }),
          call({ status: 'no_answer', outcome: null }),
          call({ direction: 'outbound', outcome: 'voicemail' }),
          call({ direction: 'outbound', outcome: 'appointment_requested' }),
          call({ direction: 'outbound', status: 'busy', outcome: null }),
          call({ startedAt: ms('2026-03-09T15:00:00Z') }),
        ],
        handoffs: [],
        requests: [
          { organizationId: 'o', source: 'web', status: 'draft', createdAt: ms('2026-03-03T15:00:00Z'), submittedAt: null },
          { organizationId: 'o', source: 'web', status: 'scheduled', createdAt: ms('2026-03-03T15:00:00Z'), submittedAt: ms('2026-03-03T15:10:00Z') },
          { organizationId: 'o', source: 'phone', status: 'submitted', createdAt: ms('2026-03-03T15:00:00Z'), submittedAt: ms('2026-03-03T15:00:00Z') },
        ],
        doNotCall: [{ organizationId: 'o', createdAt: ms('2026-03-04T15:00:00Z') }],
        organizations: new Map([['o', { timeZone: NY, hours: weekdays9to5 }]]),
      },
      { range: { from: '2026-03-02', to: '2026-03-08' }, zone: NY, granularity: 'day', directions: ['inbound', 'outbound'] },
    );
    const f = out.totals;
    expect(f).toMatchObject({ inboundCalls: 3, outboundCalls: 3, answered: 2, contained: 1, handedOff: 1, containmentRate: 0.5, handoffRate: 0.5, averageHandleSeconds: 200 });
    expect(f).toMatchObject({ outboundConnected: 1, outboundVoicemail: 1, outboundConnectRate: 1 / 3, voicemailRate: 1 / 3, doNotCallAdditions: 1 });
    expect(f.funnel.web).toEqual({ started: 2, submitted: 1, scheduled: 1 });
    expect(f.funnel.all).toEqual({ started: 3, submitted: 2, scheduled: 1 });
    expect(out.series[0]!.figures.inboundCalls).toBe(3);
    expect(out.heatmap[0]![10]).toBe(6);
  });
});
