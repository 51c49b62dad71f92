import { LogClearResult, LogFilterOptions, LogList } from '@crm/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, apiRequest } from '@/lib/api-client';
import { queryString } from '@/lib/query-string';
import { type LogListParams, logKeys } from '@/modules/logs/query-keys';

/** The filters' choices change as entries come: asked again after a minute at most. */
const FILTERS_STALE_MS = 60_000;

export const logQueries = {
  /** GET /api/logs?page&limit and the filters: the previous page stays shown until the next one arrives. */
  list: (params: LogListParams) =>
    queryOptions({
      queryKey: logKeys.list(params),
      queryFn: ({ signal }) => apiClient.get(`/logs${queryString(params)}`, LogList, { signal }),
      placeholderData: keepPreviousData,
    }),
  /** GET /api/logs/filters: the actions, entity types and users the caller can filter by. */
  filters: () =>
    queryOptions({
      queryKey: logKeys.filters(),
      queryFn: ({ signal }) => apiClient.get('/logs/filters', LogFilterOptions, { signal }),
      staleTime: FILTERS_STALE_MS,
    }),
};

/** DELETE /api/logs (administrators): the whole log, but the one entry saying who cleared it. */
export function useClearLogsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/logs', { method: 'DELETE' }).then((data) => LogClearResult.parse(data)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: logKeys.all }),
  });
}
