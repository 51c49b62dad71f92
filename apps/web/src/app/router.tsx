import { Suspense, lazy, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet, useLocation, type RouteObject } from 'react-router';
import {
  loadActivityFormPage,
  loadActivityListPage,
  loadCalendarPage,
  loadConsentPage,
  loadSyncQueuePage,
} from '@/app/offline-pages';
import { routeLoaders } from '@/app/route-data';
import { resolveRedirect } from '@/app/route-guard';
import { useSession } from '@/app/session';
import { useNetworkStatus } from '@/offline/engine/network-monitor';
import { PageLoader } from '@/ui/PageLoader';
import { RouteError } from '@/ui/RouteError';

/** Every page is its own chunk, so later heavy pages (calendar, editor, signature pad) never grow the entry. */
function lazyPage<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

/** A page whose texts travel with it (lib/page-catalogue.ts, decision 0061): it renders once both are there. */
function pageWithTexts<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  const texts = () => import('@/lib/page-catalogue').then((module) => module.loadPageCatalogue());
  return lazyPage(() => Promise.all([load(), texts()]).then(([module]) => module), name);
}

const LoginPage = lazyPage(() => import('@/modules/auth/pages/LoginPage'), 'LoginPage');
const AuthCallbackPage = lazyPage(() => import('@/modules/auth/pages/AuthCallbackPage'), 'AuthCallbackPage');
const SetPasswordPage = lazyPage(() => import('@/modules/auth/pages/SetPasswordPage'), 'SetPasswordPage');
const AppLayout = lazyPage(() => import('@/app/layout/AppLayout'), 'AppLayout');
const DashboardPage = lazyPage(() => import('@/modules/dashboard/pages/DashboardPage'), 'DashboardPage');
const DoctorListPage = lazyPage(() => import('@/modules/doctors/pages/DoctorListPage'), 'DoctorListPage');
const DoctorDetailPage = lazyPage(() => import('@/modules/doctors/pages/DoctorDetailPage'), 'DoctorDetailPage');
const ConsentPage = lazyPage(loadConsentPage, 'ConsentPage');
const OfficeListPage = lazyPage(() => import('@/modules/offices/pages/OfficeListPage'), 'OfficeListPage');
const OfficeDetailPage = lazyPage(() => import('@/modules/offices/pages/OfficeDetailPage'), 'OfficeDetailPage');
const ActivityListPage = lazyPage(loadActivityListPage, 'ActivityListPage');
const ActivityFormPage = lazyPage(loadActivityFormPage, 'ActivityFormPage');
const CalendarPage = lazyPage(loadCalendarPage, 'CalendarPage');
const SyncQueuePage = lazyPage(loadSyncQueuePage, 'SyncQueuePage');
const UserListPage = pageWithTexts(() => import('@/modules/users/pages/UserListPage'), 'UserListPage');
const UserDetailPage = pageWithTexts(() => import('@/modules/users/pages/UserDetailPage'), 'UserDetailPage');
const LogsPage = pageWithTexts(() => import('@/modules/logs/pages/LogsPage'), 'LogsPage');
const MailboxPage = pageWithTexts(() => import('@/modules/mailbox/pages/MailboxPage'), 'MailboxPage');
const CampaignsPage = pageWithTexts(() => import('@/modules/campaigns/pages/CampaignsPage'), 'CampaignsPage');
const TransparencyPage = pageWithTexts(
  () => import('@/modules/transparency/pages/TransparencyPage'),
  'TransparencyPage',
);
const DirectoryImportPage = pageWithTexts(
  () => import('@/modules/directory-import/pages/DirectoryImportPage'),
  'DirectoryImportPage',
);
const PlanPage = lazyPage(() => import('@/modules/cycles/pages'), 'PlanPage');
const RepPlanPage = lazyPage(() => import('@/modules/cycles/pages'), 'RepPlanPage');
const CyclesPage = lazyPage(() => import('@/modules/cycles/pages'), 'CyclesPage');
const AccountPage = pageWithTexts(() => import('@/modules/account/pages/AccountPage'), 'AccountPage');
const ConfigurationPage = pageWithTexts(
  () => import('@/modules/configuration/pages/ConfigurationPage'),
  'ConfigurationPage',
);

/** Applies resolveRedirect (spec 000 §2) to the current path, session and effective connectivity. */
export function RouteGuard() {
  const { pathname } = useLocation();
  const { isAuthenticated, user } = useSession();
  const { isEffectivelyOnline } = useNetworkStatus();
  const redirect = resolveRedirect(pathname, {
    isAuthenticated,
    isAdmin: user?.isAdmin ?? false,
    isOnline: isEffectivelyOnline,
  });
  if (redirect !== null) return <Navigate to={redirect} replace />;
  return (
    <Suspense fallback={<PageLoader />}>
      <Outlet />
    </Suspense>
  );
}

/** The route table of spec 000 §2 and spec 001 §2; who may open what is route-guard.ts's business. */
export const routes: RouteObject[] = [
  {
    element: <RouteGuard />,
    errorElement: <RouteError />,
    children: [
      { path: 'login', loader: routeLoaders.login, element: <LoginPage /> },
      { path: 'auth/callback', element: <AuthCallbackPage /> },
      { path: 'set-password', element: <SetPasswordPage /> },
      {
        element: <AppLayout />,
        // A failing page keeps the menu and header around it.
        errorElement: <RouteError />,
        children: [
          { index: true, loader: routeLoaders.dashboard, element: <DashboardPage /> },
          { path: 'doctors', loader: routeLoaders.doctorList, element: <DoctorListPage /> },
          { path: 'doctors/new', element: <DoctorDetailPage /> },
          { path: 'doctors/:id', loader: routeLoaders.doctor, element: <DoctorDetailPage /> },
          { path: 'doctors/:doctorId/signatures', element: <ConsentPage /> },
          { path: 'offices', element: <OfficeListPage /> },
          { path: 'offices/new', element: <OfficeDetailPage /> },
          { path: 'offices/:id', element: <OfficeDetailPage /> },
          { path: 'activities', loader: routeLoaders.activityList, element: <ActivityListPage /> },
          { path: 'activities/new', element: <ActivityFormPage /> },
          { path: 'activities/:id', element: <ActivityFormPage /> },
          { path: 'calendar', loader: routeLoaders.calendar, element: <CalendarPage /> },
          { path: 'sync', element: <SyncQueuePage /> },
          { path: 'users', element: <UserListPage /> },
          { path: 'users/:id', element: <UserDetailPage /> },
          { path: 'logs', element: <LogsPage /> },
          { path: 'emails', element: <MailboxPage /> },
          { path: 'campaigns', element: <CampaignsPage /> },
          { path: 'configuration', element: <ConfigurationPage /> },
          { path: 'transparency', element: <TransparencyPage /> },
          { path: 'directory-import', element: <DirectoryImportPage /> },
          { path: 'plan', element: <PlanPage /> },
          { path: 'plan/:cycleId/:userId', element: <RepPlanPage /> },
          { path: 'cycles', element: <CyclesPage /> },
          { path: 'account', element: <AccountPage /> },
        ],
      },
      // Unknown paths: the guard always redirects them, so nothing renders here.
      { path: '*', element: null },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
