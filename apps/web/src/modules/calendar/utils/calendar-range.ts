import { CALENDAR_MEMORY_WINDOW_MONTHS } from '@crm/shared';

/**
 * Which date ranges the calendar asks the server for (spec 001 §§2, 9). Everything is in the browser's
 * local time, like the calendar's days.
 *
 * A view's fetch window (the visible range plus one view-length on each side) is cut into whole
 * months, weeks or days, each one query: navigating to the next month fetches only the one new month,
 * and coming back within the cache time fetches nothing.
 */

export const CALENDAR_VIEWS = ['dayGridMonth', 'timeGridWeek', 'timeGridDay'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];
export const DEFAULT_CALENDAR_VIEW: CalendarView = 'dayGridMonth';

export function isCalendarView(value: unknown): value is CalendarView {
  return typeof value === 'string' && (CALENDAR_VIEWS as readonly string[]).includes(value);
}

/** A half-open range [start, end). */
export type DateRange = { start: Date; end: Date };

type RangeUnit = 'month' | 'week' | 'day';

/** The view's granularity: the unit of its margin and of its fetch chunks. */
const VIEW_UNIT: Record<CalendarView, RangeUnit> = {
  dayGridMonth: 'month',
  timeGridWeek: 'week',
  timeGridDay: 'day',
};

function startOfUnit(date: Date, unit: RangeUnit): Date {
  switch (unit) {
    case 'month':
      return new Date(date.getFullYear(), date.getMonth(), 1);
    case 'week': {
      // Weeks start on Monday (spec 001 §2).
      const sinceMonday = (date.getDay() + 6) % 7;
      return new Date(date.getFullYear(), date.getMonth(), date.getDate() - sinceMonday);
    }
    case 'day':
      return new Date(date.getFullYear(), date.getMonth(), date.getDate());
  }
}

/** Calendar arithmetic on local dates, so a daylight-saving day is still one day. */
function addUnits(date: Date, unit: RangeUnit, count: number): Date {
  switch (unit) {
    case 'month':
      return new Date(date.getFullYear(), date.getMonth() + count, date.getDate());
    case 'week':
      return new Date(date.getFullYear(), date.getMonth(), date.getDate() + 7 * count);
    case 'day':
      return new Date(date.getFullYear(), date.getMonth(), date.getDate() + count);
  }
}

/** A month view always shows six whole weeks (FullCalendar's fixedWeekCount), from a Monday. */
const MONTH_VIEW_DAYS = 42;

/**
 * The range FullCalendar will show for a view opened at a date (today when none): known before the
 * calendar's code has even loaded, so its events can be asked for at the same time.
 */
export function expectedVisibleRange(view: CalendarView, date: Date): DateRange {
  switch (view) {
    case 'dayGridMonth': {
      const start = startOfUnit(startOfUnit(date, 'month'), 'week');
      return { start, end: addUnits(start, 'day', MONTH_VIEW_DAYS) };
    }
    case 'timeGridWeek': {
      const start = startOfUnit(date, 'week');
      return { start, end: addUnits(start, 'week', 1) };
    }
    case 'timeGridDay': {
      const start = startOfUnit(date, 'day');
      return { start, end: addUnits(start, 'day', 1) };
    }
  }
}

/**
 * The chunks to fetch for a visible range: whole units of the view covering the visible range widened
 * by one unit on each side (a month view of November, which shows late October to early December,
 * loads September to January).
 */
export function fetchChunks(view: CalendarView, visible: DateRange): DateRange[] {
  const unit = VIEW_UNIT[view];
  const first = addUnits(startOfUnit(visible.start, unit), unit, -1);
  const lastVisibleUnit = startOfUnit(new Date(visible.end.getTime() - 1), unit);
  const end = addUnits(lastVisibleUnit, unit, 2);
  const chunks: DateRange[] = [];
  for (let start = first; start < end; start = addUnits(start, unit, 1)) {
    chunks.push({ start, end: addUnits(start, unit, 1) });
  }
  return chunks;
}

/** The span kept in memory around today: CALENDAR_MEMORY_WINDOW_MONTHS before and after. */
export function memoryWindow(now: Date): DateRange {
  const today = startOfUnit(now, 'day');
  return {
    start: addUnits(today, 'month', -CALENDAR_MEMORY_WINDOW_MONTHS),
    end: addUnits(today, 'month', CALENDAR_MEMORY_WINDOW_MONTHS),
  };
}

export function rangesOverlap(a: DateRange, b: DateRange): boolean {
  return a.start < b.end && a.end > b.start;
}

/** Whether the moment lies in the range, its end excluded. */
export function rangeContains(range: DateRange, moment: Date): boolean {
  return moment >= range.start && moment < range.end;
}

/** Whether a fetched range holds any event within the memory window (else it is dropped once unused). */
export function isInMemoryWindow(range: DateRange, now: Date): boolean {
  return rangesOverlap(range, memoryWindow(now));
}

/** What the cache and the merging read of an activity. */
type RangedActivity = { id: string; start: string; end: string; updatedAt: string };

function overlapsRange(activity: RangedActivity, range: DateRange): boolean {
  return Date.parse(activity.start) < range.end.getTime() && Date.parse(activity.end) > range.start.getTime();
}

/**
 * The activities of several fetched ranges as one list: an activity overlapping two ranges comes once,
 * in its latest version (a range fetched after a move holds the moved one), in start order.
 */
export function mergeActivities<Item extends RangedActivity>(lists: readonly (readonly Item[])[]): Item[] {
  const byId = new Map<string, Item>();
  for (const list of lists) {
    for (const activity of list) {
      const known = byId.get(activity.id);
      if (known === undefined || Date.parse(activity.updatedAt) > Date.parse(known.updatedAt)) {
        byId.set(activity.id, activity);
      }
    }
  }
  return [...byId.values()].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
}

export type CachedRange<Item> = { range: DateRange; updatedAt: number; activities: readonly Item[] };

/**
 * A range's activities taken from other ranges still fresh in the cache, when together they cover it
 * (a week inside a month already loaded): switching to a finer view then fetches nothing. Returns
 * undefined when they don't cover it all; updatedAt is the oldest part's, so it goes stale with them.
 */
export function coverFromCache<Item extends RangedActivity>(
  target: DateRange,
  cached: readonly CachedRange<Item>[],
  now: number,
  maxAgeMs: number,
): { activities: Item[]; updatedAt: number } | undefined {
  const parts = cached
    .filter((entry) => now - entry.updatedAt < maxAgeMs && rangesOverlap(entry.range, target))
    .sort((a, b) => a.range.start.getTime() - b.range.start.getTime());
  let coveredUntil = target.start.getTime();
  for (const part of parts) {
    if (part.range.start.getTime() > coveredUntil) break;
    coveredUntil = Math.max(coveredUntil, part.range.end.getTime());
  }
  if (parts.length === 0 || coveredUntil < target.end.getTime()) return undefined;
  return {
    activities: mergeActivities(parts.map((part) => part.activities)).filter((activity) =>
      overlapsRange(activity, target),
    ),
    updatedAt: Math.min(...parts.map((part) => part.updatedAt)),
  };
}
