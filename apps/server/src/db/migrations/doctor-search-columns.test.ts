import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/db/database.ts';
import { insertDirectory } from '#server/demo/directory/bulk-insert.ts';
import { generateDirectory } from '#server/demo/directory/generator.ts';
import { doctorSearchPrefixes, doctorSearchWords } from '#server/modules/doctors/doctor-search.ts';
import { createFactory } from '#server/test/factory.ts';
import { createTestDatabase, engines } from '#server/test/harness.ts';
import * as wordOverlaps from './202611250000_add_search_word_overlaps.ts';
import * as wordStarts from './202611250100_add_prefix_word_starts.ts';

// Migrations are written against no schema at all.
const untyped = (db: DatabaseHandle['db']) => db as unknown as Kysely<unknown>;

const rowKey = (row: { doctor_id: string; field: string; word: string }) => `${row.doctor_id}:${row.field}:${row.word}`;

/** The migrations that add columns to the doctor search tables fill the rows already there. */
describe.each(engines())('the doctor search column migrations on %s', (engine) => {
  let database: DatabaseHandle;
  let martinMartin: string;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const factory = createFactory(database.db);
    martinMartin = (await factory.doctor({ firstName: 'Martin', lastName: 'Martin', rpps: '40000000001' })).id;
    await factory.doctor({ firstName: 'Marie Marielle', lastName: 'Marchand', rpps: '40000000002' });
    await factory.doctor({ firstName: 'Jean-Jacques', lastName: 'Le Jean', rpps: '40000000003' });
    // More doctors than one batch of the migration.
    await insertDirectory(
      database.db,
      generateDirectory({ doctors: 6_000, offices: 300, seed: 5, takenRpps: new Set() }),
    );
  }, 120_000);
  afterAll(() => database.close());

  it('search word overlaps: fills the rows already there with what a new doctor gets, over several batches, and can be undone', async () => {
    const { db } = database;
    await wordOverlaps.down(untyped(db));
    await wordOverlaps.up(untyped(db));

    const doctors = await db.selectFrom('doctors').select(['id', 'first_name', 'last_name', 'rpps']).execute();
    expect(doctors.length).toBeGreaterThan(6_000);
    const want = new Map(
      doctors
        .flatMap((doctor) =>
          doctorSearchWords(doctor.id, { firstName: doctor.first_name, lastName: doctor.last_name, rpps: doctor.rpps }),
        )
        .map((row) => [rowKey(row), [row.earlier_overlap, row.other_name_overlap]]),
    );
    const rows = await db
      .selectFrom('doctor_search_words')
      .select(['doctor_id', 'field', 'word', 'earlier_overlap', 'other_name_overlap'])
      .execute();
    expect(rows).toHaveLength(want.size);
    const got = new Map(rows.map((row) => [rowKey(row), [row.earlier_overlap, row.other_name_overlap]]));
    expect(got).toEqual(want);
    // Martin Martin: the last name's "martin" repeats the first name's whole word, and starts both names.
    const martin = rows.filter((row) => row.word === 'martin' && row.doctor_id === martinMartin);
    expect(martin.map((row) => [row.field, row.earlier_overlap, row.other_name_overlap]).sort()).toEqual([
      ['f', 0, 6],
      ['l', 6, 6],
    ]);
  }, 120_000);

  it('prefix word starts and name tiers: fills the rows already there with what a new doctor gets, and can be undone', async () => {
    const { db } = database;
    await wordStarts.down(untyped(db));
    await wordStarts.up(untyped(db));

    const doctors = await db.selectFrom('doctors').select(['id', 'first_name', 'last_name', 'rpps']).execute();
    const want = new Map(
      doctors
        .flatMap((doctor) =>
          doctorSearchPrefixes(doctor.id, {
            firstName: doctor.first_name,
            lastName: doctor.last_name,
            rpps: doctor.rpps,
          }),
        )
        .map((row) => [`${row.doctor_id}:${row.prefix}`, [row.word_starts, row.name_tier]]),
    );
    const rows = await db
      .selectFrom('doctor_search_prefixes')
      .select(['doctor_id', 'prefix', 'word_starts', 'name_tier'])
      .execute();
    expect(rows).toHaveLength(want.size);
    expect(new Map(rows.map((row) => [`${row.doctor_id}:${row.prefix}`, [row.word_starts, row.name_tier]]))).toEqual(
      want,
    );
    // The RPPS prefixes of a doctor whose names hold no digit are theirs alone.
    expect(rows.filter((row) => /^[0-9]+$/.test(row.prefix)).every((row) => row.name_tier === 2)).toBe(true);
    expect(rows.every((row) => row.word_starts > 0)).toBe(true);
  }, 120_000);
});
