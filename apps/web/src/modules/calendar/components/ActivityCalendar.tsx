import {
  CALENDAR_SLOT_MAX_TIME,
  CALENDAR_SLOT_MIN_TIME,
  CALENDAR_SLOT_MINUTES,
  CALENDAR_SNAP_MINUTES,
  DEFAULT_ACTIVITY_DURATION,
} from '@crm/shared';
import type {
  DatesSetArg,
  DateSelectArg,
  EventClickArg,
  EventContentArg,
  EventSourceFunc,
  MoreLinkContentArg,
} from '@fullcalendar/core';
import frLocale from '@fullcalendar/core/locales/fr';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type DateClickArg } from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { Alert, Button, Spin } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { serverMessage } from '@/lib/errors';
import { currentLanguage } from '@/lib/i18n';
import { newActivityHref } from '@/modules/activities/new-activity-link';
import { CalendarEventContent } from '@/modules/calendar/components/CalendarEventContent';
import { CalendarToolbar } from '@/modules/calendar/components/CalendarToolbar';
import { useCalendarActivities } from '@/modules/calendar/hooks/useCalendarActivities';
import { useMoveEvent } from '@/modules/calendar/hooks/useMoveEvent';
import { useMendedCalendarAria } from '@/modules/calendar/utils/calendar-aria';
import { dateClickParams, selectionParams, toCalendarEvent } from '@/modules/calendar/utils/calendar-events';
import { openingDay, type CalendarPosition } from '@/modules/calendar/utils/calendar-position';
import {
  expectedVisibleRange,
  isCalendarView,
  type CalendarView,
  type DateRange,
} from '@/modules/calendar/utils/calendar-range';
import { useIsPhone } from '@/ui/phone-layout';

const PLUGINS = [dayGridPlugin, timeGridPlugin, interactionPlugin];
const LOCALES = [frLocale];
const SLOT_DURATION = { minutes: CALENDAR_SLOT_MINUTES };
const SNAP_DURATION = { minutes: CALENDAR_SNAP_MINUTES };
const DEFAULT_TIMED_DURATION = { minutes: DEFAULT_ACTIVITY_DURATION };
/** A month cell shows this many events, then '+n more'. */
const VIEW_OPTIONS = { dayGridMonth: { dayMaxEvents: 4 } };
/**
 * A phone's month cell is a thumb wide: two events fit, the rest is behind '+n'. The calendar then builds
 * only what the screen can show, which is what a phone's processor has time for.
 */
const PHONE_VIEW_OPTIONS = { dayGridMonth: { dayMaxEvents: 2 } };
/** A phone's month cell is narrower than '+4 en plus': it says '+4'. */
const shortMoreLink = (arg: MoreLinkContentArg) => arg.shortText;
/** French reads 09:00 and 10:30 alike (FullCalendar's default would say '09 h'); English keeps '9a'. */
const TWENTY_FOUR_HOUR = { hour: '2-digit', minute: '2-digit', meridiem: false } as const;
const TIME_FORMATS = { fr: TWENTY_FOUR_HOUR, en: undefined };
/** A click stays a click: only a drag of a few pixels selects a range (else both would open the form). */
const SELECT_MIN_DISTANCE_PX = 5;

export type ActivityCalendarProps = {
  /** Where it opens (read once per mount). */
  initialPosition: CalendarPosition;
  /** The view or the period changed: the view and the first day of its period (YYYY-MM-DD). */
  onPositionChange: (view: CalendarView, date: Date) => void;
};

/** The view FullCalendar shows: its visible range (with the weeks around a month), its period's start. */
type Visible = { view: CalendarView; range: DateRange; currentStart: Date; title: string };

/** FullCalendar over the caller's activities: month, week and day, drag and resize, click to create. */
export function ActivityCalendar({ initialPosition, onPositionChange }: ActivityCalendarProps) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const navigate = useNavigate();
  const language = currentLanguage();
  const calendarRef = useRef<FullCalendar>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  useMendedCalendarAria(frameRef);
  const [visible, setVisible] = useState<Visible | null>(null);
  // Until FullCalendar reports its range, the one it will show: the events are asked for from the start.
  const [openingRange] = useState(() =>
    expectedVisibleRange(initialPosition.view, openingDay(initialPosition, new Date())),
  );
  const view = visible?.view ?? initialPosition.view;
  const { activities, isLoading, isFetching, error, retry } = useCalendarActivities(
    view,
    visible?.range ?? openingRange,
  );

  // A function source: FullCalendar asks for the range it shows and reads only those events, not the
  // months of margin kept around it for quick navigation. A new function when the activities change makes
  // it ask again.
  const events = useMemo<EventSourceFunc>(
    () => (range, succeed) => {
      const start = range.start.getTime();
      const end = range.end.getTime();
      succeed(
        activities
          .filter((activity) => Date.parse(activity.start) < end && Date.parse(activity.end) > start)
          .map(toCalendarEvent),
      );
    },
    [activities],
  );
  const activitiesById = useMemo(() => new Map(activities.map((activity) => [activity.id, activity])), [activities]);
  const handleChange = useMoveEvent(activitiesById);

  const api = () => calendarRef.current?.getApi();

  const handleDatesSet = (arg: DatesSetArg) => {
    const type = arg.view.type;
    if (!isCalendarView(type)) return;
    setVisible({
      view: type,
      range: { start: arg.start, end: arg.end },
      currentStart: arg.view.currentStart,
      title: arg.view.title,
    });
    onPositionChange(type, arg.view.currentStart);
  };

  const renderEventContent = (arg: EventContentArg) => {
    const activity = activitiesById.get(arg.event.id);
    return activity === undefined ? undefined : <CalendarEventContent activity={activity} timeText={arg.timeText} />;
  };

  return (
    <div className="activity-calendar">
      <CalendarToolbar
        title={visible?.title ?? ''}
        view={view}
        isFetching={isFetching && !isLoading}
        onPrevious={() => api()?.prev()}
        onToday={() => api()?.today()}
        onNext={() => api()?.next()}
        onViewChange={(next) => api()?.changeView(next)}
      />
      {error !== null && (
        <Alert
          type="error"
          showIcon
          className="calendar-error"
          title={t('calendar.loadFailed', { message: serverMessage(error) })}
          action={
            <Button size="small" onClick={retry}>
              {t('common.retry')}
            </Button>
          }
        />
      )}
      <Spin spinning={isLoading} description={t('calendar.loading')} delay={150}>
        <div className="calendar-frame" data-testid="calendar" ref={frameRef}>
          <FullCalendar
            // A new language rebuilds the calendar, so its title, day names and buttons follow at once.
            key={language}
            ref={calendarRef}
            plugins={PLUGINS}
            locales={LOCALES}
            locale={language}
            initialView={visible?.view ?? initialPosition.view}
            initialDate={visible?.currentStart ?? initialPosition.date}
            headerToolbar={false}
            firstDay={1}
            height="auto"
            slotMinTime={CALENDAR_SLOT_MIN_TIME}
            slotMaxTime={CALENDAR_SLOT_MAX_TIME}
            slotDuration={SLOT_DURATION}
            snapDuration={SNAP_DURATION}
            defaultTimedEventDuration={DEFAULT_TIMED_DURATION}
            scrollTime={CALENDAR_SLOT_MIN_TIME}
            nowIndicator
            editable
            selectable
            selectMirror
            selectMinDistance={SELECT_MIN_DISTANCE_PX}
            eventTimeFormat={TIME_FORMATS[language]}
            slotLabelFormat={TIME_FORMATS[language]}
            eventDisplay="block"
            views={isPhone ? PHONE_VIEW_OPTIONS : VIEW_OPTIONS}
            moreLinkContent={isPhone ? shortMoreLink : undefined}
            events={events}
            eventContent={renderEventContent}
            datesSet={handleDatesSet}
            dateClick={(arg: DateClickArg) => void navigate(newActivityHref(dateClickParams(arg.date, arg.allDay)))}
            select={(arg: DateSelectArg) => void navigate(newActivityHref(selectionParams(arg)))}
            eventClick={(arg: EventClickArg) => void navigate(`/activities/${encodeURIComponent(arg.event.id)}`)}
            eventDrop={handleChange}
            eventResize={handleChange}
          />
        </div>
      </Spin>
    </div>
  );
}
