import { DEFAULT_COLOR, TargetList, type Target } from '@crm/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { configurationKeys } from '@/modules/configuration/query-keys';

/** Targets change rarely (an administrator's configuration): asked again after five minutes at most. */
const TARGETS_STALE_MS = 5 * 60_000;

export const configurationQueries = {
  /** GET /api/configuration/targets?active=true: the targets offered in selects and filters. */
  activeTargets: () =>
    queryOptions({
      queryKey: configurationKeys.activeTargets(),
      queryFn: ({ signal }) => apiClient.get('/configuration/targets?active=true', TargetList, { signal }),
      select: (list) => list.targets,
      staleTime: TARGETS_STALE_MS,
    }),
};

export type TargetColor = (name: string) => string;

/**
 * The active targets and the colour of a target by name (doctors carry target names). A name no longer
 * configured gets the default colour rather than none.
 */
export function useActiveTargets(): { targets: Target[]; colorOf: TargetColor; isLoading: boolean } {
  const { data, isLoading } = useQuery(configurationQueries.activeTargets());
  const targets = data ?? [];
  const colorOf = (name: string) => targets.find((target) => target.name === name)?.color ?? DEFAULT_COLOR;
  return { targets, colorOf, isLoading };
}
