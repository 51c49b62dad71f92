import { DEFAULT_CALENDAR_VIEW, isCalendarView, type CalendarView } from '@/modules/calendar/utils/calendar-range';
import { isPhoneWidth } from '@/ui/phone-layout';

/** Where the calendar stands; the page keeps it in the address so coming back restores it. */
export type CalendarPosition = { view: CalendarView; date: string | undefined };

const DATE_PARAM = /^\d{4}-\d{2}-\d{2}$/;

/** A phone's width fits one day better than a month of tiny events. */
export function defaultCalendarView(): CalendarView {
  return isPhoneWidth() ? 'timeGridDay' : DEFAULT_CALENDAR_VIEW;
}

/** The position an address asks for (?view=timeGridWeek&date=2026-11-23), the fallback view otherwise. */
export function positionFrom(search: URLSearchParams, fallbackView: CalendarView): CalendarPosition {
  const view = search.get('view');
  const date = search.get('date');
  return {
    view: isCalendarView(view) ? view : fallbackView,
    date: date !== null && DATE_PARAM.test(date) ? date : undefined,
  };
}

/** The day the calendar opens on, in local time as FullCalendar reads a YYYY-MM-DD date: today when none. */
export function openingDay(position: CalendarPosition, now: Date): Date {
  if (position.date === undefined) return now;
  const [year = 0, month = 1, day = 1] = position.date.split('-').map(Number);
  return new Date(year, month - 1, day);
}
