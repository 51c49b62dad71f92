import { Workbox } from 'workbox-window';

export const SERVICE_WORKER_URL = '/sw.js';

export type ServiceWorkerHooks = {
  /** Called when a new version is installed and waits; the function given applies it. */
  onUpdateWaiting: (applyUpdate: () => void) => void;
  /** Calls its argument after each health check that found the server. */
  onServerReachable: (check: () => void) => void;
};

/**
 * Registers the worker and offers its next version to the rep instead of switching under their feet
 * (registerType 'prompt', decision 0019): the new worker waits until they choose to reload. Loaded on its own
 * after the first screen; what it needs from the app comes as hooks, so that this chunk imports nothing of
 * the entry's.
 */
export function registerServiceWorker({ onUpdateWaiting, onServerReachable }: ServiceWorkerHooks): void {
  const workbox = new Workbox(SERVICE_WORKER_URL, { scope: '/' });
  workbox.addEventListener('waiting', () => {
    onUpdateWaiting(() => {
      // Reload once the new worker controls the page, so the reloaded page gets the new version's files.
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    });
  });
  void workbox
    .register()
    .then((registration) => {
      if (registration === undefined) return;
      // A rep who keeps the app open for days still hears of a new version. A failed check (the network
      // went in between) waits for the next one.
      onServerReachable(() => void workbox.update().catch(() => undefined));
    })
    .catch(() => undefined);
}
