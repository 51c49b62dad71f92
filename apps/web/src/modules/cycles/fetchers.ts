import { CurrentPlanResult, PlanTargetCountsResult } from '@crm/shared';
import { apiClient } from '@/lib/api-client';
import { queryString } from '@/lib/query-string';
import { fromServerOrSlice } from '@/offline/slice/slice-queries';

/*
 * The requests the dashboard and the doctors list make, with the schemas that check their answers: a chunk of
 * its own, loaded with the first request, so that those routes do not carry the cycle plans' contract. Offline
 * (or when the server can't be reached), the device counts the stored plan itself (decision 0058).
 */

/**
 * The device's counting, imported only when the device has to answer: online, the request leaves at once,
 * without waiting for a chunk the answer does not need.
 */
const deviceSide = () => import('@/offline/slice/plan-queries');

/** GET /api/cycles/current/plan */
export function fetchCurrentPlan(signal: AbortSignal): Promise<CurrentPlanResult> {
  return fromServerOrSlice(
    () => apiClient.get('/cycles/current/plan', CurrentPlanResult, { signal }),
    async (owner) => (await deviceSide()).currentPlanFromSlice(owner),
  );
}

/** GET /api/cycles/current/plan/targets?doctorIds=… */
export function fetchTargetCounts(doctorIds: readonly string[], signal: AbortSignal): Promise<PlanTargetCountsResult> {
  return fromServerOrSlice(
    () =>
      apiClient.get(`/cycles/current/plan/targets${queryString({ doctorIds })}`, PlanTargetCountsResult, {
        signal,
      }),
    async (owner) => (await deviceSide()).targetCountsFromSlice(owner, doctorIds),
  );
}
