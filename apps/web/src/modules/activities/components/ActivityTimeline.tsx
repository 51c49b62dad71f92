import type { Activity } from '@crm/shared';
import { Timeline, Typography } from 'antd';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { channelLabel } from '@/lib/channel-label';
import { ActivityStatusTag, ApprovalTag } from '@/modules/activities/components/ActivityTags';
import { activityDisplayTitle, formatActivityWhen } from '@/modules/activities/utils/activity-format';
import { PendingSyncTag } from '@/modules/sync-queue/components/PendingSyncTag';
import { isPendingSync } from '@/offline/store/pending-sync';
import '@/modules/activities/activities.css';
import { ColorSwatch } from '@/ui/ColorSwatch';

export type ActivityTimelineProps<Item extends Activity> = {
  activities: readonly Item[];
  /** The doctor's own page leaves their name out. */
  showDoctor?: boolean;
  /** Extra content at the end of an item (the approval buttons). */
  renderExtra?: (activity: Item) => ReactNode;
};

/** Activities as a timeline (spec 001 §2 /activities, spec 000 §2 the doctor's activities tab); a click opens one. */
export function ActivityTimeline<Item extends Activity>({
  activities,
  showDoctor = true,
  renderExtra,
}: ActivityTimelineProps<Item>) {
  return (
    <Timeline
      className="activity-timeline"
      items={activities.map((activity) => ({
        key: activity.id,
        color: activity.channel.color,
        content: <ActivityTimelineItem activity={activity} showDoctor={showDoctor} extra={renderExtra?.(activity)} />,
      }))}
    />
  );
}

type ActivityTimelineItemProps = { activity: Activity; showDoctor: boolean; extra: ReactNode };

function ActivityTimelineItem({ activity, showDoctor, extra }: ActivityTimelineItemProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const href = `/activities/${encodeURIComponent(activity.id)}`;

  const handleClick = (event: MouseEvent<HTMLDivElement>) => {
    // Links (the title, the doctor) and buttons inside the item do their own thing.
    if (event.target instanceof Element && event.target.closest('a, button') !== null) return;
    void navigate(href);
  };

  return (
    // The title is the keyboard's way in (a link); the rest of the item is a larger target for the mouse.
    <div className="activity-item" onClick={handleClick} data-testid={`activity-item-${activity.id}`}>
      <Typography.Text type="secondary" className="activity-item-when">
        {formatActivityWhen(activity)}
      </Typography.Text>
      <div className="activity-item-title">
        <Link to={href} className="activity-item-link">
          {activityDisplayTitle(activity)}
        </Link>
        <ActivityStatusTag status={activity.status} />
        <ApprovalTag approvalStatus={activity.approvalStatus} notes={activity.approvalNotes} />
        {isPendingSync(activity) && <PendingSyncTag />}
      </div>
      <div className="activity-item-meta">
        <ColorSwatch color={activity.channel.color} label={channelLabel(activity.channel.name)} />
        {showDoctor && activity.doctorId !== null && (
          <Link to={`/doctors/${encodeURIComponent(activity.doctorId)}`} data-testid="activity-doctor-link">
            {activity.doctorName ?? t('activities.unnamedDoctor')}
          </Link>
        )}
      </div>
      {extra}
    </div>
  );
}
