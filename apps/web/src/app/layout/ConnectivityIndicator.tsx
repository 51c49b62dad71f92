import { SyncOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Popover } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatTime } from '@/lib/format';
import type { NetworkStatus } from '@/offline/engine/network-monitor';
import type { SyncReport } from '@/offline/engine/sync-engine';
import { OfflineSyncError } from '@/offline/engine/sync-error';
import { offlineKeys } from '@/offline/queue/query-keys';

export type ConnectivityIndicatorProps = {
  network: NetworkStatus;
  pendingCount: number;
  /** The sync engine's syncNow: the popover says how it went. */
  onSyncNow: () => Promise<SyncReport>;
};

type Notice = { kind: 'success' | 'warning' | 'error'; text: string };

/** What the rep is told after 'Sync now' (here and on the waiting-changes page). */
export function noticeOf(report: SyncReport, t: TFunction): Notice {
  switch (report.stopped) {
    case 'unauthorized':
    case 'signedOut':
      return { kind: 'warning', text: t('offline.signInToSync') };
    case 'offline':
    case 'unreachable':
      return { kind: 'error', text: t('offline.serverUnreachable') };
    case null:
      return report.waiting === 0
        ? { kind: 'success', text: t('offline.syncDone') }
        : { kind: 'warning', text: t('offline.syncWaiting', { count: report.waiting }) };
  }
}

/** A dot and a label; hovering (or tapping, on a tablet) shows the details of spec 000 §2. */
export function ConnectivityIndicator({ network, pendingCount, onSyncNow }: ConnectivityIndicatorProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [isSyncing, setIsSyncing] = useState(false);
  const isOnline = network.isEffectivelyOnline;

  const handleSyncNow = async () => {
    setIsSyncing(true);
    let notice: Notice;
    try {
      notice = noticeOf(await onSyncNow(), t);
    } catch (error) {
      notice = {
        kind: 'error',
        text: error instanceof OfflineSyncError ? t('offline.cannotSyncOffline') : t('offline.syncFailed'),
      };
    } finally {
      setIsSyncing(false);
    }
    void message[notice.kind](notice.text);
    void queryClient.invalidateQueries({ queryKey: offlineKeys.all });
  };
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
      {pendingCount > 0 && (
        <Link to="/sync" data-testid="open-sync-queue">
          {t('sync.openPage')}
        </Link>
      )}
      {isOnline && pendingCount > 0 && (
        <Button
          type="primary"
          size="small"
          icon={<SyncOutlined />}
          loading={isSyncing}
          onClick={() => void handleSyncNow()}
        >
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
