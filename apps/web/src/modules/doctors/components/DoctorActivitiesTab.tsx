import { CalendarOutlined } from '@ant-design/icons';
import type { Activity, Doctor } from '@crm/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { serverMessage } from '@/lib/errors';
import { activityQueries } from '@/modules/activities/api';
import { ActivityTimeline } from '@/modules/activities/components/ActivityTimeline';
import { newActivityHref } from '@/modules/activities/new-activity-link';
import { doctorFullName } from '@/modules/doctors/utils/doctor-name';

/**
 * Spec 000 §2: upcoming activities first, the soonest on top, then past ones, the latest on top, so what
 * comes next and what just happened meet in the middle. The pages loaded so far are put in this order
 * (an activity met twice, when the list moved between two pages, is kept once).
 */
export function sortDoctorTimeline(activities: readonly Activity[], now: Date = new Date()): Activity[] {
  const unique = [...new Map(activities.map((activity) => [activity.id, activity])).values()];
  const at = (activity: Activity) => Date.parse(activity.start);
  const upcoming = unique.filter((activity) => at(activity) > now.getTime()).sort((a, b) => at(a) - at(b));
  const past = unique.filter((activity) => at(activity) <= now.getTime()).sort((a, b) => at(b) - at(a));
  return [...upcoming, ...past];
}

export type DoctorActivitiesTabProps = { doctor: Doctor };

/** The doctor page's activities tab: the activities with this doctor the user may read. */
export function DoctorActivitiesTab({ doctor }: DoctorActivitiesTabProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const activities = useInfiniteQuery(activityQueries.ofDoctor(doctor.id));

  const createButton = (
    <Button
      type="primary"
      icon={<CalendarOutlined />}
      onClick={() => void navigate(newActivityHref({ doctorId: doctor.id, doctorName: doctorFullName(doctor) }))}
      data-testid="doctor-tab-create-activity"
    >
      {t('doctors.detail.createActivity')}
    </Button>
  );

  let content;
  if (activities.isPending) content = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (activities.isError) {
    content = (
      <Alert
        type="error"
        showIcon
        title={t('activities.loadFailed', { message: serverMessage(activities.error) })}
        action={
          <Button size="small" onClick={() => void activities.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  } else if (activities.data.pages[0]?.total === 0) {
    content = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('activities.doctorTab.empty')}
        data-testid="doctor-activities-empty"
      />
    );
  } else {
    const loaded = sortDoctorTimeline(activities.data.pages.flatMap((page) => page.activities));
    const total = activities.data.pages.at(-1)?.total ?? loaded.length;
    content = (
      <div data-testid="doctor-activities">
        <ActivityTimeline activities={loaded} showDoctor={false} />
        {activities.hasNextPage && (
          <Flex vertical align="center" gap={8}>
            <Typography.Text type="secondary" data-testid="doctor-activities-shown">
              {t('activities.doctorTab.shown', { shown: loaded.length, total })}
            </Typography.Text>
            <Button
              loading={activities.isFetchingNextPage}
              onClick={() => void activities.fetchNextPage()}
              data-testid="doctor-activities-more"
            >
              {t('activities.doctorTab.showMore')}
            </Button>
          </Flex>
        )}
      </div>
    );
  }

  return (
    <Card className="page-card" title={t('activities.doctorTab.title')} extra={createButton}>
      {content}
    </Card>
  );
}
