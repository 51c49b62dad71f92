import { DisconnectOutlined, LogoutOutlined, MenuOutlined, UserOutlined } from '@ant-design/icons';
import { isDemoAdmin, type SessionUser } from '@crm/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Grid, Layout, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ConnectivityIndicator } from '@/app/layout/ConnectivityIndicator';
import { isWebUrl, leavePage } from '@/lib/leave-page';
import { useLogoutMutation } from '@/modules/auth/api';
import { LogoutDialog } from '@/modules/auth/components/LogoutDialog';
import type { LogoutChoice } from '@/modules/auth/logout';
import { setSimulatedOffline, useNetworkStatus } from '@/offline/engine/network-monitor';
import { usePendingCount } from '@/offline/queue/pending-count';

/**
 * The queue's engine and the device's store stay out of the layout's chunk, so that the first screen never waits
 * for them: main.tsx starts the engine from its own chunk, and the header reaches it when the rep taps 'Sync
 * now' or signs out.
 */
const loadLogout = () => import('@/modules/auth/logout');
const syncNowLater = () => import('@/offline/engine/sync-triggers').then(({ syncNow }) => syncNow());

export type AppHeaderProps = {
  user: SessionUser;
  /** Given on narrow screens, where the side menu folds away behind a header button. */
  onOpenMenu?: () => void;
};

export function AppHeader({ user, onOpenMenu }: AppHeaderProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const network = useNetworkStatus();
  const pendingCount = usePendingCount();
  const logoutMutation = useLogoutMutation();
  const isDemo = isDemoAdmin(user);
  // On a phone the header keeps its controls and drops their words (they stay as accessible names).
  const isCompact = Grid.useBreakpoint().md === false;

  const [logoutCount, setLogoutCount] = useState<number | null>(null);
  const [isLeaving, setIsLeaving] = useState(false);

  const signOut = async (choice: LogoutChoice) => {
    setIsLeaving(true);
    const { signOutOfDevice } = await loadLogout();
    const providerLogoutUrl = await signOutOfDevice(user.id, choice, queryClient, () => logoutMutation.mutateAsync());
    setLogoutCount(null);
    // A single-sign-on session ends at the provider too, which then sends the browser back to /login.
    if (providerLogoutUrl !== null && isWebUrl(providerLogoutUrl)) {
      leavePage.to(providerLogoutUrl);
      return;
    }
    void navigate('/login', { replace: true });
  };

  // A last sync first when online; what still waits is the user's to keep or discard (DESIGN.md §7).
  const handleLogout = async () => {
    setIsLeaving(true);
    const { unsyncedBeforeLogout } = await loadLogout();
    const count = await unsyncedBeforeLogout(user.id);
    if (count === 0) {
      await signOut('keep');
      return;
    }
    setIsLeaving(false);
    setLogoutCount(count);
  };

  return (
    <Layout.Header className="app-header">
      {onOpenMenu && (
        <Button
          type="text"
          className="app-header-menu-button"
          icon={<MenuOutlined />}
          onClick={onOpenMenu}
          aria-label={t('header.openMenu')}
          data-testid="open-menu-button"
        />
      )}
      <div className="app-header-items">
        <ConnectivityIndicator network={network} pendingCount={pendingCount} onSyncNow={syncNowLater} />
        {!network.isEffectivelyOnline && (
          <Tag color="warning" icon={<DisconnectOutlined />} data-testid="offline-tag">
            {t('header.workingOffline')}
          </Tag>
        )}
        {isDemo && (
          <>
            <Tag color="purple" data-testid="demo-tag">
              {t('header.demo')}
            </Tag>
            <label className="simulate-offline">
              <Switch
                size="small"
                data-testid="simulate-offline-switch"
                aria-label={t('header.simulateOffline')}
                checked={network.isSimulatedOffline}
                onChange={setSimulatedOffline}
              />
              {!isCompact && <span>{t('header.simulateOffline')}</span>}
            </label>
          </>
        )}
        {/* The way to the user's own settings (issue 17). */}
        <Link to="/account" className="app-header-account" title={t('header.account')} data-testid="account-link">
          <UserOutlined aria-hidden />
          <Typography.Text className="app-header-email" data-testid="user-email" ellipsis>
            {user.email}
          </Typography.Text>
        </Link>
        {user.isAdmin && (
          <Tag color="blue" data-testid="admin-tag">
            {t('header.admin')}
          </Tag>
        )}
        <Button
          icon={<LogoutOutlined />}
          onClick={() => void handleLogout()}
          loading={isLeaving}
          data-testid="logout-button"
          aria-label={isCompact ? t('header.logout') : undefined}
          title={isCompact ? t('header.logout') : undefined}
        >
          {!isCompact && t('header.logout')}
        </Button>
      </div>
      <LogoutDialog
        count={logoutCount}
        onChoose={(choice) => void signOut(choice)}
        onCancel={() => {
          setLogoutCount(null);
        }}
        isBusy={isLeaving}
      />
    </Layout.Header>
  );
}
