import { describe, expect, it } from 'vitest';
import {
  addZonedDays,
  APP_TIME_ZONE,
  startOfNextZonedMonth,
  startOfZonedDay,
  startOfZonedMonth,
  startOfZonedWeek,
  wallClock,
  zonedInstant,
} from './time-zone.ts';

// Every helper takes its zone explicitly (Europe/Paris by default): none of these depends on the machine's zone.
const at = (value: string) => new Date(value);
const isoOf = (date: Date) => date.toISOString();

describe('the application zone', () => {
  it('is Europe/Paris', () => {
    expect(APP_TIME_ZONE).toBe('Europe/Paris');
  });
});

describe('wallClock', () => {
  it('reads Paris time, one hour ahead of UTC in winter and two in summer', () => {
    expect(wallClock(at('2026-01-15T11:30:45Z'))).toEqual({
      year: 2026,
      month: 1,
      day: 15,
      hour: 12,
      minute: 30,
      second: 45,
    });
    expect(wallClock(at('2026-07-14T22:15:00Z'))).toMatchObject({ month: 7, day: 15, hour: 0, minute: 15 });
  });

  it('jumps from 01:59:59 to 03:00 on 29 March 2026 and back from 02:59:59 to 02:00 on 25 October 2026', () => {
    expect(wallClock(at('2026-03-29T00:59:59Z'))).toMatchObject({ day: 29, hour: 1, minute: 59, second: 59 });
    expect(wallClock(at('2026-03-29T01:00:00Z'))).toMatchObject({ day: 29, hour: 3, minute: 0 });
    expect(wallClock(at('2026-10-25T00:59:59Z'))).toMatchObject({ day: 25, hour: 2, minute: 59, second: 59 });
    expect(wallClock(at('2026-10-25T01:00:00Z'))).toMatchObject({ day: 25, hour: 2, minute: 0 });
  });

  it('reads midnight as hour 0 and other zones when asked', () => {
    expect(wallClock(at('2026-03-15T23:00:00Z'))).toMatchObject({ day: 16, hour: 0 });
    expect(wallClock(at('2026-03-15T23:00:00Z'), 'UTC')).toMatchObject({ day: 15, hour: 23 });
  });
});

describe('zonedInstant', () => {
  it('finds the instant of a Paris wall time on both sides of each change', () => {
    expect(isoOf(zonedInstant({ year: 2026, month: 3, day: 29, hour: 1 }))).toBe('2026-03-29T00:00:00.000Z');
    expect(isoOf(zonedInstant({ year: 2026, month: 3, day: 29, hour: 3 }))).toBe('2026-03-29T01:00:00.000Z');
    expect(isoOf(zonedInstant({ year: 2026, month: 10, day: 25, hour: 1 }))).toBe('2026-10-24T23:00:00.000Z');
    expect(isoOf(zonedInstant({ year: 2026, month: 10, day: 25, hour: 4 }))).toBe('2026-10-25T03:00:00.000Z');
  });

  it('lets the day and the month overflow into the next month and year', () => {
    expect(isoOf(zonedInstant({ year: 2026, month: 3, day: 32 }))).toBe('2026-03-31T22:00:00.000Z');
    expect(isoOf(zonedInstant({ year: 2026, month: 13, day: 1 }))).toBe('2026-12-31T23:00:00.000Z');
    expect(isoOf(zonedInstant({ year: 2026, month: 3, day: 0 }))).toBe('2026-02-27T23:00:00.000Z');
  });

  it('round-trips with wallClock', () => {
    for (const value of [
      '2026-01-01T00:00:00Z',
      '2026-03-29T01:30:00Z',
      '2026-06-21T12:34:56Z',
      '2026-12-31T23:59:59Z',
    ]) {
      expect(isoOf(zonedInstant(wallClock(at(value))))).toBe(isoOf(at(value)));
    }
  });
});

describe('days', () => {
  it('starts the Paris day at local midnight, whatever the UTC date', () => {
    expect(isoOf(startOfZonedDay(at('2026-03-15T10:00:00Z')))).toBe('2026-03-14T23:00:00.000Z');
    expect(isoOf(startOfZonedDay(at('2026-03-14T23:00:00Z')))).toBe('2026-03-14T23:00:00.000Z');
    expect(isoOf(startOfZonedDay(at('2026-03-14T22:59:59.999Z')))).toBe('2026-03-13T23:00:00.000Z');
    expect(isoOf(startOfZonedDay(at('2026-07-14T22:30:00Z')))).toBe('2026-07-14T22:00:00.000Z');
  });

  it('gives 29 March 2026 23 hours and 25 October 2026 25 hours', () => {
    const springDay = startOfZonedDay(at('2026-03-29T10:00:00Z'));
    expect(isoOf(springDay)).toBe('2026-03-28T23:00:00.000Z');
    expect(isoOf(addZonedDays(springDay, 1))).toBe('2026-03-29T22:00:00.000Z');

    const autumnDay = startOfZonedDay(at('2026-10-25T10:00:00Z'));
    expect(isoOf(autumnDay)).toBe('2026-10-24T22:00:00.000Z');
    expect(isoOf(addZonedDays(autumnDay, 1))).toBe('2026-10-25T23:00:00.000Z');
  });

  it('adds and removes days across a change and a month end', () => {
    const march27 = startOfZonedDay(at('2026-03-27T12:00:00Z'));
    expect(isoOf(addZonedDays(march27, 3))).toBe('2026-03-29T22:00:00.000Z');
    expect(isoOf(addZonedDays(march27, 5))).toBe('2026-03-31T22:00:00.000Z');
    expect(isoOf(addZonedDays(addZonedDays(march27, 5), -5))).toBe(isoOf(march27));
  });

  it('uses another zone when asked', () => {
    expect(isoOf(startOfZonedDay(at('2026-03-15T10:00:00Z'), 'UTC'))).toBe('2026-03-15T00:00:00.000Z');
    expect(isoOf(startOfZonedDay(at('2026-03-15T03:00:00Z'), 'America/New_York'))).toBe('2026-03-14T04:00:00.000Z');
  });
});

describe('weeks start on Monday', () => {
  it('goes back to Monday 00:00 in Paris, Monday itself included', () => {
    // Sunday 15 March 2026 → Monday 9 March.
    expect(isoOf(startOfZonedWeek(at('2026-03-15T10:00:00Z')))).toBe('2026-03-08T23:00:00.000Z');
    // Monday 16 March, 00:30 in Paris, still Sunday in UTC.
    expect(isoOf(startOfZonedWeek(at('2026-03-15T23:30:00Z')))).toBe('2026-03-15T23:00:00.000Z');
  });

  it('starts the week of a clock change at its Monday, in the offset of that Monday', () => {
    // Sunday 29 March (summer time since 03:00) → Monday 23 March, winter time.
    expect(isoOf(startOfZonedWeek(at('2026-03-29T20:00:00Z')))).toBe('2026-03-22T23:00:00.000Z');
    // Monday 30 March, first Monday of summer time.
    expect(isoOf(startOfZonedWeek(at('2026-03-30T08:00:00Z')))).toBe('2026-03-29T22:00:00.000Z');
    // Sunday 25 October (winter time since 03:00) → Monday 19 October, summer time.
    expect(isoOf(startOfZonedWeek(at('2026-10-25T20:00:00Z')))).toBe('2026-10-18T22:00:00.000Z');
  });

  it('crosses a year end', () => {
    // Thursday 1 January 2026 → Monday 29 December 2025.
    expect(isoOf(startOfZonedWeek(at('2026-01-01T12:00:00Z')))).toBe('2025-12-28T23:00:00.000Z');
  });
});

describe('months', () => {
  it('puts 2026-03-31T22:30Z in April: it is 00:30 on April 1st in Paris', () => {
    expect(isoOf(startOfZonedMonth(at('2026-03-31T22:30:00Z')))).toBe('2026-03-31T22:00:00.000Z');
    expect(isoOf(startOfNextZonedMonth(at('2026-03-31T22:30:00Z')))).toBe('2026-04-30T22:00:00.000Z');
  });

  it('keeps 2026-03-31T21:30Z in March, a month that starts in winter time and ends in summer time', () => {
    expect(isoOf(startOfZonedMonth(at('2026-03-31T21:30:00Z')))).toBe('2026-02-28T23:00:00.000Z');
    expect(isoOf(startOfNextZonedMonth(at('2026-03-31T21:30:00Z')))).toBe('2026-03-31T22:00:00.000Z');
  });

  it('puts the first instant of a month in that month', () => {
    expect(isoOf(startOfZonedMonth(at('2026-02-28T23:00:00Z')))).toBe('2026-02-28T23:00:00.000Z');
    expect(isoOf(startOfZonedMonth(at('2026-02-28T22:59:59.999Z')))).toBe('2026-01-31T23:00:00.000Z');
  });

  it('rolls December over into January of the next year', () => {
    expect(isoOf(startOfZonedMonth(at('2026-12-15T12:00:00Z')))).toBe('2026-11-30T23:00:00.000Z');
    expect(isoOf(startOfNextZonedMonth(at('2026-12-15T12:00:00Z')))).toBe('2026-12-31T23:00:00.000Z');
    expect(isoOf(startOfZonedMonth(at('2026-12-31T23:30:00Z')))).toBe('2026-12-31T23:00:00.000Z');
  });

  it('starts October in summer time and November in winter time', () => {
    expect(isoOf(startOfZonedMonth(at('2026-10-25T10:00:00Z')))).toBe('2026-09-30T22:00:00.000Z');
    expect(isoOf(startOfNextZonedMonth(at('2026-10-25T10:00:00Z')))).toBe('2026-10-31T23:00:00.000Z');
  });
});
