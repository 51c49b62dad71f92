import { CalendarOutlined, CheckCircleOutlined, MailOutlined, TeamOutlined } from '@ant-design/icons';
import type { DashboardStats } from '@crm/shared';
import { Card, Col, Progress, Row, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { completionColor } from '@/modules/dashboard/utils/dashboard-rules';

type StatCardProps = {
  to: string;
  testId: string;
  icon: ReactNode;
  title: string;
  value: number;
  suffix?: string;
  color?: string;
  footer?: ReactNode;
};

/** One figure, the whole card a link to the list behind it. */
function StatCard({ to, testId, icon, title, value, suffix, color, footer }: StatCardProps) {
  return (
    <Link to={to} className="stat-card-link" data-testid={testId}>
      <Card hoverable className="page-card dashboard-card stat-card">
        <div className="stat-card-icon" style={color === undefined ? undefined : { color }} aria-hidden="true">
          {icon}
        </div>
        <Statistic
          title={title}
          value={value}
          suffix={suffix}
          styles={color === undefined ? undefined : { content: { color } }}
        />
        {footer}
      </Card>
    </Link>
  );
}

export type PerformanceCardsProps = {
  stats: Pick<
    DashboardStats,
    'completionRate' | 'activitiesThisMonth' | 'recentlyContactedDoctors' | 'emailsSentThisWeek'
  >;
};

/** The four performance cards of spec 000 §2. */
export function PerformanceCards({ stats }: PerformanceCardsProps) {
  const { t } = useTranslation();
  const rateColor = completionColor(stats.completionRate);
  return (
    <Row gutter={[16, 16]} className="performance-cards">
      <Col xs={24} sm={12} xl={6}>
        <StatCard
          to="/activities?filter=done"
          testId="stat-completion-rate"
          icon={<CheckCircleOutlined />}
          title={t('dashboard.performance.completionRate')}
          value={stats.completionRate}
          suffix="%"
          color={rateColor}
          footer={
            <Progress
              percent={stats.completionRate}
              showInfo={false}
              strokeColor={rateColor}
              size="small"
              aria-label={t('dashboard.performance.completionRate')}
            />
          }
        />
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <StatCard
          to="/calendar"
          testId="stat-activities-this-month"
          icon={<CalendarOutlined />}
          title={t('dashboard.performance.activitiesThisMonth')}
          value={stats.activitiesThisMonth}
        />
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <StatCard
          to="/doctors"
          testId="stat-recently-contacted-doctors"
          icon={<TeamOutlined />}
          title={t('dashboard.performance.recentlyContactedDoctors')}
          value={stats.recentlyContactedDoctors}
        />
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <StatCard
          to="/emails"
          testId="stat-emails-sent-this-week"
          icon={<MailOutlined />}
          title={t('dashboard.performance.emailsSentThisWeek')}
          value={stats.emailsSentThisWeek}
        />
      </Col>
    </Row>
  );
}
