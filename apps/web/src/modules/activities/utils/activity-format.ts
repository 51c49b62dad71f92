import type { Activity } from '@crm/shared';
import { dayjs } from '@/lib/dayjs';
import { formatDate, formatDateTime, formatTime } from '@/lib/format';
import { currentLanguage, i18n } from '@/lib/i18n';
import { channelLabel } from '@/lib/channel-label';

type Timed = Pick<Activity, 'start' | 'end' | 'allDay'>;

/** "1 h 30", "45 min", "2 h": the form's durations as people say them. */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return i18n.t('activities.duration.minutes', { minutes });
  if (rest === 0) return i18n.t('activities.duration.hours', { hours });
  return i18n.t('activities.duration.hoursMinutes', { hours, minutes: rest });
}

/** A budget in euros in the user's language ("1 234,50 €", "€1,234.50"). */
export function formatEuros(value: number): string {
  return new Intl.NumberFormat(currentLanguage(), { style: 'currency', currency: 'EUR' }).format(value);
}

/**
 * When an activity takes place, in the user's language: "November 23, 2026 · 14:00 – 15:00"; an all-day one
 * says so ("… · All day"), over several days "November 23, 2026 – November 25, 2026 · All day"; a timed one
 * that ends on another day names both days.
 */
export function formatActivityWhen(activity: Timed): string {
  const start = dayjs(activity.start);
  if (activity.allDay) {
    // The end is exclusive (the next midnight): the last day is the one before it.
    const lastDay = dayjs(activity.end).subtract(1, 'millisecond');
    const sameDay = !lastDay.isAfter(start.endOf('day'));
    const days = sameDay ? formatDate(start) : `${formatDate(start)} – ${formatDate(lastDay)}`;
    return `${days} · ${i18n.t('activities.allDay')}`;
  }
  // An activity ending at midnight ends on its own day ("23:00 – 00:00").
  if (dayjs(activity.end).subtract(1, 'millisecond').isSame(start, 'day')) {
    return `${formatDate(start)} · ${formatTime(start)} – ${formatTime(activity.end)}`;
  }
  return `${formatDateTime(start)} – ${formatDateTime(activity.end)}`;
}

/** What names an activity in lists: its title, else its channel (a visit without title is "Face to face"). */
export function activityDisplayTitle(activity: Pick<Activity, 'title' | 'channel'>): string {
  return activity.title ?? channelLabel(activity.channel.name);
}
