import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { formatActivityWhen } from '@/modules/activities/utils/activity-format';

/** Local times, as the user's clock shows them. */
const at = (day: number, hour: number, minute = 0) => new Date(2026, 10, day, hour, minute).toISOString();

const MEETING = { start: at(25, 14), end: at(25, 15), allDay: false };
const DAY_OFF = { start: at(25, 0), end: at(26, 0), allDay: true };
const CONGRESS = { start: at(23, 0), end: at(26, 0), allDay: true };
const LATE_CALL = { start: at(25, 23), end: at(26, 0), allDay: false };
const NIGHT_SHIFT = { start: at(25, 22), end: at(26, 2, 30), allDay: false };

afterAll(async () => {
  await i18n.changeLanguage('fr');
});

describe('formatActivityWhen in English', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('gives the day as MMMM D, YYYY with no weekday, then the hours on a 24-hour clock', () => {
    expect(formatActivityWhen(MEETING)).toBe('November 25, 2026 · 14:00 – 15:00');
  });

  it('says All day for an all-day activity, naming its first and last days when it spans several', () => {
    expect(formatActivityWhen(DAY_OFF)).toBe('November 25, 2026 · All day');
    expect(formatActivityWhen(CONGRESS)).toBe('November 23, 2026 – November 25, 2026 · All day');
  });

  it('keeps an activity ending at midnight on its day, and names both days of one that goes past it', () => {
    expect(formatActivityWhen(LATE_CALL)).toBe('November 25, 2026 · 23:00 – 00:00');
    expect(formatActivityWhen(NIGHT_SHIFT)).toBe('November 25, 2026 22:00 – November 26, 2026 02:30');
  });
});

describe('formatActivityWhen in French', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('fr');
  });

  it('gives the day as D MMMM YYYY with no weekday, then the hours', () => {
    expect(formatActivityWhen(MEETING)).toBe('25 novembre 2026 · 14:00 – 15:00');
  });

  it('says Toute la journée for an all-day activity', () => {
    expect(formatActivityWhen(DAY_OFF)).toBe('25 novembre 2026 · Toute la journée');
    expect(formatActivityWhen(CONGRESS)).toBe('23 novembre 2026 – 25 novembre 2026 · Toute la journée');
  });

  it('names both days of an activity that goes past midnight', () => {
    expect(formatActivityWhen(NIGHT_SHIFT)).toBe('25 novembre 2026 22:00 – 26 novembre 2026 02:30');
  });
});
