import { goalEditRefusal, type GoalEditor, type PlanView } from '@crm/shared';
import { useSession, type StoredUser } from '@/app/session';

/**
 * Who the signed-in user is to a plan they can read: an administrator, its rep, or else their manager (the
 * server lets nobody else read it).
 */
export function goalEditorOf(user: StoredUser | null, plan: Pick<PlanView, 'user'>): GoalEditor | null {
  if (user === null) return null;
  if (user.isAdmin) return 'admin';
  return plan.user.id === user.id ? 'owner' : 'manager';
}

/**
 * Whether the signed-in user may adjust the plan's goals: the server said so, and the shared rule agrees for
 * who they are to the plan and the cycle's status (both as of the answer, which is read again every minute).
 */
export function useCanEditGoals(plan: PlanView | undefined): boolean {
  const { user } = useSession();
  if (plan === undefined || !plan.canEditGoals) return false;
  return goalEditRefusal(goalEditorOf(user, plan), plan.cycle.status, plan.cycle.repsMayEditGoals) === null;
}
