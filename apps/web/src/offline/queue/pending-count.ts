import { PENDING_COUNT_REFRESH_MS } from '@crm/shared';
import { skipToken, useQuery } from '@tanstack/react-query';
import { useSession } from '@/app/session';
import { offlineKeys } from '@/offline/queue/query-keys';

/** The signed-in user's unsynced queue items, refreshed every 5 s (spec 000 §4). 0 while unknown. */
export function usePendingCount(): number {
  const owner = useSession().user?.id;
  const { data } = useQuery({
    queryKey: offlineKeys.pendingCount(owner),
    queryFn:
      owner === undefined
        ? skipToken
        : // The store's code loads with the count, off the first screen's path.
          () => import('@/offline/store/db').then(({ countPendingItems }) => countPendingItems(owner)),
    refetchInterval: PENDING_COUNT_REFRESH_MS,
    // IndexedDB is local: count even when the network is down, which is when it matters most.
    networkMode: 'always',
    retry: false,
  });
  return data ?? 0;
}
