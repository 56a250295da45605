import { describe, expect, it } from 'vitest';
import { coverageGaps, dutyState, markRequired } from './required-coverage.js';

const H = 3_600_000;

describe('markRequired', () => {
  // A day 0–24 h; the office is open 8–18; Ann is on duty 8–12, nobody 12–24.
  const segments = [
    { start: 0, end: 8 * H, onDuty: [] as string[] },
    { start: 8 * H, end: 12 * H, onDuty: ['ann'] },
    { start: 12 * H, end: 24 * H, onDuty: [] as string[] },
  ];
  const open = [{ start: 8 * H, end: 18 * H }];

  it('an office schedule must cover office hours only: the closed night is no gap', () => {
    const marked = markRequired(segments, open, 'office_hours');
    expect(marked.map((s) => [s.start / H, s.end / H, s.required])).toEqual([
      [0, 8, false],
      [8, 12, true],
      [12, 18, true],
      [18, 24, false],
    ]);
    expect(coverageGaps(marked)).toEqual({ count: 1, minutes: 6 * 60 });
  });

  it('after-hours coverage must cover the closed hours', () => {
    const marked = markRequired(segments, open, 'after_hours');
    expect(coverageGaps(marked)).toEqual({ count: 2, minutes: (8 + 6) * 60 });
    expect(marked.filter((s) => s.required).map((s) => [s.start / H, s.end / H])).toEqual([
      [0, 8],
      [18, 24],
    ]);
  });

  it('a practice closed all day needs no office cover at all', () => {
    expect(coverageGaps(markRequired(segments, [], 'office_hours'))).toEqual({ count: 0, minutes: 0 });
  });

  it('on a holiday (closed all day) an office rota puts nobody on duty: one closed stretch, no gap', () => {
    const marked = markRequired(segments, [], 'office_hours');
    expect(marked).toEqual([{ start: 0, end: 24 * H, onDuty: [], required: false }]);
  });

  it('an office rota is off duty when the office closes early; after-hours cover is not clipped', () => {
    const early = [{ start: 8 * H, end: 10 * H }];
    expect(markRequired(segments, early, 'office_hours').map((s) => [s.start / H, s.end / H, s.onDuty, s.required])).toEqual([
      [0, 8, [], false],
      [8, 10, ['ann'], true],
      [10, 24, [], false],
    ]);
    expect(markRequired(segments, [], 'after_hours').find((s) => s.start === 8 * H)?.onDuty).toEqual(['ann']);
  });

  it('adjacent empty required segments are one gap', () => {
    const marked = markRequired([{ start: 0, end: 5 * H, onDuty: [] }, { start: 5 * H, end: 9 * H, onDuty: [] }], [{ start: 0, end: 9 * H }], 'office_hours');
    expect(coverageGaps(marked)).toEqual({ count: 1, minutes: 9 * 60 });
  });
});

describe('dutyState', () => {
  it('a closed office is no gap for its rota; an open one is none for after-hours cover', () => {
    expect(dutyState(1, 'office_hours', false)).toBe('on_duty');
    expect(dutyState(0, 'office_hours', true)).toBe('gap');
    expect(dutyState(0, 'office_hours', false)).toBe('office_closed');
    expect(dutyState(0, 'after_hours', true)).toBe('office_open');
    expect(dutyState(0, 'after_hours', false)).toBe('gap');
  });
});
