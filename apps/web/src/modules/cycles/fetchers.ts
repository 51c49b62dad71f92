import { CurrentPlanResult, PlanTargetCountsResult } from '@crm/shared';
import { apiClient } from '@/lib/api-client';
import { queryString } from '@/lib/query-string';

/*
 * The requests the dashboard and the doctors list make, with the schemas that check their answers: a chunk of
 * its own, loaded with the first request, so that those routes do not carry the cycle plans' contract. Offline
 * (or when the server can't be reached), the device counts the stored plan itself (decision 0058).
 */

/**
 * The device's side, imported by this chunk when a request is first made rather than with it: what the pages
 * preload with this chunk stays as it was (the device's store they load already).
 */
const deviceSide = () => import('@/offline/slice/plan-queries');

/** GET /api/cycles/current/plan */
export async function fetchCurrentPlan(signal: AbortSignal): Promise<CurrentPlanResult> {
  const device = await deviceSide();
  return device.currentPlanFromServerOrSlice(() =>
    apiClient.get('/cycles/current/plan', CurrentPlanResult, { signal }),
  );
}

/** GET /api/cycles/current/plan/targets?doctorIds=… */
export async function fetchTargetCounts(
  doctorIds: readonly string[],
  signal: AbortSignal,
): Promise<PlanTargetCountsResult> {
  const device = await deviceSide();
  return device.targetCountsFromServerOrSlice(
    () =>
      apiClient.get(`/cycles/current/plan/targets${queryString({ doctorIds })}`, PlanTargetCountsResult, {
        signal,
      }),
    doctorIds,
  );
}
