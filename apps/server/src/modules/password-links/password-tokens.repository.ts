import type { Db } from '#server/db/database.ts';
import type { PasswordTokensTable } from '#server/db/schema.ts';
import { sessionUserColumns } from '#server/modules/users/users.repository.ts';

export class PasswordTokensRepository {
  async insert(db: Db, row: PasswordTokensTable): Promise<void> {
    await db.insertInto('password_tokens').values(row).execute();
  }

  /** Retires the user's links not used yet: only the newest link works. */
  async retireUnused(db: Db, userId: string, at: string): Promise<void> {
    await db
      .updateTable('password_tokens')
      .set({ used_at: at })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
  }

  /** The link of this secret's hash with its user, if it is unused, unexpired, and its user not deleted. */
  findUsable(db: Db, hash: string, now: string) {
    return db
      .selectFrom('password_tokens')
      .innerJoin('users', 'users.id', 'password_tokens.user_id')
      .select([
        'password_tokens.id as token_id',
        'password_tokens.purpose',
        'password_tokens.expires_at',
        ...sessionUserColumns,
      ])
      .where('password_tokens.token_hash', '=', hash)
      .where('password_tokens.used_at', 'is', null)
      .where('password_tokens.expires_at', '>', now)
      .where('users.deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /** Marks the link used, if nobody used it in the meantime: of two uses racing, one wins. */
  async use(db: Db, tokenId: string, at: string): Promise<boolean> {
    const result = await db
      .updateTable('password_tokens')
      .set({ used_at: at })
      .where('id', '=', tokenId)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** Links expired or used more than the retention ago serve no purpose. */
  async deleteEndedBefore(db: Db, before: string): Promise<void> {
    await db
      .deleteFrom('password_tokens')
      .where((eb) => eb.or([eb('expires_at', '<', before), eb('used_at', '<', before)]))
      .execute();
  }
}
