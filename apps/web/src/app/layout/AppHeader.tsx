import { DisconnectOutlined, LogoutOutlined, MenuOutlined } from '@ant-design/icons';
import { isDemoAdmin, type SessionUser } from '@crm/shared';
import { App, Button, Grid, Layout, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConnectivityIndicator } from '@/app/layout/ConnectivityIndicator';
import { useLogoutMutation } from '@/modules/auth/api';
import { setSimulatedOffline, useNetworkStatus } from '@/offline/network-monitor';
import { usePendingCount } from '@/offline/pending';
import { syncNow } from '@/offline/sync';

export type AppHeaderProps = {
  user: SessionUser;
  /** Given on narrow screens, where the side menu folds away behind a header button. */
  onOpenMenu?: () => void;
};

export function AppHeader({ user, onOpenMenu }: AppHeaderProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const network = useNetworkStatus();
  const pendingCount = usePendingCount();
  const logoutMutation = useLogoutMutation();
  const isDemo = isDemoAdmin(user);
  // On a phone the header keeps its controls and drops their words (they stay as accessible names).
  const isCompact = Grid.useBreakpoint().md === false;

  const signOut = async () => {
    await logoutMutation.mutateAsync();
    void navigate('/login', { replace: true });
  };

  const handleLogout = () => {
    if (pendingCount === 0) {
      void signOut();
      return;
    }
    // Pending changes stay queued under this user and are sent at their next sign-in (DESIGN.md §7).
    modal.confirm({
      title: t('header.logoutConfirmTitle'),
      content: t('header.logoutConfirmContent', { count: pendingCount }),
      okText: t('header.logout'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: signOut,
    });
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
        <ConnectivityIndicator network={network} pendingCount={pendingCount} onSyncNow={syncNow} />
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
        <Typography.Text className="app-header-email" data-testid="user-email" ellipsis>
          {user.email}
        </Typography.Text>
        {user.isAdmin && (
          <Tag color="blue" data-testid="admin-tag">
            {t('header.admin')}
          </Tag>
        )}
        <Button
          icon={<LogoutOutlined />}
          onClick={handleLogout}
          loading={logoutMutation.isPending}
          data-testid="logout-button"
          aria-label={isCompact ? t('header.logout') : undefined}
          title={isCompact ? t('header.logout') : undefined}
        >
          {!isCompact && t('header.logout')}
        </Button>
      </div>
    </Layout.Header>
  );
}
