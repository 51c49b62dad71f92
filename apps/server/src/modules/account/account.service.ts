import type {
  Account,
  AccountProfileUpdate,
  AccountSessionList,
  AuditAction,
  PasswordChangeBody,
  SessionsEnded,
} from '@crm/shared';
import { requireSignedIn } from '#server/core/access.ts';
import { AppError, validationError } from '#server/core/app-error.ts';
import { type Clock, isoNow } from '#server/core/clock.ts';
import type { Db } from '#server/db/database.ts';
import type { AuthContext, AuthService } from '#server/modules/auth/auth.service.ts';
import { hashPassword } from '#server/modules/auth/passwords.ts';
import type { SessionsRepository } from '#server/modules/auth/sessions.repository.ts';
import type { UserIdentitiesRepository } from '#server/modules/auth/user-identities.repository.ts';
import { auditUser, changedFields } from '#server/modules/logs/audit.ts';
import type { LogsRepository } from '#server/modules/logs/logs.repository.ts';
import { userSearchText } from '#server/modules/users/user-search.ts';
import type { UsersRepository } from '#server/modules/users/users.repository.ts';
import { toAccount, toAccountSession } from './account.mapper.ts';

type AccountServiceDeps = {
  db: Db;
  users: UsersRepository;
  sessions: SessionsRepository;
  identities: UserIdentitiesRepository;
  auth: AuthService;
  logs: LogsRepository;
  clock: Clock;
};

/**
 * The signed-in user's own settings: their names, their password, their sessions. Every method acts on the
 * caller's own account only: the user's id comes from the session, never from the request.
 */
export class AccountService {
  constructor(private readonly deps: AccountServiceDeps) {}

  async account(auth: AuthContext): Promise<Account> {
    requireSignedIn(auth);
    const row = await this.deps.users.findAccount(this.deps.db, auth.user.id);
    if (!row) throw new AppError('UNAUTHORIZED');
    return toAccount(row, await this.deps.identities.listOfUser(this.deps.db, auth.user.id));
  }

  async updateProfile(auth: AuthContext, body: AccountProfileUpdate): Promise<Account> {
    requireSignedIn(auth);
    const { db, users, logs, clock } = this.deps;
    const before = { firstName: auth.user.firstName, lastName: auth.user.lastName, displayName: auth.user.displayName };
    const after = { ...body, displayName: `${body.firstName} ${body.lastName}` };
    const changes = changedFields(before, after);
    if (Object.keys(changes).length > 0) {
      await db.transaction().execute(async (trx) => {
        const names = { first_name: after.firstName, last_name: after.lastName, display_name: after.displayName };
        await users.updateNames(
          trx,
          auth.user.id,
          // The users list and the recipient search match these words (users/user-search.ts).
          { ...names, search_text: userSearchText({ ...names, email: auth.user.email }) },
          isoNow(clock),
        );
        await logs.record(trx, {
          action: 'update',
          entityType: 'user',
          entityId: auth.user.id,
          metadata: { email: auth.user.email, source: 'account' },
          changes,
          user: auditUser(auth),
        });
      });
    }
    return this.account(auth);
  }

  /**
   * Changes the password after checking the current one (ASVS 6.2.3), and ends every other session of the
   * user (7.4.3): whoever else held one must sign in again with the new password. A user who signs in only
   * through single sign-on has no password to change.
   */
  async changePassword(auth: AuthContext, body: PasswordChangeBody, ip: string): Promise<SessionsEnded> {
    requireSignedIn(auth);
    const { db, users, clock } = this.deps;
    const row = await users.findAccount(db, auth.user.id);
    if (!row) throw new AppError('UNAUTHORIZED');
    if (row.password_hash === null) throw new AppError('NO_PASSWORD');
    if (!(await this.deps.auth.verifyOwnPassword(row.email, row.password_hash, body.currentPassword, ip))) {
      throw validationError({ currentPassword: 'account.wrongPassword' });
    }
    const passwordHash = await hashPassword(body.newPassword);
    const ended = await db.transaction().execute(async (trx) => {
      const now = isoNow(clock);
      await users.setPassword(trx, auth.user.id, passwordHash, now);
      return this.endOthers(trx, auth, now, 'change_password');
    });
    return { ended };
  }

  async sessions(auth: AuthContext): Promise<AccountSessionList> {
    requireSignedIn(auth);
    const rows = await this.deps.sessions.listOpenOfUser(this.deps.db, auth.user.id, isoNow(this.deps.clock));
    return { sessions: rows.map((row) => toAccountSession(row, auth.sessionId)) };
  }

  /** Ends one of the user's own open sessions (this one included); another user's is not found. */
  async endSession(auth: AuthContext, sessionId: string): Promise<void> {
    requireSignedIn(auth);
    const { db, sessions, logs, clock } = this.deps;
    await db.transaction().execute(async (trx) => {
      if (!(await sessions.revokeOfUser(trx, auth.user.id, sessionId, isoNow(clock)))) {
        throw new AppError('NOT_FOUND');
      }
      await logs.record(trx, {
        action: 'end_session',
        entityType: 'user',
        entityId: auth.user.id,
        metadata: { email: auth.user.email, sessionId, current: sessionId === auth.sessionId },
        user: auditUser(auth),
      });
    });
  }

  async endOtherSessions(auth: AuthContext): Promise<SessionsEnded> {
    requireSignedIn(auth);
    const { db, clock } = this.deps;
    const ended = await db
      .transaction()
      .execute((trx) => this.endOthers(trx, auth, isoNow(clock), 'end_other_sessions'));
    return { ended };
  }

  /** Ends the user's sessions but this one, audited as `action`, in the caller's transaction; answers how many. */
  private async endOthers(
    trx: Db,
    auth: AuthContext,
    now: string,
    action: Extract<AuditAction, 'change_password' | 'end_other_sessions'>,
  ): Promise<number> {
    const count = await this.deps.sessions.revokeAllOf(trx, auth.user.id, now, auth.sessionId);
    await this.deps.logs.record(trx, {
      action,
      entityType: 'user',
      entityId: auth.user.id,
      metadata: { email: auth.user.email, endedSessions: count },
      user: auditUser(auth),
    });
    return count;
  }
}
