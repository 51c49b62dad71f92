/** The dashboard's display rules (spec 000 §§2, 9), pure so their boundaries are tested. */
import { COMPLETION_RATE_THRESHOLDS, GREETING_HOURS } from '@crm/shared';
import { ERROR_COLOR, SUCCESS_COLOR, WARNING_COLOR } from '@/app/theme';

export type GreetingPeriod = 'morning' | 'afternoon' | 'evening';

/** Morning from 2 h to before 12 h, afternoon from 12 h to before 17 h, evening otherwise (local time). */
export function greetingPeriod(now: Date): GreetingPeriod {
  const hour = now.getHours();
  if (hour >= GREETING_HOURS.morning && hour < GREETING_HOURS.afternoon) return 'morning';
  if (hour >= GREETING_HOURS.afternoon && hour < GREETING_HOURS.evening) return 'afternoon';
  return 'evening';
}

// As text on white: the theme's colours that reach WCAG AA.
export const COMPLETION_GREEN = SUCCESS_COLOR;
export const COMPLETION_AMBER = WARNING_COLOR;
export const COMPLETION_RED = ERROR_COLOR;

/** Green at 80 % or more, amber at 60 % or more, red below. */
export function completionColor(rate: number): string {
  if (rate >= COMPLETION_RATE_THRESHOLDS.green) return COMPLETION_GREEN;
  if (rate >= COMPLETION_RATE_THRESHOLDS.amber) return COMPLETION_AMBER;
  return COMPLETION_RED;
}

export type RelativeTime = { value: number; unit: 'day' | 'hour' | 'minute' };

const MINUTE_MS = 60_000;

/**
 * How far ahead an activity starts, in days, hours or minutes (spec 000 §2): minutes under an hour,
 * hours under a day, days beyond, each rounded; never below one minute (it may have just begun
 * between two polls).
 */
export function relativeTime(start: Date, now: Date): RelativeTime {
  const minutes = Math.max(1, Math.round((start.getTime() - now.getTime()) / MINUTE_MS));
  if (minutes < 60) return { value: minutes, unit: 'minute' };
  const hours = Math.round(minutes / 60);
  if (hours < 24) return { value: hours, unit: 'hour' };
  return { value: Math.round(minutes / (24 * 60)), unit: 'day' };
}

/** 'dans 2 jours', 'in 3 hours', 'in 15 minutes'. */
export function formatRelativeTime(start: Date, now: Date, language: string): string {
  const { value, unit } = relativeTime(start, now);
  return new Intl.RelativeTimeFormat(language, { numeric: 'always' }).format(value, unit);
}
