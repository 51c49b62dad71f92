/**
 * The shared marker of a record the rep changed on the device whose change is still in the queue: the
 * offline writes set `pendingSync: true` on the copy they store (activities, doctors); the lists, the
 * calendar and the timeline show it as waiting to sync. Once the change went, the server's answer replaces
 * the copy (offline/store/synced-copies.ts; else the next pull does), and the server's copy has no marker.
 */
export const PENDING_SYNC_FIELD = 'pendingSync';

export function isPendingSync(record: object): boolean {
  return PENDING_SYNC_FIELD in record && (record as Record<string, unknown>)[PENDING_SYNC_FIELD] === true;
}
