import { SLICE_LOCK_NAME, withWebLock } from '@/offline/engine/web-lock';
import { discard, listQueue } from '@/offline/queue/queue';
import { openOfflineDb, WAITING_STATUSES } from '@/offline/store/db';
import type { LogoutChoice } from '@/offline/store/leaving-users';

/**
 * What a user leaves on the device once they signed out: their cached records go, except the copies their kept
 * changes show on; discarded changes go with their copies. Kept changes stay owner-tagged, and the engine sends a
 * change only with its owner's token.
 */
export async function forgetDeviceRecords(owner: string, choice: LogoutChoice): Promise<void> {
  if (choice === 'discard') await discardQueue(owner);
  await forgetCachedRecords(owner, choice === 'keep' ? await waitingEntityIds(owner) : new Set());
}

/** The stores of cached records; the queue is not one of them: its records wait for their owner. */
const CACHE_STORES = ['activities', 'doctors', 'signatures'] as const;

/**
 * Deletes what the device keeps of a user besides their queue: their activities, doctors and signatures,
 * with the pulls' cursors (which live among them), so that nobody signing in next finds them and the
 * user's next pull starts from scratch. The copies of entities in `keep` stay (the changes kept for the
 * user's next sign-in show on them until sent); reads are by owner, so nobody else sees them.
 *
 * One range deletion per store (every key starts with the owner), the kept copies read before and written
 * back in the same transaction: a rep's few thousand records go in one step, where deleting them one by one
 * took seconds on a busy phone, and a page closed or reloaded meanwhile aborted it all.
 *
 * Under the slice's Web Lock: the pull runs in a worker (decision 0039), which hears of the sign-out by a
 * message and may still be storing a page of the user's; the deletion waits until that pull has stopped, so no
 * page of theirs lands after it.
 */
export function forgetCachedRecords(owner: string, keep: ReadonlySet<string> = new Set()): Promise<void> {
  return withWebLock(SLICE_LOCK_NAME, () => deleteCachedRecords(owner, keep));
}

async function deleteCachedRecords(owner: string, keep: ReadonlySet<string>): Promise<void> {
  const db = await openOfflineDb();
  const tx = db.transaction(CACHE_STORES, 'readwrite');
  const everyKeyOf = IDBKeyRange.bound([owner, ''], [owner, '\uffff']);
  const deletions = CACHE_STORES.map(async (name) => {
    const store = tx.objectStore(name);
    const kept = await Promise.all([...keep].map((id) => store.get([owner, id])));
    await store.delete(everyKeyOf);
    await Promise.all(kept.flatMap((record) => (record === undefined ? [] : [store.put(record)])));
  });
  await Promise.all([...deletions, tx.done]);
}

/** The entities the user's unsynced changes concern (their copies are what a kept change shows on). */
async function waitingEntityIds(owner: string): Promise<Set<string>> {
  const items = await listQueue(owner);
  return new Set(items.filter((item) => WAITING_STATUSES.includes(item.status)).map((item) => item.entityId));
}

/** Deletes every change of that user not being sent right now (the logout's 'discard them'). */
async function discardQueue(owner: string): Promise<void> {
  for (const item of await listQueue(owner)) await discard(owner, item.mutationId);
}
