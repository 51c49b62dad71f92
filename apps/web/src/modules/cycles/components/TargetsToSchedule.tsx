import type { CyclePace, PlanView } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { serverMessage } from '@/lib/errors';
import { newActivityHref } from '@/modules/activities/new-activity-link';
import { currentPlanQuery } from '@/modules/cycles/light-queries';
import { namedChannels } from '@/modules/cycles/utils/plan-display';
import { ColorSwatch } from '@/ui/ColorSwatch';

/** A target with activities still to schedule this cycle, and the channels they are due through. */
export type ScheduleTarget = {
  doctorId: string;
  doctorName: string;
  pace: CyclePace;
  channels: { channelId: string; name: string; color: string; actual: number; goal: number; toSchedule: number }[];
};

const PACE_ORDER: Record<CyclePace, number> = { behind: 0, on_track: 1, ahead: 2 };

/**
 * What the plan still asks to schedule (`toSchedule` > 0, decision 0058), per target in the cycle's channel
 * order: the targets falling behind first, then the plan's name order. A doctor removed from the directory
 * can't be given an activity: left out.
 */
export function scheduleTargets(plan: PlanView): ScheduleTarget[] {
  const colours = new Map(plan.cycle.channels.map((channel) => [channel.channelId, channel.color]));
  const targets = plan.targets.flatMap((target) => {
    const channels = namedChannels(plan.cycle.channels, target.channels)
      .filter((counts) => counts.toSchedule > 0)
      .map(({ channelId, name, actual, goal, toSchedule }) => ({
        channelId,
        name,
        color: colours.get(channelId) ?? '',
        actual,
        goal,
        toSchedule,
      }));
    return target.doctorName === null || channels.length === 0
      ? []
      : [{ doctorId: target.doctorId, doctorName: target.doctorName, pace: target.pace, channels }];
  });
  // A stable sort: targets of the same pace keep the plan's name order.
  return targets.sort((a, b) => PACE_ORDER[a.pace] - PACE_ORDER[b.pace]);
}

function ScheduleList({ plan }: { plan: PlanView }) {
  const { t } = useTranslation();
  const targets = scheduleTargets(plan);
  if (targets.length === 0) {
    return (
      <p className="targets-to-schedule-empty" data-testid="targets-to-schedule-none">
        {t('plans.allScheduled')}
      </p>
    );
  }
  return (
    <ul className="targets-to-schedule-list" data-testid="targets-to-schedule-list">
      {targets.map((target) => (
        <li key={target.doctorId} data-testid={`to-schedule-${target.doctorId}`} data-pace={target.pace}>
          <span className="targets-to-schedule-doctor" aria-hidden="true">
            {target.doctorName}
          </span>
          {target.channels.map((channel) => {
            const counts = t('plans.channelOfGoal', {
              channel: channel.name,
              actual: channel.actual,
              goal: channel.goal,
            });
            const left = t('plans.toScheduleCount', { count: channel.toSchedule });
            return (
              <Link
                key={channel.channelId}
                className="targets-to-schedule-item"
                to={newActivityHref({
                  doctorId: target.doctorId,
                  doctorName: target.doctorName,
                  channel: channel.channelId,
                })}
                data-testid={`to-schedule-${target.doctorId}-${channel.channelId}`}
              >
                {/* The doctor's name is shown once above the channels: each link says it to a screen reader. */}
                <span className="visually-hidden">{`${target.doctorName}, `}</span>
                <ColorSwatch color={channel.color} label={counts} />{' '}
                <span className={target.pace === 'behind' ? 'targets-to-schedule-behind' : undefined}>{left}</span>
              </Link>
            );
          })}
        </li>
      ))}
    </ul>
  );
}

/**
 * Beside the calendar (issue 33): the current plan's targets still to schedule this cycle, each a link to a new
 * activity with its doctor and channel filled in; or what stands in for them: loading, a failure with a retry,
 * no plan. The calendar page frames it (a column beside it, a section a phone opens) and loads it after its
 * events: the calendar never waits for it.
 */
export function TargetsToSchedule() {
  const { t } = useTranslation();
  const current = useQuery(currentPlanQuery());
  if (current.isPending) return <Skeleton active title={false} paragraph={{ rows: 6 }} />;
  if (current.isError) {
    // Plain text and a button, not an Alert: the chunk then brings none of antd that the calendar lacks.
    return (
      <div className="targets-to-schedule-error" role="alert">
        <p>{t('plans.loadFailed', { message: serverMessage(current.error) })}</p>
        <Button size="small" onClick={() => void current.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  const { plan } = current.data;
  if (plan === null) {
    return (
      <p className="targets-to-schedule-empty" data-testid="targets-to-schedule-no-plan">
        {t('plans.noPlan')}
      </p>
    );
  }
  return <ScheduleList plan={plan} />;
}
