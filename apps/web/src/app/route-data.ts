import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction, LoaderFunctionArgs } from 'react-router';
import { loadActivityListPage, loadCalendarPage } from '@/app/offline-pages';
import { queryClient as appQueryClient } from '@/app/query-client';
import { resolveRedirect } from '@/app/route-guard';
import { getSession } from '@/app/session';
import { getNetworkState, isEffectivelyOnline } from '@/offline/engine/network-monitor';

/** The chunks of the signed-in pages a loader starts, besides the offline pages' (offline-pages.ts). */
export const loadDashboardPage = () => import('@/modules/dashboard/pages/DashboardPage');
export const loadDoctorListPage = () => import('@/modules/doctors/pages/DoctorListPage');
export const loadDoctorDetailPage = () => import('@/modules/doctors/pages/DoctorDetailPage');

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

/**
 * A lazily imported module that a loader uses: once it is in, the loader calls it at once. A dynamic import
 * of a module already loaded still resolves a task later, and the navigation's render runs first: a search
 * typed on the doctors list waited for it before its request left.
 */
function lazyModule<Module>(load: () => Promise<Module>) {
  let loaded: Module | undefined;
  return (start: (module: Module) => unknown): Promise<unknown> => {
    if (loaded === undefined)
      return load().then((module) => {
        loaded = module;
        return start(module);
      });
    const module = loaded;
    // The executor runs now: the work starts in this call, and what it throws becomes a rejection.
    return new Promise((resolve) => {
      resolve(start(module));
    });
  };
}

const withAuthApi = lazyModule(() => import('@/modules/auth/api'));
const withDashboardApi = lazyModule(() => import('@/modules/dashboard/api'));
const withDoctorsApi = lazyModule(() => import('@/modules/doctors/api'));
const withActivitiesApi = lazyModule(() => import('@/modules/activities/api'));
const withCalendarApi = lazyModule(() => import('@/modules/calendar/api'));

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
 * the entry stays small; the page then finds its answers in the cache, or in flight.
 */
export function createRouteLoaders(queryClient: QueryClient) {
  return {
    // The two public answers decide what the sign-in form shows around it (decision 0040): asked with its code.
    login: startingLoader(() => {
      startAll(
        withAuthApi(({ authQueries }) =>
          Promise.all([queryClient.query(authQueries.meta()), queryClient.query(authQueries.ssoConfig())]),
        ),
      );
    }),
    dashboard: startingLoader(() => {
      startAll(
        loadDashboardPage(),
        withDashboardApi(({ dashboardQueries }) => queryClient.query(dashboardQueries.stats())),
      );
    }),
    doctorList: startingLoader((_args, address) => {
      startAll(
        loadDoctorListPage(),
        withDoctorsApi(({ prefetchDoctorList }) => {
          prefetchDoctorList(queryClient, address);
        }),
      );
    }),
    doctor: startingLoader(({ params }) => {
      const { id } = params;
      startAll(
        loadDoctorDetailPage(),
        withDoctorsApi(({ prefetchDoctor }) => {
          if (id !== undefined) prefetchDoctor(queryClient, id);
        }),
      );
    }),
    activityList: startingLoader((_args, address) => {
      startAll(
        loadActivityListPage(),
        withActivitiesApi(({ prefetchActivityList }) => {
          prefetchActivityList(queryClient, address);
        }),
      );
    }),
    calendar: startingLoader((_args, address) => {
      startAll(
        loadCalendarPage(),
        withCalendarApi(({ prefetchCalendarPage }) => {
          prefetchCalendarPage(queryClient, address, new Date());
        }),
      );
    }),
  } satisfies Record<string, LoaderFunction>;
}

/** The app's loaders, over the app's query cache. */
export const routeLoaders = createRouteLoaders(appQueryClient);
