import type { Activity } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '@/app/session';
import { activityQueries } from '@/modules/activities/api';

export type ActivityViewer = {
  /** Only the owner changes, marks done or deletes an activity; a new one is the user's own. */
  isOwner: boolean;
  /** The owner's manager, while the budget waits: approve or reject. */
  canDecideBudget: boolean;
  /** Whose activity it is, when the page can know (the manager's managees, the approvals list). */
  ownerName: string | null;
};

/**
 * What the signed-in user may do with the activity shown, as the server decides it: the owner writes, the
 * owner's manager and admins only read, and the manager approves or rejects a waiting budget. The answer
 * does not say who the owner's manager is: the manager's own list of pending approvals does.
 */
export function useActivityViewer(activity: Activity | undefined): ActivityViewer {
  const { user } = useSession();
  const ownerId = activity?.ownerId;
  const isOwner = ownerId === undefined || ownerId === user?.id;
  const managee = isOwner ? undefined : user?.managees?.find((known) => known.id === ownerId);
  const isWaiting = activity?.approvalStatus === 'waiting_approval';
  const approvals = useQuery({ ...activityQueries.pendingApprovals(), enabled: !isOwner && isWaiting });
  const request =
    activity === undefined || isOwner || !isWaiting
      ? undefined
      : approvals.data?.find((pending) => pending.id === activity.id);
  if (request === undefined) {
    return {
      isOwner,
      canDecideBudget: false,
      ownerName: managee === undefined ? null : (managee.displayName ?? managee.email),
    };
  }
  const name = [request.firstName, request.lastName].filter((part) => part !== null && part !== '').join(' ');
  return { isOwner, canDecideBudget: true, ownerName: name === '' ? request.email : name };
}
