import { CurrentPlanResult, PlanTargetCountsResult } from '@crm/shared';
import { apiClient } from '@/lib/api-client';
import { queryString } from '@/lib/query-string';
import { currentPlanFromSlice, targetCountsFromSlice } from '@/offline/slice/plan-queries';
import { fromServerOrSlice } from '@/offline/slice/slice-queries';

/*
 * The requests the dashboard and the doctors list make, with the schemas that check their answers: a chunk of
 * its own, loaded with the first request, so that those routes do not carry the cycle plans' contract. Offline
 * (or when the server can't be reached), the device counts the stored plan itself (decision 0058).
 */

/** GET /api/cycles/current/plan */
export function fetchCurrentPlan(signal: AbortSignal): Promise<CurrentPlanResult> {
  return fromServerOrSlice(
    () => apiClient.get('/cycles/current/plan', CurrentPlanResult, { signal }),
    (owner) => currentPlanFromSlice(owner),
  );
}

/** GET /api/cycles/current/plan/targets?doctorIds=… */
export function fetchTargetCounts(doctorIds: readonly string[], signal: AbortSignal): Promise<PlanTargetCountsResult> {
  return fromServerOrSlice(
    () =>
      apiClient.get(`/cycles/current/plan/targets${queryString({ doctorIds })}`, PlanTargetCountsResult, {
        signal,
      }),
    (owner) => targetCountsFromSlice(owner, doctorIds),
  );
}
