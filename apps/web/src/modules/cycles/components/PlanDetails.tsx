import type { PlanView } from '@crm/shared';
import { Card, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format';
import { PaceTag } from '@/modules/cycles/components/PaceTag';
import { PlanTargetsTable } from '@/modules/cycles/components/PlanTargetsTable';
import { namedChannels, PACE_COLORS, type NamedCounts } from '@/modules/cycles/utils/plan-display';
import { useIsPhone } from '@/ui/phone-layout';
import '@/modules/cycles/cycles.css';

type Total = NamedCounts<PlanView['totals'][number]>;

/** A plan: its attainment against the time elapsed, each channel's totals, then its targets. */
export function PlanDetails({ plan }: { plan: PlanView }) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const totals = namedChannels(plan.cycle.channels, plan.totals);
  const allColumns: TableColumnsType<Total> = [
    { key: 'channel', title: t('plans.columns.channel'), dataIndex: 'name' },
    {
      key: 'done',
      title: t('plans.columns.done'),
      render: (_value, total) => (
        <span className="tabular">{t('plans.ofGoal', { actual: total.actual, goal: total.goal })}</span>
      ),
    },
    { key: 'remaining', title: t('plans.columns.remaining'), dataIndex: 'remaining', align: 'right' },
    { key: 'scheduled', title: t('plans.columns.scheduled'), dataIndex: 'scheduled', align: 'right' },
    { key: 'toSchedule', title: t('plans.columns.toSchedule'), dataIndex: 'toSchedule', align: 'right' },
  ];
  // A phone keeps what the rep acts on: done of goal, and what is still to schedule.
  const columns = isPhone
    ? allColumns.filter((column) => column.key !== 'remaining' && column.key !== 'scheduled')
    : allColumns;
  return (
    <>
      <Card className="page-card" data-testid="plan-summary">
        <div className="plan-summary-stats">
          <div>
            <div className="list-muted">{t('plans.attainment')}</div>
            <span className="plan-card-value" style={{ color: PACE_COLORS[plan.pace] }} data-testid="plan-attainment">
              {plan.attainment === null ? '—' : t('plans.percent', { value: plan.attainment })}
            </span>{' '}
            <PaceTag pace={plan.pace} />
          </div>
          <div>
            <div className="list-muted">{t('plans.elapsed')}</div>
            <span className="plan-card-value">{t('plans.percent', { value: plan.expectedAttainment })}</span>
          </div>
          <div>
            <div className="list-muted">{t('plans.cycleDates')}</div>
            <span>
              {t('plans.dates', { start: formatDate(plan.cycle.startDate), end: formatDate(plan.cycle.endDate) })}
            </span>
          </div>
        </div>
        <Table<Total>
          rowKey="channelId"
          size="small"
          columns={columns}
          dataSource={totals}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="plan-totals"
        />
      </Card>
      <Card className="page-card" title={t('plans.targetsTitle', { count: plan.targets.length })}>
        <PlanTargetsTable plan={plan} />
      </Card>
    </>
  );
}
