import {
  Cycle,
  CycleList,
  PlanImportResult,
  PlanView,
  SegmentGoalsResult,
  TeamResult,
  type CycleInputForm,
  type CycleUpdate,
  type PlanImportInput,
  type PlanTargetsUpdateForm,
  type SegmentGoalsInputForm,
} from '@crm/shared';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { currentPlanQuery, PLAN_STALE_MS, targetCountsQuery } from '@/modules/cycles/light-queries';
import { cycleKeys } from '@/modules/cycles/query-keys';

const cyclePath = (cycleId: string) => `/cycles/${encodeURIComponent(cycleId)}`;
const planPath = (cycleId: string, userId: string) => `${cyclePath(cycleId)}/plans/${encodeURIComponent(userId)}`;

export const cycleQueries = {
  /** GET /api/cycles: every cycle, latest start first. */
  list: () =>
    queryOptions({
      queryKey: cycleKeys.list(),
      queryFn: ({ signal }) => apiClient.get('/cycles', CycleList, { signal }),
    }),
  currentPlan: currentPlanQuery,
  targetCounts: targetCountsQuery,
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
 * After any change to a cycle or its goals: every cycles key (the list, the plans, the teams, the doctors'
 * "2 of 4"), since the server counts on every read.
 */
function afterCycleChange(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: cycleKeys.all });
}

/** POST /api/cycles (administrators). */
export function useCreateCycleMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CycleInputForm) => apiClient.post('/cycles', input, Cycle),
    onSuccess: () => afterCycleChange(queryClient),
  });
}

/** PUT /api/cycles/{id} (administrators): the fields that change. */
export function useUpdateCycleMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, update }: { id: string; update: CycleUpdate }) => apiClient.put(cyclePath(id), update, Cycle),
    onSuccess: () => afterCycleChange(queryClient),
  });
}

/**
 * PUT /api/cycles/{id}/plans/{userId}/targets: sets goals of targets and removes targets; the answer is the
 * plan as now counted, stored where the plan is read.
 */
export function useSetPlanTargetsMutation(cycleId: string, userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: PlanTargetsUpdateForm) =>
      apiClient.put(`${planPath(cycleId, userId)}/targets`, update, PlanView),
    onSuccess: (plan) => {
      const planKey = cycleKeys.plan(cycleId, userId);
      queryClient.setQueryData(planKey, plan);
      // The plan just answered stays as it is; the rest (the current plan, the team, the list) is read again.
      return queryClient.invalidateQueries({
        queryKey: cycleKeys.all,
        predicate: (query) => JSON.stringify(query.queryKey) !== JSON.stringify(planKey),
      });
    },
  });
}

/** POST /api/cycles/{id}/plans/segment (administrators). */
export function useSegmentGoalsMutation(cycleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SegmentGoalsInputForm) =>
      apiClient.post(`${cyclePath(cycleId)}/plans/segment`, input, SegmentGoalsResult),
    onSuccess: () => afterCycleChange(queryClient),
  });
}

/** POST /api/cycles/{id}/plans/import (administrators): a preview without `confirm`, the writing with it. */
export function useImportGoalsMutation(cycleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PlanImportInput) =>
      apiClient.post(`${cyclePath(cycleId)}/plans/import`, input, PlanImportResult),
    onSuccess: (result) => (result.confirmed ? afterCycleChange(queryClient) : undefined),
  });
}
