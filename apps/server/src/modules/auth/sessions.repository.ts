import type { Db } from '#server/db/database.ts';
import { preparedQuery } from '#server/db/prepared.ts';
import type { SessionsTable } from '#server/db/schema.ts';
import { type SessionUserRow, sessionUserColumns } from '#server/modules/users/users.repository.ts';

// Runs on every authenticated request.
const activeUserQuery = preparedQuery(
  (db, p: { sessionId: string; now: string }) =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select([...sessionUserColumns, 'sessions.last_used_at'])
      .where('sessions.id', '=', p.sessionId)
      .where('sessions.revoked_at', 'is', null)
      .where('sessions.expires_at', '>', p.now)
      // A deleted user's sessions end at once, whatever revoked them or not.
      .where('users.deleted_at', 'is', null),
  ['sessionId', 'now'],
);

export type ActiveSessionRow = SessionUserRow & { last_used_at: string | null };

export class SessionsRepository {
  async insert(db: Db, session: SessionsTable): Promise<void> {
    await db.insertInto('sessions').values(session).execute();
  }

  /** The session's user, read fresh so a permission change or a revocation counts at once. */
  async findActiveUser(db: Db, sessionId: string, now: string): Promise<ActiveSessionRow | undefined> {
    const [row] = await activeUserQuery(db, { sessionId, now });
    return row;
  }

  /** Records a use of the session; the caller writes only when the last recorded one is old enough. */
  async touch(db: Db, sessionId: string, at: string): Promise<void> {
    await db.updateTable('sessions').set({ last_used_at: at }).where('id', '=', sessionId).execute();
  }

  /** The user's sessions still open, the most recently used first. */
  listOpenOfUser(db: Db, userId: string, now: string) {
    return db
      .selectFrom('sessions')
      .select(['id', 'created_at', 'last_used_at', 'ip', 'user_agent', 'auth_method'])
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('last_used_at', 'desc')
      .orderBy('created_at', 'desc')
      .execute();
  }

  /** The provider's ID token a single-sign-on session keeps for the provider's sign-out. */
  async findSsoIdToken(db: Db, sessionId: string): Promise<string | null> {
    const row = await db.selectFrom('sessions').select('sso_id_token').where('id', '=', sessionId).executeTakeFirst();
    return row?.sso_id_token ?? null;
  }

  async revoke(db: Db, sessionId: string, at: string): Promise<void> {
    await db
      .updateTable('sessions')
      .set({ revoked_at: at, sso_id_token: null })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Ends one open session of the user; answers whether there was one (another user's id ends nothing). */
  async revokeOfUser(db: Db, userId: string, sessionId: string, at: string): Promise<boolean> {
    const result = await db
      .updateTable('sessions')
      .set({ revoked_at: at, sso_id_token: null })
      .where('id', '=', sessionId)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', at)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * Ends every open session of a user, or all but one (the one that changed the password keeps going);
   * answers how many ended.
   */
  async revokeAllOf(db: Db, userId: string, at: string, exceptSessionId?: string): Promise<number> {
    const result = await db
      .updateTable('sessions')
      .set({ revoked_at: at, sso_id_token: null })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', at)
      .$if(exceptSessionId !== undefined, (qb) => qb.where('id', '!=', exceptSessionId ?? ''))
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
