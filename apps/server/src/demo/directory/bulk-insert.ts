import { DEMO_ACCOUNTS } from '@crm/shared';
import { type InsertObject, sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import { isPostgres } from '#server/db/dialect.ts';
import type { Database, OfficeSearchPrefixesTable, TargetsTable } from '#server/db/schema.ts';
import { CacheGenerationsRepository } from '#server/modules/cache-generations/cache-generations.repository.ts';
import { officeSearchRows } from '#server/modules/offices/office-search.ts';
import type { DirectoryBatch } from './generator.ts';

/**
 * Fast loading of generated directory rows (the demo set and the benchmark tiers), one transaction per
 * batch: on SQLite, multi-row INSERTs as large as its bind-parameter limit allows; on PostgreSQL, one array
 * parameter per column.
 */

/** SQLite's default limit of bind parameters in one statement (PostgreSQL's protocol allows 65,535). */
const SQLITE_MAX_PARAMETERS = 32_766;
/** Rows per statement beyond which bigger statements stop paying (and cost memory to build). */
const MAX_ROWS_PER_STATEMENT = 5_000;
/** PostgreSQL takes a column as one array parameter (unnest), so statements can be larger. */
const POSTGRES_ROWS_PER_STATEMENT = 20_000;

type TableName = keyof Database;

/** Inserts rows in statements sized under the engine's parameter limit. All rows must have the same columns. */
export async function insertRows<T extends TableName>(
  db: Db,
  table: T,
  rows: readonly InsertObject<Database, T>[],
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  if (isPostgres(db)) {
    await insertRowsAsArrays(db, table, rows);
    return;
  }
  const columns = Object.keys(first).length;
  const rowsPerStatement = Math.max(1, Math.min(MAX_ROWS_PER_STATEMENT, Math.floor(SQLITE_MAX_PARAMETERS / columns)));
  for (let start = 0; start < rows.length; start += rowsPerStatement) {
    await db
      .insertInto(table)
      .values(rows.slice(start, start + rowsPerStatement))
      .execute();
  }
}

/**
 * PostgreSQL: INSERT … SELECT FROM unnest($1::type[], $2::type[], …), one array parameter per column:
 * far from the protocol's 65,535 parameters whatever the rows, and faster than a multi-row VALUES whose
 * every value PostgreSQL parses and binds on its own.
 */
async function insertRowsAsArrays<T extends TableName>(
  db: Db,
  table: T,
  rows: readonly InsertObject<Database, T>[],
): Promise<void> {
  const types = await columnTypes(db, table);
  const columns = Object.keys(rows[0] ?? {});
  for (let start = 0; start < rows.length; start += POSTGRES_ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + POSTGRES_ROWS_PER_STATEMENT) as readonly Record<string, unknown>[];
    const arrays = columns.map((column) => {
      const type = types.get(column);
      if (!type) throw new Error(`${table} has no column ${column}`);
      return sql`${chunk.map((row) => row[column] ?? null)}::${sql.raw(`${type}[]`)}`;
    });
    await sql`insert into ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))})
      select * from unnest(${sql.join(arrays)})`.execute(db);
  }
}

const columnTypeCache = new Map<string, Promise<Map<string, string>>>();

/** A table's column types as PostgreSQL names them for arrays (uuid, text, int4, float8…). */
function columnTypes(db: Db, table: string): Promise<Map<string, string>> {
  let types = columnTypeCache.get(table);
  if (!types) {
    types = sql<{ column_name: string; udt_name: string }>`
      select column_name, udt_name from information_schema.columns
      where table_schema = current_schema() and table_name = ${table}`
      .execute(db)
      .then((result) => new Map(result.rows.map((row) => [row.column_name, row.udt_name])))
      .catch((error: unknown) => {
        columnTypeCache.delete(table);
        throw error;
      });
    columnTypeCache.set(table, types);
  }
  return types;
}

/**
 * Settings for a long bulk load on this connection. SQLite: a page cache big enough for the indexes being
 * filled (random keys such as search words otherwise send each insert to the disk).
 */
export async function prepareBulkLoad(db: Db): Promise<void> {
  if (isPostgres(db)) return;
  await sql`pragma cache_size = -262144`.execute(db);
  await sql`pragma temp_store = memory`.execute(db);
  // A seed that a machine crash interrupts is started again on a fresh database: skip the syncs.
  await sql`pragma synchronous = off`.execute(db);
}

/** Prefix rows in key order: inserted in any other, each lands on a random page of a large index. */
const byPrefixKey = (a: OfficeSearchPrefixesTable, b: OfficeSearchPrefixesTable) =>
  compareText(a.prefix, b.prefix) || compareText(a.name_norm, b.name_norm) || compareText(a.office_id, b.office_id);

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A generated batch, in one transaction, parents before children. */
export async function insertDirectoryBatch(db: Db, batch: DirectoryBatch): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await insertRows(trx, 'offices', batch.offices);
    await insertRows(trx, 'office_search_prefixes', batch.offices.flatMap(officeSearchRows).sort(byPrefixKey));
    await insertRows(trx, 'doctors', batch.doctors);
    await insertRows(trx, 'doctor_search_words', batch.doctorSearchWords);
    await insertRows(trx, 'doctor_search_prefixes', batch.doctorSearchPrefixes);
    await insertRows(trx, 'doctor_offices', batch.doctorOffices);
    await insertRows(trx, 'office_specialties', batch.officeSpecialties);
    await insertRows(trx, 'doctor_user_data', batch.doctorUserData);
  });
}

/**
 * Inserts generated batches, `concurrency` transactions at a time on PostgreSQL (one connection each; the
 * generator prepares the next batch meanwhile), one at a time on SQLite. Every batch of one kind (offices,
 * doctors, office specialties) is committed before a batch of the next kind starts: children after parents.
 * Answers the number of rows inserted.
 */
export async function insertDirectory(
  db: Db,
  batches: Iterable<DirectoryBatch>,
  options: { concurrency?: number; onProgress?: (rows: number) => void } = {},
): Promise<number> {
  const concurrency = isPostgres(db) ? Math.max(1, options.concurrency ?? 2) : 1;
  const inFlight = new Set<Promise<void>>();
  let failure: { error: unknown } | null = null;
  let kind = '';
  let rows = 0;
  const settle = async (all: boolean) => {
    while (inFlight.size > 0 && (all || inFlight.size >= concurrency)) await Promise.race(inFlight);
    if (failure) throw failure.error;
  };
  for (const batch of batches) {
    const batchKind = (Object.keys(batch) as (keyof DirectoryBatch)[]).find((key) => batch[key].length > 0) ?? '';
    await settle(batchKind !== kind);
    kind = batchKind;
    const count = batchRowCount(batch);
    const insert: Promise<void> = insertDirectoryBatch(db, batch)
      .then(
        () => {
          rows += count;
          options.onProgress?.(rows);
        },
        (error: unknown) => {
          failure ??= { error };
        },
      )
      .finally(() => inFlight.delete(insert));
    inFlight.add(insert);
  }
  await settle(true);
  await recountDoctorPrefixes(db);
  await recountOfficePrefixes(db);
  return rows;
}

/**
 * The prefix counts of the whole directory, counted again after a bulk load (decision 0012): one pass over the
 * prefix table, where keeping them batch by batch would update the same few thousand rows for every batch. The
 * doctors' and offices' generations move on with them, so no process keeps a count from before the load
 * (decision 0014).
 */
export async function recountDoctorPrefixes(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('doctor_prefix_counts').execute();
    await trx
      .insertInto('doctor_prefix_counts')
      .columns(['prefix', 'doctors'])
      .expression(
        trx
          .selectFrom('doctor_search_prefixes')
          .select((eb) => ['prefix', eb.fn.countAll<number>().as('doctors')])
          .groupBy('prefix'),
      )
      .execute();
    await new CacheGenerationsRepository().bump(trx, ['doctors', 'offices']);
  });
}

/**
 * The office prefix counts (decisions 0013 and 0043), counted again after a bulk load for the same reason:
 * every start of every word of the offices' search_text, split by each engine's own means.
 */
export async function recountOfficePrefixes(db: Db): Promise<void> {
  const postgres = isPostgres(db);
  const words = postgres
    ? sql`select distinct id as office_id, word collate "C" as word
        from offices, unnest(string_to_array(btrim(search_text), ' ')) as word where word <> ''`
    : sql`with recursive split(office_id, word, rest) as (
          select id, '', trim(search_text) || ' ' from offices
          union all
          select office_id, substr(rest, 1, instr(rest, ' ') - 1), substr(rest, instr(rest, ' ') + 1)
          from split where rest <> ''
        )
        select distinct office_id, word from split where word <> ''`;
  const lengths = postgres
    ? sql`select generate_series(1, (select coalesce(max(length(search_text)), 1) from offices)) as chars`
    : sql`with recursive n(chars) as (
          select 1 union all
          select chars + 1 from n where chars < (select coalesce(max(length(search_text)), 1) from offices)
        ) select chars from n`;
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('office_prefix_counts').execute();
    await sql`insert into office_prefix_counts (prefix, offices)
      select prefix, count(*) from (
        select distinct w.office_id, substr(w.word, 1, n.chars) as prefix
        from (${words}) as w join (${lengths}) as n on n.chars <= length(w.word)
      ) as starts group by prefix`.execute(trx);
  });
}

/** Rows of a batch, for progress reports. */
export function batchRowCount(batch: DirectoryBatch): number {
  return Object.values(batch).reduce((sum, rows) => sum + rows.length, 0);
}

/** The RPPS numbers already used, so a generated tier never collides with them. */
export async function existingRpps(db: Db): Promise<Set<string>> {
  const rows = await db.selectFrom('doctors').select('rpps').execute();
  return new Set(rows.map((row) => row.rpps));
}

/** The demo accounts present in the database (id and e-mail). */
export function demoUsers(db: Db): Promise<{ id: string; email: string }[]> {
  return db
    .selectFrom('users')
    .select(['id', 'email'])
    .where(
      'email',
      'in',
      DEMO_ACCOUNTS.map((account) => account.email),
    )
    .orderBy('email')
    .execute();
}

/** Inserts the targets when none is configured yet; answers the names of the active targets, by priority. */
export async function ensureTargets(db: Db, targets: readonly TargetsTable[]): Promise<string[]> {
  const existing = await db.selectFrom('targets').select('id').limit(1).executeTakeFirst();
  if (!existing) await insertRows(db, 'targets', targets);
  const active = await db
    .selectFrom('targets')
    .select('name')
    .where('active', '=', 1)
    .orderBy('priority', 'desc')
    .orderBy('name')
    .execute();
  return active.map((row) => row.name);
}

/**
 * Fresh statistics after a bulk load. PostgreSQL also vacuums: until the visibility map covers the new rows,
 * a search's index-only scans visit the table for every match.
 */
export async function analyze(db: Db): Promise<void> {
  await (isPostgres(db) ? sql`vacuum analyze` : sql`analyze`).execute(db);
}
