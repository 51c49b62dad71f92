import { searchTerms, type UserEmail, type UserEmailSearchQuery } from '@crm/shared';
import type { Db } from '#server/db/database.ts';
import { requireAdmin } from '#server/core/access.ts';
import { AppError } from '#server/core/app-error.ts';
import { type Clock, isoNow } from '#server/core/clock.ts';
import type { AuthContext } from '#server/modules/auth/auth.service.ts';
import type { SessionsRepository } from '#server/modules/auth/sessions.repository.ts';
import { auditUser } from '#server/modules/logs/audit.ts';
import type { LogsRepository } from '#server/modules/logs/logs.repository.ts';
import { toUserEmail } from './users.mapper.ts';
import type { UsersRepository } from './users.repository.ts';

type UsersServiceDeps = {
  db: Db;
  users: UsersRepository;
  sessions: SessionsRepository;
  logs: LogsRepository;
  clock: Clock;
};

const userNotFound = () => new AppError('NOT_FOUND', {}, { messageKey: 'users.notFound' });

/** The administration of users (spec 001 §6: admins only, except the recipient search). */
export class UsersService {
  constructor(private readonly deps: UsersServiceDeps) {}

  /**
   * GET /api/users/emails: the mailbox's recipient search, open to every signed-in user, answering addresses and
   * names only. Every typed word must start a word of the user's names or address.
   */
  async searchEmails(_auth: AuthContext, query: UserEmailSearchQuery): Promise<UserEmail[]> {
    const terms = searchTerms(query.search);
    if (terms.length === 0) return [];
    const rows = await this.deps.users.searchEmails(terms, query.limit);
    return rows.map(toUserEmail);
  }

  /**
   * DELETE /api/users/{id}: a soft delete (docs/decisions/0028). The user can no longer sign in and their
   * sessions end now; their managees move to the deleted user's own manager; what they did stays theirs.
   */
  async delete(auth: AuthContext, id: string): Promise<void> {
    requireAdmin(auth);
    if (id === auth.user.id) throw new AppError('CONFLICT', {}, { messageKey: 'users.cannotDeleteSelf' });
    const { db, users, sessions, logs, clock } = this.deps;
    await db.transaction().execute(async (trx) => {
      await users.lockHierarchy(trx);
      const user = await users.findActive(trx, id);
      if (!user) throw userNotFound();
      const now = isoNow(clock);
      const managees = await users.findManagees(id, trx);
      await users.moveManagees(trx, id, user.manager_id, now);
      await users.markDeleted(trx, id, now);
      await sessions.revokeAllOf(trx, id, now);
      await logs.record(trx, {
        action: 'delete',
        entityType: 'user',
        entityId: id,
        metadata: { email: user.email, firstName: user.first_name, lastName: user.last_name },
        ...(managees.length > 0 && {
          changes: {
            managees: {
              before: managees.map((managee) => managee.email),
              after: [],
            },
            manageesMovedTo: { before: id, after: user.manager_id },
          },
        }),
        user: auditUser(auth),
      });
    });
  }
}
