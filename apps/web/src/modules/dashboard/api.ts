import { DASHBOARD_REFETCH_MS, DASHBOARD_STALE_MS, DashboardStats } from '@crm/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dashboardKeys } from '@/modules/dashboard/query-keys';

export const dashboardQueries = {
  /** GET /api/dashboard/stats: polled every 15 s while the dashboard is open, stale after 5 s (spec 000 §7). */
  stats: () =>
    queryOptions({
      queryKey: dashboardKeys.stats(),
      queryFn: ({ signal }) => apiClient.get('/dashboard/stats', DashboardStats, { signal }),
      refetchInterval: DASHBOARD_REFETCH_MS,
      staleTime: DASHBOARD_STALE_MS,
    }),
};

export function useDashboardStats() {
  return useQuery(dashboardQueries.stats());
}
