import { offerUpdate } from '@/app/pwa/update-offer';
import { whenIdle } from '@/lib/when-idle';
import { getNetworkState, subscribeNetwork } from '@/offline/engine/network-monitor';
import { SYNC_LOCK_NAME, withWebLock } from '@/offline/engine/web-lock';

/** How long the switch to a new version keeps other tabs from syncing, should the reload not come. */
const UPDATE_SWITCH_MS = 10_000;

/** Calls the check after each health check (the network monitor's tick) that reached the server. */
export function onEachReachableHealthCheck(check: () => void): () => void {
  let lastChecked = getNetworkState().lastChecked;
  return subscribeNetwork(() => {
    const { isOnline, lastChecked: checked } = getNetworkState();
    if (checked === lastChecked) return;
    lastChecked = checked;
    if (isOnline) check();
  });
}

/**
 * Applies a new version once no tab is sending the queue, and lets none start until this page reloads under
 * the new worker (the reload ends the lock): a send is never cut short by the switch, and what was queued
 * waits in IndexedDB for the new version, which reads the same records (decision 0021).
 */
export function applyWhenQueueIdle(apply: () => void): () => void {
  return () => {
    void withWebLock(SYNC_LOCK_NAME, () => {
      apply();
      return new Promise<void>((resolve) => setTimeout(resolve, UPDATE_SWITCH_MS));
    });
  };
}

let isStarted = false;

/**
 * Registers /sw.js once the browser is idle. On a first visit, called by the page once its first screen has
 * shown (the sign-in page once drawn, the signed-in layout once its first page has its data), not at the app's
 * start: the first idle moment then came while the first page's chunks were still loading, and the precache's
 * downloads (150 files, one after another) competed with them. A page the worker already controls calls it at
 * the start (decision 0065). Called again, it does nothing. The registration code (workbox-window) stays out of
 * the entry chunk. Development builds have no worker (Vite serves the modules itself).
 */
export function startServiceWorker(): void {
  if (isStarted || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  isStarted = true;
  whenIdle(() => {
    import('@/app/pwa/register-service-worker')
      .then(({ registerServiceWorker }) => {
        registerServiceWorker({
          onUpdateWaiting: (apply) => {
            offerUpdate(applyWhenQueueIdle(apply));
          },
          onServerReachable: onEachReachableHealthCheck,
        });
      })
      .catch(() => undefined);
  });
}
