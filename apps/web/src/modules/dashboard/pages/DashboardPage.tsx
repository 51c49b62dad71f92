import { Button, Card, Col, Result, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/app/session';
import { serverMessage } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { PlanCard } from '@/modules/cycles/components/PlanCard';
import { useDashboardStats } from '@/modules/dashboard/api';
import { CommunicationPanel } from '@/modules/dashboard/components/CommunicationPanel';
import { DashboardSkeleton } from '@/modules/dashboard/components/DashboardSkeleton';
import { NextActivityCard } from '@/modules/dashboard/components/NextActivityCard';
import { PerformanceCards } from '@/modules/dashboard/components/PerformanceCards';
import { QuickActions } from '@/modules/dashboard/components/QuickActions';
import { TodayPanel } from '@/modules/dashboard/components/TodayPanel';
import { useNow } from '@/modules/dashboard/hooks/useNow';
import { greetingPeriod } from '@/modules/dashboard/utils/dashboard-rules';
import { PageHeader } from '@/ui/PageHeader';
import '@/modules/dashboard/dashboard.css';

/** The clock the greeting and the relative times follow. */
const CLOCK_TICK_MS = 30_000;

/** / (spec 000 §2): the greeting, the next activity, the figures, today's priorities, quick actions. */
export function DashboardPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const now = useNow(CLOCK_TICK_MS);
  const stats = useDashboardStats();

  const greeting = t(`dashboard.greeting.${greetingPeriod(now)}`);
  const name = [user?.firstName, user?.displayName].map((value) => value?.trim() ?? '').find((value) => value !== '');
  const today = formatDate(now);

  return (
    <div className="page dashboard-page">
      <PageHeader
        title={
          <span data-testid="dashboard-greeting">
            {name === undefined ? greeting : t('dashboard.greetingWithName', { greeting, name })}
          </span>
        }
        subtitle={t('dashboard.subtitle', { date: today })}
      />
      {stats.data === undefined ? (
        stats.isError ? (
          <Card className="page-card">
            <Result
              status="error"
              title={t('dashboard.loadFailed')}
              subTitle={serverMessage(stats.error)}
              extra={
                <Button type="primary" data-testid="dashboard-retry" onClick={() => void stats.refetch()}>
                  {t('common.retry')}
                </Button>
              }
            />
          </Card>
        ) : (
          <DashboardSkeleton />
        )
      ) : (
        <div className="dashboard-grid">
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={16}>
              <NextActivityCard activity={stats.data.nextActivity} now={now} />
            </Col>
            <Col xs={24} lg={8}>
              <QuickActions />
            </Col>
          </Row>
          <PerformanceCards stats={stats.data} />
          <PlanCard />
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={16}>
              <TodayPanel stats={stats.data} now={now} />
            </Col>
            <Col xs={24} lg={8}>
              <CommunicationPanel stats={stats.data} />
            </Col>
          </Row>
        </div>
      )}
    </div>
  );
}
