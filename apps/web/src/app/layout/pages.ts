import {
  loadActivityFormPage,
  loadActivityListPage,
  loadCalendarPage,
  loadConsentPage,
  loadSyncQueuePage,
} from '@/app/offline-pages';

/**
 * Every page's chunk but the sign-in page's, asked for from here only: this module is part of the layout's
 * chunk, so the bundler knows that whatever the layout needs is loaded before any of these pages, and puts the
 * code they share with it (antd's core, the icons, the app's shared modules) in the layout's chunk instead of a
 * small chunk of its own per combination of pages. Imported from the entry (the router), the first signed-in
 * screen loaded about a hundred files (issue 27). The router and the route loaders reach them through the
 * layout's chunk (route-data.ts's loadPage). The two pages a signed-out visitor may open besides the sign-in
 * page (single sign-on's return, setting a password) load the layout's chunk without rendering it: they use
 * most of what it holds, and they are opened once.
 */
export const pages = {
  authCallback: () => import('@/modules/auth/pages/AuthCallbackPage'),
  setPassword: () => import('@/modules/auth/pages/SetPasswordPage'),
  dashboard: () => import('@/modules/dashboard/pages/DashboardPage'),
  doctorList: () => import('@/modules/doctors/pages/DoctorListPage'),
  doctorDetail: () => import('@/modules/doctors/pages/DoctorDetailPage'),
  consent: loadConsentPage,
  officeList: () => import('@/modules/offices/pages/OfficeListPage'),
  officeDetail: () => import('@/modules/offices/pages/OfficeDetailPage'),
  activityList: loadActivityListPage,
  activityForm: loadActivityFormPage,
  calendar: loadCalendarPage,
  syncQueue: loadSyncQueuePage,
  userList: () => import('@/modules/users/pages/UserListPage'),
  userDetail: () => import('@/modules/users/pages/UserDetailPage'),
  logs: () => import('@/modules/logs/pages/LogsPage'),
  mailbox: () => import('@/modules/mailbox/pages/MailboxPage'),
  campaigns: () => import('@/modules/campaigns/pages/CampaignsPage'),
  account: () => import('@/modules/account/pages/AccountPage'),
  configuration: () => import('@/modules/configuration/pages/ConfigurationPage'),
};

export type Pages = typeof pages;
