import { AppError } from '#server/core/app-error.ts';
import type { AuthContext } from '#server/modules/auth/auth.service.ts';
import type { ActivityRow, ActivityScope } from './activities.repository.ts';

/** Read: the owner, the owner's manager, an admin; anyone else is told it does not exist. */
export function requireReader(auth: AuthContext, row: ActivityRow | undefined): ActivityRow {
  const me = auth.user.id;
  if (!row || (row.owner_id !== me && row.owner_manager_id !== me && !auth.user.isAdmin)) {
    throw new AppError('NOT_FOUND', {}, { messageKey: 'activities.notFound' });
  }
  return row;
}

/** Write: the owner only; a reader who is not the owner is refused, anyone else is told it does not exist. */
export function requireOwner(auth: AuthContext, row: ActivityRow | undefined): ActivityRow {
  const readable = requireReader(auth, row);
  if (readable.owner_id !== auth.user.id) throw new AppError('FORBIDDEN');
  return readable;
}

/** Approve or reject a budget: the owner's manager only (a reader, so anyone else was already refused). */
export function requireApprover(auth: AuthContext, row: ActivityRow): void {
  if (row.owner_manager_id !== auth.user.id) throw new AppError('NOT_APPROVER');
}

/**
 * Whose activities a list shows: the caller's own; with a doctor, that doctor's activities the caller may
 * read (an admin all of them, anyone else their own and their managees').
 */
export function listScope(auth: AuthContext, doctorId: string | undefined): ActivityScope {
  if (doctorId === undefined) return { kind: 'owner', ownerId: auth.user.id };
  return {
    kind: 'doctor',
    doctorId,
    ownedBy: auth.user.isAdmin ? 'anyone' : { userOrManageesOf: auth.user.id },
  };
}
