import { NotificationOutlined } from '@ant-design/icons';
import type { DashboardStats } from '@crm/shared';
import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';

export type CommunicationPanelProps = {
  stats: Pick<DashboardStats, 'totalCampaigns' | 'campaignsSentThisMonth' | 'totalConsents' | 'consentsThisMonth'>;
};

/** Campaigns and consents at a glance (spec 000 §2). */
export function CommunicationPanel({ stats }: CommunicationPanelProps) {
  const { t } = useTranslation();
  const figures = [
    { key: 'totalCampaigns', value: stats.totalCampaigns },
    { key: 'campaignsSentThisMonth', value: stats.campaignsSentThisMonth },
    { key: 'totalConsents', value: stats.totalConsents },
    { key: 'consentsThisMonth', value: stats.consentsThisMonth },
  ] as const;
  return (
    <Card
      className="page-card dashboard-card"
      title={
        <span className="card-title-with-icon">
          <NotificationOutlined />
          {t('dashboard.communication.title')}
        </span>
      }
      data-testid="communication-panel"
    >
      <Row gutter={[16, 16]}>
        {figures.map((figure) => (
          <Col span={12} key={figure.key}>
            <Statistic
              className="communication-figure"
              title={t(`dashboard.communication.${figure.key}`)}
              value={figure.value}
              data-testid={`communication-${figure.key}`}
            />
          </Col>
        ))}
      </Row>
    </Card>
  );
}
