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
  type Channel,
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
import { ignoreFailure, PREFETCHED_FRESH_MS } from '@/lib/prefetch';
import { queryString } from '@/lib/query-string';
import { activityKeys, type ActivityListParams } from '@/modules/activities/query-keys';
import { activityListParamsFrom } from '@/modules/activities/utils/activity-list-params';
import { cycleKeys } from '@/modules/cycles/query-keys';
import { dashboardKeys } from '@/modules/dashboard/query-keys';
import {
  pendingActivityCopy,
  queueActivityCreate,
  queueActivityDelete,
  queueActivityDone,
  queueActivityUpdate,
} from '@/offline/queue/offline-writes';
import { followsEntities, sendOrQueue } from '@/offline/queue/send-or-queue';
import {
  approvalsFromSlice,
  channelsFromSlice,
  detailFromSlice,
  fromServerOrSlice,
  listFromSlice,
  productsFromSlice,
  statsFromSlice,
} from '@/offline/slice/slice-queries';

const activityPath = (id: string) => `/activities/${encodeURIComponent(id)}`;

/**
 * The queries of the pages that work offline answer from the rep's slice in IndexedDB when the network
 * monitor says offline (offline/slice/slice-queries.ts): they must run then, where TanStack Query's default
 * network mode would pause them.
 */
const OFFLINE_READABLE = { networkMode: 'always' } as const;

export const activityQueries = {
  /** GET /api/activities?status: one page of the caller's own activities (the previous page stays while the next loads). */
  list: (params: ActivityListParams) =>
    queryOptions({
      queryKey: activityKeys.list(params),
      queryFn: ({ signal }) =>
        fromServerOrSlice(
          () =>
            apiClient.get(
              `/activities${queryString({ status: params.status, page: params.page, limit: ACTIVITY_PAGE_SIZE })}`,
              ActivityListResult,
              { signal },
            ),
          (owner) => listFromSlice(owner, params),
        ),
      placeholderData: keepPreviousData,
      staleTime: PREFETCHED_FRESH_MS,
      ...OFFLINE_READABLE,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: activityKeys.detail(id),
      queryFn: async ({ signal }) =>
        // A change of it still waiting in the queue: the rep's copy is the newer one.
        (await pendingActivityCopy(id)) ??
        fromServerOrSlice(
          () => apiClient.get(activityPath(id), Activity, { signal }),
          (owner) => detailFromSlice(owner, id),
        ),
      ...OFFLINE_READABLE,
    }),
  /** GET /api/activities/stats: the filters' badges (spec 001 §9: refetch 60 s, stale 30 s, retry twice 1 s apart). */
  stats: () =>
    queryOptions({
      queryKey: activityKeys.stats(),
      queryFn: ({ signal }) =>
        fromServerOrSlice(
          () => apiClient.get('/activities/stats', ActivityStats, { signal }),
          (owner) => statsFromSlice(owner),
        ),
      ...OFFLINE_READABLE,
      refetchInterval: ACTIVITY_STATS_REFETCH_MS,
      staleTime: ACTIVITY_STATS_STALE_MS,
      retry: ACTIVITY_STATS_RETRY,
      retryDelay: ACTIVITY_STATS_RETRY_DELAY_MS,
    }),
  /**
   * GET /api/activities/pending-approvals: the managees' budget requests waiting for the caller; offline, as
   * the last pull stored them (decision 0025).
   */
  pendingApprovals: () =>
    queryOptions({
      queryKey: activityKeys.pendingApprovals(),
      queryFn: ({ signal }) =>
        fromServerOrSlice(
          () => apiClient.get('/activities/pending-approvals', PendingApprovalList, { signal }),
          approvalsFromSlice,
        ),
      select: (list) => list.activities,
      ...OFFLINE_READABLE,
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
      queryFn: ({ signal }) =>
        fromServerOrSlice(
          () => apiClient.get('/configuration/channels/active', ChannelList, { signal }),
          channelsFromSlice,
        ),
      select: (list) => list.channels,
      staleTime: HELPER_LISTS_STALE_MS,
      gcTime: HELPER_LISTS_GC_MS,
      ...OFFLINE_READABLE,
    }),
  /** GET /api/auth/me/products: the only products the form offers (spec 001 §6). */
  myProducts: () =>
    queryOptions({
      queryKey: activityKeys.myProducts(),
      queryFn: ({ signal }) =>
        fromServerOrSlice(() => apiClient.get('/auth/me/products', ProductList, { signal }), productsFromSlice),
      select: (list) => list.products,
      staleTime: HELPER_LISTS_STALE_MS,
      gcTime: HELPER_LISTS_GC_MS,
      ...OFFLINE_READABLE,
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
 * What /activities will show at this address: the filters' badges, and the filter's page (or the budget
 * requests waiting for approval). Not awaited: a route loader calls it as the route is known; offline the
 * same query functions read the device's slice.
 */
export function prefetchActivityList(queryClient: QueryClient, address: URLSearchParams): void {
  const { filter, page } = activityListParamsFrom(address);
  queryClient.query(activityQueries.stats()).catch(ignoreFailure);
  if (filter === 'need_approval') queryClient.query(activityQueries.pendingApprovals()).catch(ignoreFailure);
  else queryClient.query(activityQueries.list({ status: filter, page })).catch(ignoreFailure);
}

/**
 * After any activity write: every activity answer (lists, stats, approvals, the calendar's ranges), the
 * dashboard and the cycle plans' counts. `except` leaves out a query that must not be asked again (a deleted activity's detail).
 */
function invalidateAfterWrite(queryClient: QueryClient, except?: QueryKey): Promise<unknown> {
  const skipped = except === undefined ? undefined : JSON.stringify(except);
  return Promise.all([
    queryClient.invalidateQueries({
      queryKey: activityKeys.all,
      predicate: (query) => skipped === undefined || JSON.stringify(query.queryKey) !== skipped,
    }),
    queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
    queryClient.invalidateQueries({ queryKey: cycleKeys.all }),
  ]);
}

function storeActivity(queryClient: QueryClient, activity: Activity): void {
  queryClient.setQueryData(activityKeys.detail(activity.id), activity);
}

/** What a write answers: the activity as the server or the device now holds it, and whether it was queued. */
export type SavedActivity = { activity: Activity; queued: boolean };

/** The activity in the calendar's cached ranges replaced (or, for a deletion, removed) at once. */
function showInCalendar(queryClient: QueryClient, id: string, activity: Activity | null): void {
  queryClient.setQueriesData<CalendarActivity[]>({ queryKey: activityKeys.calendarRanges() }, (list) =>
    activity === null
      ? list?.filter((known) => known.id !== id)
      : list?.map((known) => (known.id === id ? activity : known)),
  );
}

/**
 * The mutations run offline too (the query client follows the network monitor, and TanStack Query's
 * default network mode would pause them): offline they write to the queue, which needs no network.
 */
const RUNS_OFFLINE = { networkMode: 'always' } as const;

export type CreateActivityVariables = {
  /** Carries the client-made id: a replay after a lost answer finds the activity instead of making another. */
  input: ActivityInput & { id: string };
  /** The same for every try of one submission, so the server answers a replay with its first result. */
  idempotencyKey: string;
  /** The activity's channel: the device's copy of a queued creation shows it. */
  channel: Channel;
};

export function useCreateActivityMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    ...RUNS_OFFLINE,
    mutationFn: ({ input, idempotencyKey, channel }: CreateActivityVariables) =>
      sendOrQueue<SavedActivity>({
        // Online too, a change goes after the earlier ones of the same activity (or of its new doctor) still queued.
        mustFollow: followsEntities([input.id, input.doctorId]),
        send: async () => ({
          activity: await apiClient.post('/activities', input, Activity, {
            headers: { 'Idempotency-Key': idempotencyKey },
          }),
          queued: false,
        }),
        queue: async (owner) => ({
          activity: await queueActivityCreate(owner, input, channel, idempotencyKey),
          queued: true,
        }),
      }),
    onSuccess: ({ activity }) => {
      storeActivity(queryClient, activity);
    },
    onSettled: () => invalidateAfterWrite(queryClient),
  });
}

export type UpdateActivityVariables = {
  /** The activity as the page holds it: a queued edit's copy on the device starts from it. */
  activity: Activity | CalendarActivity;
  update: ActivityUpdate;
  /** The channel chosen, when the edit may change it. */
  channel?: Channel;
};

/**
 * PUT /api/activities/{id} with the fields that changed: the form's save, the calendar's drag and resize.
 * The answer replaces the activity in the cached calendar ranges at once (the calendar then keeps showing
 * it where it was dropped) before every activity answer and the dashboard are refreshed.
 */
export function useUpdateActivityMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    ...RUNS_OFFLINE,
    mutationFn: ({ activity, update, channel }: UpdateActivityVariables) =>
      sendOrQueue<SavedActivity>({
        mustFollow: followsEntities([activity.id, update.doctorId]),
        send: async () => ({
          activity: await apiClient.put(activityPath(activity.id), update, Activity),
          queued: false,
        }),
        queue: async (owner) => ({
          activity: await queueActivityUpdate(owner, activity, update, channel),
          queued: true,
        }),
      }),
    onSuccess: ({ activity }) => {
      storeActivity(queryClient, activity);
      showInCalendar(queryClient, activity.id, activity);
    },
    onSettled: () => invalidateAfterWrite(queryClient),
  });
}

/** PUT {done: true}: final, the activity is locked afterwards (spec 001 §4). */
export function useMarkActivityDoneMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    ...RUNS_OFFLINE,
    mutationFn: (activity: Activity) =>
      sendOrQueue<SavedActivity>({
        mustFollow: followsEntities([activity.id]),
        send: async () => ({
          activity: await apiClient.put(activityPath(activity.id), { done: true } satisfies ActivityUpdate, Activity),
          queued: false,
        }),
        queue: async (owner) => ({ activity: await queueActivityDone(owner, activity), queued: true }),
      }),
    onSuccess: ({ activity }) => {
      storeActivity(queryClient, activity);
      showInCalendar(queryClient, activity.id, activity);
    },
    onSettled: () => invalidateAfterWrite(queryClient),
  });
}

export function useDeleteActivityMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    ...RUNS_OFFLINE,
    mutationFn: (activity: Activity) =>
      sendOrQueue<{ queued: boolean }>({
        mustFollow: followsEntities([activity.id]),
        send: async () => {
          await apiClient.send(activityPath(activity.id), { method: 'DELETE' });
          return { queued: false };
        },
        queue: async (owner) => {
          await queueActivityDelete(owner, activity);
          return { queued: true };
        },
      }),
    onSuccess: async (_result, activity) => {
      showInCalendar(queryClient, activity.id, null);
      // The page showing it is still there until it navigates: asking for it again would answer 404.
      await queryClient.cancelQueries({ queryKey: activityKeys.detail(activity.id), exact: true });
    },
    onSettled: (_result, error, activity) =>
      invalidateAfterWrite(queryClient, error === null ? activityKeys.detail(activity.id) : undefined),
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
