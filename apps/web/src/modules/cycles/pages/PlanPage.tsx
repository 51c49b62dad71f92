import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '@/app/session';
import { cycleQueries } from '@/modules/cycles/api';
import { PlanDetails } from '@/modules/cycles/components/PlanDetails';
import { PlanQueryState } from '@/modules/cycles/components/PlanQueryState';
import { TeamPanel } from '@/modules/cycles/components/TeamPanel';
import { PageHeader } from '@/ui/PageHeader';
import '@/modules/cycles/cycles.css';

function MyPlan() {
  const { t } = useTranslation();
  const current = useQuery(cycleQueries.currentPlan());
  return (
    <PlanQueryState query={current}>
      {({ plan }) =>
        plan === null ? (
          <Card className="page-card">
            <Empty description={t('plans.noPlan')} data-testid="plan-none" />
          </Card>
        ) : (
          <PlanDetails plan={plan} />
        )
      }
    </PlanQueryState>
  );
}

/**
 * /plan (issue 33): the signed-in user's plan in the current cycle, its targets and how far each has got;
 * a manager's second tab is their team. The tab and the team's cycle live in the address.
 */
export function PlanPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const isManager = (user?.managees?.length ?? 0) > 0;
  const tab = isManager && params.get('tab') === 'team' ? 'team' : 'mine';
  const cycleId = params.get('cycle');

  return (
    <div className="page plan-page" data-testid="plan-page">
      <PageHeader title={t('plans.title')} subtitle={t('plans.subtitle')} />
      {isManager ? (
        <Tabs
          className="page-tabs"
          activeKey={tab}
          onChange={(key) => {
            setParams(key === 'team' ? { tab: 'team' } : {}, { replace: true });
          }}
          items={[
            { key: 'mine', label: t('plans.tabs.mine'), children: <MyPlan /> },
            {
              key: 'team',
              label: t('plans.tabs.team'),
              children: (
                <TeamPanel
                  cycleId={cycleId}
                  onCycleChange={(next) => {
                    setParams({ tab: 'team', cycle: next }, { replace: true });
                  }}
                />
              ),
            },
          ]}
        />
      ) : (
        <MyPlan />
      )}
    </div>
  );
}
