import { classifyFailure, type FailureOutcome } from '@/offline/classify';
import { QUEUE_FORMAT_VERSION, readQueue, WAITING_STATUSES, type QueueItem } from '@/offline/db';
import { pruneSynced, queueEditCount, recoverInterrupted, saveItem } from '@/offline/queue';
import { toRequest, type SyncRequest } from '@/offline/requests';
import { SYNC_LOCK_NAME, withWebLock, type ExclusiveRunner } from '@/offline/web-lock';

/** Spec 000 §9: after 3 failures a change waits for a manual retry. */
export const SYNC_RETRY_THRESHOLD = 3;
/** How long a synced record stays for the screens to show before it is deleted. */
export const SYNCED_KEPT_MS = 24 * 60 * 60 * 1000;
/** Spec 000 §8, word for word; the interface translates it. */
export const OFFLINE_SYNC_MESSAGE = 'Cannot sync while offline';

export class OfflineSyncError extends Error {
  constructor() {
    super(OFFLINE_SYNC_MESSAGE);
    this.name = 'OfflineSyncError';
  }
}

/** Sends one request with the token of `owner`'s session; throws the API client's ApiError when it fails. */
export type Transport = (request: SyncRequest, owner: string) => Promise<unknown>;

/**
 * Why a run ended before the queue was empty: offline, the session ended or changed, the server asked to
 * sign in again, or the server could not be reached.
 */
export type SyncStop = 'offline' | 'signedOut' | 'unauthorized' | 'unreachable';

export type SyncReport = {
  /** Changes the server applied in this run. */
  sent: number;
  /** Attempts that failed and count towards the 3 (network, 5xx). */
  failed: number;
  /** Changes refused (rejected, conflict, or unreadable by this build) in this run. */
  refused: number;
  stopped: SyncStop | null;
  /** The owner's changes still not synced after the run, including those waiting for the rep. */
  waiting: number;
};

export type SyncEngineDeps = {
  transport: Transport;
  /** What the health check says (spec 000 §4), the demo administrator's simulation included. */
  isOnline: () => boolean;
  /** The signed-in user's id, read before every send. */
  currentUser: () => string | null;
  runExclusive?: ExclusiveRunner;
  now?: () => number;
  /**
   * After the server applied a change, with its answer: the device's copy becomes the server's at once
   * rather than at the next pull. A failure here changes nothing of the queue.
   */
  onSynced?: (item: QueueItem, answer: unknown) => Promise<void>;
};

export type SyncEngine = {
  /** 'Sync now': rejects with 'Cannot sync while offline' when offline, and sends nothing. */
  syncNow: () => Promise<SyncReport>;
  /** A sync started by the app (reconnection, a new change, sign-in): does nothing when it can't run. */
  sync: () => Promise<SyncReport | null>;
  /** Puts back changes left 'sending' by a closed tab, once no other tab is syncing. */
  recover: () => Promise<void>;
};

/**
 * The oldest change that may go now: pending, readable by this build, not yet tried in this run, and with no
 * earlier unsynced change on its entity or on an entity it depends on (the same rule as `blockingItem`, in
 * one pass).
 */
function nextSendable(queue: readonly QueueItem[], attempted: ReadonlySet<string>): QueueItem | undefined {
  const unsettled = new Set<string>();
  for (const item of queue) {
    if (item.status === 'synced') continue;
    const isBlocked = unsettled.has(item.entityId) || item.dependsOn.some((id) => unsettled.has(id));
    if (
      !isBlocked &&
      item.status === 'pending' &&
      // Written by a newer build: that build sends it.
      item.formatVersion <= QUEUE_FORMAT_VERSION &&
      !attempted.has(item.mutationId)
    ) {
      return item;
    }
    unsettled.add(item.entityId);
  }
  return undefined;
}

function afterAttempt(item: QueueItem, outcome: FailureOutcome, at: number): QueueItem {
  const base = { ...item, updatedAt: at };
  switch (outcome.kind) {
    case 'synced':
      return { ...base, status: 'synced', synced: true, lastError: null };
    case 'retry': {
      const retryCount = item.retryCount + 1;
      return {
        ...base,
        retryCount,
        status: retryCount >= SYNC_RETRY_THRESHOLD ? 'failed' : 'pending',
        lastError: outcome.message,
      };
    }
    case 'unauthorized':
      // Not the change's fault: it goes back as it was, its count untouched.
      return { ...item, status: 'pending' };
    case 'conflict':
      return { ...base, status: 'conflict', lastError: outcome.message };
    case 'rejected':
      return { ...base, status: 'rejected', lastError: outcome.message };
  }
}

/** The queue engine of decision 0021, given what it needs from the page. */
export function createSyncEngine(deps: SyncEngineDeps): SyncEngine {
  const runExclusive = deps.runExclusive ?? withWebLock;
  const now = deps.now ?? Date.now;

  /** Sends `owner`'s sendable changes one at a time, oldest first, until none is left. */
  async function drain(owner: string): Promise<SyncReport> {
    await recoverInterrupted();
    await pruneSynced(now() - SYNCED_KEPT_MS);
    const report: SyncReport = { sent: 0, failed: 0, refused: 0, stopped: null, waiting: 0 };
    // Each change is tried once per run: a failure waits for the next run rather than using up its tries now.
    const attempted = new Set<string>();
    // Read again only after this page queued, retried or discarded a change (those go in the same run):
    // reading every record at every turn made a drain's cost grow with the square of the queue. Another
    // tab's new change is sent by that tab's own run, after this one; its discards are seen by saveItem.
    let queue: QueueItem[] = [];
    let readAtEdit: number | null = null;
    const settle = (item: QueueItem) => {
      queue = queue.map((queued) => (queued.seq === item.seq ? item : queued));
    };
    const forget = (item: QueueItem) => {
      queue = queue.filter((queued) => queued.seq !== item.seq);
    };
    for (;;) {
      if (!deps.isOnline()) {
        report.stopped = 'offline';
        break;
      }
      if (readAtEdit !== queueEditCount()) {
        readAtEdit = queueEditCount();
        queue = await readQueue(owner);
      }
      const item = nextSendable(queue, attempted);
      if (item === undefined) break;
      attempted.add(item.mutationId);

      let request: SyncRequest;
      try {
        request = toRequest(item);
      } catch (error) {
        // Kept for the rep rather than thrown at every run: one unreadable change must not block the rest.
        const refused = afterAttempt(item, { kind: 'rejected', message: (error as Error).message }, now());
        if (await saveItem(refused)) {
          settle(refused);
          report.refused += 1;
        } else {
          forget(item);
        }
        continue;
      }

      // The session may have ended or changed hands since the run began: never send under another user.
      if (deps.currentUser() !== owner) {
        report.stopped = 'signedOut';
        break;
      }
      if (!(await saveItem({ ...item, status: 'sending', updatedAt: now() }))) {
        // Discarded since it was read: never sent.
        forget(item);
        continue;
      }
      let outcome: FailureOutcome;
      let answer: unknown;
      try {
        answer = await deps.transport(request, owner);
        outcome = { kind: 'synced' };
      } catch (error) {
        outcome = classifyFailure(item, error);
      }
      const settled = afterAttempt(item, outcome, now());
      await saveItem(settled);
      settle(settled);
      if (outcome.kind === 'synced' && deps.onSynced !== undefined) {
        // The next pull brings the server's copy anyway: a copy not replaced now is only shown as waiting longer.
        await deps.onSynced(settled, answer).catch(() => undefined);
      }

      if (outcome.kind === 'synced') report.sent += 1;
      else if (outcome.kind === 'retry') report.failed += 1;
      else if (outcome.kind !== 'unauthorized') report.refused += 1;
      if (outcome.kind === 'unauthorized') {
        report.stopped = 'unauthorized';
        break;
      }
      if (outcome.kind === 'retry' && outcome.unreachable) {
        // The next changes would fail the same way and use up their tries for nothing.
        report.stopped = 'unreachable';
        break;
      }
      // No explicit pause: every turn awaits IndexedDB and the network, each answer a task of its own, so
      // the page handles input and paints between two changes.
    }
    report.waiting = (await readQueue(owner)).filter((item) => WAITING_STATUSES.includes(item.status)).length;
    return report;
  }

  function run(owner: string): Promise<SyncReport> {
    return runExclusive(SYNC_LOCK_NAME, () =>
      // The lock may come after a sign-out or a change of user: check again under it.
      deps.currentUser() === owner
        ? drain(owner)
        : Promise.resolve<SyncReport>({ sent: 0, failed: 0, refused: 0, stopped: 'signedOut', waiting: 0 }),
    );
  }

  return {
    syncNow() {
      if (!deps.isOnline()) return Promise.reject(new OfflineSyncError());
      const owner = deps.currentUser();
      if (owner === null) {
        return Promise.resolve({ sent: 0, failed: 0, refused: 0, stopped: 'signedOut', waiting: 0 });
      }
      return run(owner);
    },
    sync() {
      const owner = deps.currentUser();
      if (owner === null || !deps.isOnline()) return Promise.resolve(null);
      return run(owner);
    },
    recover() {
      return runExclusive(SYNC_LOCK_NAME, async () => {
        await recoverInterrupted();
      });
    },
  };
}
