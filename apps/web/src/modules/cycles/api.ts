import { CycleList, PlanView, TeamResult } from '@crm/shared';
import { queryOptions } from '@tanstack/react-query';
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
