import { CheckOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import type { CalendarActivity } from '@crm/shared';
import { eventTitle } from '@/modules/calendar/utils/calendar-events';

export type CalendarEventContentProps = {
  activity: CalendarActivity;
  /** FullCalendar's time of the event ('14:00 - 15:00'), empty for all-day ones. */
  timeText: string;
};

/**
 * One event on the calendar: time, title (or channel) and doctor; a tick when done, a warning sign when
 * incomplete, so an incomplete activity stands apart from a channel that is red too (video).
 */
export function CalendarEventContent({ activity, timeText }: CalendarEventContentProps) {
  const title = eventTitle(activity);
  const details = [timeText, title, activity.doctorName].filter((part) => part !== null && part !== '').join(' · ');
  return (
    <div className="calendar-event" title={details} data-testid={`calendar-event-${activity.id}`}>
      {timeText !== '' && <span className="calendar-event-time">{timeText}</span>}
      <span className="calendar-event-title">
        {activity.done && <CheckOutlined className="calendar-event-icon" aria-hidden="true" />}
        {activity.status === 'incomplete' && (
          <ExclamationCircleOutlined className="calendar-event-icon" aria-hidden="true" />
        )}
        {title}
      </span>
      {activity.doctorName !== null && <span className="calendar-event-doctor">{activity.doctorName}</span>}
    </div>
  );
}
