import type { PlanView, TargetCounts } from '@crm/shared';
import { Card, Table, type TableColumnsType } from 'antd';
import { Suspense, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format';
import { PaceTag } from '@/modules/cycles/components/PaceTag';
import { LazyGoalEditDialog } from '@/modules/cycles/components/lazy-goal-dialog';
import { PlanTargetsTable, type TargetActions } from '@/modules/cycles/components/PlanTargetsTable';
import { useCanEditGoals } from '@/modules/cycles/hooks/useCanEditGoals';
import { namedChannels, PACE_COLORS, type NamedCounts } from '@/modules/cycles/utils/plan-display';
import { useIsPhone } from '@/ui/phone-layout';
import '@/modules/cycles/cycles.css';

type Total = NamedCounts<PlanView['totals'][number]>;

export type PlanDetailsProps = {
  plan: PlanView;
  /**
   * What an administrator's screen adds where the goals may change: a button to add a target (which opens the
   * goal dialog with `null`), and a control per row (removing the target).
   */
  manage?: { addButton: (open: () => void) => ReactNode; rowExtra: TargetActions['extra'] };
};

/**
 * A plan: its attainment against the time elapsed, each channel's totals, then its targets, each with a button
 * to adjust its goals when the signed-in user may (decision 0058's `goalEditRefusal`).
 */
export function PlanDetails({ plan, manage }: PlanDetailsProps) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const canEdit = useCanEditGoals(plan);
  // undefined: closed; null: a target to add.
  const [editing, setEditing] = useState<TargetCounts | null | undefined>(undefined);
  const actions = useMemo<TargetActions | undefined>(
    () => (canEdit ? { onEditGoals: setEditing, extra: manage?.rowExtra } : undefined),
    [canEdit, manage?.rowExtra],
  );
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
      <Card
        className="page-card"
        title={t('plans.targetsTitle', { count: plan.targets.length })}
        extra={
          canEdit && manage !== undefined
            ? manage.addButton(() => {
                setEditing(null);
              })
            : undefined
        }
      >
        <PlanTargetsTable plan={plan} actions={actions} />
      </Card>
      {editing !== undefined && (
        <Suspense fallback={null}>
          <LazyGoalEditDialog
            cycle={plan.cycle}
            user={plan.user}
            target={editing}
            onClose={() => {
              setEditing(undefined);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
