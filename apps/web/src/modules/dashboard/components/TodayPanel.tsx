import { FlagOutlined, PlusOutlined, UserOutlined } from '@ant-design/icons';
import type { DashboardStats } from '@crm/shared';
import { Alert, Button, Card, Empty, Tag } from 'antd';
import { dayjs } from '@/lib/dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { newActivityHref } from '@/modules/activities/new-activity-link';
import { ActivityStatusTag, activityLabel, timeRange } from '@/modules/dashboard/components/activity-display';

export type TodayPanelProps = {
  stats: Pick<DashboardStats, 'incompleteActivities' | 'activitiesToday' | 'todayActivities' | 'unreadMessages'>;
  now: Date;
};

/** Today's priorities (spec 000 §2): what is overdue, what is planned today, what is unread. */
export function TodayPanel({ stats, now }: TodayPanelProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Card
      className="page-card dashboard-card today-panel"
      title={
        <span className="card-title-with-icon">
          <FlagOutlined />
          {t('dashboard.today.title')}
          <Tag className="count-tag">{t('dashboard.today.count', { count: stats.activitiesToday })}</Tag>
        </span>
      }
      data-testid="today-panel"
    >
      <div className="today-alerts">
        {stats.incompleteActivities > 0 && (
          <Alert
            type="warning"
            showIcon
            data-testid="incomplete-warning"
            title={t('dashboard.today.incompleteWarning', { count: stats.incompleteActivities })}
            action={
              <Link to="/activities?filter=incomplete" data-testid="incomplete-link">
                {t('dashboard.today.incompleteAction')}
              </Link>
            }
          />
        )}
        {stats.unreadMessages > 0 && (
          <Alert
            type="info"
            showIcon
            data-testid="unread-alert"
            title={t('dashboard.today.unread', { count: stats.unreadMessages })}
            action={
              <Link to="/emails" data-testid="unread-link">
                {t('dashboard.today.unreadAction')}
              </Link>
            }
          />
        )}
      </div>
      {stats.todayActivities.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.today.empty')} data-testid="today-empty">
          <Button
            type="primary"
            icon={<PlusOutlined />}
            data-testid="schedule-activity"
            onClick={() => void navigate(newActivityHref({ date: dayjs(now).format('YYYY-MM-DD') }))}
          >
            {t('dashboard.today.schedule')}
          </Button>
        </Empty>
      ) : (
        <ul className="today-list" data-testid="today-list">
          {stats.todayActivities.map((activity) => (
            <li key={activity.id}>
              <Link
                to={`/activities/${encodeURIComponent(activity.id)}`}
                className="today-activity"
                style={{ borderInlineStartColor: activity.color }}
                data-testid={`today-activity-${activity.id}`}
              >
                <span className="today-activity-time">{timeRange(activity) ?? t('dashboard.today.allDay')}</span>
                <span className="today-activity-main">
                  <span className="today-activity-title">{activityLabel(activity)}</span>
                  {activity.doctorName !== null && (
                    <span className="today-activity-doctor">
                      <UserOutlined /> {activity.doctorName}
                    </span>
                  )}
                </span>
                <ActivityStatusTag status={activity.status} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
