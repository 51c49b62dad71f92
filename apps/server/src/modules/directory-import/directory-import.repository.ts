import { type Insertable, type InsertObject, sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type {
  Database,
  DirectoryImportRejectionsTable,
  DirectoryImportsTable,
  DoctorPrefixCountsTable,
  DoctorSearchPrefixesTable,
  DoctorSearchWordsTable,
  OfficePrefixCountsTable,
  OfficeSearchPrefixesTable,
} from '#server/db/schema.ts';
import type { DoctorRow } from '#server/modules/doctors/doctors.repository.ts';
import type { OfficeRow } from '#server/modules/offices/offices.repository.ts';

/** Rows per statement at most: bounded, so that a statement's text stays small. */
const MAX_ROWS_PER_STATEMENT = 256;
/** Bound parameters of one statement: under SQLite's default limit, far under PostgreSQL's. */
const MAX_PARAMETERS = 30_000;

/**
 * How many rows each statement takes: full statements, then the rest in powers of two. The server keeps its
 * prepared statements by their text (db/database.ts): a handful of sizes make a handful of texts, where one
 * statement per batch size would fill that cache with large inserts used once.
 */
export function statementSizes(rows: number, columns: number): number[] {
  const full = Math.max(1, Math.min(MAX_ROWS_PER_STATEMENT, Math.floor(MAX_PARAMETERS / Math.max(1, columns))));
  const sizes: number[] = Array.from({ length: Math.floor(rows / full) }, () => full);
  let rest = rows % full;
  for (let size = 1 << Math.floor(Math.log2(Math.max(1, full))); rest > 0; size >>= 1) {
    if (rest >= size) {
      sizes.push(size);
      rest -= size;
    }
  }
  return sizes;
}

/** Inserts rows of one table in statements of a few fixed sizes. All rows have the same columns. */
async function insertChunked<T extends keyof Database>(
  db: Db,
  table: T,
  rows: readonly InsertObject<Database, T>[],
  ignoreConflicts = false,
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  let start = 0;
  for (const size of statementSizes(rows.length, Object.keys(first).length)) {
    const insert = db.insertInto(table).values(rows.slice(start, start + size));
    start += size;
    await (ignoreConflicts ? insert.onConflict((oc) => oc.doNothing()) : insert).execute();
  }
}

/** What an import compares of a doctor already in the directory. */
export type KnownDoctor = Pick<
  DoctorRow,
  | 'id'
  | 'rpps'
  | 'first_name'
  | 'last_name'
  | 'prefix'
  | 'gender'
  | 'primary_specialty'
  | 'secondary_specialty'
  | 'primary_office_id'
> & { directory_digest: string | null; manual_fields: string; inactive_since: string | null };

export type KnownOffice = Pick<
  OfficeRow,
  | 'id'
  | 'name'
  | 'address'
  | 'postal_code'
  | 'city'
  | 'phone'
  | 'email'
  | 'sector'
  | 'uga'
  | 'uga_name'
  | 'latitude'
  | 'longitude'
  | 'name_norm'
  | 'search_text'
> & {
  directory_id: string;
  commune_code: string | null;
  directory_digest: string | null;
  manual_fields: string;
  inactive_since: string | null;
};

export type DirectoryLink = { office_id: string; is_primary: number; source: 'directory' | 'person' };

/**
 * The national directory's import (decision 0055): reads what the directory already holds by its keys, writes a
 * batch's new rows in bulk, and keeps each import's progress and rejected lines.
 */
export class DirectoryImportRepository {
  async doctorsByRpps(db: Db, rpps: readonly string[]): Promise<KnownDoctor[]> {
    if (rpps.length === 0) return [];
    const rows = await db
      .selectFrom('doctors')
      .select([
        'id',
        'rpps',
        'first_name',
        'last_name',
        'prefix',
        'gender',
        'primary_specialty',
        'secondary_specialty',
        'primary_office_id',
        'directory_digest',
        'manual_fields',
        'inactive_since',
      ])
      .where('rpps', 'in', rpps)
      .execute();
    return rows.map((row) => ({
      ...row,
      directory_digest: row.directory_digest ?? null,
      manual_fields: row.manual_fields ?? '',
      inactive_since: row.inactive_since ?? null,
    }));
  }

  async officesByDirectoryId(db: Db, directoryIds: readonly string[]): Promise<KnownOffice[]> {
    if (directoryIds.length === 0) return [];
    const rows = await db
      .selectFrom('offices')
      .select([
        'id',
        'directory_id',
        'name',
        'address',
        'postal_code',
        'city',
        'commune_code',
        'phone',
        'email',
        'sector',
        'uga',
        'uga_name',
        'latitude',
        'longitude',
        'name_norm',
        'search_text',
        'directory_digest',
        'manual_fields',
        'inactive_since',
      ])
      .where('directory_id', 'in', directoryIds)
      .execute();
    return rows.map((row) => ({
      ...row,
      directory_id: row.directory_id ?? '',
      commune_code: row.commune_code ?? null,
      directory_digest: row.directory_digest ?? null,
      manual_fields: row.manual_fields ?? '',
      inactive_since: row.inactive_since ?? null,
    }));
  }

  /** New doctors with their search rows, in bulk (prefix rows in key order). */
  async insertDoctors(
    db: Db,
    doctors: readonly DoctorRow[],
    words: readonly DoctorSearchWordsTable[],
    prefixes: readonly DoctorSearchPrefixesTable[],
  ): Promise<void> {
    await insertChunked(db, 'doctors', doctors);
    await insertChunked(db, 'doctor_search_words', words);
    await insertChunked(db, 'doctor_search_prefixes', prefixes);
  }

  /** New offices with their search rows, in bulk. */
  async insertOffices(db: Db, offices: readonly OfficeRow[], prefixes: readonly OfficeSearchPrefixesTable[]) {
    await insertChunked(db, 'offices', offices);
    await insertChunked(db, 'office_search_prefixes', prefixes);
  }

  /** Moves the doctors' kept prefix counts by these differences (decision 0012), one upsert per chunk. */
  async addDoctorPrefixCounts(db: Db, changes: readonly DoctorPrefixCountsTable[]): Promise<void> {
    let start = 0;
    for (const size of statementSizes(changes.length, 2)) {
      const chunk = changes.slice(start, start + size);
      start += size;
      await db
        .insertInto('doctor_prefix_counts')
        .values(chunk)
        .onConflict((oc) =>
          oc.column('prefix').doUpdateSet((eb) => ({
            doctors: eb('doctor_prefix_counts.doctors', '+', eb.ref('excluded.doctors')),
          })),
        )
        .execute();
    }
  }

  /** Moves the offices' kept prefix counts by these differences (decisions 0013 and 0043). */
  async addOfficePrefixCounts(db: Db, changes: readonly OfficePrefixCountsTable[]): Promise<void> {
    let start = 0;
    for (const size of statementSizes(changes.length, 2)) {
      const chunk = changes.slice(start, start + size);
      start += size;
      await db
        .insertInto('office_prefix_counts')
        .values(chunk)
        .onConflict((oc) =>
          oc.column('prefix').doUpdateSet((eb) => ({
            offices: eb('office_prefix_counts.offices', '+', eb.ref('excluded.offices')),
          })),
        )
        .execute();
    }
  }

  async insertLinks(db: Db, links: readonly Insertable<Database['doctor_offices']>[]): Promise<void> {
    await insertChunked(db, 'doctor_offices', links);
  }

  /** Specialties practised in offices; those already known stay. */
  async addOfficeSpecialties(db: Db, rows: readonly { office_id: string; specialty: string }[]): Promise<void> {
    await insertChunked(db, 'office_specialties', rows, true);
  }

  links(db: Db, doctorId: string): Promise<DirectoryLink[]> {
    return db
      .selectFrom('doctor_offices')
      .select(['office_id', 'is_primary', 'source'])
      .where('doctor_id', '=', doctorId)
      .execute()
      .then((rows) => rows.map((row) => ({ ...row, source: row.source ?? 'person' })));
  }

  async removeLinks(db: Db, doctorId: string, officeIds: readonly string[]): Promise<void> {
    if (officeIds.length === 0) return;
    await db
      .deleteFrom('doctor_offices')
      .where('doctor_id', '=', doctorId)
      .where('office_id', 'in', officeIds)
      .execute();
  }

  /** The directory's active doctors after an RPPS, in RPPS order: the pages the end of an import walks. */
  activeDirectoryDoctors(db: Db, afterRpps: string, limit: number) {
    return db
      .selectFrom('doctors')
      .select(['id', 'rpps'])
      .where('rpps', '>', afterRpps)
      .where('directory_digest', 'is not', null)
      .where('inactive_since', 'is', null)
      .orderBy('rpps')
      .limit(limit)
      .execute();
  }

  activeDirectoryOffices(db: Db, afterDirectoryId: string, limit: number) {
    return db
      .selectFrom('offices')
      .select(['id', 'directory_id', 'name_norm', 'search_text'])
      .where('directory_id', '>', afterDirectoryId)
      .where('inactive_since', 'is', null)
      .orderBy('directory_id')
      .limit(limit)
      .execute()
      .then((rows) => rows.map((row) => ({ ...row, directory_id: row.directory_id ?? '' })));
  }

  async markDoctorsInactive(db: Db, ids: readonly string[], since: string): Promise<void> {
    if (ids.length === 0) return;
    await db.updateTable('doctors').set({ inactive_since: since }).where('id', 'in', ids).execute();
  }

  async markOfficesInactive(db: Db, ids: readonly string[], since: string): Promise<void> {
    if (ids.length === 0) return;
    await db.updateTable('offices').set({ inactive_since: since }).where('id', 'in', ids).execute();
  }

  /** Removes these doctors' search rows; answers the prefixes removed, one per doctor and prefix. */
  async removeDoctorSearchRows(db: Db, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    await db.deleteFrom('doctor_search_words').where('doctor_id', 'in', ids).execute();
    const removed = await db
      .deleteFrom('doctor_search_prefixes')
      .where('doctor_id', 'in', ids)
      .returning('prefix')
      .execute();
    return removed.map((row) => row.prefix);
  }

  /** Removes an office's search rows, found by their whole keys (they have no index by office). */
  async removeOfficeSearchRows(db: Db, rows: readonly OfficeSearchPrefixesTable[]): Promise<void> {
    const [first] = rows;
    if (!first) return;
    await db
      .deleteFrom('office_search_prefixes')
      .where(
        'prefix',
        'in',
        rows.map((row) => row.prefix),
      )
      .where('name_norm', '=', first.name_norm)
      .where('office_id', '=', first.office_id)
      .execute();
  }

  /**
   * The first statement of the import's write transactions. On SQLite a transaction that reads and then writes
   * fails at once (SQLITE_BUSY, no wait) when the server has committed a write in between, which a running
   * server does all the time; an UPDATE that changes nothing takes the write lock first, waiting for it as the
   * busy timeout allows. On PostgreSQL it touches nothing and locks nothing (its writers don't conflict so).
   */
  async lockForWrite(db: Db): Promise<void> {
    await sql`update directory_imports set id = id where 0 = 1`.execute(db);
  }

  // Import runs.

  async insertImport(db: Db, row: DirectoryImportsTable): Promise<void> {
    await db.insertInto('directory_imports').values(row).execute();
  }

  async updateImport(db: Db, id: string, patch: Partial<Omit<DirectoryImportsTable, 'id'>>): Promise<void> {
    await db.updateTable('directory_imports').set(patch).where('id', '=', id).execute();
  }

  findImport(db: Db, id: string): Promise<DirectoryImportsTable | undefined> {
    return db.selectFrom('directory_imports').selectAll().where('id', '=', id).executeTakeFirst();
  }

  listImports(db: Db, limit: number): Promise<DirectoryImportsTable[]> {
    return db.selectFrom('directory_imports').selectAll().orderBy('started_at', 'desc').limit(limit).execute();
  }

  async insertRejections(db: Db, rows: readonly DirectoryImportRejectionsTable[]): Promise<void> {
    await insertChunked(db, 'directory_import_rejections', rows);
  }

  rejections(db: Db, importId: string): Promise<Omit<DirectoryImportRejectionsTable, 'import_id'>[]> {
    return db
      .selectFrom('directory_import_rejections')
      .select(['line_number', 'reason', 'content'])
      .where('import_id', '=', importId)
      .orderBy('line_number')
      .execute();
  }

  // Precise geocoding of the addresses an import changed.

  /** The next offices whose address changed since their last precise geocoding, after an id. */
  pendingGeocodes(db: Db, afterId: string, limit: number) {
    return db
      .selectFrom('offices')
      .select(['id', 'name', 'address', 'postal_code', 'city', 'uga', 'uga_name', 'manual_fields'])
      .where('geocode_pending', '=', 1)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  }
}
