import { CALENDAR_RANGE_CACHE_MS, CalendarActivityListResult, type CalendarActivity } from '@crm/shared';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { ignoreFailure } from '@/lib/prefetch';
import { queryString } from '@/lib/query-string';
import { activityQueries } from '@/modules/activities/api';
import { activityKeys } from '@/modules/activities/query-keys';
import {
  defaultCalendarView,
  openingDay,
  positionFrom,
  type CalendarPosition,
} from '@/modules/calendar/utils/calendar-position';
import {
  coverFromCache,
  expectedVisibleRange,
  fetchChunks,
  isInMemoryWindow,
  rangesOverlap,
  type CachedRange,
  type DateRange,
} from '@/modules/calendar/utils/calendar-range';
import { calendarFromSlice, fromServerOrSlice } from '@/offline/slice/slice-queries';

/**
 * How long a fetched range inside the memory window stays in the cache once the calendar stops showing
 * it: coming back to it then shows its events at once (refetched if older than the range cache time).
 */
const CALENDAR_RANGE_GC_MS = 30 * 60_000;

/** The ranges in the cache with their answers, for coverFromCache. */
function cachedRanges(queryClient: QueryClient): CachedRange<CalendarActivity>[] {
  return queryClient
    .getQueriesData<CalendarActivity[]>({ queryKey: activityKeys.calendarRanges() })
    .flatMap(([queryKey, data]) => {
      const [, , start, end] = queryKey;
      const updatedAt = queryClient.getQueryState(queryKey)?.dataUpdatedAt;
      if (typeof start !== 'string' || typeof end !== 'string' || data === undefined || updatedAt === undefined)
        return [];
      return [{ range: { start: new Date(start), end: new Date(end) }, updatedAt, activities: data }];
    });
}

export const calendarQueries = {
  /**
   * GET /api/activities?calendarView=true: the caller's activities overlapping one range (spec 001 §2);
   * offline, the stored slice's.
   * Not fetched again within CALENDAR_RANGE_CACHE_MS (staleTime), and answered from fresher larger
   * ranges already cached when they cover it (a week of a month already loaded).
   *
   * Memory window (spec 001 §9), by gcTime: a range beyond CALENDAR_MEMORY_WINDOW_MONTHS of today is
   * dropped from the cache as soon as the calendar stops showing it; ranges inside it are kept
   * CALENDAR_RANGE_GC_MS after their last use. Events shown are never filtered: a user may browse a year
   * ahead, it is only not remembered.
   */
  range: (queryClient: QueryClient, range: DateRange, now: Date) => {
    // Read at most once per query creation: initialData and initialDataUpdatedAt must agree.
    let cover: { value: ReturnType<typeof coverFromCache<CalendarActivity>> } | undefined;
    const fromCache = () =>
      (cover ??= { value: coverFromCache(range, cachedRanges(queryClient), Date.now(), CALENDAR_RANGE_CACHE_MS) })
        .value;
    return queryOptions({
      queryKey: activityKeys.calendarRange(range),
      queryFn: ({ signal }) =>
        fromServerOrSlice(
          () =>
            apiClient
              .get(
                `/activities${queryString({
                  calendarView: 'true',
                  startDate: range.start.toISOString(),
                  endDate: range.end.toISOString(),
                })}`,
                CalendarActivityListResult,
                { signal },
              )
              .then((result) => result.activities),
          (owner) => calendarFromSlice(owner, range),
        ),
      // Offline the store answers (offline/slice/slice-queries.ts): the query must run, not pause.
      networkMode: 'always',
      staleTime: CALENDAR_RANGE_CACHE_MS,
      gcTime: isInMemoryWindow(range, now) ? CALENDAR_RANGE_GC_MS : 0,
      initialData: () => fromCache()?.activities,
      initialDataUpdatedAt: () => fromCache()?.updatedAt,
    });
  },
};

/**
 * Asks for the events of the range the calendar will open on, without waiting for the calendar's code
 * (FullCalendar, the heaviest chunk) or its first render: the page calls it as it mounts, a route loader
 * may call it earlier. The calendar then finds them under the same keys. Settles once the visible range's
 * answers are in, failed or not (the margins around it may still be loading).
 */
export async function prefetchCalendarEvents(
  queryClient: QueryClient,
  position: CalendarPosition,
  now: Date,
): Promise<void> {
  const visible = expectedVisibleRange(position.view, openingDay(position, now));
  const visibleAnswers: Promise<unknown>[] = [];
  for (const chunk of fetchChunks(position.view, visible)) {
    const answer = queryClient.query(calendarQueries.range(queryClient, chunk, now));
    if (rangesOverlap(chunk, visible)) visibleAnswers.push(answer);
    else answer.catch(() => undefined);
  }
  await Promise.allSettled(visibleAnswers);
}

/**
 * What /calendar will ask for at this address (its view and date, spec 001 §2): the events of the range it
 * opens on, and the channels of its legend. Not awaited: a route loader calls it as the route is known.
 */
export function prefetchCalendarPage(queryClient: QueryClient, address: URLSearchParams, now: Date): void {
  void prefetchCalendarEvents(queryClient, positionFrom(address, defaultCalendarView()), now);
  queryClient.query(activityQueries.channels()).catch(ignoreFailure);
}
