import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import { isPostgres } from '#server/db/dialect.ts';
import { userSearchPattern } from './user-search.ts';
import type { NewUserRow, UserRow } from '#server/db/schema.ts';

export const sessionUserColumns = [
  'users.id',
  'users.email',
  'users.display_name',
  'users.first_name',
  'users.last_name',
  'users.is_admin',
  'users.read_write',
  'users.manager_id',
] as const;

export type SessionUserRow = Pick<
  UserRow,
  'id' | 'email' | 'display_name' | 'first_name' | 'last_name' | 'is_admin' | 'read_write' | 'manager_id'
>;

/** The key of the advisory lock that serialises hierarchy changes on PostgreSQL (any constant of our own). */
const HIERARCHY_LOCK = 150_001;

export class UsersRepository {
  constructor(private readonly db: Db) {}

  findForLogin(email: string) {
    return this.db
      .selectFrom('users')
      .select([...sessionUserColumns, 'users.password_hash'])
      .where('users.email', '=', email.toLowerCase())
      .where('users.deleted_at', 'is', null)
      .executeTakeFirst();
  }

  async insert(row: NewUserRow): Promise<void> {
    await this.db.insertInto('users').values(row).execute();
  }

  async setManager(userId: string, managerId: string | null, updatedAt: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ manager_id: managerId, updated_at: updatedAt })
      .where('id', '=', userId)
      .execute();
  }

  /** The users whose manager is managerId, by name then e-mail. */
  findManagees(managerId: string, db: Db = this.db) {
    return db
      .selectFrom('users')
      .select(['users.id', 'users.display_name', 'users.email'])
      .where('users.manager_id', '=', managerId)
      .where('users.deleted_at', 'is', null)
      .orderBy('users.display_name')
      .orderBy('users.email')
      .execute();
  }

  /** A user who has not been deleted, as the administration reads them. */
  findActive(db: Db, id: string) {
    return db
      .selectFrom('users')
      .selectAll()
      .where('users.id', '=', id)
      .where('users.deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /**
   * Serialises the changes of the manager hierarchy in one database: two concurrent changes could each pass the
   * cycle check and make a cycle together. PostgreSQL takes a transaction-scoped advisory lock; on SQLite an
   * UPDATE that changes nothing takes the database's write lock before the transaction reads the hierarchy.
   */
  async lockHierarchy(db: Db): Promise<void> {
    await (
      isPostgres(db)
        ? sql`select pg_advisory_xact_lock(${HIERARCHY_LOCK})`
        : sql`update users set updated_at = updated_at where 0 = 1`
    ).execute(db);
  }

  /** Hands every managee of `fromManagerId` to `toManagerId` (null: no manager). */
  async moveManagees(db: Db, fromManagerId: string, toManagerId: string | null, at: string): Promise<void> {
    await db
      .updateTable('users')
      .set({ manager_id: toManagerId, updated_at: at })
      .where('manager_id', '=', fromManagerId)
      .execute();
  }

  async markDeleted(db: Db, id: string, at: string): Promise<void> {
    await db
      .updateTable('users')
      .set({ deleted_at: at, updated_at: at })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .execute();
  }

  /** Users not deleted whose words start with every typed word, by first and last name, then address. */
  searchEmails(terms: readonly string[], limit: number) {
    return (
      this.db
        .selectFrom('users')
        .select(['users.email', 'users.display_name', 'users.first_name', 'users.last_name'])
        .where('users.deleted_at', 'is', null)
        .where((eb) => eb.and(terms.map((term) => eb('users.search_text', 'like', userSearchPattern(term)))))
        // The normalised names: accents and case don't move anyone in the list.
        .orderBy('users.search_text')
        .orderBy('users.email')
        .limit(limit)
        .execute()
    );
  }

  async recordLogin(db: Db, userId: string, at: string): Promise<void> {
    await db.updateTable('users').set({ last_login: at }).where('id', '=', userId).execute();
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return row.count;
  }

  /** The user as a session carries them, by id, unless deleted. */
  findSessionUser(db: Db, id: string): Promise<SessionUserRow | undefined> {
    return db
      .selectFrom('users')
      .select(sessionUserColumns)
      .where('users.id', '=', id)
      .where('users.deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /** The user with this e-mail (stored in lower case), deleted or not: a deleted one keeps their address. */
  findByEmail(db: Db, email: string) {
    return db
      .selectFrom('users')
      .select([...sessionUserColumns, 'users.deleted_at'])
      .where('users.email', '=', email.toLowerCase())
      .executeTakeFirst();
  }

  /** Inserts within the caller's transaction (a user created with its audit entry). */
  async insertIn(db: Db, row: NewUserRow): Promise<void> {
    await db.insertInto('users').values(row).execute();
  }

  /** What the account page shows of the user; `password_hash` only tells whether there is one. */
  findAccount(id: string) {
    return this.db
      .selectFrom('users')
      .select([...sessionUserColumns, 'users.password_hash', 'users.created_at', 'users.last_login'])
      .where('users.id', '=', id)
      .where('users.deleted_at', 'is', null)
      .executeTakeFirst();
  }

  async updateNames(
    db: Db,
    id: string,
    names: Pick<UserRow, 'first_name' | 'last_name' | 'display_name' | 'search_text'>,
    at: string,
  ): Promise<void> {
    await db
      .updateTable('users')
      .set({ ...names, updated_at: at })
      .where('id', '=', id)
      .execute();
  }

  async setPasswordHash(db: Db, id: string, passwordHash: string, at: string): Promise<void> {
    await db.updateTable('users').set({ password_hash: passwordHash, updated_at: at }).where('id', '=', id).execute();
  }
}
