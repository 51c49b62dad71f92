import {
  Activity,
  ACTIVITY_PAGE_SIZE,
  ACTIVITY_PAGED_VIEW_SIZE,
  ACTIVITY_STATS_REFETCH_MS,
  ACTIVITY_STATS_RETRY,
  ACTIVITY_STATS_RETRY_DELAY_MS,
  ACTIVITY_STATS_STALE_MS,
  ActivityListResult,
  ActivityStats,
  ChannelList,
  HELPER_LISTS_GC_MS,
  HELPER_LISTS_STALE_MS,
  PendingApprovalList,
  ProductList,
  type ActivityInput,
  type ActivityUpdate,
  type CalendarActivity,
} from '@crm/shared';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { queryString } from '@/lib/query-string';
import { activityKeys, type ActivityListParams } from '@/modules/activities/query-keys';
import { dashboardKeys } from '@/modules/dashboard/query-keys';

const activityPath = (id: string) => `/activities/${encodeURIComponent(id)}`;

export const activityQueries = {
  /** GET /api/activities?status: one page of the caller's own activities (the previous page stays while the next loads). */
  list: (params: ActivityListParams) =>
    queryOptions({
      queryKey: activityKeys.list(params),
      queryFn: ({ signal }) =>
        apiClient.get(
          `/activities${queryString({ status: params.status, page: params.page, limit: ACTIVITY_PAGE_SIZE })}`,
          ActivityListResult,
          { signal },
        ),
      placeholderData: keepPreviousData,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: activityKeys.detail(id),
      queryFn: ({ signal }) => apiClient.get(activityPath(id), Activity, { signal }),
    }),
  /** GET /api/activities/stats: the filters' badges (spec 001 §9: refetch 60 s, stale 30 s, retry twice 1 s apart). */
  stats: () =>
    queryOptions({
      queryKey: activityKeys.stats(),
      queryFn: ({ signal }) => apiClient.get('/activities/stats', ActivityStats, { signal }),
      refetchInterval: ACTIVITY_STATS_REFETCH_MS,
      staleTime: ACTIVITY_STATS_STALE_MS,
      retry: ACTIVITY_STATS_RETRY,
      retryDelay: ACTIVITY_STATS_RETRY_DELAY_MS,
    }),
  /** GET /api/activities/pending-approvals: the managees' budget requests waiting for the caller. */
  pendingApprovals: () =>
    queryOptions({
      queryKey: activityKeys.pendingApprovals(),
      queryFn: ({ signal }) => apiClient.get('/activities/pending-approvals', PendingApprovalList, { signal }),
      select: (list) => list.activities,
      refetchInterval: ACTIVITY_STATS_REFETCH_MS,
      staleTime: ACTIVITY_STATS_STALE_MS,
    }),
  /**
   * GET /api/activities?doctorId: the doctor page's timeline, a page of 20 at a time (spec 001 §9: paged
   * view 20), each page asked for when the user wants more.
   */
  ofDoctor: (doctorId: string) =>
    infiniteQueryOptions({
      queryKey: activityKeys.doctor(doctorId),
      queryFn: ({ pageParam, signal }) =>
        apiClient.get(
          `/activities${queryString({ doctorId, page: pageParam, limit: ACTIVITY_PAGED_VIEW_SIZE })}`,
          ActivityListResult,
          { signal },
        ),
      initialPageParam: 1,
      getNextPageParam: (last) => (last.currentPage < last.pages ? last.currentPage + 1 : undefined),
    }),
  /** GET /api/configuration/channels/active, in their configured order (spec 001 §9: cached 5 min, kept 10). */
  channels: () =>
    queryOptions({
      queryKey: activityKeys.channels(),
      queryFn: ({ signal }) => apiClient.get('/configuration/channels/active', ChannelList, { signal }),
      select: (list) => list.channels,
      staleTime: HELPER_LISTS_STALE_MS,
      gcTime: HELPER_LISTS_GC_MS,
    }),
  /** GET /api/auth/me/products: the only products the form offers (spec 001 §6). */
  myProducts: () =>
    queryOptions({
      queryKey: activityKeys.myProducts(),
      queryFn: ({ signal }) => apiClient.get('/auth/me/products', ProductList, { signal }),
      select: (list) => list.products,
      staleTime: HELPER_LISTS_STALE_MS,
      gcTime: HELPER_LISTS_GC_MS,
    }),
  /** GET /api/users/products/all: the names of products the user has not (or no longer) been assigned. */
  allProducts: () =>
    queryOptions({
      queryKey: activityKeys.allProducts(),
      queryFn: ({ signal }) => apiClient.get('/users/products/all', ProductList, { signal }),
      select: (list) => list.products,
      staleTime: HELPER_LISTS_STALE_MS,
      gcTime: HELPER_LISTS_GC_MS,
    }),
};

/**
 * After any activity write: every activity answer (lists, stats, approvals, the calendar's ranges) and the
 * dashboard. `except` leaves out a query that must not be asked again (a deleted activity's detail).
 */
function invalidateAfterWrite(queryClient: QueryClient, except?: QueryKey): Promise<unknown> {
  const skipped = except === undefined ? undefined : JSON.stringify(except);
  return Promise.all([
    queryClient.invalidateQueries({
      queryKey: activityKeys.all,
      predicate: (query) => skipped === undefined || JSON.stringify(query.queryKey) !== skipped,
    }),
    queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
  ]);
}

function storeActivity(queryClient: QueryClient, activity: Activity): void {
  queryClient.setQueryData(activityKeys.detail(activity.id), activity);
}

export type CreateActivityVariables = {
  /** Carries the client-made id: a replay after a lost answer finds the activity instead of making another. */
  input: ActivityInput;
  /** The same for every try of one submission, so the server answers a replay with its first result. */
  idempotencyKey: string;
};

export function useCreateActivityMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: CreateActivityVariables) =>
      apiClient.post('/activities', input, Activity, { headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: (activity) => {
      storeActivity(queryClient, activity);
    },
    onSettled: () => invalidateAfterWrite(queryClient),
  });
}

export type UpdateActivityVariables = { id: string; update: ActivityUpdate };

/**
 * PUT /api/activities/{id} with the fields that changed: the form's save, the calendar's drag and resize.
 * The answer replaces the activity in the cached calendar ranges at once (the calendar then keeps showing
 * it where it was dropped) before every activity answer and the dashboard are refreshed.
 */
export function useUpdateActivityMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, update }: UpdateActivityVariables) => apiClient.put(activityPath(id), update, Activity),
    onSuccess: (activity) => {
      storeActivity(queryClient, activity);
      queryClient.setQueriesData<CalendarActivity[]>({ queryKey: activityKeys.calendarRanges() }, (list) =>
        list?.map((known) => (known.id === activity.id ? activity : known)),
      );
    },
    onSettled: () => invalidateAfterWrite(queryClient),
  });
}

/** PUT {done: true}: final, the activity is locked afterwards (spec 001 §4). */
export function useMarkActivityDoneMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.put(activityPath(id), { done: true } satisfies ActivityUpdate, Activity),
    onSuccess: (activity) => {
      storeActivity(queryClient, activity);
    },
    onSettled: () => invalidateAfterWrite(queryClient),
  });
}

export function useDeleteActivityMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.send(activityPath(id), { method: 'DELETE' }),
    onSuccess: async (_nothing, id) => {
      // The page showing it is still there until it navigates: asking for it again would answer 404.
      await queryClient.cancelQueries({ queryKey: activityKeys.detail(id), exact: true });
    },
    onSettled: (_nothing, error, id) =>
      invalidateAfterWrite(queryClient, error === null ? activityKeys.detail(id) : undefined),
  });
}

/** PUT /api/activities/{id}/approve: the manager validates a managee's budget. */
export function useApproveActivityMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.put(`${activityPath(id)}/approve`, undefined, Activity),
    onSuccess: (activity) => {
      storeActivity(queryClient, activity);
    },
    onSettled: () => invalidateAfterWrite(queryClient),
  });
}

export type RejectActivityVariables = { id: string; notes: string | null };

/** PUT /api/activities/{id}/reject {notes}: the server records the spec's reason with the notes. */
export function useRejectActivityMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, notes }: RejectActivityVariables) =>
      apiClient.put(`${activityPath(id)}/reject`, { notes }, Activity),
    onSuccess: (activity) => {
      storeActivity(queryClient, activity);
    },
    onSettled: () => invalidateAfterWrite(queryClient),
  });
}
