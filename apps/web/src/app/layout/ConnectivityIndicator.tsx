import { SyncOutlined } from '@ant-design/icons';
import { Badge, Button, Popover } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '@/lib/format';
import type { NetworkStatus } from '@/offline/network-monitor';

export type ConnectivityIndicatorProps = {
  network: NetworkStatus;
  pendingCount: number;
  onSyncNow: () => void;
};

/** A dot and a label; hovering (or tapping, on a tablet) shows the details of spec 000 §2. */
export function ConnectivityIndicator({ network, pendingCount, onSyncNow }: ConnectivityIndicatorProps) {
  const { t } = useTranslation();
  const isOnline = network.isEffectivelyOnline;
  const label = isOnline ? t('header.online') : t('header.offline');
  const detailedStatus = isOnline
    ? t('header.online')
    : network.isSimulatedOffline
      ? t('header.offlineSimulated')
      : t('header.offline');

  const panel = (
    <div className="connectivity-panel" data-testid="connectivity-panel">
      <Badge status={isOnline ? 'success' : 'error'} text={detailedStatus} />
      <div>
        {network.lastChecked === null
          ? t('header.neverChecked')
          : t('header.lastChecked', { time: formatTime(network.lastChecked, { seconds: true }) })}
      </div>
      <div>{t('header.pendingItems', { count: pendingCount })}</div>
      {isOnline && pendingCount > 0 && (
        <Button type="primary" size="small" icon={<SyncOutlined />} onClick={onSyncNow}>
          {t('header.syncNow')}
        </Button>
      )}
    </div>
  );

  return (
    <Popover title={t('header.connectivity')} content={panel} trigger={['hover', 'click']} placement="bottomRight">
      <span
        className="connectivity-indicator"
        data-testid="connectivity-indicator"
        data-online={isOnline}
        role="status"
        tabIndex={0}
      >
        <Badge status={isOnline ? 'success' : 'error'} text={label} />
      </span>
    </Popover>
  );
}
