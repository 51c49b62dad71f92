import {
  CurrentPlanResult,
  CycleList,
  PlanTargetCountsResult,
  PlanView,
  TeamResult,
  type PlanTargetsUpdateForm,
} from '@crm/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { queryString } from '@/lib/query-string';
import { cycleKeys } from '@/modules/cycles/query-keys';

/** Counts move with every activity marked done: a minute is the freshest a plan needs to look without a write. */
const PLAN_STALE_MS = 60_000;

const cyclePath = (cycleId: string) => `/cycles/${encodeURIComponent(cycleId)}`;
const planPath = (cycleId: string, userId: string) => `${cyclePath(cycleId)}/plans/${encodeURIComponent(userId)}`;

export const cycleQueries = {
  /** GET /api/cycles: every cycle, latest start first. */
  list: () =>
    queryOptions({
      queryKey: cycleKeys.list(),
      queryFn: ({ signal }) => apiClient.get('/cycles', CycleList, { signal }),
    }),
  /** GET /api/cycles/current/plan: the signed-in user's plan in the current cycle, null without one. */
  currentPlan: () =>
    queryOptions({
      queryKey: cycleKeys.currentPlan(),
      queryFn: ({ signal }) => apiClient.get('/cycles/current/plan', CurrentPlanResult, { signal }),
      staleTime: PLAN_STALE_MS,
    }),
  /** GET /api/cycles/current/plan/targets?doctorIds=…: one call for a whole page of doctors. */
  targetCounts: (doctorIds: readonly string[]) =>
    queryOptions({
      queryKey: cycleKeys.targetCounts(doctorIds),
      queryFn: ({ signal }) =>
        apiClient.get(`/cycles/current/plan/targets${queryString({ doctorIds })}`, PlanTargetCountsResult, { signal }),
      staleTime: PLAN_STALE_MS,
    }),
  /** GET /api/cycles/{id}/plans/{userId}: a rep's plan, read by themselves, their manager or an administrator. */
  plan: (cycleId: string, userId: string) =>
    queryOptions({
      queryKey: cycleKeys.plan(cycleId, userId),
      queryFn: ({ signal }) => apiClient.get(planPath(cycleId, userId), PlanView, { signal }),
      staleTime: PLAN_STALE_MS,
    }),
  /** GET /api/cycles/{id}/team: the signed-in manager's managees in a cycle. */
  team: (cycleId: string) =>
    queryOptions({
      queryKey: cycleKeys.team(cycleId),
      queryFn: ({ signal }) => apiClient.get(`${cyclePath(cycleId)}/team`, TeamResult, { signal }),
      staleTime: PLAN_STALE_MS,
    }),
};

/**
 * The current plan's counts of the doctors shown (a list page, or the one doctor of their page): one request
 * for them all, none while there are none. The previous page's answer stays while the next one loads.
 */
export function useTargetCounts(doctorIds: readonly string[]) {
  return useQuery({
    ...cycleQueries.targetCounts(doctorIds),
    enabled: doctorIds.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** PUT /api/cycles/{id}/plans/{userId}/targets: the plan as it now stands. */
export function useSetTargetsMutation(cycleId: string, userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: PlanTargetsUpdateForm) =>
      apiClient.put(`${planPath(cycleId, userId)}/targets`, update, PlanView),
    onSuccess: (plan) => {
      queryClient.setQueryData(cycleKeys.plan(cycleId, userId), plan);
      void queryClient.invalidateQueries({ queryKey: cycleKeys.all });
    },
  });
}
