import { offerUpdate } from '@/app/pwa/update-offer';
import { whenIdle } from '@/lib/when-idle';
import { getNetworkState, subscribeNetwork } from '@/offline/network-monitor';

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
 * Registers /sw.js once the first screen has shown and the browser is idle: the registration code
 * (workbox-window) stays out of the entry chunk, and the precache's downloads don't compete with the first
 * screen's. Development builds have no worker (Vite serves the modules itself).
 */
export function startServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  whenIdle(() => {
    import('@/app/pwa/register-service-worker')
      .then(({ registerServiceWorker }) => {
        registerServiceWorker({ onUpdateWaiting: offerUpdate, onServerReachable: onEachReachableHealthCheck });
      })
      .catch(() => undefined);
  });
}
