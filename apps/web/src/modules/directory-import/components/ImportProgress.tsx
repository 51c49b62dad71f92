import { DownloadOutlined } from '@ant-design/icons';
import type { DirectoryImportProgress, DirectoryImportStatus } from '@crm/shared';
import { App, Button, Descriptions, Progress, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { serverMessage } from '@/lib/errors';
import { useDownloadRejectedMutation } from '@/modules/directory-import/api';

const STATUS_COLORS: Record<DirectoryImportStatus, string> = {
  running: 'processing',
  done: 'success',
  failed: 'error',
};

export function ImportStatusTag({ status }: { status: DirectoryImportStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLORS[status]} data-testid="import-status">
      {t(`directoryAdmin.status.${status}`)}
    </Tag>
  );
}

/** Saves the import's rejected lines, with why each was rejected. */
export function RejectedReportButton({ importId, count }: { importId: string; count: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const download = useDownloadRejectedMutation();
  if (count === 0) return null;
  return (
    <Button
      size="small"
      icon={<DownloadOutlined />}
      loading={download.isPending}
      data-testid="rejected-report"
      onClick={() => {
        download.mutate(importId, {
          onError: (error) => void message.error(t('directoryAdmin.rejectedFailed', { message: serverMessage(error) })),
        });
      }}
    >
      {t('directoryAdmin.rejectedReport', { count })}
    </Button>
  );
}

/**
 * One import as it goes: its state, a bar (moving while it runs: the file's number of lines is known only at
 * its end), what was read and done with each line, and the rate; the rejected lines' report when there are.
 */
export function ImportProgress({ progress }: { progress: DirectoryImportProgress }) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => value.toLocaleString(i18n.language);
  const counts = [
    ['linesRead', progress.linesRead],
    ['kept', progress.kept],
    ['created', progress.created],
    ['updated', progress.updated],
    ['unchanged', progress.unchanged],
    ['rejected', progress.rejected],
    ['inactivated', progress.inactivated],
  ] as const;

  return (
    <div className="directory-import-progress" data-testid="import-progress" data-status={progress.status}>
      <div className="directory-import-progress-head">
        <ImportStatusTag status={progress.status} />
        <span>{progress.fileName}</span>
        {progress.savoirFaireFileName !== null && <span className="list-muted">+ {progress.savoirFaireFileName}</span>}
      </div>
      <Progress
        percent={100}
        showInfo={false}
        status={progress.status === 'running' ? 'active' : progress.status === 'failed' ? 'exception' : 'success'}
        aria-label={t(`directoryAdmin.status.${progress.status}`)}
      />
      {progress.error !== null && (
        <p className="directory-import-error" role="alert" data-testid="import-error">
          {/* A key this version lacks (a newer server's) still says the import failed. */}
          {t(progress.error as never, { defaultValue: t('directoryImport.failed') })}
        </p>
      )}
      <Descriptions size="small" column={{ xs: 2, sm: 4, md: 4, lg: 4, xl: 4, xxl: 4 }} data-testid="import-counts">
        {counts.map(([key, value]) => (
          <Descriptions.Item key={key} label={t(`directoryAdmin.counts.${key}`)}>
            <span data-testid={`count-${key}`}>{number(value)}</span>
          </Descriptions.Item>
        ))}
        <Descriptions.Item label={t('directoryAdmin.counts.rate')}>
          <span data-testid="count-rate">
            {t('directoryAdmin.rate', { rate: number(Math.round(progress.linesPerSecond)) })}
          </span>
        </Descriptions.Item>
      </Descriptions>
      <div className="list-muted">
        {progress.finishedAt === null
          ? t('directoryAdmin.startedBy', { name: progress.startedBy.name, at: formatDateTime(progress.startedAt) })
          : t('directoryAdmin.finished', {
              name: progress.startedBy.name,
              at: formatDateTime(progress.finishedAt),
            })}
      </div>
      <RejectedReportButton importId={progress.id} count={progress.rejected} />
    </div>
  );
}
