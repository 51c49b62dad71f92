import { SYNC_BATCH_MAX_BYTES, SYNC_BATCH_MAX_CHANGES } from '@crm/shared';
import { classifyFailure, type FailureOutcome } from '@/offline/engine/classify';
import { requestBytes, toRequest, type SyncRequest } from '@/offline/engine/requests';
import { OfflineSyncError } from '@/offline/engine/sync-error';
import { SYNC_LOCK_NAME, withWebLock, type ExclusiveRunner } from '@/offline/engine/web-lock';
import { pruneSynced, queueEditCount, recoverInterrupted, saveItems } from '@/offline/queue/queue';
import { QUEUE_FORMAT_VERSION, readQueue, WAITING_STATUSES, type QueueItem } from '@/offline/store/db';

/** Spec 000 §9: after 3 failures a change waits for a manual retry. */
export const SYNC_RETRY_THRESHOLD = 3;
/** How long a synced record stays for the screens to show before it is deleted. */
export const SYNCED_KEPT_MS = 24 * 60 * 60 * 1000;
/**
 * What became of one change of a batch: the server's answer to its call (applied, or replayed under its key),
 * the error its call would have thrown alone (the API client's ApiError), or not tried because an earlier
 * change of the batch was not applied.
 */
export type ChangeResult =
  { kind: 'answered'; answer: unknown } | { kind: 'failed'; error: unknown } | { kind: 'notTried' };

/**
 * Sends a batch of changes, in their order, in one request with the token of `owner`'s session, and answers
 * one result per change; throws the API client's ApiError when the request as a whole failed.
 */
export type Transport = (requests: readonly SyncRequest[], owner: string) => Promise<ChangeResult[]>;

/** A change the server applied, with its answer. */
export type SyncedChange = { item: QueueItem; answer: unknown };

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
   * Counts the changes queued, retried or discarded since the engine started (queue.ts's count of this page's
   * edits by default): the run reads the queue again when it moved. In the worker, the page's messages count.
   */
  queueEdits?: () => number;
  /**
   * After the server applied changes of a batch, with their answers in their order: the device's copies
   * become the server's at once rather than at the next pull. A failure here changes nothing of the queue.
   */
  onSynced?: (synced: readonly SyncedChange[]) => Promise<void>;
};

export type SyncEngine = {
  /** 'Sync now': rejects with 'Cannot sync while offline' when offline, and sends nothing. */
  syncNow: () => Promise<SyncReport>;
  /** A sync started by the app (reconnection, a new change, sign-in): does nothing when it can't run. */
  sync: () => Promise<SyncReport | null>;
  /** Puts back changes left 'sending' by a closed tab, once no other tab is syncing. */
  recover: () => Promise<void>;
};

/** The bytes of a batch's body around its changes: `{"changes":[` and `]}`. */
const ENVELOPE_BYTES = 16;

type Batch = { items: QueueItem[]; requests: SyncRequest[] };

/**
 * The next changes that may go, oldest first, up to a batch's caps: pending, readable by this build, not yet
 * tried in this run, and with no earlier unsynced change on their entity or an entity they depend on, unless
 * that change goes before them in the same batch (the server stops at the first change it does not apply, so
 * a change never reaches it without the earlier ones). A change this build cannot turn into a call ends the
 * batch before it, or comes alone as `unreadable` when it is the first.
 */
function nextBatch(
  queue: readonly QueueItem[],
  attempted: ReadonlySet<string>,
): Batch | { unreadable: QueueItem; error: Error } {
  const batch: Batch = { items: [], requests: [] };
  let bytes = ENVELOPE_BYTES;
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
      let request: SyncRequest;
      try {
        request = toRequest(item);
      } catch (error) {
        return batch.items.length === 0 ? { unreadable: item, error: error as Error } : batch;
      }
      const size = requestBytes(request);
      // A change too large for any batch still goes, alone: the server answers it as its own call would.
      if (batch.items.length > 0 && bytes + size > SYNC_BATCH_MAX_BYTES) return batch;
      batch.items.push(item);
      batch.requests.push(request);
      bytes += size;
      if (batch.items.length === SYNC_BATCH_MAX_CHANGES) return batch;
      continue;
    }
    unsettled.add(item.entityId);
  }
  return batch;
}

/**
 * A request that failed as a whole counts as if the first change had been tried alone and met that failure
 * (a network error, a 5xx, a 401, a 413 for a change too large): the others go back untouched.
 */
function asFirstChangeFailure(count: number, error: unknown): ChangeResult[] {
  return Array.from({ length: count }, (_, index) => (index === 0 ? { kind: 'failed', error } : { kind: 'notTried' }));
}

/** An answer that does not say what became of each change, or tried none of them, is the first one's failure. */
function checkedResults(results: readonly ChangeResult[], count: number): ChangeResult[] {
  if (results.length !== count || results[0]?.kind === 'notTried') {
    return asFirstChangeFailure(count, new Error('The server’s answer did not account for the changes sent'));
  }
  return [...results];
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
  const queueEdits = deps.queueEdits ?? queueEditCount;

  /** Sends `owner`'s sendable changes in batches, oldest first, until none is left. */
  async function drain(owner: string): Promise<SyncReport> {
    await recoverInterrupted();
    await pruneSynced(now() - SYNCED_KEPT_MS);
    const report: SyncReport = { sent: 0, failed: 0, refused: 0, stopped: null, waiting: 0 };
    // Each change is tried once per run: a failure waits for the next run rather than using up its tries now.
    const attempted = new Set<string>();
    // Read again only after the page queued, retried or discarded a change (those go in the same run):
    // reading every record at every turn made a drain's cost grow with the square of the queue. Another
    // tab's new change is sent by that tab's own run, after this one; its discards are seen by saveItems.
    let queue: QueueItem[] = [];
    let readAtEdit: number | null = null;
    const settle = (items: readonly QueueItem[]) => {
      const bySeq = new Map(items.map((item) => [item.seq, item]));
      queue = queue.map((queued) => bySeq.get(queued.seq) ?? queued);
    };
    const forget = (items: readonly QueueItem[]) => {
      const gone = new Set(items.map((item) => item.seq));
      queue = queue.filter((queued) => !gone.has(queued.seq));
    };
    for (;;) {
      if (!deps.isOnline()) {
        report.stopped = 'offline';
        break;
      }
      if (readAtEdit !== queueEdits()) {
        readAtEdit = queueEdits();
        queue = await readQueue(owner);
      }
      const next = nextBatch(queue, attempted);
      if ('unreadable' in next) {
        // Kept for the rep rather than thrown at every run: one unreadable change must not block the rest.
        const { unreadable, error } = next;
        attempted.add(unreadable.mutationId);
        const refused = afterAttempt(unreadable, { kind: 'rejected', message: error.message }, now());
        if ((await saveItems([refused])).length === 1) {
          settle([refused]);
          report.refused += 1;
        } else {
          forget([unreadable]);
        }
        continue;
      }
      if (next.items.length === 0) break;

      // The session may have ended or changed hands since the run began: never send under another user.
      if (deps.currentUser() !== owner) {
        report.stopped = 'signedOut';
        break;
      }
      // One transaction for the batch; a change discarded since it was read is never sent.
      const at = now();
      const marked = new Set(
        (await saveItems(next.items.map((item) => ({ ...item, status: 'sending' as const, updatedAt: at })))).map(
          (item) => item.seq,
        ),
      );
      const items = next.items.filter((item) => marked.has(item.seq));
      forget(next.items.filter((item) => !marked.has(item.seq)));
      if (items.length === 0) continue;
      const requests = next.requests.filter((_request, index) => marked.has(next.items[index]?.seq ?? -1));

      let results: ChangeResult[];
      try {
        results = checkedResults(await deps.transport(requests, owner), items.length);
      } catch (error) {
        results = asFirstChangeFailure(items.length, error);
      }

      const settledAt = now();
      const settled: QueueItem[] = [];
      const synced: SyncedChange[] = [];
      let stop: SyncStop | null = null;
      for (const [index, item] of items.entries()) {
        const result = results[index] ?? { kind: 'notTried' };
        if (result.kind === 'notTried') {
          // Not tried: back as it was, to go in the next batch of this run.
          settled.push(item);
          continue;
        }
        attempted.add(item.mutationId);
        const outcome: FailureOutcome =
          result.kind === 'answered' ? { kind: 'synced' } : classifyFailure(item, result.error);
        const after = afterAttempt(item, outcome, settledAt);
        settled.push(after);
        if (outcome.kind === 'synced') {
          report.sent += 1;
          synced.push({ item: after, answer: result.kind === 'answered' ? result.answer : undefined });
        } else if (outcome.kind === 'retry') {
          report.failed += 1;
          // The next changes would fail the same way and use up their tries for nothing.
          if (outcome.unreachable) stop = 'unreachable';
        } else if (outcome.kind === 'unauthorized') {
          stop = 'unauthorized';
        } else {
          report.refused += 1;
        }
      }
      // One transaction for every answer of the batch; a change not queued any more stays gone.
      const written = await saveItems(settled);
      settle(written);
      forget(settled.filter((item) => !written.includes(item)));
      if (synced.length > 0 && deps.onSynced !== undefined) {
        // The next pull brings the server's copy anyway: a copy not replaced now is only shown as waiting longer.
        await deps.onSynced(synced).catch(() => undefined);
      }
      if (stop !== null) {
        report.stopped = stop;
        break;
      }
      // No explicit pause: every turn awaits IndexedDB and the network, each answer a task of its own, so
      // the page handles input and paints between two batches.
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
