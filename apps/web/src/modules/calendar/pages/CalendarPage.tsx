import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { activityQueries } from '@/modules/activities/api';
import { newActivityHref } from '@/modules/activities/new-activity-link';
import { ActivityCalendar, type CalendarPosition } from '@/modules/calendar/components/ActivityCalendar';
import { ChannelLegend } from '@/modules/calendar/components/ChannelLegend';
import { localDate } from '@/modules/calendar/utils/calendar-events';
import { DEFAULT_CALENDAR_VIEW, isCalendarView, type CalendarView } from '@/modules/calendar/utils/calendar-range';
import { PageHeader } from '@/ui/PageHeader';
import '@/modules/calendar/calendar.css';

const DATE_PARAM = /^\d{4}-\d{2}-\d{2}$/;

/** A phone's width fits one day better than a month of tiny events. */
const PHONE_QUERY = '(max-width: 767px)';

function defaultView(): CalendarView {
  return window.matchMedia(PHONE_QUERY).matches ? 'timeGridDay' : DEFAULT_CALENDAR_VIEW;
}

function positionFrom(search: URLSearchParams, fallbackView: CalendarView): CalendarPosition {
  const view = search.get('view');
  const date = search.get('date');
  return {
    view: isCalendarView(view) ? view : fallbackView,
    date: date !== null && DATE_PARAM.test(date) ? date : undefined,
  };
}

/**
 * /calendar (spec 001 §2). The view and period live in the address (?view=timeGridWeek&date=2026-11-23),
 * so coming back from an activity shows the same week.
 */
export function CalendarPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const [initialPosition] = useState(() => positionFrom(searchParams, defaultView()));
  const channels = useQuery(activityQueries.channels());

  const handlePositionChange = (view: CalendarView, date: Date) => {
    const current = positionFrom(searchParams, initialPosition.view);
    const day = localDate(date);
    if (current.view === view && current.date === day) return;
    setSearchParams({ view, date: day }, { replace: true });
  };

  return (
    <div className="page calendar-page">
      <PageHeader
        title={t('calendar.title')}
        subtitle={t('calendar.subtitle')}
        actions={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            data-testid="calendar-new-activity"
            onClick={() => void navigate(newActivityHref())}
          >
            {t('calendar.newActivity')}
          </Button>
        }
      />
      <Card className="page-card calendar-card">
        <ActivityCalendar initialPosition={initialPosition} onPositionChange={handlePositionChange} />
        {channels.data !== undefined && <ChannelLegend channels={channels.data} />}
      </Card>
    </div>
  );
}
