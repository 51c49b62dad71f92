import type { Db } from '#server/db/database.ts';
import type { UserIdentitiesTable } from '#server/db/schema.ts';

/** Users' identities at OpenID Connect providers: (issuer, subject), at most one per user and issuer. */
export class UserIdentitiesRepository {
  /** The user an identity is linked to. */
  async findUserId(db: Db, issuer: string, subject: string): Promise<string | undefined> {
    const row = await db
      .selectFrom('user_identities')
      .select('user_id')
      .where('issuer', '=', issuer)
      .where('subject', '=', subject)
      .executeTakeFirst();
    return row?.user_id;
  }

  /** The user's identity at this issuer, if one is linked. */
  findOfUser(db: Db, userId: string, issuer: string) {
    return db
      .selectFrom('user_identities')
      .select(['subject', 'created_at'])
      .where('user_id', '=', userId)
      .where('issuer', '=', issuer)
      .executeTakeFirst();
  }

  /** Every identity of the user (the account page). */
  listOfUser(db: Db, userId: string) {
    return db
      .selectFrom('user_identities')
      .select(['issuer', 'created_at', 'last_login_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
  }

  async insert(db: Db, identity: UserIdentitiesTable): Promise<void> {
    await db.insertInto('user_identities').values(identity).execute();
  }

  async recordLogin(db: Db, issuer: string, subject: string, at: string): Promise<void> {
    await db
      .updateTable('user_identities')
      .set({ last_login_at: at })
      .where('issuer', '=', issuer)
      .where('subject', '=', subject)
      .execute();
  }
}
