/** Timings and limits of spec 000 section 9 that both sides need. */
export const HEALTH_CHECK_INTERVAL_MS = 30_000;
export const HEALTH_CHECK_TIMEOUT_MS = 3_000;
export const PENDING_COUNT_REFRESH_MS = 5_000;
export const CURRENT_USER_CACHE_MS = 5 * 60_000;

export const LANGUAGES = ['fr', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'fr';
/** The spec's local storage key for the chosen language. */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

export function toLanguage(value: string | null | undefined): Language {
  const primary = value?.trim().slice(0, 2).toLowerCase();
  return primary === 'en' ? 'en' : DEFAULT_LANGUAGE;
}
