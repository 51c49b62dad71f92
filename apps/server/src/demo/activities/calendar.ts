import { isFrenchWorkingDay, wallClock, zonedInstant } from '@crm/shared';

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
    days.push({
      offset,
      date,
      isWorkingDay: isFrenchWorkingDay(date),
      midnight: zonedInstant({ year, month, day }).getTime(),
      eightAm: zonedInstant({ year, month, day, hour: 8 }).getTime(),
      nextMidnight: zonedInstant({ year, month, day: day + 1 }).getTime(),
    });
  }
  return days;
}
