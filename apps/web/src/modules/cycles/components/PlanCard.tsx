import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { serverMessage } from '@/lib/errors';
import { currentPlanQuery } from '@/modules/cycles/light-queries';
import { PaceTag } from '@/modules/cycles/components/PaceTag';
import { namedChannels, PACE_COLORS } from '@/modules/cycles/utils/plan-display';
import '@/modules/cycles/cycles.css';

/**
 * "My plan" on the dashboard (issue 33): the plan's attainment against the time elapsed, coloured by its pace,
 * and each channel's "done of goal". Nothing when the user has no plan in a current cycle: the completion rate
 * card beside it keeps its own meaning (the activities marked done, plan or not).
 */
export function PlanCard() {
  const { t } = useTranslation();
  const current = useQuery(currentPlanQuery());

  if (current.isPending) {
    return <Card className="page-card dashboard-card" loading title={t('plans.card.title')} data-testid="plan-card" />;
  }
  if (current.isError) {
    return (
      <Card className="page-card dashboard-card" title={t('plans.card.title')} data-testid="plan-card">
        <Alert
          type="error"
          showIcon
          title={t('plans.loadFailed', { message: serverMessage(current.error) })}
          action={
            <Button size="small" onClick={() => void current.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      </Card>
    );
  }
  const { plan } = current.data;
  if (plan === null) return null;
  const color = PACE_COLORS[plan.pace];
  const attainment = plan.attainment ?? 0;
  return (
    <Card
      className="page-card dashboard-card plan-card"
      title={t('plans.card.titleWithCycle', { cycle: plan.cycle.name })}
      extra={<Link to="/plan">{t('plans.card.open')}</Link>}
      data-testid="plan-card"
    >
      <div className="plan-card-body">
        <div className="plan-card-figure">
          <span className="plan-card-value" style={{ color }} data-testid="plan-card-attainment">
            {t('plans.percent', { value: attainment })}
          </span>
          <PaceTag pace={plan.pace} />
        </div>
        <div className="plan-card-progress">
          <Progress percent={attainment} showInfo={false} strokeColor={color} aria-label={t('plans.attainment')} />
          <div className="list-muted" data-testid="plan-card-expected">
            {t('plans.expected', { value: plan.expectedAttainment })}
          </div>
        </div>
        <ul className="plan-channel-list">
          {namedChannels(plan.cycle.channels, plan.totals).map((total) => (
            <li key={total.channelId}>
              <span className="list-strong tabular">
                {t('plans.ofGoal', { actual: total.actual, goal: total.goal })}
              </span>{' '}
              {total.name}
            </li>
          ))}
        </ul>
      </div>
    </Card>
  );
}
