import type { Db } from '#server/db/database.ts';
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

export class UsersRepository {
  constructor(private readonly db: Db) {}

  findForLogin(email: string) {
    return this.db
      .selectFrom('users')
      .select([...sessionUserColumns, 'users.password_hash'])
      .where('users.email', '=', email.toLowerCase())
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
  findManagees(managerId: string) {
    return this.db
      .selectFrom('users')
      .select(['users.id', 'users.display_name', 'users.email'])
      .where('users.manager_id', '=', managerId)
      .orderBy('users.display_name')
      .orderBy('users.email')
      .execute();
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

  /** The user as a session carries them, by id. */
  findSessionUser(db: Db, id: string): Promise<SessionUserRow | undefined> {
    return db.selectFrom('users').select(sessionUserColumns).where('users.id', '=', id).executeTakeFirst();
  }

  /** The user with this e-mail (stored in lower case). */
  findByEmail(db: Db, email: string): Promise<SessionUserRow | undefined> {
    return db
      .selectFrom('users')
      .select(sessionUserColumns)
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
      .executeTakeFirst();
  }

  async updateNames(
    db: Db,
    id: string,
    names: Pick<UserRow, 'first_name' | 'last_name' | 'display_name'>,
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
