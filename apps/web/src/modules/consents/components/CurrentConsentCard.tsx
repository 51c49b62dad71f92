import { SafetyCertificateOutlined, StopOutlined } from '@ant-design/icons';
import { givesAnyChoice, type ConsentRecord } from '@crm/shared';
import { Button, Card, Col, Descriptions, Flex, Row, Typography, type DescriptionsProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import type { DeviceConsent, PendingConsent } from '@/modules/consents/api';
import { CertificateButton } from '@/modules/consents/components/CertificateButton';
import { ConsentChoiceList } from '@/modules/consents/components/ConsentChoices';
import { ConsentStatusTag } from '@/modules/consents/components/ConsentStatusTag';
import { PendingSyncTag } from '@/modules/sync-queue/components/PendingSyncTag';

export type CurrentConsentCardProps = {
  consent: DeviceConsent;
  doctorName: string;
  /** The link to the consent screen, a new signature. */
  collectAction: ReactNode;
  onWithdraw: () => void;
};

/** The doctor's current consent: what was chosen, the signature, when, by whom, and what can be done next. */
export function CurrentConsentCard({ consent, doctorName, collectAction, onWithdraw }: CurrentConsentCardProps) {
  const { t } = useTranslation();
  const pending = consent.pendingSync === true;
  const canWithdraw = !pending && givesAnyChoice(consent);

  return (
    <Card
      className="page-card consent-current"
      data-testid="consent-current"
      title={
        <span className="card-title-with-icon">
          <SafetyCertificateOutlined />
          {t('consents.tab.currentTitle')}
          {pending ? <PendingSyncTag /> : <ConsentStatusTag record={consent} />}
        </span>
      }
    >
      <Row gutter={[24, 16]}>
        <Col xs={24} md={12}>
          <Flex vertical gap={16}>
            <ConsentChoiceList values={consent} />
            {consent.signatureImage !== null && (
              <figure className="consent-signature">
                <img
                  src={consent.signatureImage}
                  alt={t('consents.tab.signatureAlt', { name: doctorName })}
                  className="consent-signature-image"
                  data-testid="consent-signature-image"
                />
                <figcaption>
                  <Typography.Text type="secondary">
                    {doctorName} · {formatDateTime(consent.signatureDate)}
                  </Typography.Text>
                </figcaption>
              </figure>
            )}
          </Flex>
        </Col>
        <Col xs={24} md={12}>
          {pending ? <PendingConsentFacts consent={consent} /> : <RecordedConsentFacts consent={consent} />}
        </Col>
      </Row>
      <Flex wrap gap={8} className="consent-actions">
        {collectAction}
        {!pending && <CertificateButton record={consent} />}
        {canWithdraw && (
          <Button danger icon={<StopOutlined />} onClick={onWithdraw} data-testid="withdraw-consent-button">
            {t('consents.tab.withdraw')}
          </Button>
        )}
      </Flex>
    </Card>
  );
}

function NotGiven() {
  const { t } = useTranslation();
  return <Typography.Text type="secondary">{t('consents.tab.notProvided')}</Typography.Text>;
}

function DateTime({ value, testId }: { value: string; testId: string }) {
  return (
    <time dateTime={value} data-testid={testId}>
      {formatDateTime(value)}
    </time>
  );
}

/** Who collected it, when by the device and by the server, the contact given, and for a withdrawal, who asked and why. */
function RecordedConsentFacts({ consent }: { consent: ConsentRecord }) {
  const { t } = useTranslation();
  const withdrawal = consent.kind === 'withdrawal';
  const { displayName, email } = consent.collectedBy;
  const items: DescriptionsProps['items'] = [
    {
      key: 'signedOn',
      label: withdrawal ? t('consents.tab.withdrawnOn') : t('consents.tab.signedOn'),
      children: <DateTime value={consent.signatureDate} testId="consent-signed-on" />,
    },
    {
      key: 'recordedAt',
      label: t('consents.tab.recordedAt'),
      children: <DateTime value={consent.recordedAt} testId="consent-recorded-at" />,
    },
    {
      key: 'collectedBy',
      label: withdrawal ? t('consents.tab.recordedBy') : t('consents.tab.collectedBy'),
      children: (
        <span data-testid="consent-collected-by">
          {displayName ?? email}
          {displayName !== null && <Typography.Text type="secondary"> · {email}</Typography.Text>}
        </span>
      ),
    },
  ];
  if (withdrawal) {
    items.push(
      {
        key: 'requestedBy',
        label: t('consents.tab.requestedBy'),
        children: (
          <span data-testid="consent-requested-by">
            {consent.withdrawalRequestedBy === null ? (
              <NotGiven />
            ) : (
              t(`consents.tab.requesters.${consent.withdrawalRequestedBy}`)
            )}
          </span>
        ),
      },
      {
        key: 'reason',
        label: t('consents.tab.reason'),
        children: (
          <span className="consent-reason" data-testid="consent-reason">
            {consent.withdrawalReason ?? <NotGiven />}
          </span>
        ),
      },
    );
  } else {
    items.push(
      {
        key: 'email',
        label: t('consents.tab.email'),
        children: <span data-testid="consent-email">{consent.email ?? <NotGiven />}</span>,
      },
      {
        key: 'phone',
        label: t('consents.tab.phone'),
        children: <span data-testid="consent-phone">{consent.phone ?? <NotGiven />}</span>,
      },
    );
  }
  items.push({
    key: 'recordHash',
    label: t('consents.tab.recordHash'),
    children: (
      <Typography.Text code copyable ellipsis className="consent-hash" data-testid="consent-record-hash">
        {consent.recordHash}
      </Typography.Text>
    ),
  });
  return <Descriptions column={1} size="small" items={items} />;
}

/** Signed on this device and not sent yet: the server has not recorded it, so only the device's facts exist. */
function PendingConsentFacts({ consent }: { consent: PendingConsent }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={8}>
      <Typography.Paragraph type="secondary" data-testid="consent-pending-note">
        {t('consents.tab.pendingNote')}
      </Typography.Paragraph>
      <Descriptions
        column={1}
        size="small"
        items={[
          {
            key: 'signedOn',
            label: t('consents.tab.signedOn'),
            children: <DateTime value={consent.signatureDate} testId="consent-signed-on" />,
          },
          {
            key: 'email',
            label: t('consents.tab.email'),
            children: <span data-testid="consent-email">{consent.email ?? <NotGiven />}</span>,
          },
          {
            key: 'phone',
            label: t('consents.tab.phone'),
            children: <span data-testid="consent-phone">{consent.phone ?? <NotGiven />}</span>,
          },
        ]}
      />
    </Flex>
  );
}
