import type { CalendarActivity } from '@crm/shared';
import { useQueries, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { activityKeys } from '@/modules/activities/query-keys';
import { calendarQueries } from '@/modules/calendar/api';
import {
  fetchChunks,
  mergeActivities,
  rangesOverlap,
  type CalendarView,
  type DateRange,
} from '@/modules/calendar/utils/calendar-range';

export type CalendarActivities = {
  /** The activities of every range loaded so far for this view, each once, in start order. */
  activities: CalendarActivity[];
  /** Some range the view shows has no answer yet (a margin still loading only counts as fetching). */
  isLoading: boolean;
  isFetching: boolean;
  error: Error | null;
  retry: () => void;
};

type CombinedRanges = {
  lists: (CalendarActivity[] | undefined)[];
  pending: boolean[];
  isFetching: boolean;
  error: Error | null;
};

// Module-level, so TanStack Query keeps the combined result (and the lists' identity) between renders.
function combineRanges(results: UseQueryResult<CalendarActivity[]>[]): CombinedRanges {
  return {
    lists: results.map((result) => result.data),
    pending: results.map((result) => result.isPending),
    isFetching: results.some((result) => result.isFetching),
    error: results.find((result) => result.error !== null)?.error ?? null,
  };
}

/** The activities of the calendar's visible range and its margins (spec 001 §2), fetched by chunks. */
export function useCalendarActivities(view: CalendarView, visible: DateRange | null): CalendarActivities {
  const queryClient = useQueryClient();
  // The memory window is counted from when the calendar opened; a tab left open for days re-centres it on
  // the next visit.
  const [openedAt] = useState(() => new Date());
  const chunks = visible === null ? [] : fetchChunks(view, visible);
  const combined = useQueries({
    queries: chunks.map((chunk) => calendarQueries.range(queryClient, chunk, openedAt)),
    combine: combineRanges,
  });
  const { lists, pending } = combined;
  const activities = useMemo(() => mergeActivities(lists.map((list) => list ?? [])), [lists]);
  return {
    activities,
    isLoading:
      visible !== null && chunks.some((chunk, index) => pending[index] === true && rangesOverlap(chunk, visible)),
    isFetching: combined.isFetching,
    error: combined.error,
    retry: () => {
      void queryClient.refetchQueries({
        queryKey: activityKeys.calendarRanges(),
        predicate: (query) => query.state.status === 'error',
      });
    },
  };
}
