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
      .select(sessionUserColumns)
      .where('sessions.id', '=', p.sessionId)
      .where('sessions.revoked_at', 'is', null)
      .where('sessions.expires_at', '>', p.now)
      // A deleted user's sessions end at once, whatever revoked them or not.
      .where('users.deleted_at', 'is', null),
  ['sessionId', 'now'],
);

export class SessionsRepository {
  constructor(private readonly db: Db) {}

  async insert(db: Db, session: SessionsTable): Promise<void> {
    await db.insertInto('sessions').values(session).execute();
  }

  /** The session's user, read fresh so a permission change or a revocation counts at once. */
  async findActiveUser(sessionId: string, now: string): Promise<SessionUserRow | undefined> {
    const [row] = await activeUserQuery(this.db, { sessionId, now });
    return row;
  }

  async revoke(db: Db, sessionId: string, at: string): Promise<void> {
    await db
      .updateTable('sessions')
      .set({ revoked_at: at })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Ends every session of a user, or all but one (the one that changed the password keeps going). */
  async revokeAllOf(db: Db, userId: string, at: string, exceptSessionId?: string): Promise<void> {
    await db
      .updateTable('sessions')
      .set({ revoked_at: at })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .$if(exceptSessionId !== undefined, (qb) => qb.where('id', '!=', exceptSessionId ?? ''))
      .execute();
  }

  /** Sessions ended more than a day ago serve no purpose. */
  async deleteEndedBefore(before: string): Promise<void> {
    await this.db
      .deleteFrom('sessions')
      .where((eb) => eb.or([eb('expires_at', '<', before), eb('revoked_at', '<', before)]))
      .execute();
  }
}
