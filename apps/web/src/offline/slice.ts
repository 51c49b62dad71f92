import {
  PendingApprovalList,
  SYNC_PAGE_MAX,
  SyncActivitiesResult,
  SyncDoctorsResult,
  SyncReference,
  type Activity,
  type Doctor,
  type PendingApproval,
} from '@crm/shared';
import { queryClient } from '@/app/query-client';
import { getSession, subscribeSession } from '@/app/session';
import { apiClient } from '@/lib/api-client';
import { queryString } from '@/lib/query-string';
import { activityKeys } from '@/modules/activities/query-keys';
import { doctorKeys } from '@/modules/doctors/query-keys';
import { BACK_ONLINE_EVENT } from '@/offline/events';
import { getNetworkState, isEffectivelyOnline, subscribeNetwork } from '@/offline/network-monitor';
import {
  readLastPull,
  readSliceCursor,
  storeActivitiesPage,
  storeApprovals,
  storeDoctorsPage,
  storeReference,
  type SliceKind,
  type SlicePage,
} from '@/offline/slice-store';
import { SLICE_LOCK_NAME, withWebLock, type ExclusiveRunner } from '@/offline/web-lock';

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
};

/** The server's sync pulls (decision 0020), as pages of records. */
export const apiSliceFetcher: SliceFetcher = {
  activities: (since, signal) =>
    apiClient
      .get(`/sync/activities${queryString({ since, limit: SYNC_PAGE_MAX })}`, SyncActivitiesResult, { signal })
      .then(({ activities, ...page }) => ({ records: activities, ...page })),
  doctors: (since, signal) =>
    apiClient
      .get(`/sync/doctors${queryString({ since, limit: SYNC_PAGE_MAX })}`, SyncDoctorsResult, { signal })
      .then(({ doctors, ...page }) => ({ records: doctors, ...page })),
  reference: (signal) => apiClient.get('/sync/reference', SyncReference, { signal }),
  // Few at a time, and decided on elsewhere without a trace the cursor could follow: read whole each pull.
  approvals: (signal) =>
    apiClient.get('/activities/pending-approvals', PendingApprovalList, { signal }).then((list) => list.activities),
};

export type PullOptions = {
  fetcher: SliceFetcher;
  /** False once the owner signed out or another user signed in: nothing more is stored. */
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

/** Lets the page handle input between pages: no task of the pull holds the main thread for long. */
const yieldToMain = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Pulls the owner's slice from the stored cursors until nothing more is waiting: activities, doctors, and
 * channels and products. Each page is one IndexedDB transaction with its cursor, so a pull stopped anywhere
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
      await yieldToMain();
    }
  };

  // The kinds are independent: their requests and writes overlap. Each is let finish before the pull ends, so
  // that no write of this pull lands after the next one started.
  const [activities, doctors, reference, approvals] = await Promise.allSettled([
    pullKind('activities', fetcher.activities, storeActivitiesPage),
    pullKind('doctors', fetcher.doctors, storeDoctorsPage),
    timed('networkMs', () => fetcher.reference(signal)),
    mayManage ? timed('networkMs', () => fetcher.approvals(signal)) : Promise.resolve(null),
  ]);
  const complete = [valueOf(activities), valueOf(doctors)].every(Boolean);
  const channelsAndProducts = valueOf(reference);
  const waitingForDecision = valueOf(approvals);
  if (!complete || stopped()) return report;
  await timed('storeMs', async () => {
    await storeApprovals(owner, waitingForDecision);
    // Last: its time says the pull is complete.
    await storeReference(owner, channelsAndProducts);
  });
  report.outcome = 'complete';
  return report;
}

/**
 * A whole slice is stored: pulled by this tab (its report, measured), or by another tab while this one
 * waited for the lock (null).
 */
function markReady(report: PullReport | null, startedAt: number): void {
  const now = performance.now();
  performance.measure(SLICE_MEASURES.pull, { start: startedAt, end: now });
  if (report !== null) {
    performance.measure(SLICE_MEASURES.network, { start: startedAt, duration: report.networkMs });
    performance.measure(SLICE_MEASURES.store, { start: startedAt, duration: report.storeMs });
  }
  document.documentElement.setAttribute(SLICE_READY_ATTRIBUTE, 'ready');
  window.dispatchEvent(new CustomEvent(SLICE_READY_EVENT, { detail: report }));
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

/**
 * Pages read their data from the store offline and from the server online (offline/slice-queries.ts): when
 * the network state flips, the activity and doctor answers they hold are read again from the other side.
 */
function rereadOnNetworkChange(): () => void {
  let wasOnline = isEffectivelyOnline(getNetworkState());
  return subscribeNetwork(() => {
    const online = isEffectivelyOnline(getNetworkState());
    if (online === wasOnline) return;
    wasOnline = online;
    rereadSliceAnswers();
  });
}

function rereadSliceAnswers(): void {
  void queryClient.invalidateQueries({ queryKey: activityKeys.all });
  void queryClient.invalidateQueries({ queryKey: doctorKeys.all });
}

let stopPuller: (() => void) | null = null;

/**
 * Keeps the signed-in user's slice fresh while online: at start, at sign-in, on reconnection and every
 * SLICE_REFRESH_MS. One pull at a time across the tabs; signing out or switching user aborts the pull in
 * flight.
 * Idempotent; returns the stop function.
 */
export function startSlicePull(fetcher: SliceFetcher = apiSliceFetcher): () => void {
  if (stopPuller !== null) return stopPuller;
  let running: { owner: string; controller: AbortController } | null = null;
  let again = false;

  const run = () => {
    const owner = getSession().user?.id;
    if (owner === undefined || !isEffectivelyOnline(getNetworkState())) return;
    if (running !== null) {
      // A trigger during a pull: pull once more after it, from the cursor it leaves.
      again = true;
      return;
    }
    const controller = new AbortController();
    running = { owner, controller };
    const startedAt = performance.now();
    const managees = getSession().user?.managees;
    pullSliceOnce(owner, {
      fetcher,
      isCurrent: () => getSession().user?.id === owner,
      signal: controller.signal,
      // Unknown until GET /api/auth/me has answered once: ask.
      mayManage: managees === undefined || managees.length > 0,
    })
      .then((report) => {
        if (report === null || report.outcome === 'complete') markReady(report, startedAt);
        // Another tab's pull: what this page shows from the store may have changed.
        if (report === null && !isEffectivelyOnline(getNetworkState())) rereadSliceAnswers();
      })
      // A failed page (network, server) is tried again at the next trigger, from the last stored cursor.
      .catch(() => undefined)
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  };

  let signedIn = getSession().user?.id;
  const stopSession = subscribeSession(() => {
    const user = getSession().user?.id;
    if (user === signedIn) return;
    signedIn = user;
    // The slice this page stored was the previous user's.
    document.documentElement.removeAttribute(SLICE_READY_ATTRIBUTE);
    if (running !== null && running.owner !== user) running.controller.abort();
    run();
  });
  const stopNetwork = rereadOnNetworkChange();
  window.addEventListener(BACK_ONLINE_EVENT, run);
  const timer = window.setInterval(run, SLICE_REFRESH_MS);
  run();

  const stop = () => {
    running?.controller.abort();
    stopSession();
    stopNetwork();
    window.removeEventListener(BACK_ONLINE_EVENT, run);
    window.clearInterval(timer);
    stopPuller = null;
  };
  stopPuller = stop;
  return stop;
}
