import {
  ACTIVITY_DURATIONS,
  DEFAULT_ACTIVITY_DURATION,
  isAllDayEvent,
  type CalendarActivity,
  type ActivityUpdate,
} from '@crm/shared';
import { channelLabel } from '@/lib/channel-label';
import type { NewActivityParams } from '@/modules/activities/new-activity-link';
import { isPendingSync } from '@/offline/store/pending-sync';

/** Incomplete activities are red whatever their channel (spec 001 §2). */
export const INCOMPLETE_COLOR = '#f5222d';
/** A click in a time grid proposes an activity of the default length. */
const CLICK_DURATION_MINUTES = DEFAULT_ACTIVITY_DURATION;
const MINUTE_MS = 60_000;

export const PENDING_SYNC_CLASS = 'calendar-event-pending-sync';

/** What FullCalendar needs of one activity. */
export type CalendarEvent = {
  id: string;
  title: string;
  start: string;
  end: string;
  allDay: boolean;
  /** A light tint of the colour: dark text on it reads at any channel colour (WCAG AA, issue 29). */
  backgroundColor: string;
  /** The colour itself, as the event's leading edge. */
  borderColor: string;
  textColor: string;
  /** A done activity is locked (the server answers 409): it can't be dragged or resized. */
  editable: boolean;
  classNames: string[];
};

export function eventColor(activity: Pick<CalendarActivity, 'status' | 'channel'>): string {
  return activity.status === 'incomplete' ? INCOMPLETE_COLOR : activity.channel.color;
}

/** The event's label: its title, else its channel's name. */
export function eventTitle(activity: Pick<CalendarActivity, 'title' | 'channel'>): string {
  const title = activity.title?.trim() ?? '';
  return title === '' ? channelLabel(activity.channel.name) : title;
}

/** Text on the events' tints: at least 12:1 on any of them. */
export const EVENT_TEXT_COLOR = '#1f1f1f';
/** How much white the tints hold: a done activity is paler than one to come. */
export const TINT_WHITE = { active: 0.8, done: 0.9 } as const;

/** The colour mixed with white, as #rrggbb; a colour that isn't #rrggbb is left as it is. */
export function tint(color: string, white: number): string {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  if (match === null) return color;
  return `#${match
    .slice(1)
    .map((channel) =>
      Math.round(parseInt(channel, 16) * (1 - white) + 255 * white)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

export function toCalendarEvent(activity: CalendarActivity): CalendarEvent {
  const color = eventColor(activity);
  return {
    id: activity.id,
    title: eventTitle(activity),
    start: activity.start,
    end: activity.end,
    allDay: isAllDayEvent(activity),
    backgroundColor: tint(color, activity.done ? TINT_WHITE.done : TINT_WHITE.active),
    borderColor: color,
    textColor: EVENT_TEXT_COLOR,
    editable: !activity.done,
    // A change made on the device and not yet sent shows dashed.
    classNames: [`calendar-event-${activity.status}`, ...(isPendingSync(activity) ? [PENDING_SYNC_CLASS] : [])],
  };
}

/** Where an event landed after a drag or a resize, as FullCalendar reports it. */
export type CalendarChange = { start: Date; end: Date | null; allDay: boolean };

export type MoveRequest = { ok: true; update: ActivityUpdate } | { ok: false; reason: 'durationInvalid' };

/**
 * The PUT body for a moved or resized event. All-day ones keep their exclusive end (one day when
 * FullCalendar gives none); timed ones keep their length as a duration, which must be an allowed one
 * (spec 001 §5): a resize to 75 minutes is refused here rather than by the server.
 */
export function moveRequest(change: CalendarChange, previousDuration: number | null): MoveRequest {
  if (change.allDay) {
    const end = change.end ?? new Date(change.start.getFullYear(), change.start.getMonth(), change.start.getDate() + 1);
    return { ok: true, update: { start: change.start.toISOString(), end: end.toISOString(), allDay: true } };
  }
  const duration =
    change.end === null
      ? (previousDuration ?? DEFAULT_ACTIVITY_DURATION)
      : Math.round((change.end.getTime() - change.start.getTime()) / MINUTE_MS);
  if (!(ACTIVITY_DURATIONS as readonly number[]).includes(duration)) return { ok: false, reason: 'durationInvalid' };
  return { ok: true, update: { start: change.start.toISOString(), duration, allDay: false } };
}

const pad = (value: number) => String(value).padStart(2, '0');
/** Local YYYY-MM-DD, as /activities/new reads it. */
export const localDate = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
/** Local HH:mm. */
export const localTime = (date: Date) => `${pad(date.getHours())}:${pad(date.getMinutes())}`;

function nextDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + 1);
}

/**
 * /activities/new's query for a click on a date: a whole day in the month view (and the all-day row),
 * else that time with the default length.
 */
export function dateClickParams(date: Date, allDay: boolean): NewActivityParams {
  if (allDay) return { date: localDate(date), endDate: localDate(nextDay(date)), allDay: true };
  const end = new Date(date.getTime() + CLICK_DURATION_MINUTES * MINUTE_MS);
  return {
    date: localDate(date),
    time: localTime(date),
    endDate: localDate(end),
    endTime: localTime(end),
    allDay: false,
  };
}

/** /activities/new's query for a selected range (end exclusive, as FullCalendar selects it). */
export function selectionParams(selection: { start: Date; end: Date; allDay: boolean }): NewActivityParams {
  if (selection.allDay) {
    return { date: localDate(selection.start), endDate: localDate(selection.end), allDay: true };
  }
  return {
    date: localDate(selection.start),
    time: localTime(selection.start),
    endDate: localDate(selection.end),
    endTime: localTime(selection.end),
    allDay: false,
  };
}
