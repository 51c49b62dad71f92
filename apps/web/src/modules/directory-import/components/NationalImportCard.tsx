import { UploadOutlined } from '@ant-design/icons';
import type { DirectoryImportFile } from '@crm/shared';
import { Alert, Button, Card, Progress, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '@/lib/errors';
import { useStartImportMutation, useUploadImportFileMutation } from '@/modules/directory-import/api';

type Slot = 'personneActivite' | 'savoirFaire';

/** One file to send: its upload's progress, then what the server kept of it. */
function FilePicker({
  slot,
  onUploaded,
  disabled,
}: {
  slot: Slot;
  onUploaded: (file: DirectoryImportFile | null) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const upload = useUploadImportFileMutation();
  const [sent, setSent] = useState(0);

  return (
    <div className="directory-import-file" data-testid={`file-${slot}`}>
      <Typography.Text strong>{t(`directoryAdmin.files.${slot}.label`)}</Typography.Text>
      <Typography.Paragraph type="secondary">{t(`directoryAdmin.files.${slot}.help`)}</Typography.Paragraph>
      <Upload
        maxCount={1}
        showUploadList={false}
        disabled={disabled || upload.isPending}
        beforeUpload={(file) => {
          setSent(0);
          onUploaded(null);
          upload.mutate({ file, onProgress: setSent }, { onSuccess: onUploaded });
          // Sent by the mutation, which reports its progress; not by the Upload's own request.
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} disabled={disabled || upload.isPending} data-testid={`choose-${slot}`}>
          {t('directoryAdmin.files.choose')}
        </Button>
      </Upload>
      {(upload.isPending || upload.isSuccess) && (
        <Progress
          percent={Math.round(sent * 100)}
          size="small"
          status={upload.isSuccess ? 'success' : 'active'}
          aria-label={t('directoryAdmin.files.uploading')}
          data-testid={`upload-progress-${slot}`}
        />
      )}
      {upload.isSuccess && (
        <Typography.Text type="success" data-testid={`uploaded-${slot}`}>
          {t('directoryAdmin.files.uploaded', { name: upload.data.fileName })}
        </Typography.Text>
      )}
      {upload.isError && (
        <Alert type="error" showIcon data-testid={`upload-error-${slot}`} title={serverMessage(upload.error)} />
      )}
    </div>
  );
}

export type NationalImportCardProps = { isRunning: boolean; onStarted: (importId: string) => void };

/**
 * The national directory's files (the RPPS extract of the Annuaire Santé): the activity file, and the
 * savoir-faire file of the newer layout when there is one; each is sent as soon as it is chosen, then the
 * import is started. One import runs at a time.
 */
export function NationalImportCard({ isRunning, onStarted }: NationalImportCardProps) {
  const { t } = useTranslation();
  const [files, setFiles] = useState<Record<Slot, DirectoryImportFile | null>>({
    personneActivite: null,
    savoirFaire: null,
  });
  const start = useStartImportMutation();
  const activity = files.personneActivite;

  return (
    <Card title={t('directoryAdmin.national.title')} className="page-card" data-testid="national-import">
      <Typography.Paragraph type="secondary">{t('directoryAdmin.national.help')}</Typography.Paragraph>
      <div className="directory-import-files">
        {(['personneActivite', 'savoirFaire'] as const).map((slot) => (
          <FilePicker
            key={slot}
            slot={slot}
            disabled={isRunning}
            onUploaded={(file) => setFiles((current) => ({ ...current, [slot]: file }))}
          />
        ))}
      </div>
      {start.isError && (
        <Alert
          type="error"
          showIcon
          data-testid="start-error"
          title={t('directoryAdmin.startFailed', { message: serverMessage(start.error) })}
        />
      )}
      <Space>
        <Button
          type="primary"
          data-testid="start-import"
          disabled={activity === null || isRunning}
          loading={start.isPending}
          onClick={() => {
            if (activity === null) return;
            start.mutate(
              {
                personneActiviteFileId: activity.fileId,
                ...(files.savoirFaire !== null && { savoirFaireFileId: files.savoirFaire.fileId }),
              },
              { onSuccess: (progress) => onStarted(progress.id) },
            );
          }}
        >
          {t('directoryAdmin.start')}
        </Button>
        {isRunning && <Typography.Text type="secondary">{t('directoryAdmin.oneAtATime')}</Typography.Text>}
      </Space>
    </Card>
  );
}
