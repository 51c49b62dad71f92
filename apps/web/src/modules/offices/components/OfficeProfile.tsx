import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { officeQueries } from '@/modules/offices/api';
import { OfficeDoctorsCard } from '@/modules/offices/components/OfficeDoctorsCard';
import { OfficeHeader } from '@/modules/offices/components/OfficeHeader';
import { OfficeInfoCard } from '@/modules/offices/components/OfficeInfoCard';
import { LastUpdate } from '@/ui/LastUpdate';
import { RecordLoadError } from '@/ui/RecordLoadError';

export type OfficeProfileProps = { officeId: string; onBack: () => void };

/** /offices/{id}: the office's fields, its doctors and its last update. */
export function OfficeProfile({ officeId, onBack }: OfficeProfileProps) {
  const { t } = useTranslation();
  const { data: office, isPending, isError, error, refetch } = useQuery(officeQueries.detail(officeId));

  if (isPending) {
    return (
      <div className="page" role="status" aria-label={t('app.loading')}>
        <Skeleton active avatar paragraph={{ rows: 1 }} />
        <Card className="page-card">
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      </div>
    );
  }
  if (isError) {
    return (
      <RecordLoadError
        error={error}
        notFoundTitle={t('offices.detail.notFound')}
        loadFailedTitle={t('offices.detail.loadFailed')}
        backLabel={t('offices.detail.backToList')}
        onBack={onBack}
        onRetry={() => void refetch()}
      />
    );
  }

  return (
    <div className="page">
      <OfficeHeader office={office} onBack={onBack} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <OfficeInfoCard office={office} />
        </Col>
        <Col xs={24} xl={8}>
          <LastUpdate updatedBy={office.updatedBy} updatedAt={office.updatedAt} />
        </Col>
        <Col span={24}>
          <OfficeDoctorsCard office={office} />
        </Col>
      </Row>
    </div>
  );
}
