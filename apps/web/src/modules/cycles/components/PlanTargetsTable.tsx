import type { CycleChannel, PlanView, TargetCounts } from '@crm/shared';
import { Table, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
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

function columnsOf(
  t: TFunction,
  channels: readonly CycleChannel[],
  isCompact: boolean,
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
  ];
}

/** The plan's targets, each channel's "done of goal" with what is left, scheduled and to schedule, and the pace. */
export function PlanTargetsTable({ plan }: { plan: PlanView }) {
  const { t } = useTranslation();
  const isCompact = useIsPhone();
  const columns = useMemo(() => columnsOf(t, plan.cycle.channels, isCompact), [t, plan.cycle.channels, isCompact]);
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
