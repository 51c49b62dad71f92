import type { ActivityListStatus } from '@crm/shared';

export type ActivityListParams = { status: ActivityListStatus; page: number };

/** Every key starts with 'activities': one invalidation refreshes every activity answer, the calendar's too. */
export const activityKeys = {
  all: ['activities'] as const,
  lists: () => [...activityKeys.all, 'list'] as const,
  list: (params: ActivityListParams) => [...activityKeys.lists(), params] as const,
  details: () => [...activityKeys.all, 'detail'] as const,
  detail: (id: string) => [...activityKeys.details(), id] as const,
  stats: () => [...activityKeys.all, 'stats'] as const,
  pendingApprovals: () => [...activityKeys.all, 'pending-approvals'] as const,
  doctor: (doctorId: string) => [...activityKeys.all, 'doctor', doctorId] as const,
  /** The active channels: the form's choices and the calendar's legend. */
  channels: () => [...activityKeys.all, 'channels', 'active'] as const,
  myProducts: () => [...activityKeys.all, 'my-products'] as const,
  /** Every product by name: someone else's activity, or a product unassigned since, still shows its name. */
  allProducts: () => [...activityKeys.all, 'all-products'] as const,
  /** Every range the calendar fetched: ['activities', 'calendar', startIso, endIso]. */
  calendarRanges: () => [...activityKeys.all, 'calendar'] as const,
  calendarRange: (range: { start: Date; end: Date }) =>
    [...activityKeys.calendarRanges(), range.start.toISOString(), range.end.toISOString()] as const,
};
