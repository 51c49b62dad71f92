/** Activity rules of spec 001 §§4–5 and §9, shared by the form, the calendar and the server. */
import { wallClock, zonedInstant } from '../common/time-zone.ts';

/** Durations the form offers and the server accepts, in minutes (spec 001 §5). */
export const ACTIVITY_DURATIONS = [15, 30, 45, 60, 90, 120, 150, 180, 210, 240, 300, 360, 420, 480] as const;
export type ActivityDuration = (typeof ACTIVITY_DURATIONS)[number];
export const DEFAULT_ACTIVITY_DURATION: ActivityDuration = 60;
export const TIME_PICKER_STEP_MINUTES = 15;

/** Derived from start and done, never stored (docs/decisions/0008). */
export const ACTIVITY_STATUSES = ['upcoming', 'incomplete', 'done'] as const;
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];
/** The list's status parameter. */
export const ACTIVITY_LIST_STATUSES = ['upcoming', 'incomplete', 'done', 'waiting_approval'] as const;
export type ActivityListStatus = (typeof ACTIVITY_LIST_STATUSES)[number];
/** The /activities filters (query ?filter=); need_approval is the manager's pending approvals. */
export const ACTIVITY_FILTERS = [...ACTIVITY_LIST_STATUSES, 'need_approval'] as const;
export type ActivityFilter = (typeof ACTIVITY_FILTERS)[number];
export const DEFAULT_ACTIVITY_FILTER: ActivityFilter = 'upcoming';

export const APPROVAL_STATUSES = ['none', 'waiting_approval', 'approved', 'rejected'] as const;
type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
/** The manager's notes on a rejected budget (the product's limit; the spec gives none). */
export const REJECTION_NOTES_MAX_LENGTH = 2000;

/** Page sizes of spec 001 §9: 50 by status, 20 in the paged view. */
export const ACTIVITY_PAGE_SIZE = 50;
export const ACTIVITY_PAGED_VIEW_SIZE = 20;
/** Stats and pending approvals: refetch 60 s, stale 30 s; stats retry twice, 1 s apart. */
export const ACTIVITY_STATS_REFETCH_MS = 60_000;
export const ACTIVITY_STATS_STALE_MS = 30_000;
export const ACTIVITY_STATS_RETRY = 2;
export const ACTIVITY_STATS_RETRY_DELAY_MS = 1_000;
/** User products and channels: cached 5 minutes, kept 10. */
export const HELPER_LISTS_STALE_MS = 5 * 60_000;
export const HELPER_LISTS_GC_MS = 10 * 60_000;
export const ATTENDEE_SEARCH_MIN_CHARS = 2;
export const ATTENDEE_SEARCH_LIMIT = 10;
export const OFFICE_SEARCH_LIMIT = 20;
export const ACTIVITY_FORM_MOUNT_GUARD_MS = 500;
export const ACTIVITY_NOT_FOUND_REDIRECT_MS = 2_000;
/** Calendar (spec 001 §§2, 9). */
export const CALENDAR_SLOT_MIN_TIME = '06:00:00';
export const CALENDAR_SLOT_MAX_TIME = '22:00:00';
export const CALENDAR_SLOT_MINUTES = 30;
export const CALENDAR_SNAP_MINUTES = 15;
export const CALENDAR_RANGE_CACHE_MS = 5 * 60_000;
export const CALENDAR_MEMORY_WINDOW_MONTHS = 6;
/** The widest range one calendar fetch may ask for, in days (a month view with its margins fits). */
export const CALENDAR_MAX_RANGE_DAYS = 190;
/** The longest activity (an all-day one over several days); it bounds the calendar's range scan. */
export const MAX_ACTIVITY_SPAN_DAYS = 31;

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * Time-off is never incomplete: there is nothing to report about a day off, and it can't be marked done
 * (the button is hidden for it), so once started it counts as done rather than staying late forever.
 */
export function activityStatus(
  activity: { start: string; done: boolean; isTimeOff?: boolean },
  now: Date = new Date(),
): ActivityStatus {
  if (activity.done) return 'done';
  if (Date.parse(activity.start) > now.getTime()) return 'upcoming';
  return activity.isTimeOff ? 'done' : 'incomplete';
}

/**
 * An event is all-day if flagged so, or if it spans whole days from midnight to midnight (spec 001 §2).
 * Midnight is the viewer's local midnight: the calendar shows local days.
 */
export function isAllDayEvent(event: { allDay: boolean; start: string; end: string | null }): boolean {
  if (event.allDay) return true;
  if (event.end === null) return false;
  const start = new Date(event.start);
  const end = new Date(event.end);
  const span = end.getTime() - start.getTime();
  const atMidnight = (date: Date) =>
    date.getHours() === 0 && date.getMinutes() === 0 && date.getSeconds() === 0 && date.getMilliseconds() === 0;
  // A local day lasts 23 or 25 hours on daylight-saving days: count calendar days, not milliseconds.
  return span >= DAY_MS - 3_600_000 && atMidnight(start) && atMidnight(end);
}

/** Spec 001 §4: a new activity on a budget-approval channel waits for approval only when it has a budget. */
export function initialApprovalStatus(channelNeedsApproval: boolean, budgetEstimate: number | null): ApprovalStatus {
  return channelNeedsApproval && budgetEstimate !== null ? 'waiting_approval' : 'none';
}

export type MarkDoneRefusal = 'locked' | 'approvalRequired';

/** Why an activity can't be marked done, or null when it can (spec 001 §4). */
export function markDoneRefusal(
  activity: { done: boolean; approvalStatus: ApprovalStatus },
  channel: { needsBudgetApproval: boolean },
): MarkDoneRefusal | null {
  if (activity.done) return 'locked';
  if (channel.needsBudgetApproval && activity.approvalStatus !== 'approved') return 'approvalRequired';
  return null;
}

/** The mark-as-done button is hidden for time-off, waiting-approval and done activities (spec 001 §2). */
export function showMarkDone(
  activity: { done: boolean; approvalStatus: ApprovalStatus },
  channel: { isTimeOff: boolean },
): boolean {
  return !activity.done && !channel.isTimeOff && activity.approvalStatus !== 'waiting_approval';
}

/** Form locks of spec 001 §4; a done activity is read-only altogether. */
export function activityFormLocks(activity: {
  done: boolean;
  approvalStatus: ApprovalStatus;
  budgetEstimate: number | null;
}): { readOnly: boolean; channelLocked: boolean; budgetLocked: boolean } {
  const approved = activity.approvalStatus === 'approved';
  return {
    readOnly: activity.done,
    channelLocked: approved && (activity.budgetEstimate ?? 0) > 0,
    budgetLocked: approved,
  };
}

/**
 * End of an activity: all-day ones end at the given end (or a day later), others after their duration.
 * "A day later" is the same Paris wall time on the next day, so an all-day activity starting at midnight
 * ends at the next midnight on the 23- and 25-hour days too (the server runs in UTC).
 */
export function activityEnd(input: {
  start: string;
  end?: string | null | undefined;
  allDay: boolean;
  duration?: number | null | undefined;
}): string {
  const start = Date.parse(input.start);
  if (input.allDay) {
    const end = input.end ? Date.parse(input.end) : Number.NaN;
    if (Number.isFinite(end) && end > start) return new Date(end).toISOString();
    const wall = wallClock(new Date(start));
    return zonedInstant({ ...wall, day: wall.day + 1 }).toISOString();
  }
  return new Date(start + (input.duration ?? DEFAULT_ACTIVITY_DURATION) * MINUTE_MS).toISOString();
}

/** The start the form proposes: the next full hour (spec 001 §9). */
export function nextFullHour(now: Date = new Date()): Date {
  const next = new Date(now);
  next.setMinutes(0, 0, 0);
  next.setHours(next.getHours() + 1);
  return next;
}

export type ActivityRuleContext = {
  channel: { isTimeOff: boolean; needsBudgetApproval: boolean } | null;
  /** The user has products assigned: then products are required (unless time-off). */
  userHasProducts: boolean;
};

export type ActivityRuleInput = {
  channelId?: string | null | undefined;
  title?: string | null | undefined;
  start?: string | null | undefined;
  allDay?: boolean | undefined;
  duration?: number | null | undefined;
  productIds?: readonly string[] | undefined;
  budgetEstimate?: number | null | undefined;
  acknowledgeRules?: boolean | undefined;
};

/**
 * The form rules of spec 001 §5 that depend on the channel and the user, as field → message key.
 * The shape rules (types, durations, two decimals) are in the zod schema; both sides run both.
 */
export function activityRuleErrors(input: ActivityRuleInput, context: ActivityRuleContext): Record<string, string> {
  const errors: Record<string, string> = {};
  const channel = context.channel;
  if (!input.channelId || channel === null) errors.channelId = 'validation.required';
  if (!input.start) errors.start = 'validation.required';
  if (channel?.isTimeOff) {
    if (!input.title?.trim()) errors.title = 'activities.timeOffRequired';
    return errors;
  }
  if (!input.allDay && (input.duration === null || input.duration === undefined)) {
    errors.duration = 'validation.required';
  }
  if (context.userHasProducts && (input.productIds ?? []).length === 0)
    errors.productIds = 'activities.productsRequired';
  if (channel?.needsBudgetApproval && (input.budgetEstimate === null || input.budgetEstimate === undefined)) {
    errors.budgetEstimate = 'activities.budgetRequired';
  }
  if (input.acknowledgeRules !== true) errors.acknowledgeRules = 'activities.acknowledgeRules';
  return errors;
}

/** Euros with at most two decimals, as the server stores cents. */
export const hasAtMostTwoDecimals = (value: number): boolean => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
export const eurosToCents = (value: number): number => Math.round(value * 100);
export const centsToEuros = (cents: number): number => cents / 100;
