/**
 * The pages that work offline, by their chunks: the router opens them lazily, and the signed-in layout
 * fetches them ahead of time.
 */
export const loadActivityListPage = () => import('@/modules/activities/pages/ActivityListPage');
export const loadActivityFormPage = () => import('@/modules/activities/pages/ActivityFormPage');
export const loadCalendarPage = () => import('@/modules/calendar/pages/CalendarPage');
export const loadConsentPage = () => import('@/modules/consents/pages/ConsentPage');

/**
 * Fetched as soon as someone is signed in: a page whose code was never downloaded can't open once the
 * network is gone (until the service worker precaches the app).
 */
export function preloadOfflinePages(): void {
  void Promise.all([loadActivityListPage(), loadActivityFormPage(), loadCalendarPage(), loadConsentPage()]).catch(
    () => undefined,
  );
}
