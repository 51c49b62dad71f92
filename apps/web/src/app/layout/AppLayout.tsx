import { useQueryClient } from '@tanstack/react-query';
import { Layout } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { AntdProviders } from '@/app/AntdProviders';
import { AppHeader } from '@/app/layout/AppHeader';
import { ArrivalNotice } from '@/app/layout/ArrivalNotice';
import { SideMenu } from '@/app/layout/SideMenu';
import { MAIN_CONTENT_ID, SkipLink } from '@/app/layout/SkipLink';
import { prepareOfflineWhenIdle } from '@/app/offline-pages';
import { PwaNotices } from '@/app/pwa/PwaNotices';
import { useSession } from '@/app/session';
import { useCurrentUserRefresh } from '@/modules/auth/api';
import { useMailStats } from '@/modules/mailbox/api';
import { useNetworkStatus } from '@/offline/engine/network-monitor';
import { BrandLogo } from '@/ui/BrandLogo';
import { LanguageSwitch } from '@/ui/LanguageSwitch';
import { PageLoader } from '@/ui/PageLoader';

/**
 * Inside the page's Suspense boundary, so its effect runs only once the first page has rendered; the offline
 * preparation (chunks, the slice's pull) then waits for that page's data and an idle browser.
 */
function OfflinePreparation() {
  const queryClient = useQueryClient();
  useEffect(
    function prepareOffline() {
      return prepareOfflineWhenIdle(queryClient);
    },
    [queryClient],
  );
  return null;
}

/** The signed-in shell: side menu, header, and the current page. */
export function AppLayout() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { isEffectivelyOnline } = useNetworkStatus();
  // Below the lg breakpoint the menu folds away and opens over the page (phones, portrait tablets).
  const [isMenuCollapsed, setMenuCollapsed] = useState(false);
  const [isNarrow, setNarrow] = useState(false);
  useCurrentUserRefresh();
  // The menu's unread badge (spec 000 §7): polled while online only, like every online-only figure.
  const { data: mailStats } = useMailStats(user !== null && isEffectivelyOnline);

  const handleNavigate = () => {
    if (isNarrow) setMenuCollapsed(true);
  };

  // The route guard only renders this for a signed-in user; this covers the instant the session ends.
  if (user === null) return null;

  return (
    <AntdProviders className="app-root">
      <SkipLink />
      <Layout className="app-shell">
        <Layout.Sider
          theme="light"
          width={232}
          breakpoint="lg"
          collapsedWidth={0}
          collapsed={isMenuCollapsed}
          onCollapse={setMenuCollapsed}
          onBreakpoint={setNarrow}
          trigger={null}
          className="app-sider"
        >
          <div className="app-brand">
            <BrandLogo size={32} />
            <span className="app-brand-name">{t('app.name')}</span>
          </div>
          <SideMenu
            isAdmin={user.isAdmin}
            isOnline={isEffectivelyOnline}
            unreadCount={isEffectivelyOnline ? (mailStats?.unreadCount ?? 0) : 0}
            onNavigate={handleNavigate}
          />
          <div className="app-sider-footer">
            <LanguageSwitch />
          </div>
        </Layout.Sider>
        <Layout>
          <AppHeader
            user={user}
            onOpenMenu={isNarrow ? () => setMenuCollapsed((isCollapsed) => !isCollapsed) : undefined}
          />
          <Layout.Content className="app-content" id={MAIN_CONTENT_ID} tabIndex={-1}>
            <Suspense fallback={<PageLoader />}>
              <Outlet />
              <OfflinePreparation />
            </Suspense>
          </Layout.Content>
        </Layout>
        <PwaNotices />
      </Layout>
      <ArrivalNotice />
    </AntdProviders>
  );
}
