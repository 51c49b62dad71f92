import type { SyncPlansResult } from '@crm/shared';
import { openOfflineDb } from '@/offline/store/db';
import { META_PREFIX } from '@/offline/store/slice-store';

/*
 * The owner's plans in cycles in progress (decision 0058), as the last complete pull found them: a bookkeeping
 * record among the owner's activities, which the plans count, so that forgetting the owner's activities forgets
 * the plans too (store/forget-user.ts), and no new store (nor database version) is needed. A module of its own:
 * only the pull and the plans' offline reads, both loaded lazily, use it.
 */
const PLANS_META = `${META_PREFIX}plans`;

/** A plan as the device keeps it: its cycle, its targets' goals and the server's tallies of older activities. */
export type SlicePlan = SyncPlansResult['plans'][number];

type PlansMeta = { owner: string; id: typeof PLANS_META; plans: SlicePlan[] };

/** The owner's plans, replaced whole (the last pull's answer). */
export async function storePlans(owner: string, plans: SlicePlan[]): Promise<void> {
  const db = await openOfflineDb();
  const meta: PlansMeta = { owner, id: PLANS_META, plans };
  await db.put('activities', meta);
}

/** The plans the last pull stored, or null before a pull stored any (a store an older build filled). */
export async function readPlans(owner: string): Promise<SlicePlan[] | null> {
  const db = await openOfflineDb();
  const meta = await db.get('activities', [owner, PLANS_META]);
  // Written by storePlans from an answer the API client parsed.
  return Array.isArray(meta?.plans) ? (meta.plans as SlicePlan[]) : null;
}
