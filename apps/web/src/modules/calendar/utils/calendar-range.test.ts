import { describe, expect, it } from 'vitest';
import {
  coverFromCache,
  expectedVisibleRange,
  fetchChunks,
  isInMemoryWindow,
  memoryWindow,
  mergeActivities,
  type CachedRange,
  type DateRange,
} from '@/modules/calendar/utils/calendar-range';

/** Local dates (month 1–12), as the calendar's days are local. */
const day = (year: number, month: number, date: number, hour = 0) => new Date(year, month - 1, date, hour);
const range = (start: Date, end: Date): DateRange => ({ start, end });
const starts = (chunks: DateRange[]) => chunks.map((chunk) => chunk.start);

type Item = { id: string; start: string; end: string; updatedAt: string };
const item = (id: string, start: Date, end: Date, updatedAt = '2026-11-01T00:00:00.000Z'): Item => ({
  id,
  start: start.toISOString(),
  end: end.toISOString(),
  updatedAt,
});

describe('expectedVisibleRange', () => {
  it('gives a month view six weeks from the Monday on or before the first of the month', () => {
    expect(expectedVisibleRange('dayGridMonth', day(2026, 11, 18))).toEqual(range(day(2026, 10, 26), day(2026, 12, 7)));
    // June 2026 starts on a Monday: no day of May.
    expect(expectedVisibleRange('dayGridMonth', day(2026, 6, 30, 15))).toEqual(
      range(day(2026, 6, 1), day(2026, 7, 13)),
    );
  });

  it('gives a week view its Monday to the next, a day view its day', () => {
    expect(expectedVisibleRange('timeGridWeek', day(2026, 11, 29, 9))).toEqual(
      range(day(2026, 11, 23), day(2026, 11, 30)),
    );
    expect(expectedVisibleRange('timeGridDay', day(2026, 11, 29, 9))).toEqual(
      range(day(2026, 11, 29), day(2026, 11, 30)),
    );
  });

  it('spans a daylight-saving change in whole local days', () => {
    // 25 October 2026: Paris goes back an hour; the week still ends on the next Monday's midnight.
    expect(expectedVisibleRange('timeGridWeek', day(2026, 10, 25))).toEqual(
      range(day(2026, 10, 19), day(2026, 10, 26)),
    );
  });
});

describe('fetchChunks', () => {
  it('loads whole months around a month view: one month of margin each side of the visible weeks', () => {
    // November 2026 as the month view shows it: Monday 26 October to Sunday 6 December.
    const chunks = fetchChunks('dayGridMonth', range(day(2026, 10, 26), day(2026, 12, 7)));
    expect(starts(chunks)).toEqual([
      day(2026, 9, 1),
      day(2026, 10, 1),
      day(2026, 11, 1),
      day(2026, 12, 1),
      day(2027, 1, 1),
    ]);
    expect(chunks.at(-1)?.end).toEqual(day(2027, 2, 1));
    // Each chunk ends where the next starts.
    for (let index = 1; index < chunks.length; index += 1) {
      expect(chunks[index]?.start).toEqual(chunks[index - 1]?.end);
    }
  });

  it('loads a week before and after a week view, weeks starting on Monday', () => {
    const chunks = fetchChunks('timeGridWeek', range(day(2026, 11, 23), day(2026, 11, 30)));
    expect(starts(chunks)).toEqual([day(2026, 11, 16), day(2026, 11, 23), day(2026, 11, 30)]);
    expect(chunks.at(-1)?.end).toEqual(day(2026, 12, 7));
  });

  it('loads a day before and after a day view', () => {
    const chunks = fetchChunks('timeGridDay', range(day(2026, 11, 24), day(2026, 11, 25)));
    expect(starts(chunks)).toEqual([day(2026, 11, 23), day(2026, 11, 24), day(2026, 11, 25)]);
    expect(chunks.at(-1)?.end).toEqual(day(2026, 11, 26));
  });

  it('aligns the chunks, so the next month reuses all but one of them', () => {
    const november = fetchChunks('dayGridMonth', range(day(2026, 10, 26), day(2026, 12, 7)));
    const december = fetchChunks('dayGridMonth', range(day(2026, 11, 30), day(2027, 1, 11)));
    const known = new Set(november.map((chunk) => chunk.start.getTime()));
    expect(december.filter((chunk) => !known.has(chunk.start.getTime())).map((chunk) => chunk.start)).toEqual([
      day(2027, 2, 1),
    ]);
    // And a week inside November falls on the same week chunks whichever day it is opened on.
    expect(fetchChunks('timeGridWeek', range(day(2026, 11, 16), day(2026, 11, 23)))[1]).toEqual(
      range(day(2026, 11, 16), day(2026, 11, 23)),
    );
  });

  it('keeps whole local days across a daylight-saving change', () => {
    // Europe's clocks go back on Sunday 25 October 2026; the chunks still start at local midnight.
    const chunks = fetchChunks('timeGridWeek', range(day(2026, 10, 19), day(2026, 10, 26)));
    for (const chunk of chunks) {
      expect(chunk.start.getHours()).toBe(0);
      expect(chunk.start.getDay()).toBe(1);
    }
  });
});

describe('memory window', () => {
  const now = day(2026, 11, 24, 15);

  it('spans six months either side of today', () => {
    expect(memoryWindow(now)).toEqual(range(day(2026, 5, 24), day(2027, 5, 24)));
  });

  it('keeps the ranges that reach into it and drops those entirely beyond it', () => {
    expect(isInMemoryWindow(range(day(2026, 11, 1), day(2026, 12, 1)), now)).toBe(true);
    expect(isInMemoryWindow(range(day(2026, 5, 1), day(2026, 6, 1)), now)).toBe(true);
    expect(isInMemoryWindow(range(day(2026, 4, 1), day(2026, 5, 1)), now)).toBe(false);
    expect(isInMemoryWindow(range(day(2026, 5, 17), day(2026, 5, 24)), now)).toBe(false);
    expect(isInMemoryWindow(range(day(2027, 5, 1), day(2027, 6, 1)), now)).toBe(true);
    expect(isInMemoryWindow(range(day(2027, 5, 24), day(2027, 5, 25)), now)).toBe(false);
    expect(isInMemoryWindow(range(day(2027, 6, 1), day(2027, 7, 1)), now)).toBe(false);
  });
});

describe('mergeActivities', () => {
  it('lists an activity found in two ranges once, in its latest version, in start order', () => {
    const early = item('b', day(2026, 11, 2, 9), day(2026, 11, 2, 10));
    const spanning = item('a', day(2026, 11, 30, 9), day(2026, 12, 2));
    const moved = { ...spanning, start: day(2026, 11, 30, 14).toISOString(), updatedAt: '2026-11-05T00:00:00.000Z' };
    expect(mergeActivities([[moved, early], [spanning]])).toEqual([early, moved]);
    expect(mergeActivities([[spanning], [moved, early]])).toEqual([early, moved]);
  });
});

describe('coverFromCache', () => {
  const now = Date.parse('2026-11-24T12:00:00.000Z');
  const maxAge = 5 * 60_000;
  const inWeek = item('in', day(2026, 11, 24, 10), day(2026, 11, 24, 11));
  const beforeWeek = item('before', day(2026, 11, 10, 10), day(2026, 11, 10, 11));
  const november: CachedRange<Item> = {
    range: range(day(2026, 11, 1), day(2026, 12, 1)),
    updatedAt: now - 60_000,
    activities: [beforeWeek, inWeek],
  };
  const week = range(day(2026, 11, 23), day(2026, 11, 30));

  it('answers a range from a fresh larger one, keeping only its activities', () => {
    expect(coverFromCache(week, [november], now, maxAge)).toEqual({ activities: [inWeek], updatedAt: now - 60_000 });
  });

  it('answers a range spread over two fresh ranges, as old as the older one', () => {
    const spanning = item('spanning', day(2026, 11, 30, 23), day(2026, 12, 1, 1));
    const december: CachedRange<Item> = {
      range: range(day(2026, 12, 1), day(2027, 1, 1)),
      updatedAt: now - 120_000,
      activities: [spanning],
    };
    const novemberWithSpan = { ...november, activities: [...november.activities, spanning] };
    const lastWeek = range(day(2026, 11, 30), day(2026, 12, 7));
    expect(coverFromCache(lastWeek, [december, novemberWithSpan], now, maxAge)).toEqual({
      activities: [spanning],
      updatedAt: now - 120_000,
    });
  });

  it('answers nothing when the cached ranges leave a gap or are stale', () => {
    const lastWeek = range(day(2026, 11, 30), day(2026, 12, 7));
    expect(coverFromCache(lastWeek, [november], now, maxAge)).toBeUndefined();
    expect(coverFromCache(week, [{ ...november, updatedAt: now - maxAge }], now, maxAge)).toBeUndefined();
    expect(coverFromCache(week, [], now, maxAge)).toBeUndefined();
  });
});
