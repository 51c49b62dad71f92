import {
  AimOutlined,
  AuditOutlined,
  BankOutlined,
  CalendarOutlined,
  CloudUploadOutlined,
  DashboardOutlined,
  FileProtectOutlined,
  MailOutlined,
  NotificationOutlined,
  ScheduleOutlined,
  SettingOutlined,
  SyncOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

export type MenuEntry = {
  path: string;
  labelKey:
    | 'nav.dashboard'
    | 'nav.plan'
    | 'nav.doctors'
    | 'nav.offices'
    | 'nav.mail'
    | 'nav.campaigns'
    | 'nav.calendar'
    | 'nav.activities'
    | 'nav.users'
    | 'nav.logs'
    | 'nav.transparency'
    | 'nav.directoryImport'
    | 'nav.cycles'
    | 'nav.configuration';
  icon: ReactNode;
  /** Shown offline too (spec 000 §2: only activities and calendar). */
  isOfflineEntry?: boolean;
  isAdminEntry?: boolean;
};

/** The side menu of spec 000 §2, in its order. */
export const MENU_ENTRIES: readonly MenuEntry[] = [
  { path: '/', labelKey: 'nav.dashboard', icon: <DashboardOutlined /> },
  { path: '/plan', labelKey: 'nav.plan', icon: <AimOutlined /> },
  { path: '/doctors', labelKey: 'nav.doctors', icon: <TeamOutlined /> },
  { path: '/offices', labelKey: 'nav.offices', icon: <BankOutlined /> },
  { path: '/emails', labelKey: 'nav.mail', icon: <MailOutlined /> },
  { path: '/campaigns', labelKey: 'nav.campaigns', icon: <NotificationOutlined /> },
  { path: '/calendar', labelKey: 'nav.calendar', icon: <CalendarOutlined />, isOfflineEntry: true },
  { path: '/activities', labelKey: 'nav.activities', icon: <ScheduleOutlined />, isOfflineEntry: true },
  { path: '/users', labelKey: 'nav.users', icon: <UserOutlined />, isAdminEntry: true },
  { path: '/logs', labelKey: 'nav.logs', icon: <AuditOutlined />, isAdminEntry: true },
  { path: '/transparency', labelKey: 'nav.transparency', icon: <FileProtectOutlined />, isAdminEntry: true },
  { path: '/directory-import', labelKey: 'nav.directoryImport', icon: <CloudUploadOutlined />, isAdminEntry: true },
  { path: '/cycles', labelKey: 'nav.cycles', icon: <SyncOutlined />, isAdminEntry: true },
  { path: '/configuration', labelKey: 'nav.configuration', icon: <SettingOutlined />, isAdminEntry: true },
];

export function visibleMenuEntries(isAdmin: boolean, isOnline: boolean): MenuEntry[] {
  if (!isOnline) return MENU_ENTRIES.filter((entry) => entry.isOfflineEntry === true);
  return MENU_ENTRIES.filter((entry) => isAdmin || entry.isAdminEntry !== true);
}

/** The entry a path belongs to: /doctors/42/signatures highlights Doctors. */
export function menuKeyOf(pathname: string): string {
  const first = pathname.split('/').find((segment) => segment !== '');
  return first === undefined ? '/' : `/${first}`;
}
