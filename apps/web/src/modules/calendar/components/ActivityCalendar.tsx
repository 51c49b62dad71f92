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
import { memo, type ReactNode, type RefObject, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { serverMessage } from '@/lib/errors';
import { currentLanguage } from '@/lib/i18n';
import { newActivityHref } from '@/modules/activities/new-activity-link';
import { CalendarEventContent } from '@/modules/calendar/components/CalendarEventContent';
import { CalendarToolbar } from '@/modules/calendar/components/CalendarToolbar';
import { useCalendarActivities } from '@/modules/calendar/hooks/useCalendarActivities';
import { type EventChangeInfo, useMoveEvent } from '@/modules/calendar/hooks/useMoveEvent';
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
  /** The view or the period changed: the view and its period (without the days of other months around it). */
  onPositionChange: (view: CalendarView, period: DateRange) => void;
};

/** The view FullCalendar shows: its visible range (with the weeks around a month), its period's start. */
type Visible = { view: CalendarView; range: DateRange; currentStart: Date; title: string };

/** What the grid tells its owner; the owner keeps them in a ref, so the grid's props stay the same. */
type GridHandlers = {
  onDatesSet: (arg: DatesSetArg) => void;
  onEventChange: (info: EventChangeInfo) => void;
  onOpen: (href: string) => void;
};

type CalendarGridProps = {
  calendarRef: RefObject<FullCalendar | null>;
  handlers: RefObject<GridHandlers>;
  language: ReturnType<typeof currentLanguage>;
  isPhone: boolean;
  /** Read when FullCalendar is built (at mount, and when the language rebuilds it), as FullCalendar does. */
  initialView: CalendarView;
  initialDate: Date | string | undefined;
  events: EventSourceFunc;
  renderEventContent: (arg: EventContentArg) => ReactNode;
};

/**
 * FullCalendar itself. Its React wrapper measures the whole grid again, synchronously, every time it is
 * rendered (a forced resize: every event's height read back from the layout), whatever changed. Rendered
 * from the page, it did so for each of the page's renders while opening (its period reported, the address
 * updated, the toolbar's title): most of the month's opening time on a phone. Memoised, it renders when
 * what it shows changes: the events, the language, the phone's layout.
 */
const CalendarGrid = memo(
  function CalendarGrid({
    calendarRef,
    handlers,
    language,
    isPhone,
    initialView,
    initialDate,
    events,
    renderEventContent,
  }: CalendarGridProps) {
    return (
      <FullCalendar
        // A new language rebuilds the calendar, so its title, day names and buttons follow at once.
        key={language}
        ref={calendarRef}
        plugins={PLUGINS}
        locales={LOCALES}
        locale={language}
        initialView={initialView}
        initialDate={initialDate}
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
        datesSet={(arg: DatesSetArg) => handlers.current.onDatesSet(arg)}
        dateClick={(arg: DateClickArg) =>
          handlers.current.onOpen(newActivityHref(dateClickParams(arg.date, arg.allDay)))
        }
        select={(arg: DateSelectArg) => handlers.current.onOpen(newActivityHref(selectionParams(arg)))}
        eventClick={(arg: EventClickArg) => handlers.current.onOpen(`/activities/${encodeURIComponent(arg.event.id)}`)}
        eventDrop={(info) => handlers.current.onEventChange(info)}
        eventResize={(info) => handlers.current.onEventChange(info)}
      />
    );
  },
  // The opening position changes as the rep moves through the periods, and FullCalendar reads it only when
  // built: a change of it alone is no reason to render.
  ({ initialView: _view, initialDate: _date, ...before }, { initialView: _v, initialDate: _d, ...after }) =>
    (Object.keys(before) as (keyof typeof before)[]).every((key) => Object.is(before[key], after[key])),
);

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
    onPositionChange(type, { start: arg.view.currentStart, end: arg.view.currentEnd });
  };

  const latestHandlers: GridHandlers = {
    onDatesSet: handleDatesSet,
    onEventChange: handleChange,
    onOpen: (href) => void navigate(href),
  };
  const handlers = useRef(latestHandlers);
  useLayoutEffect(() => {
    handlers.current = latestHandlers;
  });

  const renderEventContent = useCallback(
    (arg: EventContentArg) => {
      const activity = activitiesById.get(arg.event.id);
      return activity === undefined ? undefined : <CalendarEventContent activity={activity} timeText={arg.timeText} />;
    },
    [activitiesById],
  );

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
          <CalendarGrid
            calendarRef={calendarRef}
            handlers={handlers}
            language={language}
            isPhone={isPhone}
            initialView={visible?.view ?? initialPosition.view}
            initialDate={visible?.currentStart ?? initialPosition.date}
            events={events}
            renderEventContent={renderEventContent}
          />
        </div>
      </Spin>
    </div>
  );
}
