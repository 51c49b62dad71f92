import {
  PendingApprovalList,
  SYNC_PAGE_MAX,
  SyncActivitiesResult,
  SyncDoctorsResult,
  SyncPlansResult,
  SyncReference,
  type Activity,
  type Doctor,
  type PendingApproval,
} from '@crm/shared';
import { queryString } from '@/lib/query-string';
import { SLICE_LOCK_NAME, withWebLock, type ExclusiveRunner } from '@/offline/engine/web-lock';
import {
  readLastPull,
  readSliceCursor,
  storeActivitiesPage,
  storeApprovals,
  storeDoctorsPage,
  storeReference,
  type SliceKind,
  type SlicePage,
} from '@/offline/store/slice-store';
import { storePlans, type SlicePlan } from '@/offline/store/plan-store';

/*
 * The pull itself, as the background worker runs it (decision 0039): nothing here reads the page's session,
 * window or query cache, so the same code runs in the worker and in the tests. The page's side (when to pull,
 * the ready mark, the measures) is slice-pull.ts.
 */

/** How often the slice is refreshed while online, besides sign-in and reconnection. */
export const SLICE_REFRESH_MS = 5 * 60_000;

/** Set on <html> once this page has stored a whole slice: what a rep (or a test) may rely on offline. */
export const SLICE_READY_ATTRIBUTE = 'data-offline-slice';
export const SLICE_READY_EVENT = 'crm:offline-slice-ready';

/** Performance entries: the whole pull, and the time spent waiting for answers and storing them. */
export const SLICE_MEASURES = {
  pull: 'crm:slice:pull',
  network: 'crm:slice:network',
  store: 'crm:slice:store',
} as const;

export type SliceFetcher = {
  activities: (since: string | undefined, signal: AbortSignal) => Promise<SlicePage<Activity>>;
  doctors: (since: string | undefined, signal: AbortSignal) => Promise<SlicePage<Doctor>>;
  reference: (signal: AbortSignal) => Promise<SyncReference>;
  /** The managees' budget requests waiting for the caller (a manager's need_approval filter). */
  approvals: (signal: AbortSignal) => Promise<PendingApproval[]>;
  /** The caller's plans in cycles in progress, which the device counts its activities against (decision 0058). */
  plans: (signal: AbortSignal) => Promise<SlicePlan[]>;
};

/** A GET of the API answering the parsed body: the worker's own client, which holds the session's token. */
export type SliceGet = <T>(path: string, parser: { parse: (data: unknown) => T }, signal: AbortSignal) => Promise<T>;

/** The server's sync pulls (decision 0020), as pages of records. */
export function apiSliceFetcher(get: SliceGet): SliceFetcher {
  return {
    activities: (since, signal) =>
      get(`/sync/activities${queryString({ since, limit: SYNC_PAGE_MAX })}`, SyncActivitiesResult, signal).then(
        ({ activities, ...page }) => ({ records: activities, ...page }),
      ),
    doctors: (since, signal) =>
      get(`/sync/doctors${queryString({ since, limit: SYNC_PAGE_MAX })}`, SyncDoctorsResult, signal).then(
        ({ doctors, ...page }) => ({ records: doctors, ...page }),
      ),
    reference: (signal) => get('/sync/reference', SyncReference, signal),
    // Few at a time, and decided on elsewhere without a trace the cursor could follow: read whole each pull.
    approvals: (signal) =>
      get('/activities/pending-approvals', PendingApprovalList, signal).then((list) => list.activities),
    // A few hundred targets, and their goals change without a trace the cursor could follow: whole each pull.
    plans: (signal) => get('/sync/plans', SyncPlansResult, signal).then((result) => result.plans),
  };
}

export type PullOptions = {
  fetcher: SliceFetcher;
  /** False once the owner signed out, another user signed in or a newer pull replaced this one: nothing more is stored. */
  isCurrent: () => boolean;
  signal: AbortSignal;
  /** Whether the owner may manage someone (false: nobody's approvals to pull). */
  mayManage?: boolean;
};

export type PullReport = {
  outcome: 'complete' | 'stopped';
  activities: number;
  doctors: number;
  /**
   * Milliseconds spent waiting for the server's answers (request, transfer, JSON parse, schema check) and
   * storing them in IndexedDB, each summed over the kinds, which run side by side.
   */
  networkMs: number;
  storeMs: number;
};

function valueOf<T>(outcome: PromiseSettledResult<T>): T {
  if (outcome.status === 'rejected') throw outcome.reason;
  return outcome.value;
}

/**
 * Pulls the owner's slice from the stored cursors until nothing more is waiting: activities, doctors,
 * channels and products, and the owner's plans. Each page is one IndexedDB transaction with its cursor, so a pull stopped anywhere
 * (signed out, network lost, tab closed) resumes after the last page stored.
 */
export async function pullSlice(
  owner: string,
  { fetcher, isCurrent, signal, mayManage = true }: PullOptions,
): Promise<PullReport> {
  const report: PullReport = { outcome: 'stopped', activities: 0, doctors: 0, networkMs: 0, storeMs: 0 };
  const stopped = () => !isCurrent() || signal.aborted;
  const timed = async <T>(field: 'networkMs' | 'storeMs', work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await work();
    } finally {
      report[field] += performance.now() - started;
    }
  };
  const pullKind = async <T>(
    kind: SliceKind,
    fetchPage: (since: string | undefined, signal: AbortSignal) => Promise<SlicePage<T>>,
    storePage: (owner: string, page: SlicePage<T>) => Promise<void>,
  ): Promise<boolean> => {
    const since = (await readSliceCursor(owner, kind))?.cursor;
    if (stopped()) return false;
    let next = fetchPage(since, signal);
    for (;;) {
      const page = await timed('networkMs', () => next);
      // The answer may arrive after a sign-out: it belongs to nobody on this device any more.
      if (stopped()) return false;
      // The next page travels while this one is stored: its cursor is known before the write.
      if (page.hasMore) {
        next = fetchPage(page.nextCursor, signal);
        // Awaited at the next turn; a write failing first must not leave it unhandled.
        next.catch(() => undefined);
      }
      await timed('storeMs', () => storePage(owner, page));
      report[kind] += page.records.length;
      if (!page.hasMore) return true;
      if (stopped()) return false;
    }
  };

  // The kinds are independent: their requests and writes overlap. Each is let finish before the pull ends, so
  // that no write of this pull lands after the next one started.
  const [activities, doctors, reference, approvals, plans] = await Promise.allSettled([
    pullKind('activities', fetcher.activities, storeActivitiesPage),
    pullKind('doctors', fetcher.doctors, storeDoctorsPage),
    timed('networkMs', () => fetcher.reference(signal)),
    mayManage ? timed('networkMs', () => fetcher.approvals(signal)) : Promise.resolve(null),
    timed('networkMs', () => fetcher.plans(signal)),
  ]);
  const complete = [valueOf(activities), valueOf(doctors)].every(Boolean);
  const channelsAndProducts = valueOf(reference);
  const waitingForDecision = valueOf(approvals);
  const plansInProgress = valueOf(plans);
  if (!complete || stopped()) return report;
  await timed('storeMs', async () => {
    await storeApprovals(owner, waitingForDecision);
    await storePlans(owner, plansInProgress);
    // Last: its time says the pull is complete.
    await storeReference(owner, channelsAndProducts);
  });
  report.outcome = 'complete';
  return report;
}

const STOPPED: PullReport = { outcome: 'stopped', activities: 0, doctors: 0, networkMs: 0, storeMs: 0 };

export type SharedPullOptions = PullOptions & { runExclusive?: ExclusiveRunner; now?: () => number };

/**
 * One tab pulls at a time (a Web Lock, as the queue's sends): the tabs share one store, so a tab that had to
 * wait while another pulled finds that pull's result stored and pulls nothing itself (null). Otherwise it
 * pulls, from the cursors the other left.
 */
export function pullSliceOnce(owner: string, options: SharedPullOptions): Promise<PullReport | null> {
  const { runExclusive = withWebLock, now = Date.now } = options;
  const askedAt = now();
  return runExclusive(SLICE_LOCK_NAME, async () => {
    if (!options.isCurrent() || options.signal.aborted) return { ...STOPPED };
    const lastPull = await readLastPull(owner);
    if (lastPull !== null && lastPull >= askedAt) return null;
    return pullSlice(owner, options);
  });
}
