import { Card, Col, Row, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';

/** The dashboard's shape while its figures load. */
export function DashboardSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="dashboard-grid" role="status" aria-label={t('app.loading')} data-testid="dashboard-skeleton">
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <Card className="page-card">
            <Skeleton active paragraph={{ rows: 3 }} />
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card className="page-card">
            <Skeleton active paragraph={{ rows: 3 }} />
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        {[0, 1, 2, 3].map((index) => (
          <Col xs={24} sm={12} xl={6} key={index}>
            <Card className="page-card">
              <Skeleton active title={false} paragraph={{ rows: 2 }} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card className="page-card">
        <Skeleton active paragraph={{ rows: 5 }} />
      </Card>
    </div>
  );
}
