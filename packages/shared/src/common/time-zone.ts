/**
 * Calendar boundaries in a named time zone with the platform's Intl, no library: the dashboard's
 * "today", "this week" and "this month" are French days whatever zone the server runs in.
 */
export const APP_TIME_ZONE = 'Europe/Paris';

type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function wallClock(instant: Date, timeZone: string = APP_TIME_ZONE): WallClock {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(instant)
      .filter((part) => part.type !== 'literal')
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** The instant at which the zone's clock reads the given wall time (month 1–12; day may overflow). */
export function zonedInstant(
  wall: Pick<WallClock, 'year' | 'month' | 'day'> & Partial<WallClock>,
  timeZone: string = APP_TIME_ZONE,
): Date {
  const target = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour ?? 0, wall.minute ?? 0, wall.second ?? 0);
  let guess = target;
  // Two corrections settle the offset, also across a daylight-saving change.
  for (let step = 0; step < 2; step += 1) {
    const seen = wallClock(new Date(guess), timeZone);
    const seenUtc = Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute, seen.second);
    guess += target - seenUtc;
  }
  return new Date(guess);
}

export function startOfZonedDay(instant: Date, timeZone: string = APP_TIME_ZONE): Date {
  const { year, month, day } = wallClock(instant, timeZone);
  return zonedInstant({ year, month, day }, timeZone);
}

export function addZonedDays(dayStart: Date, days: number, timeZone: string = APP_TIME_ZONE): Date {
  const { year, month, day } = wallClock(dayStart, timeZone);
  return zonedInstant({ year, month, day: day + days }, timeZone);
}

/** Weeks start on Monday (spec 001 §2). */
export function startOfZonedWeek(instant: Date, timeZone: string = APP_TIME_ZONE): Date {
  const { year, month, day } = wallClock(instant, timeZone);
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  const sinceMonday = (weekday + 6) % 7;
  return zonedInstant({ year, month, day: day - sinceMonday }, timeZone);
}

export function startOfZonedMonth(instant: Date, timeZone: string = APP_TIME_ZONE): Date {
  const { year, month } = wallClock(instant, timeZone);
  return zonedInstant({ year, month, day: 1 }, timeZone);
}

export function startOfNextZonedMonth(instant: Date, timeZone: string = APP_TIME_ZONE): Date {
  const { year, month } = wallClock(instant, timeZone);
  return zonedInstant({ year, month: month + 1, day: 1 }, timeZone);
}
