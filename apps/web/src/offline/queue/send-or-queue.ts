import { getSession } from '@/app/session';
import { isApiError, NETWORK_ERROR_CODE } from '@/lib/api-client';
import { getNetworkState, isEffectivelyOnline } from '@/offline/engine/network-monitor';
import { listQueue } from '@/offline/queue/queue';
import { WAITING_STATUSES, type QueueItem } from '@/offline/store/db';

/** True when a write must go to the queue rather than to the server: offline, or nobody to send it as. */
export function writesGoToQueue(): boolean {
  return !isEffectivelyOnline(getNetworkState());
}

/** A call that got no answer: the queue takes the change over (the server may or may not have it). */
export function isNetworkFailure(error: unknown): boolean {
  return isApiError(error) && error.code === NETWORK_ERROR_CODE;
}

/** The signed-in user, who owns what they queue; null when signed out (nothing can be queued then). */
export function queueOwner(): string | null {
  return getSession().user?.id ?? null;
}

/**
 * Whether a change to these entities must join the queue even online: an earlier change to one of them
 * (or the creation of the doctor it names) is still waiting there, and the server must get them in order.
 */
export async function mustFollowQueue(
  owner: string,
  entityIds: ReadonlyArray<string | null | undefined>,
): Promise<boolean> {
  const wanted = new Set(entityIds.filter((id): id is string => typeof id === 'string'));
  if (wanted.size === 0) return false;
  let queue: QueueItem[];
  try {
    queue = await listQueue(owner);
  } catch {
    // No readable store (a browser without IndexedDB): nothing can wait there, the change goes directly.
    return false;
  }
  return queue.some((item) => WAITING_STATUSES.includes(item.status) && wanted.has(item.entityId));
}

/** A write that works offline: its call, its queued form, and what it must not overtake in the queue. */
export type OfflineWrite<Result> = {
  /**
   * Whether an earlier change it must follow still waits in the owner's queue (the same entity's, its new
   * doctor's): then it is queued even online, since the server must get them in order.
   */
  mustFollow: (owner: string) => Promise<boolean>;
  /** The call; `owner` is who would own the change queued instead (null when signed out). */
  send: (owner: string | null) => Promise<Result>;
  /** Queues the change under `owner`; a creation passes its call's key so that a replay is answered, not redone. */
  queue: (owner: string) => Promise<Result>;
};

/**
 * Offline the write goes to the queue (under the signed-in user, who owns it); online it is sent, and goes
 * to the queue when the call gets no answer (spec 000 §8: an offline save falls back to the queue). A
 * refusal from the server is not queued: the rep sees it at once. The one way every offline write is made.
 */
export async function sendOrQueue<Result>({ mustFollow, send, queue }: OfflineWrite<Result>): Promise<Result> {
  const owner = queueOwner();
  if (owner !== null && (writesGoToQueue() || (await mustFollow(owner)))) return queue(owner);
  try {
    return await send(owner);
  } catch (error) {
    if (owner === null || !isNetworkFailure(error)) throw error;
    return queue(owner);
  }
}

/** The ordering most writes need: behind the earlier queued changes of these entities. */
export const followsEntities =
  (entityIds: ReadonlyArray<string | null | undefined>) =>
  (owner: string): Promise<boolean> =>
    mustFollowQueue(owner, entityIds);
