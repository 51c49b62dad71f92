import { Badge, Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { menuKeyOf, visibleMenuEntries } from '@/app/layout/menu-entries';

export type SideMenuProps = {
  isAdmin: boolean;
  isOnline: boolean;
  /** Unread mail, shown on the Mail entry (GET /api/emails/stats). */
  unreadCount: number;
  /** After an entry is chosen (the layout folds the menu away on narrow screens). */
  onNavigate?: () => void;
};

export function SideMenu({ isAdmin, isOnline, unreadCount, onNavigate }: SideMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const items: MenuProps['items'] = visibleMenuEntries(isAdmin, isOnline).map((entry) => ({
    key: entry.path,
    icon: entry.icon,
    label:
      entry.path === '/emails' ? (
        <span className="menu-label-with-badge">
          {t(entry.labelKey)}
          <Badge count={unreadCount} size="small" data-testid="unread-badge" />
        </span>
      ) : (
        t(entry.labelKey)
      ),
  }));

  const handleClick: MenuProps['onClick'] = ({ key }) => {
    void navigate(key);
    onNavigate?.();
  };

  return (
    <nav data-testid="side-menu" aria-label={t('nav.menuLabel')}>
      <Menu mode="inline" items={items} selectedKeys={[menuKeyOf(pathname)]} onClick={handleClick} />
    </nav>
  );
}
