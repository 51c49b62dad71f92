import { type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import { isPostgres } from '#server/db/dialect.ts';
import { userSearchPattern } from './user-search.ts';
import type { Database, NewUserRow, UserRow, UserRowUpdate } from '#server/db/schema.ts';

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

/** What the users list, the org chart and the detail page read of a user. */
const summaryColumns = [...sessionUserColumns, 'users.last_login', 'users.created_at'] as const;

export type UserSummaryRow = SessionUserRow &
  Pick<UserRow, 'last_login' | 'created_at'> & { invitation_pending: SqlBool };

/** The users not deleted whose words start with every typed word (user-search.ts). */
function matching<QB extends SelectQueryBuilder<Database, 'users', object>>(qb: QB, terms: readonly string[]): QB {
  return qb
    .where('users.deleted_at', 'is', null)
    .$if(terms.length > 0, (q) =>
      q.where((eb) => eb.and(terms.map((term) => eb('users.search_text', 'like', userSearchPattern(term))))),
    ) as QB;
}

/**
 * The recursive table `below(id)`: everyone under the user in the hierarchy, however deep. UNION, not UNION
 * ALL: a cycle already in the data would otherwise never end.
 */
function withBelow(db: Db, id: string) {
  return db.withRecursive('below(id)', (qb) =>
    qb
      .selectFrom('users')
      .select('users.id')
      .where('users.manager_id', '=', id)
      .union(qb.selectFrom('users').innerJoin('below', 'below.id', 'users.manager_id').select('users.id')),
  );
}

/** The recursive table `above(id)`: the user's manager, their manager, and so on up. */
function withAbove(db: Db, id: string) {
  return db.withRecursive('above(id)', (qb) =>
    qb
      .selectFrom('users')
      .select('users.manager_id as id')
      .where('users.id', '=', id)
      .where('users.manager_id', 'is not', null)
      .union(
        qb
          .selectFrom('users')
          .innerJoin('above', 'above.id', 'users.id')
          .select('users.manager_id as id')
          .where('users.manager_id', 'is not', null),
      ),
  );
}

export type SessionUserRow = Pick<
  UserRow,
  'id' | 'email' | 'display_name' | 'first_name' | 'last_name' | 'is_admin' | 'read_write' | 'manager_id'
>;

/** The key of the advisory lock that serialises hierarchy changes on PostgreSQL (any constant of our own). */
const HIERARCHY_LOCK = 150_001;

export class UsersRepository {
  findForLogin(db: Db, email: string) {
    return db
      .selectFrom('users')
      .select([...sessionUserColumns, 'users.password_hash'])
      .where('users.email', '=', email.toLowerCase())
      .where('users.deleted_at', 'is', null)
      .executeTakeFirst();
  }

  async insert(db: Db, row: NewUserRow): Promise<void> {
    await db.insertInto('users').values(row).execute();
  }

  /** A page of the users list: not deleted, matching every typed word, by first and last name. */
  async list(db: Db, terms: readonly string[], offset: number, limit: number): Promise<UserSummaryRow[]> {
    return matching(db.selectFrom('users'), terms)
      .select(summaryColumns)
      .select((eb) => eb('users.password_hash', 'is', null).as('invitation_pending'))
      .orderBy('users.search_text')
      .orderBy('users.id')
      .offset(offset)
      .limit(limit)
      .execute();
  }

  async countMatching(db: Db, terms: readonly string[]): Promise<number> {
    const row = await matching(db.selectFrom('users'), terms)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return row.count;
  }

  /** Every user not deleted with their manager: the org chart, built on the client. */
  orgChart(db: Db) {
    return db
      .selectFrom('users')
      .select([...sessionUserColumns])
      .where('users.deleted_at', 'is', null)
      .orderBy('users.search_text')
      .orderBy('users.id')
      .execute();
  }

  /** One user not deleted, as the detail page shows them. */
  findSummary(db: Db, id: string): Promise<UserSummaryRow | undefined> {
    return db
      .selectFrom('users')
      .select(summaryColumns)
      .select((eb) => eb('users.password_hash', 'is', null).as('invitation_pending'))
      .where('users.id', '=', id)
      .where('users.deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /** The users of these ids that are not deleted. */
  findActiveByIds(db: Db, ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('users')
      .select([
        'users.id',
        'users.email',
        'users.display_name',
        'users.first_name',
        'users.last_name',
        'users.manager_id',
      ])
      .where('users.id', 'in', ids)
      .where('users.deleted_at', 'is', null)
      .execute();
  }

  async update(db: Db, id: string, patch: UserRowUpdate): Promise<void> {
    await db.updateTable('users').set(patch).where('id', '=', id).execute();
  }

  /** Admins not deleted: the last one can't lose the right. */
  async countAdmins(db: Db): Promise<number> {
    const row = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('users.is_admin', '=', 1)
      .where('users.deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return row.count;
  }

  /** Everyone below the user in the hierarchy, however deep. */
  async descendantIds(db: Db, id: string): Promise<string[]> {
    const rows = await withBelow(db, id).selectFrom('below').select('below.id').execute();
    return rows.map((row) => row.id);
  }

  /** The user's manager, their manager, and so on up. */
  async ancestorIds(db: Db, id: string): Promise<string[]> {
    const rows = await withAbove(db, id).selectFrom('above').select('above.id').execute();
    return rows.flatMap((row) => (row.id === null ? [] : [row.id]));
  }

  /** Who may become the user's manager: anyone but themself and the people below them (no cycle). */
  managerCandidates(db: Db, id: string, terms: readonly string[], limit: number) {
    return matching(withBelow(db, id).selectFrom('users'), terms)
      .select(['users.id', 'users.email', 'users.display_name', 'users.first_name', 'users.last_name'])
      .where('users.id', '!=', id)
      .where('users.id', 'not in', (eb) => eb.selectFrom('below').select('below.id'))
      .orderBy('users.search_text')
      .orderBy('users.id')
      .limit(limit)
      .execute();
  }

  /**
   * Who may become the user's managee (spec 001 §4): anyone but themself, the people above them, and users who
   * already have another manager. Their current managees are candidates (they stay selected).
   */
  manageeCandidates(db: Db, id: string, terms: readonly string[], limit: number) {
    return matching(withAbove(db, id).selectFrom('users'), terms)
      .select(['users.id', 'users.email', 'users.display_name', 'users.first_name', 'users.last_name'])
      .where('users.id', '!=', id)
      .where((eb) => eb.or([eb('users.manager_id', 'is', null), eb('users.manager_id', '=', id)]))
      .where('users.id', 'not in', (eb) => eb.selectFrom('above').select('above.id').where('above.id', 'is not', null))
      .orderBy('users.search_text')
      .orderBy('users.id')
      .limit(limit)
      .execute();
  }

  /** The user's products, active or not (an inactive one stays shown where it was assigned), by name. */
  productsOf(db: Db, userId: string) {
    return db
      .selectFrom('user_products')
      .innerJoin('products', 'products.id', 'user_products.product_id')
      .select(['products.id', 'products.name', 'products.active'])
      .where('user_products.user_id', '=', userId)
      .orderBy('products.name')
      .execute();
  }

  /** The ids among these that are products. */
  async existingProductIds(db: Db, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await db.selectFrom('products').select('products.id').where('products.id', 'in', ids).execute();
    return rows.map((row) => row.id);
  }

  async removeProducts(db: Db, userId: string): Promise<void> {
    await db.deleteFrom('user_products').where('user_id', '=', userId).execute();
  }

  async addProducts(db: Db, userId: string, productIds: readonly string[]): Promise<void> {
    if (productIds.length === 0) return;
    await db
      .insertInto('user_products')
      .values(productIds.map((product_id) => ({ user_id: userId, product_id })))
      .execute();
  }

  /** Gives these users a manager (null: none). */
  async setManager(db: Db, userIds: readonly string[], managerId: string | null, at: string): Promise<void> {
    if (userIds.length === 0) return;
    await db.updateTable('users').set({ manager_id: managerId, updated_at: at }).where('id', 'in', userIds).execute();
  }

  /** The users whose manager is managerId, by name then e-mail. */
  findManagees(db: Db, managerId: string) {
    return db
      .selectFrom('users')
      .select(['users.id', 'users.display_name', 'users.email', 'users.first_name', 'users.last_name'])
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
  searchEmails(db: Db, terms: readonly string[], limit: number) {
    return (
      db
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

  async setPassword(db: Db, id: string, passwordHash: string, at: string): Promise<void> {
    await db.updateTable('users').set({ password_hash: passwordHash, updated_at: at }).where('id', '=', id).execute();
  }

  async recordLogin(db: Db, userId: string, at: string): Promise<void> {
    await db.updateTable('users').set({ last_login: at }).where('id', '=', userId).execute();
  }

  async count(db: Db): Promise<number> {
    const row = await db
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

  /**
   * The user with this e-mail (stored in lower case), deleted or not: a deleted one keeps their address, restored
   * if they are invited again (decision 0028).
   */
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
  findAccount(db: Db, id: string) {
    return db
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
}
