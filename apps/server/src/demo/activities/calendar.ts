import { wallClock, zonedInstant } from '@crm/shared';

/** A Paris calendar day around today, with the instants the generators place activities from. */
export type PlanningDay = {
  /** Days from today (0 is today, Paris time). */
  offset: number;
  /** YYYY-MM-DD */
  date: string;
  /** Monday to Friday and not a French public holiday. */
  isWorkingDay: boolean;
  /** Epoch milliseconds of 00:00, 08:00 and the next 00:00, Paris time (08:00 is after any clock change). */
  midnight: number;
  eightAm: number;
  nextMidnight: number;
};

/**
 * The days from `fromOffset` to `toOffset` (inclusive) around the Paris day of `now`. The instants come from
 * the time-zone helpers once per day, so placing thousands of activities in a day costs additions only.
 */
export function planningDays(now: Date, fromOffset: number, toOffset: number): PlanningDay[] {
  const today = wallClock(now);
  const days: PlanningDay[] = [];
  for (let offset = fromOffset; offset <= toOffset; offset += 1) {
    const utc = new Date(Date.UTC(today.year, today.month - 1, today.day + offset));
    const year = utc.getUTCFullYear();
    const month = utc.getUTCMonth() + 1;
    const day = utc.getUTCDate();
    const date = utc.toISOString().slice(0, 10);
    const weekday = utc.getUTCDay();
    days.push({
      offset,
      date,
      isWorkingDay: weekday !== 0 && weekday !== 6 && !frenchPublicHolidays(year).has(date),
      midnight: zonedInstant({ year, month, day }).getTime(),
      eightAm: zonedInstant({ year, month, day, hour: 8 }).getTime(),
      nextMidnight: zonedInstant({ year, month, day: day + 1 }).getTime(),
    });
  }
  return days;
}

const holidaysByYear = new Map<number, Set<string>>();

/** The eleven public holidays of metropolitan France (Easter Monday, Ascension and Whit Monday move with Easter). */
export function frenchPublicHolidays(year: number): ReadonlySet<string> {
  let holidays = holidaysByYear.get(year);
  if (!holidays) {
    const easter = easterSunday(year);
    const fromEaster = (days: number) => new Date(easter + days * 86_400_000).toISOString().slice(0, 10);
    const fixed = ['01-01', '05-01', '05-08', '07-14', '08-15', '11-01', '11-11', '12-25'].map(
      (monthDay) => `${year}-${monthDay}`,
    );
    holidays = new Set([...fixed, fromEaster(1), fromEaster(39), fromEaster(50)]);
    holidaysByYear.set(year, holidays);
  }
  return holidays;
}

/** Easter Sunday of the Gregorian calendar (the anonymous algorithm), as a UTC midnight. */
function easterSunday(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return Date.UTC(year, month - 1, day);
}
