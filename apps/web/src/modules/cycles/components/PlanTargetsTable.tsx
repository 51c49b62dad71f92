import { EditOutlined } from '@ant-design/icons';
import type { CycleChannel, PlanView, TargetCounts } from '@crm/shared';
import { Button, Table, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PaceTag } from '@/modules/cycles/components/PaceTag';
import { namedChannels } from '@/modules/cycles/utils/plan-display';
import { useIsPhone } from '@/ui/phone-layout';
import { listTableLayout } from '@/ui/table-list';
import '@/ui/list-rows.css';

type ChannelCell = TargetCounts['channels'][number];

/** "2 of 4", then what is left: remaining, scheduled, still to schedule. */
function ChannelCounts({ counts, t }: { counts: ChannelCell | undefined; t: TFunction }) {
  if (counts === undefined) return <span className="list-muted">—</span>;
  return (
    <div className="two-lines plan-cell-counts">
      <span className="list-strong">{t('plans.ofGoal', { actual: counts.actual, goal: counts.goal })}</span>
      <span className="list-muted">
        {t('plans.cellDetails', {
          remaining: counts.remaining,
          scheduled: counts.scheduled,
          toSchedule: counts.toSchedule,
        })}
      </span>
    </div>
  );
}

const doctorLabel = (target: TargetCounts, t: TFunction) => target.doctorName ?? t('plans.unknownDoctor');

function DoctorLink({ target, t }: { target: TargetCounts; t: TFunction }) {
  return <Link to={`/doctors/${encodeURIComponent(target.doctorId)}`}>{doctorLabel(target, t)}</Link>;
}

/** What a row offers besides its link: adjusting the target's goals, and whatever the page adds (removing it). */
export type TargetActions = {
  onEditGoals?: (target: TargetCounts) => void;
  extra?: (target: TargetCounts) => ReactNode;
};

function RowActions({ target, actions, t }: { target: TargetCounts; actions: TargetActions; t: TFunction }) {
  const label = t('plans.editGoals', { name: doctorLabel(target, t) });
  return (
    <span className="plan-target-actions">
      {actions.onEditGoals !== undefined && (
        <Button
          type="text"
          size="small"
          icon={<EditOutlined />}
          aria-label={label}
          title={label}
          data-testid="target-edit-goals"
          onClick={() => actions.onEditGoals?.(target)}
        />
      )}
      {actions.extra?.(target)}
    </span>
  );
}

function columnsOf(
  t: TFunction,
  channels: readonly CycleChannel[],
  isCompact: boolean,
  actions: TargetActions | undefined,
): TableColumnsType<TargetCounts> {
  if (isCompact) {
    return [
      {
        key: 'target',
        render: (_value, target) => (
          <div className="compact-row">
            <div className="compact-row-line">
              <span className="compact-row-text list-strong">
                <DoctorLink target={target} t={t} />
              </span>
              <span className="compact-row-aside">
                <PaceTag pace={target.pace} />
              </span>
            </div>
            <div className="compact-row-line list-muted">
              <span className="compact-row-text">
                {namedChannels(channels, target.channels)
                  .map((counts) =>
                    t('plans.channelOfGoal', { channel: counts.name, actual: counts.actual, goal: counts.goal }),
                  )
                  .join(' · ')}
              </span>
              <span className="compact-row-aside tabular">
                {target.attainment === null ? '—' : t('plans.percent', { value: target.attainment })}
              </span>
            </div>
            {actions !== undefined && (
              <div className="compact-row-line plan-target-actions-line">
                <RowActions target={target} actions={actions} t={t} />
              </div>
            )}
          </div>
        ),
      },
    ];
  }
  return [
    {
      key: 'doctor',
      title: t('plans.columns.doctor'),
      render: (_value, target) => <DoctorLink target={target} t={t} />,
    },
    ...channels.map((channel) => ({
      key: `channel-${channel.channelId}`,
      title: namedChannels([channel], [{ channelId: channel.channelId, goal: 0 }])[0]?.name,
      render: (_value: unknown, target: TargetCounts) => (
        <ChannelCounts counts={target.channels.find((counts) => counts.channelId === channel.channelId)} t={t} />
      ),
    })),
    {
      key: 'attainment',
      title: t('plans.attainment'),
      align: 'right',
      render: (_value, target) =>
        target.attainment === null ? (
          '—'
        ) : (
          <span className="tabular">{t('plans.percent', { value: target.attainment })}</span>
        ),
    },
    { key: 'pace', title: t('plans.columns.pace'), render: (_value, target) => <PaceTag pace={target.pace} /> },
    ...(actions === undefined
      ? []
      : [
          {
            key: 'actions',
            align: 'right' as const,
            render: (_value: unknown, target: TargetCounts) => <RowActions target={target} actions={actions} t={t} />,
          },
        ]),
  ];
}

/**
 * The plan's targets, each channel's "done of goal" with what is left, scheduled and to schedule, and the pace;
 * with `actions`, a button per row to adjust its goals (where the user may).
 */
export function PlanTargetsTable({ plan, actions }: { plan: PlanView; actions?: TargetActions }) {
  const { t } = useTranslation();
  const isCompact = useIsPhone();
  const columns = useMemo(
    () => columnsOf(t, plan.cycle.channels, isCompact, actions),
    [t, plan.cycle.channels, isCompact, actions],
  );
  return (
    <Table<TargetCounts>
      rowKey="doctorId"
      data-testid="plan-targets"
      columns={columns}
      dataSource={plan.targets}
      {...listTableLayout<TargetCounts>(isCompact)}
      locale={{ emptyText: t('plans.noTargets') }}
      pagination={plan.targets.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
    />
  );
}
