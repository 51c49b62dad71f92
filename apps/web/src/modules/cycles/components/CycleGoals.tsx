import type { CycleSummary } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Empty, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useBackNavigation } from '@/lib/use-back-navigation';
import { cycleQueries } from '@/modules/cycles/api';
import { CycleStatusTag, cyclePeriod } from '@/modules/cycles/components/CyclesList';
import { HandGoalsTab } from '@/modules/cycles/components/HandGoalsTab';
import { ImportGoalsTab } from '@/modules/cycles/components/ImportGoalsTab';
import { PlanQueryState } from '@/modules/cycles/components/PlanQueryState';
import { SegmentGoalsTab } from '@/modules/cycles/components/SegmentGoalsTab';
import { PageHeader } from '@/ui/PageHeader';
import '@/modules/cycles/cycles.css';
import '@/modules/cycles/cycles-admin.css';
import '@/ui/list-rows.css';

const TABS = ['hand', 'segment', 'import'] as const;
type GoalsTab = (typeof TABS)[number];
const isTab = (value: string | null): value is GoalsTab => TABS.some((tab) => tab === value);

/**
 * /cycles?cycle= (administrators): a cycle's goals, set three ways: by hand for one rep, by segment (the
 * reps' own targets), or from a CSV file previewed before anything is written. The tab and the rep chosen live
 * in the address.
 */
export function CycleGoals({ cycleId }: { cycleId: string }) {
  const { t } = useTranslation();
  const handleBack = useBackNavigation('/cycles');
  const cycles = useQuery(cycleQueries.list());
  const cycle = cycles.data?.cycles.find((each) => each.id === cycleId);

  return (
    <div className="page cycles-page" data-testid="cycle-goals-page">
      <PageHeader
        title={cycle === undefined ? t('plans.admin.goalsTitle') : t('plans.admin.goalsOf', { name: cycle.name })}
        subtitle={cycle === undefined ? undefined : cyclePeriod(cycle, t)}
        tags={cycle === undefined ? undefined : <CycleStatusTag status={cycle.status} />}
        onBack={handleBack}
      />
      <PlanQueryState query={cycles} failure={(message) => t('plans.admin.loadFailed', { message })}>
        {() =>
          cycle === undefined ? (
            <Card className="page-card">
              <Empty description={t('plans.admin.notFound')} data-testid="cycle-not-found" />
            </Card>
          ) : (
            <GoalTabs cycle={cycle} />
          )
        }
      </PlanQueryState>
    </div>
  );
}

function GoalTabs({ cycle }: { cycle: CycleSummary }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: GoalsTab = isTab(asked) ? asked : 'hand';
  const userId = params.get('user');
  const isClosed = cycle.status === 'completed';

  return (
    <>
      {isClosed && <Alert type="warning" showIcon className="cycle-form-alert" title={t('plans.admin.closed')} />}
      <Tabs
        className="page-tabs"
        activeKey={tab}
        onChange={(key) => {
          setParams(key === 'hand' ? { cycle: cycle.id } : { cycle: cycle.id, tab: key }, { replace: true });
        }}
        items={[
          {
            key: 'hand',
            label: t('plans.admin.tabs.hand'),
            children: (
              <HandGoalsTab
                cycle={cycle}
                userId={userId}
                onUserChange={(next) => {
                  setParams(next === null ? { cycle: cycle.id } : { cycle: cycle.id, user: next }, { replace: true });
                }}
              />
            ),
          },
          {
            key: 'segment',
            label: t('plans.admin.tabs.segment'),
            children: <SegmentGoalsTab cycle={cycle} isClosed={isClosed} />,
          },
          {
            key: 'import',
            label: t('plans.admin.tabs.import'),
            children: <ImportGoalsTab cycle={cycle} isClosed={isClosed} />,
          },
        ]}
      />
    </>
  );
}
