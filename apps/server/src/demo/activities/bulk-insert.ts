import { CompiledQuery, type InsertObject, sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import { isPostgres } from '#server/db/dialect.ts';
import { newId } from '#server/db/ids.ts';
import type { Database, UsersTable } from '#server/db/schema.ts';
import { insertRows } from '#server/demo/directory/bulk-insert.ts';
import {
  BENCH_EMAIL_DOMAIN,
  benchManagerEmail,
  benchManagerOf,
  benchRepEmail,
  REPS_PER_MANAGER,
} from './bench-accounts.ts';
import { DEMO_PRODUCTS } from './catalogue.ts';
import type { ActivityBatch, ChannelRef, DoctorRef, ProductRef } from './activity-rows.ts';
import { demoProducts } from './demo-activities.ts';
import { productRef, productSelection } from './portfolios.ts';
import type { TierOwner } from './tier-activities.ts';
import { userSearchText } from '#server/modules/users/user-search.ts';

/**
 * Loading generated activities fast. SQLite: multi-row INSERTs whose SQL text is built once per row count
 * and run as a raw compiled query (the statement cache keeps it prepared; Kysely's builder would spend more
 * time compiling a thousand-row VALUES than SQLite spends inserting it). PostgreSQL: the directory's
 * one-array-per-column INSERT … SELECT FROM unnest.
 */

/** SQLite's default limit of bind parameters in one statement. */
const SQLITE_MAX_PARAMETERS = 32_766;
/** Rows per SQLite statement; larger statements stop paying. */
const SQLITE_ROWS_PER_STATEMENT = 500;

type TableName = keyof Database;

const statementTexts = new Map<string, string>();

async function insertSqliteRows<T extends TableName>(
  db: Db,
  table: T,
  rows: readonly InsertObject<Database, T>[],
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first);
  const perStatement = Math.max(
    1,
    Math.min(SQLITE_ROWS_PER_STATEMENT, Math.floor(SQLITE_MAX_PARAMETERS / columns.length)),
  );
  for (let start = 0; start < rows.length; start += perStatement) {
    const end = Math.min(rows.length, start + perStatement);
    const key = `${table}:${columns.join(',')}:${end - start}`;
    let text = statementTexts.get(key);
    if (!text) {
      const tuple = `(${columns.map(() => '?').join(', ')})`;
      text = `insert into "${table}" (${columns.map((column) => `"${column}"`).join(', ')}) values ${Array.from(
        { length: end - start },
        () => tuple,
      ).join(', ')}`;
      statementTexts.set(key, text);
    }
    const parameters: unknown[] = [];
    for (let index = start; index < end; index += 1) {
      const values = rows[index] as Record<string, unknown>;
      for (const column of columns) parameters.push(values[column]);
    }
    await db.executeQuery(CompiledQuery.raw(text, parameters));
  }
}

/** A batch's rows, activities before their products and attendees, in the caller's transaction. */
export async function insertActivityRows(trx: Db, batch: ActivityBatch): Promise<void> {
  const insert = isPostgres(trx) ? insertRows : insertSqliteRows;
  await insert(trx, 'activities', batch.activities);
  await insert(trx, 'activity_products', batch.activityProducts);
  await insert(trx, 'activity_attendees', batch.activityAttendees);
}

/** One batch in one transaction. */
export async function insertActivityBatch(db: Db, batch: ActivityBatch): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // A bulk load lost in a crash is run again: don't wait for each commit's flush.
    if (isPostgres(trx)) await sql`set local synchronous_commit = off`.execute(trx);
    await insertActivityRows(trx, batch);
  });
}

/**
 * Inserts generated batches: `concurrency` transactions at a time on PostgreSQL (one connection each, the
 * generator preparing the next batch meanwhile), one at a time on SQLite. Answers the activities inserted.
 */
export async function insertActivities(
  db: Db,
  batches: Iterable<ActivityBatch>,
  options: { concurrency?: number; onProgress?: (activities: number) => void } = {},
): Promise<number> {
  const concurrency = isPostgres(db) ? Math.max(1, options.concurrency ?? 2) : 1;
  const inFlight = new Set<Promise<void>>();
  const failures: unknown[] = [];
  let inserted = 0;
  for (const batch of batches) {
    while (inFlight.size >= concurrency) await Promise.race(inFlight);
    if (failures.length > 0) break;
    const count = batch.activities.length;
    const insert: Promise<void> = insertActivityBatch(db, batch)
      .then(
        () => {
          inserted += count;
          options.onProgress?.(inserted);
        },
        (error: unknown) => {
          failures.push(error);
        },
      )
      .finally(() => inFlight.delete(insert));
    inFlight.add(insert);
  }
  await Promise.all(inFlight);
  if (failures.length > 0) throw failures[0];
  return inserted;
}

/**
 * Runs a bulk load with the secondary indexes of the activities table dropped, then builds them again from
 * their stored definitions: sorting the finished table once is much faster than keeping four B-trees in
 * order row by row (measured in docs/benchmarks.md). The definitions come from the database itself, so
 * they stay those of the migrations. If the load fails the indexes are still rebuilt.
 */
export async function withoutActivityIndexes<T>(
  db: Db,
  load: () => Promise<T>,
  onRebuild?: (indexes: number) => void,
): Promise<T> {
  const indexes = await activityIndexes(db);
  for (const index of indexes) await sql`drop index ${sql.ref(index.name)}`.execute(db);
  try {
    return await load();
  } finally {
    onRebuild?.(indexes.length);
    for (const index of indexes) {
      if (isPostgres(db)) {
        await db.transaction().execute(async (trx) => {
          await sql`set local maintenance_work_mem = '1GB'`.execute(trx);
          await sql.raw(index.definition).execute(trx);
        });
      } else {
        await sql.raw(index.definition).execute(db);
      }
    }
  }
}

async function activityIndexes(db: Db): Promise<{ name: string; definition: string }[]> {
  if (isPostgres(db)) {
    const result = await sql<{ name: string; definition: string }>`
      select indexname as name, indexdef as definition from pg_indexes
      where schemaname = current_schema() and tablename = 'activities'
        and indexname not in (select conname from pg_constraint)
      order by indexname`.execute(db);
    return result.rows;
  }
  // Indexes SQLite made for constraints have no SQL text and stay.
  const result = await sql<{ name: string; definition: string }>`
    select name, sql as definition from sqlite_master
    where type = 'index' and tbl_name = 'activities' and sql is not null
    order by name`.execute(db);
  return result.rows;
}

/** The active channels, in the form's order. */
export async function loadChannels(db: Db): Promise<ChannelRef[]> {
  const rows = await db
    .selectFrom('channels')
    .select(['id', 'name', 'is_time_off', 'needs_budget_approval'])
    .where('active', '=', 1)
    .orderBy('position')
    .orderBy('name')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    isTimeOff: row.is_time_off === 1,
    needsBudgetApproval: row.needs_budget_approval === 1,
  }));
}

/** Inserts the demo products when there is no product yet; answers the active products, catalogue order first. */
export async function ensureProducts(db: Db, now: string): Promise<ProductRef[]> {
  const existing = await db.selectFrom('products').select('id').limit(1).executeTakeFirst();
  if (!existing) await insertRows(db, 'products', demoProducts(now));
  const rows = await db.selectFrom('products').select(['id', 'name']).where('active', '=', 1).orderBy('name').execute();
  const rank = (name: string) => {
    const index = DEMO_PRODUCTS.findIndex((product) => product.name === name);
    return index < 0 ? DEMO_PRODUCTS.length : index;
  };
  return rows.sort((a, b) => rank(a.name) - rank(b.name)).map(productRef);
}

/**
 * Doctors with their primary office, in RPPS order (the same for a seeded directory), keeping one in every
 * `stride` so that at most `maxSize` come back from however large a directory. Read in pages.
 */
export async function loadDoctorPool(db: Db, maxSize: number): Promise<DoctorRef[]> {
  const total = await db
    .selectFrom('doctors')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const stride = Math.max(1, Math.ceil(total.count / Math.max(1, maxSize)));
  const pool: DoctorRef[] = [];
  let after = '';
  let position = 0;
  for (;;) {
    const rows = await db
      .selectFrom('doctors as d')
      .leftJoin('doctor_offices as l', (join) =>
        join.onRef('l.doctor_id', '=', 'd.id').on('l.is_primary', '=', sql.lit(1)),
      )
      .leftJoin('offices as o', 'o.id', 'l.office_id')
      .select([
        'd.id',
        'd.rpps',
        'd.first_name',
        'd.last_name',
        'd.prefix',
        'd.primary_specialty',
        'o.id as office_id',
        'o.name as office_name',
        'o.address',
        'o.postal_code',
        'o.city',
        'o.phone',
        'o.email',
      ])
      .where('d.rpps', '>', after)
      .orderBy('d.rpps')
      .limit(20_000)
      .execute();
    const last = rows[rows.length - 1];
    if (!last) break;
    after = last.rpps;
    for (const row of rows) {
      position += 1;
      if ((position - 1) % stride !== 0 || pool.length >= maxSize) continue;
      pool.push({
        id: row.id,
        firstName: row.first_name,
        lastName: row.last_name,
        prefix: row.prefix,
        specialty: row.primary_specialty,
        office:
          row.office_id === null
            ? null
            : {
                id: row.office_id,
                name: row.office_name ?? '',
                address: row.address ?? '',
                postalCode: row.postal_code ?? '',
                city: row.city ?? '',
                phone: row.phone,
                email: row.email,
              },
      });
    }
  }
  return pool;
}

/**
 * A tier's accounts: `reps` representatives with readWrite (rep00001…), one manager for every ten
 * (manager0001…), all with the same password hash; each representative sells 2 to 4 products.
 * Answers the representatives in order, with their manager as approver and their products.
 */
export async function createBenchUsers(
  db: Db,
  options: { reps: number; passwordHash: string; products: readonly ProductRef[]; now: string },
): Promise<TierOwner[]> {
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where('email', 'like', `%@${BENCH_EMAIL_DOMAIN}`)
    .limit(1)
    .executeTakeFirst();
  if (existing) throw new Error(`this database already has ${BENCH_EMAIL_DOMAIN} accounts: seed a fresh database`);
  const user = (email: string, firstName: string, lastName: string, managerId: string | null): UsersTable => ({
    id: newId(),
    email,
    first_name: firstName,
    last_name: lastName,
    display_name: `${firstName} ${lastName}`,
    search_text: userSearchText({
      email,
      first_name: firstName,
      last_name: lastName,
      display_name: `${firstName} ${lastName}`,
    }),
    password_hash: options.passwordHash,
    is_admin: 0,
    read_write: 1,
    manager_id: managerId,
    last_login: null,
    created_at: options.now,
    updated_at: options.now,
    deleted_at: null,
  });
  const managers = Array.from({ length: Math.ceil(options.reps / REPS_PER_MANAGER) }, (_, index) =>
    user(benchManagerEmail(index + 1), 'Responsable', `Région ${index + 1}`, null),
  );
  const reps = Array.from({ length: options.reps }, (_, index) =>
    user(benchRepEmail(index + 1), 'Délégué', `n° ${index + 1}`, managers[benchManagerOf(index + 1) - 1]?.id ?? null),
  );
  const owners = reps.map((rep, index) => ({
    id: rep.id,
    approverId: rep.manager_id,
    products: productSelection(options.products, index, 2 + (index % 3)),
  }));
  await db.transaction().execute(async (trx) => {
    await insertRows(trx, 'users', managers);
    await insertRows(trx, 'users', reps);
    await insertRows(
      trx,
      'user_products',
      owners.flatMap((owner) => owner.products.map((product) => ({ user_id: owner.id, product_id: product.id }))),
    );
  });
  return owners;
}

/** The tier's representatives already in the database, in number order, with their manager and products. */
export async function existingBenchReps(db: Db, products: readonly ProductRef[]): Promise<TierOwner[]> {
  const reps = await db
    .selectFrom('users')
    .select(['id', 'manager_id'])
    .where('email', 'like', `rep%@${BENCH_EMAIL_DOMAIN}`)
    .orderBy('email')
    .execute();
  const assigned = await db
    .selectFrom('user_products')
    .innerJoin('users', 'users.id', 'user_products.user_id')
    .select(['user_products.user_id', 'user_products.product_id'])
    .where('users.email', 'like', `rep%@${BENCH_EMAIL_DOMAIN}`)
    .execute();
  const byId = new Map(products.map((product) => [product.id, product]));
  const productsOf = new Map<string, ProductRef[]>();
  for (const row of assigned) {
    const product = byId.get(row.product_id);
    if (!product) continue;
    const list = productsOf.get(row.user_id) ?? [];
    list.push(product);
    productsOf.set(row.user_id, list);
  }
  return reps.map((rep) => ({ id: rep.id, approverId: rep.manager_id, products: productsOf.get(rep.id) ?? [] }));
}
