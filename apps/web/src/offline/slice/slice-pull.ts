import { queryClient } from '@/app/query-client';
import { getSession, subscribeSession } from '@/app/session';
import { currentLanguage } from '@/lib/i18n';
import { activityKeys } from '@/modules/activities/query-keys';
import { cycleKeys } from '@/modules/cycles/query-keys';
import { doctorKeys } from '@/modules/doctors/query-keys';
import {
  backgroundConnection,
  type BackgroundConnection,
  type BackgroundListener,
} from '@/offline/engine/background-client';
import { BACK_ONLINE_EVENT } from '@/offline/engine/events';
import { getNetworkState, isEffectivelyOnline, subscribeNetwork } from '@/offline/engine/network-monitor';
import {
  SLICE_MEASURES,
  SLICE_READY_ATTRIBUTE,
  SLICE_READY_EVENT,
  SLICE_REFRESH_MS,
  type PullReport,
} from '@/offline/slice/slice';
import { forgetLeavingUsers, hasLeavingUsers } from '@/offline/store/leaving-users';

/**
 * A whole slice is stored: pulled for this page (its report, measured in the worker), or by another tab while
 * this page's pull waited for the lock (null). The measures are the page's: from the request to the answer,
 * on the page's clock, so that they say when the page could rely on the slice.
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

/**
 * Pages read their data from the store offline and from the server online (offline/slice/slice-queries.ts): when
 * the network state flips, the activity, doctor and plan answers they hold are read again from the other side.
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
  void queryClient.invalidateQueries({ queryKey: cycleKeys.all });
}

let stopPuller: (() => void) | null = null;

/**
 * Keeps the signed-in user's slice fresh while online: at start, at sign-in, on reconnection and every
 * SLICE_REFRESH_MS. The pull runs in the background worker (decision 0039), which the page tells who to pull
 * for and with which token; one pull at a time across the tabs; signing out or switching user stops the pull in
 * flight. A 401 the worker met ends the session here, as the page's API client does.
 * Idempotent; returns the stop function.
 */
export function startSlicePull(background: BackgroundConnection = backgroundConnection()): () => void {
  if (stopPuller !== null) return stopPuller;
  let running: { pull: number; owner: string; startedAt: number } | null = null;
  let again = false;
  let pulls = 0;

  let waitingForDeletion = false;
  const run = () => {
    if (waitingForDeletion) return;
    if (!hasLeavingUsers()) {
      pull();
      return;
    }
    // A previous user's deletion, cut short by a reload, goes first: no page of anyone's lands before it.
    waitingForDeletion = true;
    void forgetLeavingUsers().then(() => {
      waitingForDeletion = false;
      pull();
    });
  };

  const pull = () => {
    const { token, user } = getSession();
    if (token === null || user === null || !isEffectivelyOnline(getNetworkState())) return;
    if (running !== null) {
      // A trigger during a pull: pull once more after it, from the cursor it leaves.
      again = true;
      return;
    }
    pulls += 1;
    running = { pull: pulls, owner: user.id, startedAt: performance.now() };
    background.post({
      job: 'slice',
      type: 'pull',
      pull: pulls,
      owner: user.id,
      token,
      language: currentLanguage(),
      // Unknown until GET /api/auth/me has answered once: ask.
      mayManage: user.managees === undefined || user.managees.length > 0,
    });
  };

  const ended = () => {
    running = null;
    if (again) {
      again = false;
      run();
    }
  };

  const onMessage: BackgroundListener = (message) => {
    if (running === null) return;
    // The worker is gone: this pull will not answer; the next trigger starts another.
    if (message.job === 'host') {
      ended();
      return;
    }
    if (message.job !== 'slice' || message.pull !== running.pull) return;
    if (message.type === 'ended' && getSession().user?.id === running.owner) {
      const { report } = message;
      if (report === null || report.outcome === 'complete') markReady(report, running.startedAt);
      // Another tab's pull: what this page shows from the store may have changed.
      if (report === null && !isEffectivelyOnline(getNetworkState())) rereadSliceAnswers();
    }
    // A failed pull (network, server) is tried again at the next trigger, from the last stored cursor.
    ended();
  };
  const stopListening = background.subscribe(onMessage);

  let signedIn = getSession().user?.id;
  const stopSession = subscribeSession(() => {
    const user = getSession().user?.id;
    if (user === signedIn) return;
    signedIn = user;
    // The slice this page stored was the previous user's.
    document.documentElement.removeAttribute(SLICE_READY_ATTRIBUTE);
    if (running !== null && running.owner !== user) background.post({ job: 'slice', type: 'stop' });
    run();
  });
  const stopNetwork = rereadOnNetworkChange();
  window.addEventListener(BACK_ONLINE_EVENT, run);
  const timer = window.setInterval(run, SLICE_REFRESH_MS);
  run();

  const stop = () => {
    if (running !== null) background.post({ job: 'slice', type: 'stop' });
    stopListening();
    stopSession();
    stopNetwork();
    window.removeEventListener(BACK_ONLINE_EVENT, run);
    window.clearInterval(timer);
    stopPuller = null;
  };
  stopPuller = stop;
  return stop;
}
