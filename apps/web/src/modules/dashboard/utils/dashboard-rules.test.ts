import { describe, expect, it } from 'vitest';
import {
  COMPLETION_AMBER,
  COMPLETION_GREEN,
  COMPLETION_RED,
  completionColor,
  formatRelativeTime,
  greetingPeriod,
  relativeTime,
} from '@/modules/dashboard/utils/dashboard-rules';

describe('greetingPeriod', () => {
  const at = (hour: number, minute = 0) => new Date(2026, 10, 24, hour, minute);

  it('says morning from 2 h, afternoon from 12 h, evening from 17 h until 2 h', () => {
    expect(greetingPeriod(at(0))).toBe('evening');
    expect(greetingPeriod(at(1, 59))).toBe('evening');
    expect(greetingPeriod(at(2))).toBe('morning');
    expect(greetingPeriod(at(11, 59))).toBe('morning');
    expect(greetingPeriod(at(12))).toBe('afternoon');
    expect(greetingPeriod(at(16, 59))).toBe('afternoon');
    expect(greetingPeriod(at(17))).toBe('evening');
    expect(greetingPeriod(at(23, 59))).toBe('evening');
  });
});

describe('completionColor', () => {
  it('is green from 80, amber from 60, red below', () => {
    expect(completionColor(100)).toBe(COMPLETION_GREEN);
    expect(completionColor(80)).toBe(COMPLETION_GREEN);
    expect(completionColor(79)).toBe(COMPLETION_AMBER);
    expect(completionColor(60)).toBe(COMPLETION_AMBER);
    expect(completionColor(59)).toBe(COMPLETION_RED);
    expect(completionColor(0)).toBe(COMPLETION_RED);
  });
});

describe('relativeTime', () => {
  const now = new Date('2026-11-24T10:00:00.000Z');
  const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

  it('counts minutes under an hour, hours under a day, days beyond', () => {
    expect(relativeTime(later(15), now)).toEqual({ value: 15, unit: 'minute' });
    expect(relativeTime(later(59), now)).toEqual({ value: 59, unit: 'minute' });
    expect(relativeTime(later(60), now)).toEqual({ value: 1, unit: 'hour' });
    expect(relativeTime(later(3 * 60 + 10), now)).toEqual({ value: 3, unit: 'hour' });
    expect(relativeTime(later(23 * 60 + 20), now)).toEqual({ value: 23, unit: 'hour' });
    expect(relativeTime(later(23 * 60 + 40), now)).toEqual({ value: 1, unit: 'day' });
    expect(relativeTime(later(2 * 24 * 60 + 5 * 60), now)).toEqual({ value: 2, unit: 'day' });
  });

  it('never says less than a minute', () => {
    expect(relativeTime(later(0), now)).toEqual({ value: 1, unit: 'minute' });
    expect(relativeTime(later(-1), now)).toEqual({ value: 1, unit: 'minute' });
  });

  it('words it in the language', () => {
    expect(formatRelativeTime(later(2 * 24 * 60), now, 'fr')).toBe('dans 2 jours');
    expect(formatRelativeTime(later(3 * 60), now, 'en')).toBe('in 3 hours');
    expect(formatRelativeTime(later(15), now, 'en')).toBe('in 15 minutes');
  });
});
