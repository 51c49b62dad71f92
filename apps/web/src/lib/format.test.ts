import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatShortDate, formatTime } from '@/lib/format';
import { i18n } from '@/lib/i18n';

/** 25 November 2026 at 14:05:09, local time: what the user's clock shows. */
const AFTERNOON = new Date(2026, 10, 25, 14, 5, 9);
/** 3 February 2026 at 09:07, a one-digit day and a morning hour. */
const MORNING = new Date(2026, 1, 3, 9, 7).toISOString();

afterAll(async () => {
  await i18n.changeLanguage('fr');
});

describe('in French', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('fr');
  });

  it('writes dates day first with the month in full, and no weekday', () => {
    expect(formatDate(AFTERNOON)).toBe('25 novembre 2026');
    expect(formatDate(MORNING)).toBe('3 février 2026');
  });

  it('writes date-times with a 24-hour clock', () => {
    expect(formatDateTime(AFTERNOON)).toBe('25 novembre 2026 14:05');
    expect(formatDateTime(MORNING)).toBe('3 février 2026 09:07');
  });

  it('writes short dates with the abbreviated month', () => {
    expect(formatShortDate(AFTERNOON)).toBe('25 nov. 2026');
    expect(formatShortDate(MORNING)).toBe('03 févr. 2026');
  });

  it('writes times as HH:mm, with seconds when asked', () => {
    expect(formatTime(AFTERNOON)).toBe('14:05');
    expect(formatTime(MORNING)).toBe('09:07');
    expect(formatTime(AFTERNOON, { seconds: true })).toBe('14:05:09');
  });
});

describe('in English', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });

  it("writes dates as 'MMMM D, YYYY', and no weekday", () => {
    expect(formatDate(AFTERNOON)).toBe('November 25, 2026');
    expect(formatDate(MORNING)).toBe('February 3, 2026');
  });

  it("writes date-times as 'MMMM D, YYYY HH:mm', 24-hour as the spec writes it", () => {
    expect(formatDateTime(AFTERNOON)).toBe('November 25, 2026 14:05');
    expect(formatDateTime(MORNING)).toBe('February 3, 2026 09:07');
  });

  it("writes short dates as 'MMM DD, YYYY'", () => {
    expect(formatShortDate(AFTERNOON)).toBe('Nov 25, 2026');
    expect(formatShortDate(MORNING)).toBe('Feb 03, 2026');
  });

  it('writes times as HH:mm, with seconds when asked', () => {
    expect(formatTime(AFTERNOON)).toBe('14:05');
    expect(formatTime(MORNING, { seconds: true })).toBe('09:07:00');
  });

  it('takes ISO strings, timestamps, dates and dayjs values alike', () => {
    const expected = 'November 25, 2026 14:05';
    expect(formatDateTime(AFTERNOON.toISOString())).toBe(expected);
    expect(formatDateTime(AFTERNOON.getTime())).toBe(expected);
    expect(formatDateTime(dayjs(AFTERNOON))).toBe(expected);
  });

  it('follows the language without touching the global dayjs locale', () => {
    const before = dayjs.locale();
    expect(formatDate(AFTERNOON)).toBe('November 25, 2026');
    expect(dayjs.locale()).toBe(before);
  });
});

describe('what is not a date', () => {
  it('shows a string that is not a date as it came, rather than hiding it', () => {
    expect(formatDate('not a date')).toBe('not a date');
    expect(formatDateTime('tomorrow')).toBe('tomorrow');
    expect(formatTime('')).toBe('');
  });

  it('shows nothing for a missing or invalid value, never today', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatTime(new Date(Number.NaN))).toBe('');
    expect(formatShortDate(Number.NaN)).toBe('');
  });
});
