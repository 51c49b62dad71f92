import { SyncOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { noticeOf } from '@/app/layout/ConnectivityIndicator';
import { useSession } from '@/app/session';
import { syncQueueQueries, useDiscardChangeMutation, useRetryChangeMutation } from '@/modules/sync-queue/api';
import { changeKind, WaitingChangeCard } from '@/modules/sync-queue/components/WaitingChangeCard';
import { syncQueueKeys } from '@/modules/sync-queue/query-keys';
import { useNetworkStatus } from '@/offline/engine/network-monitor';
import { OfflineSyncError } from '@/offline/engine/sync-error';
import { syncNow } from '@/offline/engine/sync-triggers';
import { offlineKeys } from '@/offline/queue/query-keys';
import { blockingItem } from '@/offline/queue/queue';
import type { QueueItem } from '@/offline/store/db';
import { PageHeader } from '@/ui/PageHeader';
import '@/modules/sync-queue/sync-queue.css';

/**
 * /sync: every change of the signed-in user that has not reached the server (issue 13), read from the
 * device only, so it works offline. Retry what failed or was refused, edit an activity's change on its
 * stored values, discard after a confirmation, or sync now.
 */
export function SyncQueuePage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const owner = useSession().user?.id;
  const network = useNetworkStatus();
  const waiting = useQuery(syncQueueQueries.waiting(owner));
  const retry = useRetryChangeMutation(owner ?? '');
  const discard = useDiscardChangeMutation(owner ?? '');
  const [isSyncing, setIsSyncing] = useState(false);

  const handleSyncNow = async () => {
    setIsSyncing(true);
    try {
      const notice = noticeOf(await syncNow(), t);
      void message[notice.kind](notice.text);
    } catch (error) {
      void message.error(error instanceof OfflineSyncError ? t('offline.cannotSyncOffline') : t('offline.syncFailed'));
    } finally {
      setIsSyncing(false);
      void queryClient.invalidateQueries({ queryKey: syncQueueKeys.all });
      void queryClient.invalidateQueries({ queryKey: offlineKeys.all });
    }
  };

  const handleRetry = (item: QueueItem) => {
    retry.mutate(item, { onSuccess: () => void message.success(t('sync.retrying')) });
  };

  const handleDiscard = (item: QueueItem) => {
    modal.confirm({
      title: t('sync.discardTitle'),
      content: t('sync.discardText'),
      okText: t('sync.discard'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        await discard.mutateAsync(item);
        void message.success(t('sync.discarded'));
      },
    });
  };

  /** An activity's creation or edit opens the form on the device's copy; the form's save queues the correction. */
  const editOf = (item: QueueItem) => {
    const kind = changeKind(item);
    if (item.status === 'conflict' || (kind !== 'activityCreate' && kind !== 'activityUpdate')) return null;
    return () => void navigate(`/activities/${encodeURIComponent(item.entityId)}`);
  };

  const items = waiting.data ?? [];
  return (
    <div className="page sync-queue-page" data-testid="sync-queue-page">
      <PageHeader
        title={t('sync.title')}
        subtitle={t('sync.subtitle')}
        actions={
          network.isEffectivelyOnline &&
          items.length > 0 && (
            <Button
              type="primary"
              icon={<SyncOutlined />}
              loading={isSyncing}
              onClick={() => void handleSyncNow()}
              data-testid="sync-now"
            >
              {t('header.syncNow')}
            </Button>
          )
        }
      />
      {waiting.data === undefined ? (
        <Card className="page-card">
          <Skeleton active />
        </Card>
      ) : items.length === 0 ? (
        <Card className="page-card">
          <Empty description={t('sync.empty')} data-testid="sync-queue-empty" />
        </Card>
      ) : (
        <div className="waiting-changes">
          {items.map((item) => (
            <WaitingChangeCard
              key={item.mutationId}
              item={item}
              blockedBy={blockingItem(items, item)}
              onRetry={() => {
                handleRetry(item);
              }}
              onEdit={editOf(item)}
              onDiscard={() => {
                handleDiscard(item);
              }}
              isBusy={retry.isPending || discard.isPending}
            />
          ))}
        </div>
      )}
    </div>
  );
}
