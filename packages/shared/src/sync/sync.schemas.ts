import { z } from 'zod';
import { Activity, Channel, Product } from '../activities/activities.schemas.ts';
import { Doctor } from '../doctors/doctors.schemas.ts';

/** The most rows one pull answers: a typical rep's window comes in a few pages. */
export const SYNC_PAGE_MAX = 500;

/**
 * GET /api/sync/activities and /api/sync/doctors: the changes after `since` (the previous answer's
 * nextCursor, opaque; absent for the first pull), oldest change first.
 */
export const SyncQuery = z.object({
  since: z.string().trim().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(SYNC_PAGE_MAX).default(SYNC_PAGE_MAX),
});
export type SyncQuery = z.infer<typeof SyncQuery>;

const syncPage = {
  /** Pass it as `since` for the next pull: the rest of this one when hasMore, later changes otherwise. */
  nextCursor: z.string(),
  hasMore: z.boolean(),
};

/**
 * The caller's activities in the calendar's window changed since the cursor, and the ids to drop: activities
 * deleted since, or changed so that they left the window.
 */
export const SyncActivitiesResult = z.object({
  activities: z.array(Activity),
  removedIds: z.array(z.string()),
  ...syncPage,
});
export type SyncActivitiesResult = z.infer<typeof SyncActivitiesResult>;

/**
 * The doctors the caller's activity form needs (recently viewed, named by their activities in the window,
 * targeted by them, targets of their cycle plans), with their offices, changed or newly needed since the cursor, and the ids of doctors
 * deleted since (any doctor: the device drops those it holds). The last page (hasMore false) also names
 * every doctor the caller needs now, `neededIds`: the device drops the others it holds, which the caller no
 * longer needs (an activity deleted or gone out of the window, a doctor no longer recent or targeted).
 */
export const SyncDoctorsResult = z.object({
  doctors: z.array(Doctor),
  removedIds: z.array(z.string()),
  neededIds: z.array(z.string()).optional(),
  ...syncPage,
});
export type SyncDoctorsResult = z.infer<typeof SyncDoctorsResult>;

/** GET /api/sync/reference: the active channels in their order and the caller's products. */
export const SyncReference = z.object({ channels: z.array(Channel), products: z.array(Product) });
export type SyncReference = z.infer<typeof SyncReference>;
