import { describe, expect, it } from 'vitest';
import * as shared from './index.ts';

/**
 * The constants of spec 000 §9 and spec 001 §9, as the spec writes them, against the one place each lives
 * (docs/spec-conformance.md cites this file). A constant that changes must change here too, on purpose.
 */
const SPEC_000: Record<string, unknown> = {
  PAGE_SIZES: [10, 20, 50, 100],
  DEFAULT_PAGE_SIZE: 50,
  OFFICE_DOCTORS_PAGE_SIZE: 10,
  HEALTH_CHECK_INTERVAL_MS: 30_000,
  HEALTH_CHECK_TIMEOUT_MS: 3_000,
  PENDING_COUNT_REFRESH_MS: 5_000,
  DASHBOARD_REFETCH_MS: 15_000,
  DASHBOARD_STALE_MS: 5_000,
  CURRENT_USER_CACHE_MS: 5 * 60_000,
  RPPS_MAX_DIGITS: 12,
  COMPLETION_RATE_THRESHOLDS: { green: 80, amber: 60 },
  GREETING_HOURS: { morning: 2, afternoon: 12, evening: 17 },
  RECENTLY_CONTACTED_DAYS: 30,
  SIGNATURE_CANVAS: { width: 300, height: 150 },
  SIGNATURE_MIN_LENGTH: 100,
  SIGNATURE_MAX_LENGTH: 5 * 1024 * 1024,
  SIGNATURE_STALE_MS: 5 * 60_000,
  SIGNATURE_GC_MS: 30 * 60_000,
  CONSENT_CONTACT_AUTOSAVE_MS: 2_000,
  DEFAULT_LANGUAGE: 'fr',
  LANGUAGE_STORAGE_KEY: 'i18nextLng',
};

const SPEC_001: Record<string, unknown> = {
  ACTIVITY_PAGE_SIZE: 50,
  ACTIVITY_PAGED_VIEW_SIZE: 20,
  ACTIVITY_STATS_REFETCH_MS: 60_000,
  ACTIVITY_STATS_STALE_MS: 30_000,
  ACTIVITY_STATS_RETRY: 2,
  ACTIVITY_STATS_RETRY_DELAY_MS: 1_000,
  HELPER_LISTS_STALE_MS: 5 * 60_000,
  HELPER_LISTS_GC_MS: 10 * 60_000,
  ATTENDEE_SEARCH_MIN_CHARS: 2,
  ATTENDEE_SEARCH_LIMIT: 10,
  OFFICE_SEARCH_LIMIT: 20,
  DEFAULT_ACTIVITY_DURATION: 60,
  ACTIVITY_DURATIONS: [15, 30, 45, 60, 90, 120, 150, 180, 210, 240, 300, 360, 420, 480],
  TIME_PICKER_STEP_MINUTES: 15,
  CALENDAR_SLOT_MIN_TIME: '06:00:00',
  CALENDAR_SLOT_MAX_TIME: '22:00:00',
  CALENDAR_SLOT_MINUTES: 30,
  CALENDAR_SNAP_MINUTES: 15,
  CALENDAR_RANGE_CACHE_MS: 5 * 60_000,
  CALENDAR_MEMORY_WINDOW_MONTHS: 6,
  ACTIVITY_FORM_MOUNT_GUARD_MS: 500,
  ACTIVITY_NOT_FOUND_REDIRECT_MS: 2_000,
  DEFAULT_COLOR: '#1890ff',
};

describe('the spec constants', () => {
  it.each(Object.entries(SPEC_000))('spec 000 §9: %s', (name, value) => {
    expect(shared[name as keyof typeof shared]).toEqual(value);
  });

  it.each(Object.entries(SPEC_001))('spec 001 §9: %s', (name, value) => {
    expect(shared[name as keyof typeof shared]).toEqual(value);
  });

  it('spec 000 §5: RPPS is 1 to 12 digits', () => {
    expect(shared.RPPS_PATTERN.test('1')).toBe(true);
    expect(shared.RPPS_PATTERN.test('123456789012')).toBe(true);
    expect(shared.RPPS_PATTERN.test('1234567890123')).toBe(false);
    expect(shared.RPPS_PATTERN.test('12a')).toBe(false);
  });
});
