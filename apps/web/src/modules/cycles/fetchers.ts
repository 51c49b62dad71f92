import { CurrentPlanResult, PlanTargetCountsResult } from '@crm/shared';
import { apiClient } from '@/lib/api-client';
import { queryString } from '@/lib/query-string';

/*
 * The requests the dashboard and the doctors list make, with the schemas that check their answers: a chunk of
 * its own, loaded with the first request, so that those routes do not carry the cycle plans' contract.
 */

/** GET /api/cycles/current/plan */
export function fetchCurrentPlan(signal: AbortSignal): Promise<CurrentPlanResult> {
  return apiClient.get('/cycles/current/plan', CurrentPlanResult, { signal });
}

/** GET /api/cycles/current/plan/targets?doctorIds=… */
export function fetchTargetCounts(doctorIds: readonly string[], signal: AbortSignal): Promise<PlanTargetCountsResult> {
  return apiClient.get(`/cycles/current/plan/targets${queryString({ doctorIds })}`, PlanTargetCountsResult, {
    signal,
  });
}
