import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Skeleton } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { activityQueries } from '@/modules/activities/api';
import { newActivityHref } from '@/modules/activities/new-activity-link';
import { prefetchCalendarEvents } from '@/modules/calendar/api';
import { ChannelLegend } from '@/modules/calendar/components/ChannelLegend';
import { useHasSideColumn } from '@/modules/calendar/hooks/useHasSideColumn';
import { localDate } from '@/modules/calendar/utils/calendar-events';
import { defaultCalendarView, positionFrom } from '@/modules/calendar/utils/calendar-position';
import { rangeContains, type CalendarView, type DateRange } from '@/modules/calendar/utils/calendar-range';
import { PageHeader } from '@/ui/PageHeader';
import '@/modules/calendar/calendar.css';

const loadActivityCalendar = () => import('@/modules/calendar/components/ActivityCalendar');
type ActivityCalendarModule = Awaited<ReturnType<typeof loadActivityCalendar>>;
/**
 * FullCalendar is the app's heaviest chunk: it starts loading as soon as this page's module does (when
 * the page opens, or when the signed-in layout preloads the offline pages), while the page asks for its
 * events, instead of before them.
 */
let loadedCalendar: ActivityCalendarModule | undefined;
const activityCalendarChunk = loadActivityCalendar().then((module) => (loadedCalendar = module));
activityCalendarChunk.catch(() => undefined);
const LazyActivityCalendar = lazy(() =>
  activityCalendarChunk.catch(loadActivityCalendar).then((module) => ({ default: module.ActivityCalendar })),
);
const CALENDAR_PLACEHOLDER = <Skeleton active paragraph={{ rows: 10 }} />;

/**
 * The plan's targets still to schedule (issue 33): a chunk of its own, asked for once the calendar's opening
 * events are in (or when a phone's rep opens its section), so that the calendar never waits for it and the
 * route does not carry it.
 */
const TargetsToSchedule = lazy(() =>
  import('@/modules/cycles/components/TargetsToSchedule').then((module) => ({ default: module.TargetsToSchedule })),
);
const SCHEDULE_PLACEHOLDER = <Skeleton active title={false} paragraph={{ rows: 6 }} />;

/**
 * /calendar (spec 001 §2). The view and period live in the address (?view=timeGridWeek&date=2026-11-23),
 * so coming back from an activity shows the same week.
 */
export function CalendarPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const [initialPosition] = useState(() => positionFrom(searchParams, defaultCalendarView()));
  const channels = useQuery(activityQueries.channels());
  const hasSideColumn = useHasSideColumn();
  const [isScheduleOpen, setIsScheduleOpen] = useState(false);
  // FullCalendar renders its month once with the events rather than an empty grid first and the events
  // again: the events are asked for as the page mounts, and the calendar waits for their answers (while
  // its code loads), failed or not.
  const [hasOpeningEvents, setHasOpeningEvents] = useState(false);
  useEffect(
    function prefetchOpeningEvents() {
      let isMounted = true;
      void prefetchCalendarEvents(queryClient, initialPosition, new Date()).then(() => {
        if (isMounted) setHasOpeningEvents(true);
      });
      return () => {
        isMounted = false;
      };
    },
    [queryClient, initialPosition],
  );

  // Once its code is in, the calendar is rendered directly: a lazy component suspends at least once, and
  // React holds a revealed Suspense boundary back for a moment. Chosen once per page: a later render that
  // switched from the lazy component to the loaded one would mount a new calendar, back on its opening view.
  const [ActivityCalendar] = useState(() => loadedCalendar?.ActivityCalendar ?? LazyActivityCalendar);

  const handlePositionChange = (view: CalendarView, period: DateRange) => {
    const current = positionFrom(searchParams, initialPosition.view);
    const day = localDate(period.start);
    if (current.view === view && current.date === day) return;
    // An address without a date opens on today's period: while the calendar shows it, the address already says
    // where to come back to, and writing the date would be a navigation (the layout and this page rendered again
    // while the month is being built).
    if (current.view === view && current.date === undefined && rangeContains(period, new Date())) return;
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
      {!hasSideColumn && (
        // Closed at first: the phone's screen is the calendar's, until the rep asks for the list.
        <details
          className="page-card calendar-to-schedule"
          data-testid="calendar-to-schedule"
          onToggle={(event) => setIsScheduleOpen(event.currentTarget.open)}
        >
          <summary>{t('plans.toScheduleTitle')}</summary>
          {isScheduleOpen && (
            <Suspense fallback={SCHEDULE_PLACEHOLDER}>
              <TargetsToSchedule />
            </Suspense>
          )}
        </details>
      )}
      <div className="calendar-layout">
        <Card className="page-card calendar-card">
          {hasOpeningEvents ? (
            // The legend shows with the calendar: drawn under the shorter placeholder, it was pushed down (out of a
            // phone's screen) when the month replaced it, a layout shift.
            <Suspense fallback={CALENDAR_PLACEHOLDER}>
              <ActivityCalendar initialPosition={initialPosition} onPositionChange={handlePositionChange} />
              {channels.data !== undefined && <ChannelLegend channels={channels.data} />}
            </Suspense>
          ) : (
            CALENDAR_PLACEHOLDER
          )}
        </Card>
        {hasSideColumn && (
          <Card
            className="page-card calendar-side targets-to-schedule-card"
            size="small"
            title={<h2 className="calendar-side-title">{t('plans.toScheduleTitle')}</h2>}
            data-testid="calendar-side"
          >
            {hasOpeningEvents ? (
              <Suspense fallback={SCHEDULE_PLACEHOLDER}>
                <TargetsToSchedule />
              </Suspense>
            ) : (
              SCHEDULE_PLACEHOLDER
            )}
          </Card>
        )}
      </div>
    </div>
  );
}
