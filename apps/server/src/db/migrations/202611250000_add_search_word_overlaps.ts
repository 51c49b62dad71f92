import { type Kysely, sql } from 'kysely';
import { isPostgres } from '#server/db/dialect.ts';

/**
 * Two numbers on each doctor_search_words row, so a search by a word of 5 or more characters keeps one row
 * per doctor and knows its score from the row alone, with integer comparisons instead of string functions
 * over the doctor's names (docs/decisions/0006):
 * - earlier_overlap: the longest start the word shares with an earlier word of the same doctor (first name,
 *   then last name, then RPPS; alphabetical within a field);
 * - other_name_overlap: the longest start it shares with a word of the doctor's other name (0 for the RPPS).
 * The existing rows are filled a batch of doctors at a time. The computation is written out here rather than
 * imported, so this migration keeps doing what it did whatever becomes of the application's code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  for (const column of ['earlier_overlap', 'other_name_overlap']) {
    await db.schema
      .alterTable('doctor_search_words')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }

  let after: string | null = null;
  for (;;) {
    const ids = await doctorIdsAfter(db, after);
    const first = ids[0];
    const last = ids.at(-1);
    if (first === undefined || last === undefined) break;
    after = last;
    const { rows } = await sql<WordRow>`select doctor_id, field, word from doctor_search_words
      where doctor_id >= ${first} and doctor_id <= ${last}`.execute(db);
    const byDoctor = new Map<string, WordRow[]>();
    for (const row of rows) byDoctor.set(row.doctor_id, [...(byDoctor.get(row.doctor_id) ?? []), row]);
    const changed: Overlap[] = [...byDoctor.values()]
      .flatMap(overlaps)
      .filter((row) => row.earlier > 0 || row.otherName > 0);
    for (let start = 0; start < changed.length; start += BATCH_UPDATES) {
      const slice = changed.slice(start, start + BATCH_UPDATES);
      await (postgres ? updatePostgres(db, slice) : updateSqlite(db, slice));
    }
  }

  if (postgres) {
    // The new columns join the others carried in the primary key index, so a word's range stays index-only.
    await sql`alter table doctor_search_words drop constraint doctor_search_words_pk,
      add constraint doctor_search_words_pk primary key (word, field, doctor_id)
      include (last_name_norm, first_name_norm, rpps, earlier_overlap, other_name_overlap)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table doctor_search_words drop constraint doctor_search_words_pk,
      add constraint doctor_search_words_pk primary key (word, field, doctor_id)
      include (last_name_norm, first_name_norm, rpps)`.execute(db);
  }
  for (const column of ['earlier_overlap', 'other_name_overlap']) {
    await db.schema.alterTable('doctor_search_words').dropColumn(column).execute();
  }
}

const BATCH_DOCTORS = 5000;
const BATCH_UPDATES = 5000;
const FIELD_ORDER: Record<string, number> = { f: 0, l: 1, r: 2 };

type WordRow = { doctor_id: string; field: string; word: string };
type Overlap = WordRow & { earlier: number; otherName: number };

async function doctorIdsAfter(db: Kysely<unknown>, after: string | null): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`select id from doctors
    ${after === null ? sql`` : sql`where id > ${after}`} order by id limit ${BATCH_DOCTORS}`.execute(db);
  return rows.map((row) => row.id);
}

function overlaps(words: WordRow[]): Overlap[] {
  const ordered = [...words].sort(
    (a, b) =>
      (FIELD_ORDER[a.field] ?? 3) - (FIELD_ORDER[b.field] ?? 3) || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0),
  );
  return ordered.map((row, index) => {
    let earlier = 0;
    let otherName = 0;
    for (const [otherIndex, other] of ordered.entries()) {
      let shared = 0;
      while (shared < row.word.length && shared < other.word.length && row.word[shared] === other.word[shared]) {
        shared += 1;
      }
      if (otherIndex < index) earlier = Math.max(earlier, shared);
      if (row.field !== 'r' && other.field !== 'r' && other.field !== row.field)
        otherName = Math.max(otherName, shared);
    }
    return { doctor_id: row.doctor_id, field: row.field, word: row.word, earlier, otherName };
  });
}

async function updateSqlite(db: Kysely<unknown>, rows: Overlap[]): Promise<void> {
  const values = JSON.stringify(rows.map((row) => [row.word, row.field, row.doctor_id, row.earlier, row.otherName]));
  await sql`update doctor_search_words
    set earlier_overlap = v.earlier, other_name_overlap = v.other_name
    from (select value ->> 0 as word, value ->> 1 as field, value ->> 2 as doctor_id,
      value ->> 3 as earlier, value ->> 4 as other_name from json_each(${values})) as v
    where doctor_search_words.word = v.word and doctor_search_words.field = v.field
      and doctor_search_words.doctor_id = v.doctor_id`.execute(db);
}

async function updatePostgres(db: Kysely<unknown>, rows: Overlap[]): Promise<void> {
  await sql`update doctor_search_words as w
    set earlier_overlap = v.earlier, other_name_overlap = v.other_name
    from unnest(
      cast(${rows.map((row) => row.word)} as text[]), cast(${rows.map((row) => row.field)} as text[]),
      cast(${rows.map((row) => row.doctor_id)} as uuid[]), cast(${rows.map((row) => row.earlier)} as integer[]),
      cast(${rows.map((row) => row.otherName)} as integer[])
    ) as v(word, field, doctor_id, earlier, other_name)
    where w.word = v.word collate "C" and w.field = v.field and w.doctor_id = v.doctor_id`.execute(db);
}
