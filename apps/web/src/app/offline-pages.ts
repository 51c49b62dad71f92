import type { QueryClient } from '@tanstack/react-query';
import { startServiceWorker } from '@/app/pwa/start-service-worker';
import { type Cancel, whenQueriesSettleThenIdle } from '@/lib/when-idle';

/**
 * The pages that work offline, by their chunks: the router opens them lazily, and the service worker
 * precaches them (vite.config.ts reads this file).
 */
export const loadActivityListPage = () => import('@/modules/activities/pages/ActivityListPage');
export const loadActivityFormPage = () => import('@/modules/activities/pages/ActivityFormPage');
export const loadCalendarPage = () => import('@/modules/calendar/pages/CalendarPage');
export const loadConsentPage = () => import('@/modules/consents/pages/ConsentPage');
export const loadSyncQueuePage = () => import('@/modules/sync-queue/pages/SyncQueuePage');

/**
 * Once the signed-in user's first screen has its data and the browser is idle, the queue's engine starts (it
 * sends what was queued, then each change as it is queued), the slice's pull starts in the background worker
 * (decision 0039) and the service worker is registered (decision 0065): none may delay the first screen on a
 * slow phone, and their code is not even fetched before it. A change queued meanwhile waits in IndexedDB for the
 * engine's first send. The offline pages' code is the service worker's to precache, off the page's main thread
 * (issue 27).
 */
export function prepareOfflineWhenIdle(queryClient: QueryClient): Cancel {
  return whenQueriesSettleThenIdle(queryClient, () => {
    startServiceWorker();
    void import('@/offline/engine/sync-triggers')
      .then(({ startSyncEngine }) => startSyncEngine())
      .catch(() => undefined);
    void import('@/offline/slice/slice-pull').then(({ startSlicePull }) => startSlicePull()).catch(() => undefined);
  });
}
