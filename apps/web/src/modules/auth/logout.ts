import type { QueryClient } from '@tanstack/react-query';
import { getNetworkState, isEffectivelyOnline } from '@/offline/engine/network-monitor';
import { syncNow } from '@/offline/engine/sync-triggers';
import { countPendingItems } from '@/offline/store/db';
import { forgetLeavingUsers, noteLeaving, type LogoutChoice } from '@/offline/store/leaving-users';

export type { LogoutChoice };

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
 * Signs the user out of this device: `endSession` ends the session (the server's, then the device's), and the
 * next user of the device must find nothing of this one (issue 13, 'two people, one device'). The user is noted
 * as leaving first, so that a reload cutting the deletion short cannot leave their records behind
 * (offline/store/leaving-users.ts); the query cache goes whole.
 */
export async function signOutOfDevice<T>(
  owner: string,
  choice: LogoutChoice,
  queryClient: QueryClient,
  endSession: () => Promise<T>,
): Promise<T> {
  noteLeaving(owner, choice);
  const ended = await endSession();
  queryClient.clear();
  await forgetLeavingUsers();
  return ended;
}
