import { CalendarOutlined, ClockCircleOutlined, EyeOutlined, UserOutlined } from '@ant-design/icons';
import type { DashboardActivity } from '@crm/shared';
import { Button, Card, Empty, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDateTime } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { activityLabel } from '@/modules/dashboard/components/activity-display';
import { formatRelativeTime } from '@/modules/dashboard/utils/dashboard-rules';
import { ColorSwatch } from '@/ui/ColorSwatch';

export type NextActivityCardProps = { activity: DashboardActivity | null; now: Date };

/** The next upcoming activity, how soon it starts, and the way to it or to the calendar (spec 000 §2). */
export function NextActivityCard({ activity, now }: NextActivityCardProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const openCalendar = (
    <Button icon={<CalendarOutlined />} data-testid="next-activity-calendar" onClick={() => void navigate('/calendar')}>
      {t('dashboard.nextActivity.calendar')}
    </Button>
  );

  return (
    <Card
      className="page-card dashboard-card next-activity-card"
      title={
        <span className="card-title-with-icon">
          <ClockCircleOutlined />
          {t('dashboard.nextActivity.title')}
        </span>
      }
      data-testid="next-activity-card"
    >
      {activity === null ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('dashboard.nextActivity.empty')}
          data-testid="next-activity-empty"
        >
          {openCalendar}
        </Empty>
      ) : (
        <div className="next-activity">
          <div className="next-activity-main">
            <Tag color="blue" className="next-activity-when" data-testid="next-activity-relative">
              {formatRelativeTime(new Date(activity.start), now, currentLanguage())}
            </Tag>
            <Typography.Title level={3} className="next-activity-title">
              <ColorSwatch color={activity.color} label={activityLabel(activity)} />
            </Typography.Title>
            <Typography.Text type="secondary" className="next-activity-meta">
              {formatDateTime(activity.start)}
              {activity.doctorName !== null && (
                <span className="next-activity-doctor">
                  <UserOutlined /> {activity.doctorName}
                </span>
              )}
            </Typography.Text>
          </div>
          <div className="next-activity-actions">
            <Button
              type="primary"
              icon={<EyeOutlined />}
              data-testid="next-activity-details"
              onClick={() => void navigate(`/activities/${encodeURIComponent(activity.id)}`)}
            >
              {t('dashboard.nextActivity.details')}
            </Button>
            {openCalendar}
          </div>
        </div>
      )}
    </Card>
  );
}
