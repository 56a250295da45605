import { describe, expect, it } from 'vitest';
import { coverageGaps, markRequired } from './required-coverage.js';

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

  it('adjacent empty required segments are one gap', () => {
    const marked = markRequired([{ start: 0, end: 5 * H, onDuty: [] }, { start: 5 * H, end: 9 * H, onDuty: [] }], [{ start: 0, end: 9 * H }], 'office_hours');
    expect(coverageGaps(marked)).toEqual({ count: 1, minutes: 9 * 60 });
  });
});
