/**
 * How a list of the whole log (no user filter) is counted and paged with millions of entries
 * (docs/decisions/0030): the days that are over are counted once, by day, in audit_log_counts; only the
 * entries after the counted days, and the part days at the edges of a period, are counted on the index.
 *
 *   newest ─ [top: counted on the index] ─ [whole counted days: added up] ─ [bottom: counted on the index] ─ oldest
 *
 * Instants are ISO 8601 UTC strings, compared as strings; days are their first ten characters.
 */

const MIDNIGHT = 'T00:00:00.000Z';
const DAY_MS = 86_400_000;

export const dayOf = (instant: string): string => instant.slice(0, 10);
export const startOfDay = (day: string): string => `${day}${MIDNIGHT}`;
export const nextDay = (day: string): string =>
  new Date(Date.parse(startOfDay(day)) + DAY_MS).toISOString().slice(0, 10);
const floorToDay = (instant: string): string => startOfDay(dayOf(instant));
const ceilToDay = (instant: string): string =>
  instant.endsWith(MIDNIGHT) ? instant : startOfDay(nextDay(dayOf(instant)));

/** How long after a day ends its count is written: longer than any transaction can still commit into it. */
export const COUNT_LAG_MS = 3_600_000;

/** The UTC midnight before which days are over and can be counted, at `now`. */
export const countableUntil = (now: Date): string => floorToDay(new Date(now.getTime() - COUNT_LAG_MS).toISOString());

/** A period [from, before) of instants; an open end is undefined. */
export type Period = { from?: string | undefined; before?: string | undefined };

export type LogRanges = {
  /** Counted on the index: the newest part, from the counted days (or the period's start) to its end. */
  top: Period;
  /** Whole counted days [fromDay, toDay), added up from audit_log_counts; none when the period holds none. */
  counted?: { fromDay?: string | undefined; toDay: string; before: string; from?: string | undefined };
  /** Counted on the index: the part day at the period's start, before its first whole counted day. */
  bottom?: Period;
};

/** Splits a period into the three parts above, given the instant before which days are counted. */
export function planLogRanges(period: Period, countedUntil: string): LogRanges {
  const countedFrom = period.from === undefined ? undefined : ceilToDay(period.from);
  const countedBefore =
    period.before === undefined || floorToDay(period.before) > countedUntil ? countedUntil : floorToDay(period.before);
  if (countedFrom !== undefined && countedFrom >= countedBefore) return { top: period };
  return {
    top: { from: countedBefore, before: period.before },
    counted: {
      fromDay: countedFrom === undefined ? undefined : dayOf(countedFrom),
      toDay: dayOf(countedBefore),
      from: countedFrom,
      before: countedBefore,
    },
    ...(period.from !== undefined && countedFrom !== undefined && period.from < countedFrom
      ? { bottom: { from: period.from, before: countedFrom } }
      : {}),
  };
}

/**
 * Where the entry at `offset` (newest first) of a list of counted days lies: the day's end, before which
 * the page starts, and the offset from there. Null when the days hold fewer entries than that.
 */
export function locateInDays(
  days: readonly { day: string; entries: number }[],
  offset: number,
): { before: string; offset: number } | null {
  let rest = offset;
  for (const { day, entries } of days) {
    if (rest < entries) return { before: startOfDay(nextDay(day)), offset: rest };
    rest -= entries;
  }
  return null;
}
