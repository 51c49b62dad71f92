import {
  Channel,
  ChannelList,
  DEFAULT_COLOR,
  Product,
  ProductList,
  Target,
  TargetList,
  type ChannelInput,
  type ConfigurationKind,
  type ProductInput,
  type TargetInput,
} from '@crm/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ResponseParser } from '@/lib/api-client';
import { activityKeys } from '@/modules/activities/query-keys';
import { configurationKeys } from '@/modules/configuration/query-keys';
import { doctorKeys } from '@/modules/doctors/query-keys';

/** Targets change rarely (an administrator's configuration): asked again after five minutes at most. */
const TARGETS_STALE_MS = 5 * 60_000;

/** Each kind's entry, its list and the payload of its POST and PUT (spec 001 §7). */
export type ConfigurationEntry = { products: Product; channels: Channel; targets: Target };
export type ConfigurationPayload = { products: ProductInput; channels: ChannelInput; targets: TargetInput };

/** Each kind's list, out of its answer ({products}, {channels}, {targets}). */
const LIST_PARSERS: { [K in ConfigurationKind]: ResponseParser<ConfigurationEntry[K][]> } = {
  products: { parse: (data) => ProductList.parse(data).products },
  channels: { parse: (data) => ChannelList.parse(data).channels },
  targets: { parse: (data) => TargetList.parse(data).targets },
};

/** The entry a POST or PUT answers. */
const ENTRY_PARSERS: { [K in ConfigurationKind]: ResponseParser<ConfigurationEntry[K]> } = {
  products: Product,
  channels: Channel,
  targets: Target,
};

export const configurationQueries = {
  /**
   * GET /api/configuration/targets: every target. Selects offer the active ones; a doctor whose target was
   * deactivated since still shows it in its colour (decision 0031).
   */
  targets: () =>
    queryOptions({
      queryKey: configurationKeys.targets(),
      queryFn: ({ signal }) => apiClient.get('/configuration/targets', TargetList, { signal }),
      select: (list) => list.targets,
      staleTime: TARGETS_STALE_MS,
    }),
  /** One kind's whole list, inactive entries included: the configuration screen (administrators). */
  entries: <K extends ConfigurationKind>(kind: K) =>
    queryOptions({
      queryKey: configurationKeys.entries(kind),
      queryFn: ({ signal }) => apiClient.get(`/configuration/${kind}`, LIST_PARSERS[kind], { signal }),
    }),
};

export type TargetColor = (name: string) => string;

/**
 * The active targets (what selects offer) and the colour of a target by name (doctors carry target names),
 * inactive ones included. A name no longer configured at all gets the default colour rather than none.
 */
export function useActiveTargets(): { targets: Target[]; colorOf: TargetColor; isLoading: boolean } {
  const { data, isLoading } = useQuery(configurationQueries.targets());
  const all = data ?? [];
  const targets = all.filter((target) => target.active);
  const colorOf = (name: string) => all.find((target) => target.name === name)?.color ?? DEFAULT_COLOR;
  return { targets, colorOf, isLoading };
}

/**
 * After a change: the configuration's lists, and what other screens read of it (the activity form's
 * channels and products, the doctors' target names, which follow a renamed target).
 */
function useInvalidateConfiguration(kind: ConfigurationKind) {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: configurationKeys.all });
    if (kind === 'channels') await queryClient.invalidateQueries({ queryKey: activityKeys.all });
    if (kind === 'products') {
      await queryClient.invalidateQueries({ queryKey: activityKeys.myProducts() });
      await queryClient.invalidateQueries({ queryKey: activityKeys.allProducts() });
    }
    if (kind === 'targets') await queryClient.invalidateQueries({ queryKey: doctorKeys.all });
  };
}

/** POST /api/configuration/{kind}, or PUT …/{id} when an id is given. */
export function useSaveEntryMutation<K extends ConfigurationKind>(kind: K) {
  const invalidate = useInvalidateConfiguration(kind);
  return useMutation({
    mutationFn: ({ id, payload }: { id: string | null; payload: ConfigurationPayload[K] }) =>
      id === null
        ? apiClient.post(`/configuration/${kind}`, payload, ENTRY_PARSERS[kind])
        : apiClient.put(`/configuration/${kind}/${encodeURIComponent(id)}`, payload, ENTRY_PARSERS[kind]),
    onSuccess: invalidate,
  });
}

/** DELETE /api/configuration/{kind}/{id}; an entry still in use answers 409 (deactivate it instead). */
export function useDeleteEntryMutation(kind: ConfigurationKind) {
  const invalidate = useInvalidateConfiguration(kind);
  return useMutation({
    mutationFn: (id: string) =>
      apiClient.send(`/configuration/${kind}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}
