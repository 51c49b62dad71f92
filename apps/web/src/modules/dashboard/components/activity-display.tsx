import { isAllDayEvent, type DashboardActivity } from '@crm/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '@/lib/format';
import { channelLabel } from '@/lib/channel-label';

/** The activity's label: its title, else its channel (the spec's "type"). */
export function activityLabel(activity: Pick<DashboardActivity, 'title' | 'type'>): string {
  const title = activity.title?.trim() ?? '';
  return title === '' ? channelLabel(activity.type) : title;
}

/** "09:00 – 10:00", or null for an all-day activity. */
export function timeRange(activity: Pick<DashboardActivity, 'start' | 'end' | 'allDay'>): string | null {
  if (isAllDayEvent(activity)) return null;
  return `${formatTime(activity.start)} – ${formatTime(activity.end)}`;
}

const STATUS_COLORS = { done: 'success', incomplete: 'error', upcoming: 'processing' } as const;

export function ActivityStatusTag({ status }: { status: DashboardActivity['status'] }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLORS[status]} className="activity-status-tag">
      {t(`dashboard.status.${status}`)}
    </Tag>
  );
}
