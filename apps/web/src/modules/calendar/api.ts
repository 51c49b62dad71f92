import {
  Activity,
  CALENDAR_RANGE_CACHE_MS,
  CalendarActivityListResult,
  type CalendarActivity,
  ChannelList,
  HELPER_LISTS_GC_MS,
  HELPER_LISTS_STALE_MS,
  type ActivityUpdate,
} from '@crm/shared';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { queryString } from '@/lib/query-string';
import {
  coverFromCache,
  isInMemoryWindow,
  type CachedRange,
  type DateRange,
} from '@/modules/calendar/utils/calendar-range';
import { dashboardKeys } from '@/modules/dashboard/api';

/**
 * How long a fetched range inside the memory window stays in the cache once the calendar stops showing
 * it: coming back to it then shows its events at once (refetched if older than the range cache time).
 */
const CALENDAR_RANGE_GC_MS = 30 * 60_000;

export const calendarKeys = {
  /** Every range the calendar fetched: ['activities', 'calendar', startIso, endIso]. */
  ranges: () => ['activities', 'calendar'] as const,
  range: (range: DateRange) => [...calendarKeys.ranges(), range.start.toISOString(), range.end.toISOString()] as const,
  /** The active channels of the legend (the activity form may share them later). */
  channels: () => ['activities', 'calendar-channels'] as const,
};

/** The ranges in the cache with their answers, for coverFromCache. */
function cachedRanges(queryClient: QueryClient): CachedRange<CalendarActivity>[] {
  return queryClient
    .getQueriesData<CalendarActivity[]>({ queryKey: calendarKeys.ranges() })
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
   * GET /api/activities?calendarView=true: the caller's activities overlapping one range (spec 001 §2).
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
      queryKey: calendarKeys.range(range),
      queryFn: ({ signal }) =>
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
      staleTime: CALENDAR_RANGE_CACHE_MS,
      gcTime: isInMemoryWindow(range, now) ? CALENDAR_RANGE_GC_MS : 0,
      initialData: () => fromCache()?.activities,
      initialDataUpdatedAt: () => fromCache()?.updatedAt,
    });
  },
  /** GET /api/configuration/channels/active: the legend's colours, cached like the form's helper lists. */
  channels: () =>
    queryOptions({
      queryKey: calendarKeys.channels(),
      queryFn: ({ signal }) => apiClient.get('/configuration/channels/active', ChannelList, { signal }),
      select: (list) => list.channels,
      staleTime: HELPER_LISTS_STALE_MS,
      gcTime: HELPER_LISTS_GC_MS,
    }),
};

export type MoveActivityInput = { id: string; update: ActivityUpdate };

/**
 * PUT /api/activities/{id} with the new times of a dragged or resized event. The answer replaces the
 * activity in the cached ranges at once (the calendar then keeps showing it where it was dropped), and
 * every activity list and the dashboard are refreshed.
 */
export function useMoveActivityMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, update }: MoveActivityInput) =>
      apiClient.put(`/activities/${encodeURIComponent(id)}`, update, Activity),
    onSuccess: (activity) => {
      queryClient.setQueriesData<CalendarActivity[]>({ queryKey: calendarKeys.ranges() }, (list) =>
        list?.map((known) => (known.id === activity.id ? activity : known)),
      );
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['activities'] }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      ]),
  });
}
