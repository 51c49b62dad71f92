import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/errors';

export type RecordLoadErrorProps = {
  error: unknown;
  /** The title when the record does not exist (404): nothing to retry then. */
  notFoundTitle: string;
  /** The title for any other failure, shown with the server's message and a retry button. */
  loadFailedTitle: string;
  backLabel: string;
  onBack: () => void;
  onRetry: () => void;
};

/** A record's page (a doctor, an office) that could not be loaded. */
export function RecordLoadError({
  error,
  notFoundTitle,
  loadFailedTitle,
  backLabel,
  onBack,
  onRetry,
}: RecordLoadErrorProps) {
  const { t } = useTranslation();
  const isMissing = isApiError(error) && error.status === 404;
  return (
    <Card className="page-card">
      <Result
        status={isMissing ? '404' : 'error'}
        title={isMissing ? notFoundTitle : loadFailedTitle}
        subTitle={isMissing ? undefined : serverMessage(error)}
        extra={[
          <Button key="back" onClick={onBack}>
            {backLabel}
          </Button>,
          !isMissing && (
            <Button key="retry" type="primary" onClick={onRetry}>
              {t('common.retry')}
            </Button>
          ),
        ]}
      />
    </Card>
  );
}
