import type { Language } from '@crm/shared';
import { dayjs, type Dayjs } from '@/lib/dayjs';
import { currentLanguage } from '@/lib/i18n';

/** What the formatters accept: an ISO string from the API, a timestamp, a Date or a Dayjs. */
export type DateInput = string | number | Date | Dayjs;

/**
 * Spec 001 §9: dates 'MMMM D, YYYY', templates 'MMM DD, YYYY', in the user's language; French puts the day
 * first ('25 novembre 2026', '25 nov. 2026').
 */
const DATE_PATTERNS: Record<Language, { date: string; shortDate: string }> = {
  en: { date: 'MMMM D, YYYY', shortDate: 'MMM DD, YYYY' },
  fr: { date: 'D MMMM YYYY', shortDate: 'DD MMM YYYY' },
};

/** The spec writes times 'HH:mm': a 24-hour clock in both languages. */
const TIME_PATTERN = 'HH:mm';
const TIME_WITH_SECONDS_PATTERN = 'HH:mm:ss';

/**
 * Formats with the current language's names, or returns what can't be read as a date: a string as it came (a
 * wrong value stays visible rather than hidden), anything else as an empty text.
 */
function format(value: DateInput | null | undefined, pattern: (language: Language) => string): string {
  // dayjs(undefined) is now: a missing date must not show as today.
  if (value === null || value === undefined) return '';
  const date = dayjs(value);
  if (!date.isValid()) return typeof value === 'string' ? value : '';
  const language = currentLanguage();
  return date.locale(language).format(pattern(language));
}

/** "November 25, 2026", "25 novembre 2026". */
export function formatDate(value: DateInput | null | undefined): string {
  return format(value, (language) => DATE_PATTERNS[language].date);
}

/** "Nov 25, 2026", "25 nov. 2026" (the templates' dates). */
export function formatShortDate(value: DateInput | null | undefined): string {
  return format(value, (language) => DATE_PATTERNS[language].shortDate);
}

/** "14:05"; with seconds "14:05:09", for what changes within a minute. */
export function formatTime(value: DateInput | null | undefined, options: { seconds?: boolean } = {}): string {
  return format(value, () => (options.seconds === true ? TIME_WITH_SECONDS_PATTERN : TIME_PATTERN));
}

/** "November 25, 2026 14:05", "25 novembre 2026 14:05". */
export function formatDateTime(value: DateInput | null | undefined): string {
  return format(value, (language) => `${DATE_PATTERNS[language].date} ${TIME_PATTERN}`);
}
