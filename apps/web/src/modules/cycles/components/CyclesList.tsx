import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { CycleStatus, CycleSummary } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { channelLabel } from '@/lib/channel-label';
import { formatDate } from '@/lib/format';
import { cycleQueries } from '@/modules/cycles/api';
import { PlanQueryState } from '@/modules/cycles/components/PlanQueryState';
import { useIsPhone } from '@/ui/phone-layout';
import { PageHeader } from '@/ui/PageHeader';
import { listTableLayout } from '@/ui/table-list';
import '@/modules/cycles/cycles.css';
import '@/modules/cycles/cycles-admin.css';
import '@/ui/list-rows.css';

const CycleFormModal = lazy(() =>
  import('@/modules/cycles/components/CycleFormModal').then((module) => ({ default: module.CycleFormModal })),
);

const STATUS_COLORS: Record<CycleStatus, string> = { planned: 'blue', in_progress: 'green', completed: 'default' };

export function CycleStatusTag({ status }: { status: CycleStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLORS[status]} data-testid="cycle-status">
      {t(`plans.admin.statuses.${status}`)}
    </Tag>
  );
}

export const cyclePeriod = (cycle: Pick<CycleSummary, 'startDate' | 'endDate'>, t: TFunction) =>
  t('plans.dates', { start: formatDate(cycle.startDate), end: formatDate(cycle.endDate) });

const channelsText = (cycle: CycleSummary, t: TFunction) =>
  cycle.channels
    .map((channel) => t('plans.admin.channelWeight', { channel: channelLabel(channel.name), weight: channel.weight }))
    .join(' · ');

function EditButton({
  cycle,
  onEdit,
  t,
}: {
  cycle: CycleSummary;
  onEdit: (cycle: CycleSummary) => void;
  t: TFunction;
}) {
  const isCompleted = cycle.status === 'completed';
  const label = isCompleted ? t('plans.admin.completedNoEdit') : t('plans.admin.edit', { name: cycle.name });
  return (
    <Tooltip title={isCompleted ? label : undefined}>
      <Button
        size="small"
        icon={<EditOutlined />}
        disabled={isCompleted}
        aria-label={label}
        title={isCompleted ? undefined : label}
        data-testid="cycle-edit"
        onClick={() => {
          onEdit(cycle);
        }}
      />
    </Tooltip>
  );
}

function columnsOf(
  t: TFunction,
  isCompact: boolean,
  onEdit: (cycle: CycleSummary) => void,
): TableColumnsType<CycleSummary> {
  const nameLink = (cycle: CycleSummary) => (
    <Link className="list-strong" to={`/cycles?cycle=${encodeURIComponent(cycle.id)}`} data-testid="cycle-link">
      {cycle.name}
    </Link>
  );
  if (isCompact) {
    return [
      {
        key: 'cycle',
        render: (_value, cycle) => (
          <div className="compact-row">
            <div className="compact-row-line">
              <span className="compact-row-text">{nameLink(cycle)}</span>
              <span className="compact-row-aside">
                <CycleStatusTag status={cycle.status} />
                <EditButton cycle={cycle} onEdit={onEdit} t={t} />
              </span>
            </div>
            <div className="compact-row-line list-muted">
              <span className="compact-row-text">{cyclePeriod(cycle, t)}</span>
              <span className="compact-row-aside">{t('plans.admin.plansCount', { count: cycle.plans })}</span>
            </div>
            <div className="compact-row-line list-muted">
              <span className="compact-row-text">{channelsText(cycle, t)}</span>
            </div>
          </div>
        ),
      },
    ];
  }
  return [
    { key: 'name', title: t('plans.admin.fields.name'), render: (_value, cycle) => nameLink(cycle) },
    { key: 'dates', title: t('plans.admin.columns.dates'), render: (_value, cycle) => cyclePeriod(cycle, t) },
    {
      key: 'status',
      title: t('plans.admin.columns.status'),
      render: (_value, cycle) => <CycleStatusTag status={cycle.status} />,
    },
    { key: 'channels', title: t('plans.admin.fields.channels'), render: (_value, cycle) => channelsText(cycle, t) },
    { key: 'plans', title: t('plans.admin.columns.plans'), dataIndex: 'plans', align: 'right' },
    {
      key: 'actions',
      title: t('plans.admin.columns.actions'),
      align: 'right',
      render: (_value, cycle) => <EditButton cycle={cycle} onEdit={onEdit} t={t} />,
    },
  ];
}

/** The cycles, latest start first: their days, status, channels and weights, and how many plans each has. */
export function CyclesList() {
  const { t } = useTranslation();
  const isCompact = useIsPhone();
  const cycles = useQuery(cycleQueries.list());
  // undefined: closed; null: a new cycle.
  const [editing, setEditing] = useState<CycleSummary | null | undefined>(undefined);

  return (
    <div className="page cycles-page" data-testid="cycles-page">
      <PageHeader
        title={t('plans.admin.title')}
        subtitle={t('plans.admin.subtitle')}
        actions={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            data-testid="cycle-create"
            onClick={() => {
              setEditing(null);
            }}
          >
            {t('plans.admin.create')}
          </Button>
        }
      />
      <PlanQueryState query={cycles} failure={(message) => t('plans.admin.loadFailed', { message })}>
        {(data) => (
          <Card className="page-card">
            <Table<CycleSummary>
              rowKey="id"
              data-testid="cycles-table"
              columns={columnsOf(t, isCompact, setEditing)}
              dataSource={data.cycles}
              {...listTableLayout<CycleSummary>(isCompact)}
              locale={{ emptyText: t('plans.admin.empty') }}
              pagination={data.cycles.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
            />
          </Card>
        )}
      </PlanQueryState>
      {editing !== undefined && (
        <Suspense fallback={null}>
          <CycleFormModal
            cycle={editing}
            onClose={() => {
              setEditing(undefined);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
