import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction, LoaderFunctionArgs } from 'react-router';
import type { Pages } from '@/app/layout/pages';
import { queryClient as appQueryClient } from '@/app/query-client';
import { resolveRedirect } from '@/app/route-guard';
import { getSession } from '@/app/session';
import { getNetworkState, isEffectivelyOnline } from '@/offline/network-monitor';

/** The signed-in layout's chunk, which also holds the pages' imports (layout/pages.ts). */
export const loadAppLayout = () => import('@/app/layout/AppLayout');

/** A page's chunk (any but the sign-in page's), asked for through the layout's (layout/pages.ts says why). */
export function loadPage<Page extends keyof Pages>(page: Page): ReturnType<Pages[Page]> {
  return loadAppLayout().then(({ pages }): Promise<unknown> => pages[page]()) as ReturnType<Pages[Page]>;
}

/**
 * Loaders run before the route guard renders (spec 000 §2): a path the guard will redirect (signed out,
 * offline on an online-only page) asks for nothing.
 */
function guardShows(pathname: string): boolean {
  const { isAuthenticated, user } = getSession();
  return (
    resolveRedirect(pathname, {
      isAuthenticated,
      isAdmin: user?.isAdmin ?? false,
      isOnline: isEffectivelyOnline(getNetworkState()),
    }) === null
  );
}

/** Work started and left to run: a failure is the page's to show, when its own query or import asks again. */
function startAll(...work: Promise<unknown>[]): void {
  for (const promise of work) promise.catch(() => undefined);
}

type RouteStart = (args: LoaderFunctionArgs, address: URLSearchParams) => void;

/** A loader that starts the route's data and code and returns at once: navigation never waits for them. */
function startingLoader(start: RouteStart): LoaderFunction {
  return (args) => {
    const url = new URL(args.request.url);
    if (guardShows(url.pathname)) start(args, url.searchParams);
    return null;
  };
}

/**
 * The route loaders (decision 0041): each starts its page's chunk and its page's queries together, as soon as
 * the route is known, instead of the queries waiting for the chunk to arrive and render. The queries are the
 * modules' own (same keys, same query functions, which read the device's slice offline), imported lazily so
 * the entry stays small; the page then finds its answers in the cache, or in flight. The data's modules are
 * asked for before the page's chunks: over HTTP/1.1's six connections per origin, what is asked first is
 * fetched first, and the answer takes a round trip of its own once its code has come. The signed-in layout's
 * loader, a parent's, runs before its page's, so the layout's code is asked for before either.
 */
export function createRouteLoaders(queryClient: QueryClient) {
  return {
    layout: startingLoader(() => {
      startAll(loadAppLayout());
    }),
    // The two public answers decide what the sign-in form shows around it (decision 0040): asked with its code.
    login: startingLoader(() => {
      startAll(
        import('@/modules/auth/api').then(({ authQueries }) =>
          Promise.all([queryClient.query(authQueries.meta()), queryClient.query(authQueries.ssoConfig())]),
        ),
      );
    }),
    dashboard: startingLoader(() => {
      startAll(
        import('@/modules/dashboard/api').then(({ dashboardQueries }) => queryClient.query(dashboardQueries.stats())),
        loadPage('dashboard'),
      );
    }),
    doctorList: startingLoader((_args, address) => {
      startAll(
        import('@/modules/doctors/api').then(({ prefetchDoctorList }) => {
          prefetchDoctorList(queryClient, address);
        }),
        loadPage('doctorList'),
      );
    }),
    doctor: startingLoader(({ params }) => {
      const { id } = params;
      startAll(
        import('@/modules/doctors/api').then(({ prefetchDoctor }) => {
          if (id !== undefined) prefetchDoctor(queryClient, id);
        }),
        loadPage('doctorDetail'),
      );
    }),
    activityList: startingLoader((_args, address) => {
      startAll(
        import('@/modules/activities/api').then(({ prefetchActivityList }) => {
          prefetchActivityList(queryClient, address);
        }),
        loadPage('activityList'),
      );
    }),
    calendar: startingLoader((_args, address) => {
      startAll(
        import('@/modules/calendar/api').then(({ prefetchCalendarPage }) => {
          prefetchCalendarPage(queryClient, address, new Date());
        }),
        loadPage('calendar'),
      );
    }),
  } satisfies Record<string, LoaderFunction>;
}

/** The app's loaders, over the app's query cache. */
export const routeLoaders = createRouteLoaders(appQueryClient);
