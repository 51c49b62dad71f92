import type { QueryClient } from '@tanstack/react-query';
import { countPendingItems } from '@/offline/db';
import { discardQueue, forgetCachedRecords, waitingEntityIds } from '@/offline/forget-user';
import { getNetworkState, isEffectivelyOnline } from '@/offline/network-monitor';
import { syncNow } from '@/offline/sync';

/** What the leaving user chose for their unsynced changes. */
export type LogoutChoice = 'keep' | 'discard';

/**
 * Before logging out: online, a last sync sends what it can; then how many changes of the user are still
 * not on the server (0 when the device's store can't be read: nothing known to lose).
 */
export async function unsyncedBeforeLogout(owner: string): Promise<number> {
  if (isEffectivelyOnline(getNetworkState())) {
    try {
      await syncNow();
    } catch {
      // Whatever did not go is counted below.
    }
  }
  try {
    return await countPendingItems(owner);
  } catch {
    return 0;
  }
}

/**
 * After the session ended: the next user of the device must find nothing of this one (issue 13, 'two
 * people, one device'). The query cache goes whole; the user's cached records go, except the copies their
 * kept changes show on; discarded changes go with their copies. Kept changes stay owner-tagged, and the
 * engine sends a change only with its owner's token.
 */
export async function forgetUser(owner: string, choice: LogoutChoice, queryClient: QueryClient): Promise<void> {
  queryClient.clear();
  try {
    if (choice === 'discard') await discardQueue(owner);
    await forgetCachedRecords(owner, choice === 'keep' ? await waitingEntityIds(owner) : new Set());
  } catch {
    // The device's store could not be opened: its records stay readable only by their owner.
  }
}
