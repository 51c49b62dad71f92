/** Spec 000 §2, §9: the greeting's periods start at these local hours (morning 2 h, afternoon 12 h, evening 17 h). */
export const GREETING_HOURS = { morning: 2, afternoon: 12, evening: 17 } as const;

/** Spec 000 §2, §9: the completion rate is green from 80 %, amber from 60 %, red below. */
export const COMPLETION_RATE_THRESHOLDS = { green: 80, amber: 60 } as const;

/** Dashboard stats: polled every 15 s, stale after 5 s (spec 000 §§7, 9). */
export const DASHBOARD_REFETCH_MS = 15_000;
export const DASHBOARD_STALE_MS = 5_000;

/** Spec 000 §2: 'doctors contacted in the last 30 days'. */
export const RECENTLY_CONTACTED_DAYS = 30;
