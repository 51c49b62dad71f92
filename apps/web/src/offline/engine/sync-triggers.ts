import { HEALTH_CHECK_INTERVAL_MS } from '@crm/shared';
import { holdUpdate } from '@/app/pwa/update-hold';
import { queryClient } from '@/app/query-client';
import { getSession, subscribeSession } from '@/app/session';
import { backgroundConnection } from '@/offline/engine/background-client';
import { createBackgroundDrain } from '@/offline/engine/drain-client';
import { BACK_ONLINE_EVENT } from '@/offline/engine/events';
import { getNetworkState, isEffectivelyOnline } from '@/offline/engine/network-monitor';
import { createSyncEngine, type SyncEngine, type SyncReport } from '@/offline/engine/sync-engine';
import type { Transport } from '@/offline/engine/sync-engine';
import { apiTransport } from '@/offline/engine/transport';
import { onEnqueue } from '@/offline/queue/queue';
import { forgetLeavingUsers, hasLeavingUsers } from '@/offline/store/leaving-users';
import { storeServerAnswers } from '@/offline/store/synced-copies';

/** A change that failed on the network or a 5xx is tried again after one health-check period. */
const RETRY_DELAY_MS = HEALTH_CHECK_INTERVAL_MS;
/**
 * How long after a batch the update prompt stays held back: the next batch of the run follows within it, so
 * the prompt does not flicker between two sends.
 */
const SENDING_HOLD_TAIL_MS = 1_000;

/** Holds the update prompt back (a reload would cut a send short), until a while after the release. */
function holdWhileSending(): () => void {
  const release = holdUpdate('sending the queue');
  return () => {
    setTimeout(release, SENDING_HOLD_TAIL_MS);
  };
}

/** On the page, each batch sent holds the update prompt. */
const sendingTransport: Transport = (requests, owner) => {
  const release = holdWhileSending();
  return apiTransport(requests, owner).finally(release);
};

const pageEngine = createSyncEngine({
  transport: sendingTransport,
  isOnline: () => isEffectivelyOnline(getNetworkState()),
  currentUser: () => getSession().user?.id ?? null,
  onSynced: storeServerAnswers,
});

/**
 * The drain runs in the background worker (decision 0039), a run holding the update prompt while it is there;
 * on the page where no worker can run, or after the worker was lost.
 */
const engine: SyncEngine =
  typeof Worker === 'undefined'
    ? pageEngine
    : createBackgroundDrain(backgroundConnection(), pageEngine, holdWhileSending);

/** What the server applied may change any answer the app holds: lists, counts, the calendar, the dashboard. */
function refreshAfter<Report extends SyncReport | null>(report: Report): Report {
  if (report !== null && report.sent > 0) void queryClient.invalidateQueries();
  return report;
}

let retryTimer: number | undefined;
/** The engine's own start, while it runs: what a retry calls. */
let retry: (() => void) | null = null;

/**
 * Whoever started the run (the app or 'Sync now'), a change that failed on the network or a 5xx is tried
 * again a health-check period later: a server that restarts between two health checks is never seen as
 * offline, so no reconnection would come to send it.
 */
function retryAfter<Report extends SyncReport | null>(report: Report): Report {
  if (report !== null && report.failed > 0 && retry !== null) {
    window.clearTimeout(retryTimer);
    retryTimer = window.setTimeout(retry, RETRY_DELAY_MS);
  }
  return report;
}

/** 'Sync now' (the connectivity popover, the waiting-changes screen). */
export function syncNow(): Promise<SyncReport> {
  return engine.syncNow().then(refreshAfter).then(retryAfter);
}

let stopEngine: (() => void) | null = null;

/**
 * Set on <html> once the engine's first run (what was queued before the page started) has ended: from then
 * on, a change is sent by the trigger that follows it, which a test (or a rep watching) may rely on.
 */
export const SYNC_ENGINE_STARTED_ATTRIBUTE = 'data-sync-engine';

/**
 * Syncs at start, on reconnection, after each queued change or retry, at sign-in (the same user resumes
 * after a 401), and again a while after a failure. Idempotent; returns the stop function.
 */
export function startSyncEngine(): () => void {
  if (stopEngine !== null) return stopEngine;
  const send = () =>
    engine
      .sync()
      .then(refreshAfter)
      .then(retryAfter)
      // An IndexedDB failure here is retried at the next trigger; the queue itself is untouched.
      .catch(() => undefined);
  const run = (): Promise<unknown> => {
    window.clearTimeout(retryTimer);
    // A previous user's deletion, cut short by a reload, goes first: changes they discarded are never sent.
    return hasLeavingUsers() ? forgetLeavingUsers().then(send) : send();
  };
  const start = () => void run();
  retry = start;

  let user = getSession().user?.id ?? null;
  const stopSession = subscribeSession(() => {
    const next = getSession().user?.id ?? null;
    if (next !== null && next !== user) start();
    user = next;
  });
  const stopEnqueue = onEnqueue(start);
  window.addEventListener(BACK_ONLINE_EVENT, start);
  void engine
    .recover()
    .then(run)
    .then(() => document.documentElement.setAttribute(SYNC_ENGINE_STARTED_ATTRIBUTE, 'started'))
    .catch(() => undefined);

  const stop = () => {
    window.clearTimeout(retryTimer);
    retry = null;
    stopSession();
    stopEnqueue();
    window.removeEventListener(BACK_ONLINE_EVENT, start);
    stopEngine = null;
  };
  stopEngine = stop;
  return stop;
}
