import {
  cycleStatus,
  elapsedShare,
  parisDay,
  slicePlanCounts,
  type ActivityForCounts,
  type CurrentPlanResult,
  type PlanTargetCountsResult,
  type SessionUser,
} from '@crm/shared';
import { getSession } from '@/app/session';
import { NotAvailableOfflineError } from '@/offline/slice/slice-queries';
import { readPlans, type SlicePlan } from '@/offline/store/plan-store';
import { readStoredActivities } from '@/offline/store/slice-store';

/*
 * The cycle plans' reads from the device (decision 0058, "Offline"): the stored plans counted with the activities
 * the device holds, its own offline changes included (a visit marked done offline is stored done at once), by
 * the shared rules the server counts with, so that the figures agree once the changes are synced. A module of
 * its own, which the plans' requests import when first made: the routes carry neither it nor the counting rules.
 */

/**
 * The plan the server calls current at `now`: of the plans in a cycle in progress, the one whose days include
 * today (the latest started, the server's order), else the one in its grace period that ended last.
 */
function currentOf(plans: readonly SlicePlan[], now: Date): SlicePlan | undefined {
  const today = parisDay(now);
  const inProgress = plans.filter((plan) => cycleStatus(plan.cycle, now) === 'in_progress');
  return (
    inProgress.find((plan) => plan.cycle.startDate <= today && today <= plan.cycle.endDate) ??
    [...inProgress].sort((a, b) => (a.cycle.endDate < b.cycle.endDate ? 1 : -1))[0]
  );
}

async function storedPlans(owner: string): Promise<SlicePlan[]> {
  const plans = await readPlans(owner);
  if (plans === null) throw new NotAvailableOfflineError('plan');
  return plans;
}

/** The owner's own activities (a plan counts those of its rep only), as the counts read them. */
async function ownActivities(owner: string): Promise<ActivityForCounts[]> {
  return (await readStoredActivities(owner)).filter((activity) => activity.ownerId === owner);
}

/** A user's name as the server's plan shows it: display name, else first and last name, else e-mail. */
const nameOf = (user: SessionUser | null, owner: string): string =>
  user === null
    ? owner
    : (user.displayName ?? ([user.firstName, user.lastName].filter(Boolean).join(' ') || user.email));

/**
 * GET /api/cycles/current/plan from the device. Goals can't be changed offline (no queued command does it), so
 * the plan is read only.
 */
export async function currentPlanFromSlice(owner: string, now: Date = new Date()): Promise<CurrentPlanResult> {
  const plan = currentOf(await storedPlans(owner), now);
  if (plan === undefined) return { plan: null };
  const counts = slicePlanCounts(plan, await ownActivities(owner), now);
  const user = getSession().user;
  return {
    plan: {
      cycle: { ...plan.cycle, status: cycleStatus(plan.cycle, now) },
      user: { id: owner, name: nameOf(user?.id === owner ? user : null, owner) },
      canEditGoals: false,
      ...counts,
      computedAt: now.toISOString(),
    },
  };
}

/** GET /api/cycles/current/plan/targets?doctorIds=… from the device: the counts of those that are targets. */
export async function targetCountsFromSlice(
  owner: string,
  doctorIds: readonly string[],
  now: Date = new Date(),
): Promise<PlanTargetCountsResult> {
  const plan = currentOf(await storedPlans(owner), now);
  if (plan === undefined) return { cycle: null, elapsedShare: 0, targets: [] };
  const cycle = { ...plan.cycle, status: cycleStatus(plan.cycle, now) };
  const asked = new Set(doctorIds.map((id) => id.toLowerCase()));
  const targets = plan.targets.filter((target) => asked.has(target.doctorId.toLowerCase()));
  if (targets.length === 0) return { cycle, elapsedShare: elapsedShare(cycle, now), targets: [] };
  const counts = slicePlanCounts({ ...plan, targets }, await ownActivities(owner), now);
  return { cycle, elapsedShare: counts.elapsedShare, targets: counts.targets };
}
