import { describe, expect, it } from 'vitest';
import { countableUntil, locateInDays, nextDay, planLogRanges } from './log-pages.ts';

const COUNTED = '2026-11-20T00:00:00.000Z';

describe('planLogRanges', () => {
  it('counts on the index only what follows the counted days, for the whole log', () => {
    expect(planLogRanges({}, COUNTED)).toEqual({
      top: { from: COUNTED, before: undefined },
      counted: { fromDay: undefined, toDay: '2026-11-20', from: undefined, before: COUNTED },
    });
  });

  it('counts the part days at both ends of a period on the index, and the whole days between from the counts', () => {
    expect(planLogRanges({ from: '2026-11-10T09:30:00.000Z', before: '2026-11-15T17:00:00.000Z' }, COUNTED)).toEqual({
      top: { from: '2026-11-15T00:00:00.000Z', before: '2026-11-15T17:00:00.000Z' },
      counted: {
        fromDay: '2026-11-11',
        toDay: '2026-11-15',
        from: '2026-11-11T00:00:00.000Z',
        before: '2026-11-15T00:00:00.000Z',
      },
      bottom: { from: '2026-11-10T09:30:00.000Z', before: '2026-11-11T00:00:00.000Z' },
    });
  });

  it('takes a period of whole days from the counts alone', () => {
    expect(planLogRanges({ from: '2026-11-10T00:00:00.000Z', before: '2026-11-12T00:00:00.000Z' }, COUNTED)).toEqual({
      top: { from: '2026-11-12T00:00:00.000Z', before: '2026-11-12T00:00:00.000Z' },
      counted: {
        fromDay: '2026-11-10',
        toDay: '2026-11-12',
        from: '2026-11-10T00:00:00.000Z',
        before: '2026-11-12T00:00:00.000Z',
      },
    });
  });

  it('counts a period without a whole counted day on the index', () => {
    const withinADay = { from: '2026-11-14T08:00:00.000Z', before: '2026-11-14T18:00:00.000Z' };
    expect(planLogRanges(withinADay, COUNTED)).toEqual({ top: withinADay });
    const afterCounted = { from: '2026-11-20T08:00:00.000Z' };
    expect(planLogRanges(afterCounted, COUNTED)).toEqual({ top: afterCounted });
  });

  it('stops the counted days where counting stopped, whatever the period says', () => {
    expect(planLogRanges({ before: '2026-12-31T00:00:00.000Z' }, COUNTED).counted?.toDay).toBe('2026-11-20');
  });
});

describe('locateInDays', () => {
  const days = [
    { day: '2026-11-19', entries: 10 },
    { day: '2026-11-17', entries: 5 },
  ];

  it('finds the day of an offset, newest day first, and the offset within it', () => {
    expect(locateInDays(days, 0)).toEqual({ before: '2026-11-20T00:00:00.000Z', offset: 0 });
    expect(locateInDays(days, 9)).toEqual({ before: '2026-11-20T00:00:00.000Z', offset: 9 });
    expect(locateInDays(days, 10)).toEqual({ before: '2026-11-18T00:00:00.000Z', offset: 0 });
    expect(locateInDays(days, 14)).toEqual({ before: '2026-11-18T00:00:00.000Z', offset: 4 });
    expect(locateInDays(days, 15)).toBeNull();
  });
});

describe('days', () => {
  it('counts a day an hour after it ends, so no transaction can still write into it', () => {
    expect(countableUntil(new Date('2026-11-20T00:59:59.000Z'))).toBe('2026-11-19T00:00:00.000Z');
    expect(countableUntil(new Date('2026-11-20T01:00:00.000Z'))).toBe('2026-11-20T00:00:00.000Z');
  });

  it('crosses months and years', () => {
    expect(nextDay('2026-02-28')).toBe('2026-03-01');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });
});
