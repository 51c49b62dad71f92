import { UgaResult, type UgaQuery } from '@crm/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { queryString } from '@/lib/query-string';
import { geoKeys } from '@/modules/geo/query-keys';

/** An address's zone doesn't move: one lookup per address for the session. */
const UGA_STALE_MS = Infinity;

export const geoQueries = {
  /** GET /api/geo/uga: the UGA zone (code, name) and coordinates of a French address. */
  uga: (address: UgaQuery) =>
    queryOptions({
      queryKey: geoKeys.uga(address),
      queryFn: ({ signal }) => apiClient.get(`/geo/uga${queryString(address)}`, UgaResult, { signal }),
      staleTime: UGA_STALE_MS,
      retry: false,
    }),
};

/**
 * The UGA extraction button's call: a mutation for its pending and error states, answered from the cache
 * when the same address was found already. It changes nothing on the server.
 */
export function useUgaLookupMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (address: UgaQuery) => {
      const result = await queryClient.query(geoQueries.uga(address));
      // The commune stood in because the address API was unreachable: ask it again next time.
      if (result.precision === 'commune') queryClient.removeQueries({ queryKey: geoKeys.uga(address) });
      return result;
    },
  });
}
