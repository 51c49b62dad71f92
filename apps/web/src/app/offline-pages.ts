import type { QueryClient } from '@tanstack/react-query';
import { type Cancel, whenQueriesSettleThenIdle } from '@/lib/when-idle';

/**
 * The pages that work offline, by their chunks: the router opens them lazily, and the signed-in layout
 * fetches them ahead of time.
 */
export const loadActivityListPage = () => import('@/modules/activities/pages/ActivityListPage');
export const loadActivityFormPage = () => import('@/modules/activities/pages/ActivityFormPage');
export const loadCalendarPage = () => import('@/modules/calendar/pages/CalendarPage');
export const loadConsentPage = () => import('@/modules/consents/pages/ConsentPage');
export const loadSyncQueuePage = () => import('@/modules/sync-queue/pages/SyncQueuePage');

/** Fetches the offline pages' chunks now (each loader runs once; a second call costs nothing). */
export function preloadOfflinePages(): void {
  void Promise.all([
    loadActivityListPage(),
    loadActivityFormPage(),
    loadCalendarPage(),
    loadConsentPage(),
    loadSyncQueuePage(),
  ]).catch(() => undefined);
}

/**
 * Once the signed-in user's first screen has its data and the browser is idle: the offline pages' chunks
 * (which outweigh the first screen's) are fetched, and the slice's pull starts in the background worker
 * (decision 0039). Neither may delay the first screen on a slow phone; until the service worker holds the
 * app, a page whose code was never downloaded can't open once the network is gone.
 */
export function prepareOfflineWhenIdle(queryClient: QueryClient): Cancel {
  return whenQueriesSettleThenIdle(queryClient, () => {
    preloadOfflinePages();
    void import('@/offline/slice-pull').then(({ startSlicePull }) => startSlicePull()).catch(() => undefined);
  });
}
