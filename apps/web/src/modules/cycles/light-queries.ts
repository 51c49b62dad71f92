import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { cycleKeys } from '@/modules/cycles/query-keys';

/** Counts move with every activity marked done: a minute is the freshest a plan needs to look without a write. */
export const PLAN_STALE_MS = 60_000;

const fetchers = () => import('@/modules/cycles/fetchers');

/**
 * Offline the device counts the stored plan (decision 0058): the queries must run then, where TanStack Query's
 * default network mode would pause them.
 */
const OFFLINE_READABLE = { networkMode: 'always' } as const;

/** GET /api/cycles/current/plan: the signed-in user's plan in the current cycle, null without one. */
export const currentPlanQuery = () =>
  queryOptions({
    queryKey: cycleKeys.currentPlan(),
    queryFn: ({ signal }) => fetchers().then((module) => module.fetchCurrentPlan(signal)),
    staleTime: PLAN_STALE_MS,
    ...OFFLINE_READABLE,
  });

/** GET /api/cycles/current/plan/targets?doctorIds=…: one call for a whole page of doctors. */
export const targetCountsQuery = (doctorIds: readonly string[]) =>
  queryOptions({
    queryKey: cycleKeys.targetCounts(doctorIds),
    queryFn: ({ signal }) => fetchers().then((module) => module.fetchTargetCounts(doctorIds, signal)),
    staleTime: PLAN_STALE_MS,
    ...OFFLINE_READABLE,
  });

/**
 * The current plan's counts of the doctors shown (a list page, or the one doctor of their page): one request
 * for them all, none while there are none. The previous page's answer stays while the next one loads.
 */
export function useTargetCounts(doctorIds: readonly string[]) {
  return useQuery({
    ...targetCountsQuery(doctorIds),
    enabled: doctorIds.length > 0,
    placeholderData: keepPreviousData,
  });
}
