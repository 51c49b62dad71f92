import { PENDING_COUNT_REFRESH_MS } from '@crm/shared';
import { queryOptions, skipToken, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { activityKeys } from '@/modules/activities/query-keys';
import { syncQueueKeys } from '@/modules/sync-queue/query-keys';
import { forgetLocalCopy } from '@/offline/queue/offline-writes';
import { offlineKeys } from '@/offline/queue/query-keys';
import { discard, listQueue, retry } from '@/offline/queue/queue';
import { WAITING_STATUSES, type QueueItem } from '@/offline/store/db';

/** Reads and changes of the device's queue: IndexedDB only, so they run offline too. */
const LOCAL = { networkMode: 'always' } as const;

export const syncQueueQueries = {
  /** The owner's unsynced changes, oldest first, read again as often as the pending count. */
  waiting: (owner: string | undefined) =>
    queryOptions({
      queryKey: syncQueueKeys.waiting(owner),
      queryFn:
        owner === undefined
          ? skipToken
          : async (): Promise<QueueItem[]> =>
              (await listQueue(owner)).filter((item) => WAITING_STATUSES.includes(item.status)),
      refetchInterval: PENDING_COUNT_REFRESH_MS,
      retry: false,
      ...LOCAL,
    }),
};

/** The page, the pending count and the activity answers (which show the device's copies) read again. */
function refreshQueueViews(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: syncQueueKeys.all }),
    queryClient.invalidateQueries({ queryKey: offlineKeys.all }),
  ]);
}

/** A failed or refused change goes back to the queue with a fresh set of tries; the engine starts at once. */
export function useRetryChangeMutation(owner: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...LOCAL,
    mutationFn: (item: QueueItem) => retry(owner, item.mutationId),
    onSettled: () => refreshQueueViews(queryClient),
  });
}

/** The rep gives a change up (asked first): it is never sent, and the device stops showing it as made. */
export function useDiscardChangeMutation(owner: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...LOCAL,
    mutationFn: async (item: QueueItem) => {
      const discarded = await discard(owner, item.mutationId);
      if (discarded) await forgetLocalCopy(owner, item);
      return discarded;
    },
    onSettled: () =>
      Promise.all([refreshQueueViews(queryClient), queryClient.invalidateQueries({ queryKey: activityKeys.all })]),
  });
}
