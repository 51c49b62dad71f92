import dayjs from 'dayjs';
import { currentLanguage } from '@/lib/i18n';

/** A date and time in the current language ("22 novembre 2026 14:05", "November 22, 2026 2:05 PM"). */
export function formatDateTime(iso: string): string {
  const date = dayjs(iso);
  return date.isValid() ? date.locale(currentLanguage()).format('LLL') : iso;
}
