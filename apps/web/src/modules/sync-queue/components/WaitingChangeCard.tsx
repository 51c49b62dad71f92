import { DeleteOutlined, EditOutlined, RedoOutlined } from '@ant-design/icons';
import { Button, Card, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { SYNC_RETRY_THRESHOLD } from '@/offline/engine/sync-engine';
import { isCommandName, type CommandName } from '@/offline/queue/commands';
import type { QueueItem, QueueStatus } from '@/offline/store/db';

/** The tag colour of each state: red where the rep must act. */
const STATE_COLORS: Record<Exclude<QueueStatus, 'synced'>, string> = {
  pending: 'blue',
  sending: 'processing',
  failed: 'red',
  rejected: 'red',
  conflict: 'orange',
};

/** How the page names each queued command: a new command does not compile until it has its words. */
const KINDS = {
  'activity/create': 'activityCreate',
  'activity/update': 'activityUpdate',
  'activity/done': 'activityDone',
  'activity/delete': 'activityDelete',
  'doctor/create': 'doctorCreate',
  'consent/create': 'consentCreate',
  'benefit/create': 'benefitCreate',
} as const satisfies Record<CommandName, string>;

type Kind = (typeof KINDS)[CommandName] | 'unknown';

/** The change's kind; a record from another build may have a type or action this one does not know. */
export function changeKind(item: Pick<QueueItem, 'type' | 'action'>): Kind {
  const name = `${item.type}/${item.action}`;
  return isCommandName(name) ? KINDS[name] : 'unknown';
}

/** The words the rep knows the change by: the summary stored with it, else what its payload says. */
function describe(item: QueueItem): { title: string | null; doctorName: string | null; start: string | null } {
  const payload = (item.payload ?? {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);
  if (item.type === 'doctor') {
    const name = [text(payload.firstName), text(payload.lastName)].filter(Boolean).join(' ');
    return { title: null, doctorName: item.summary?.doctorName ?? (name === '' ? null : name), start: null };
  }
  return {
    title: item.summary?.title ?? text(payload.title),
    doctorName: item.summary?.doctorName ?? text(payload.doctorName),
    start: item.summary?.start ?? text(payload.start),
  };
}

export type WaitingChangeCardProps = {
  item: QueueItem;
  /** The change it waits for (an activity's doctor created offline, refused or not sent yet), if any. */
  blockedBy: QueueItem | null;
  onRetry: () => void;
  onEdit: (() => void) | null;
  onDiscard: () => void;
  isBusy: boolean;
};

/** One waiting change: what it is, when it was made, its state and why, and what the rep can do. */
export function WaitingChangeCard({ item, blockedBy, onRetry, onEdit, onDiscard, isBusy }: WaitingChangeCardProps) {
  const { t } = useTranslation();
  const kind = changeKind(item);
  const { title, doctorName, start } = describe(item);
  const state = item.status === 'synced' ? 'pending' : item.status;
  const canRetry = item.status === 'failed' || item.status === 'rejected';
  // A doctor, a consent or a benefit is known by the doctor's name: 'Consent — Dr X'.
  const byDoctor = kind === 'doctorCreate' || kind === 'consentCreate' || kind === 'benefitCreate';
  const name = byDoctor ? (doctorName ?? t('sync.unknownDoctor')) : (title ?? t('sync.noTitle'));

  return (
    <Card size="small" className="waiting-change" data-testid={`waiting-change-${item.mutationId}`} data-state={state}>
      <div className="waiting-change-head">
        <Typography.Text strong>{t(`sync.kinds.${kind}`)}</Typography.Text>
        <Tag color={STATE_COLORS[state]} data-testid="waiting-change-state">
          {t(`sync.states.${state}`)}
        </Tag>
      </div>
      <div className="waiting-change-name">{name}</div>
      {!byDoctor && (doctorName !== null || start !== null) && (
        <Typography.Text type="secondary" className="waiting-change-meta">
          {[doctorName, start === null ? null : formatDateTime(start)].filter(Boolean).join(' · ')}
        </Typography.Text>
      )}
      <Typography.Text type="secondary" className="waiting-change-meta">
        {t('sync.madeAt', { time: formatDateTime(item.timestamp) })}
      </Typography.Text>
      {item.status === 'conflict' && <Typography.Paragraph type="warning">{t('sync.conflict')}</Typography.Paragraph>}
      {item.lastError !== null && item.status !== 'conflict' && (
        <Typography.Paragraph type={canRetry ? 'danger' : 'secondary'} data-testid="waiting-change-reason">
          {t('sync.reason', { message: item.lastError })}
        </Typography.Paragraph>
      )}
      {item.retryCount > 0 && (item.status === 'pending' || item.status === 'failed') && (
        <Typography.Paragraph type="secondary" data-testid="waiting-change-attempts">
          {item.status === 'failed'
            ? t('sync.parked', { count: item.retryCount })
            : t('sync.attempts', { count: item.retryCount, max: SYNC_RETRY_THRESHOLD })}
        </Typography.Paragraph>
      )}
      {blockedBy !== null && blockedBy.type === 'doctor' && (
        <Typography.Paragraph type="secondary">{t('sync.waitsForDoctor')}</Typography.Paragraph>
      )}
      <Space wrap className="waiting-change-actions">
        {canRetry && (
          <Button size="small" icon={<RedoOutlined />} onClick={onRetry} disabled={isBusy}>
            {t('sync.retry')}
          </Button>
        )}
        {onEdit !== null && (
          <Button size="small" icon={<EditOutlined />} onClick={onEdit} disabled={isBusy}>
            {t('sync.edit')}
          </Button>
        )}
        {item.status !== 'sending' && (
          <Button size="small" danger icon={<DeleteOutlined />} onClick={onDiscard} disabled={isBusy}>
            {t('sync.discard')}
          </Button>
        )}
      </Space>
    </Card>
  );
}
