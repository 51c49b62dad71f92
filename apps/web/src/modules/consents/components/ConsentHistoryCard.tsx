import { EyeInvisibleOutlined, EyeOutlined, HistoryOutlined } from '@ant-design/icons';
import type { ConsentRecord } from '@crm/shared';
import { Alert, Button, Card, Flex, Skeleton, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { useConsentHistory } from '@/modules/consents/api';
import { CertificateButton } from '@/modules/consents/components/CertificateButton';
import { ConsentChoiceTags } from '@/modules/consents/components/ConsentChoices';
import { consentStatus, ConsentStatusTag, type ConsentStatus } from '@/modules/consents/components/ConsentStatusTag';
import { StoredSignature } from '@/modules/consents/components/StoredSignature';

const DOT_COLORS: Record<ConsentStatus, string> = { given: 'green', refused: 'gray', withdrawn: 'red' };

export type ConsentHistoryCardProps = { doctorId: string; doctorName: string };

/** Every record of the doctor as the server answers them (newest first), so what changed and when can be followed. */
export function ConsentHistoryCard({ doctorId, doctorName }: ConsentHistoryCardProps) {
  const { t } = useTranslation();
  const history = useConsentHistory(doctorId);

  let content;
  if (history.isPending) content = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (history.isError) {
    content = (
      <Alert
        type="error"
        showIcon
        title={t('consents.tab.historyFailed', { message: serverMessage(history.error) })}
        action={
          <Button size="small" onClick={() => void history.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  } else {
    content = (
      <Timeline
        className="consent-history"
        data-testid="consent-history"
        items={history.data.map((record, index) => ({
          key: record.id,
          color: DOT_COLORS[consentStatus(record)],
          content: <HistoryItem record={record} isCurrent={index === 0} doctorName={doctorName} />,
        }))}
      />
    );
  }

  return (
    <Card
      className="page-card"
      title={
        <span className="card-title-with-icon">
          <HistoryOutlined />
          {t('consents.tab.historyTitle')}
        </span>
      }
    >
      {content}
    </Card>
  );
}

type HistoryItemProps = { record: ConsentRecord; isCurrent: boolean; doctorName: string };

function HistoryItem({ record, isCurrent, doctorName }: HistoryItemProps) {
  const { t } = useTranslation();
  const [showSignature, setShowSignature] = useState(false);
  const { displayName, email } = record.collectedBy;
  const withdrawal = record.kind === 'withdrawal';

  return (
    <div className="consent-history-item" data-testid={`consent-history-item-${record.id}`}>
      <Flex wrap align="center" gap={8}>
        <time dateTime={record.signatureDate} className="consent-history-when">
          {formatDateTime(record.signatureDate)}
        </time>
        <Tag>{t(`consents.tab.kinds.${record.kind}`)}</Tag>
        <ConsentStatusTag record={record} />
        {isCurrent && <Tag color="blue">{t('consents.tab.currentTag')}</Tag>}
      </Flex>
      {!withdrawal && <ConsentChoiceTags values={record} />}
      <Typography.Text type="secondary" className="consent-history-meta">
        {t(withdrawal ? 'consents.tab.recordedByOn' : 'consents.tab.collectedByOn', {
          name: displayName ?? email,
          date: formatDateTime(record.recordedAt),
        })}
      </Typography.Text>
      {withdrawal && (
        <Typography.Text className="consent-reason" data-testid={`consent-history-reason-${record.id}`}>
          {record.withdrawalRequestedBy !== null && (
            <Typography.Text strong>{t(`consents.tab.requesters.${record.withdrawalRequestedBy}`)} · </Typography.Text>
          )}
          {record.withdrawalReason}
        </Typography.Text>
      )}
      <Flex wrap gap={4}>
        <CertificateButton record={record} compact />
        {record.imageSha256 !== null && (
          <Button
            type="link"
            size="small"
            className="consent-inline-action"
            icon={showSignature ? <EyeInvisibleOutlined /> : <EyeOutlined />}
            aria-expanded={showSignature}
            onClick={() => {
              setShowSignature((shown) => !shown);
            }}
            data-testid={`consent-show-signature-${record.id}`}
          >
            {showSignature ? t('consents.tab.hideSignature') : t('consents.tab.showSignature')}
          </Button>
        )}
      </Flex>
      {showSignature && (
        <figure className="consent-signature">
          <StoredSignature
            doctorId={record.doctorId}
            consentId={record.id}
            alt={t('consents.tab.signatureAlt', { name: doctorName })}
          />
        </figure>
      )}
    </div>
  );
}
