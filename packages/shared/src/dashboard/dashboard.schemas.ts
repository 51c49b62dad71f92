import { z } from 'zod';
import { ACTIVITY_STATUSES } from '../activities/activities.rules.ts';

/** One line of today's list on the dashboard (time, title, doctor). */
export const DashboardActivity = z.object({
  id: z.string(),
  title: z.string().nullable(),
  start: z.string(),
  end: z.string(),
  allDay: z.boolean(),
  type: z.string(),
  color: z.string(),
  doctorId: z.string().nullable(),
  doctorName: z.string().nullable(),
  done: z.boolean(),
  status: z.enum(ACTIVITY_STATUSES),
});
export type DashboardActivity = z.infer<typeof DashboardActivity>;

/**
 * GET /api/dashboard/stats (spec 000 §3), for the calling user; every figure is defined in
 * docs/dashboard.md. nextActivity feeds the next-activity card.
 */
export const DashboardStats = z.object({
  completionRate: z.number(),
  activitiesThisMonth: z.number(),
  recentlyContactedDoctors: z.number(),
  emailsSentThisWeek: z.number(),
  incompleteActivities: z.number(),
  activitiesToday: z.number(),
  todayActivities: z.array(DashboardActivity),
  unreadMessages: z.number(),
  totalCampaigns: z.number(),
  campaignsSentThisMonth: z.number(),
  totalConsents: z.number(),
  consentsThisMonth: z.number(),
  nextActivity: DashboardActivity.nullable(),
});
export type DashboardStats = z.infer<typeof DashboardStats>;
