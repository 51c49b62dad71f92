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
 * Fetched once the signed-in user's first screen has its data and the browser is idle: a page whose code was
 * never downloaded can't open once the network is gone (until the service worker precaches the app), but
 * these chunks (the calendar, the activity form) outweigh the first screen's and must not delay it.
 */
export function preloadOfflinePagesWhenIdle(queryClient: QueryClient): Cancel {
  return whenQueriesSettleThenIdle(queryClient, preloadOfflinePages);
}
