import { EditOutlined } from '@ant-design/icons';
import type { Doctor } from '@crm/shared';
import { Alert, Button, Card, Empty, Flex, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { serverMessage } from '@/lib/errors';
import { useCurrentConsent } from '@/modules/consents/api';
import { ConsentHistoryCard } from '@/modules/consents/components/ConsentHistoryCard';
import { CurrentConsentCard } from '@/modules/consents/components/CurrentConsentCard';
import { WithdrawConsentDialog } from '@/modules/consents/components/WithdrawConsentDialog';
import { doctorFullName } from '@/modules/doctors/utils/doctor-name';
import '@/modules/consents/consent-tab.css';

export type ConsentTabProps = { doctor: Doctor };

/**
 * The doctor page's consent tab: the current consent as evidence, every earlier record, the certificates,
 * withdrawal and the way to collect a new signature. Every signed-in user may collect consent, read-only reps
 * included, so nothing here depends on readWrite; the server decides.
 */
export function ConsentTab({ doctor }: ConsentTabProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const current = useCurrentConsent(doctor.id);
  const [withdrawOpen, setWithdrawOpen] = useState(false);
  const doctorName = doctorFullName(doctor);

  const collect = (label: string, primary: boolean) => (
    <Button
      type={primary ? 'primary' : 'default'}
      icon={<EditOutlined />}
      onClick={() => void navigate(`/doctors/${encodeURIComponent(doctor.id)}/signatures`)}
      data-testid="collect-consent-button"
    >
      {label}
    </Button>
  );

  if (current.isPending) {
    return (
      <Card className="page-card">
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }
  if (current.isError) {
    return (
      <Card className="page-card">
        <Alert
          type="error"
          showIcon
          title={t('consents.tab.loadFailed', { message: serverMessage(current.error) })}
          action={
            <Button size="small" onClick={() => void current.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      </Card>
    );
  }
  if (current.data === null) {
    return (
      <Card className="page-card">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('consents.tab.empty')} data-testid="consent-empty">
          {collect(t('consents.tab.collect'), true)}
        </Empty>
      </Card>
    );
  }

  return (
    <Flex vertical gap={16}>
      <CurrentConsentCard
        consent={current.data}
        doctorName={doctorName}
        collectAction={collect(t('consents.tab.collectNew'), true)}
        onWithdraw={() => {
          setWithdrawOpen(true);
        }}
      />
      <ConsentHistoryCard doctorId={doctor.id} doctorName={doctorName} />
      <WithdrawConsentDialog
        key={current.data.id}
        doctorId={doctor.id}
        doctorName={doctorName}
        current={current.data}
        open={withdrawOpen}
        onClose={() => {
          setWithdrawOpen(false);
        }}
      />
    </Flex>
  );
}
