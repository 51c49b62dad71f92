import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/db/database.ts';
import { insertDirectory } from '#server/demo/directory/bulk-insert.ts';
import { generateDirectory } from '#server/demo/directory/generator.ts';
import { prefixCounts } from '#server/test/table-counts.ts';
import { createTestDatabase, engines } from '#server/test/harness.ts';
import * as primaryOffice from './202611260000_add_doctor_primary_office.ts';
import * as prefixCountsTable from './202611260100_create_doctor_prefix_counts.ts';

// Migrations are written against no schema at all.
const untyped = (db: DatabaseHandle['db']) => db as unknown as Kysely<unknown>;

/** Each doctor's primary office as the links say, and as the doctor's row carries it. */
async function primaryOffices(db: DatabaseHandle['db']) {
  const joined = await db
    .selectFrom('doctors as d')
    .leftJoin('doctor_offices as l', (join) => join.onRef('l.doctor_id', '=', 'd.id').on('l.is_primary', '=', 1))
    .leftJoin('offices as o', 'o.id', 'l.office_id')
    .select(['d.id', 'o.id as office_id', 'o.name', 'o.address', 'o.postal_code', 'o.city'])
    .orderBy('d.id')
    .execute();
  const carried = await db
    .selectFrom('doctors')
    .select([
      'id',
      'primary_office_id as office_id',
      'primary_office_name as name',
      'primary_office_address as address',
      'primary_office_postal_code as postal_code',
      'primary_office_city as city',
    ])
    .orderBy('id')
    .execute();
  return { joined, carried };
}

/**
 * What the directory keeps beside its rows (decisions 0011 and 0012): each doctor's copy of its primary office
 * and the prefix counts, as the bulk loads write them and as their migrations fill them from the rows.
 */
describe.each(engines())('the directory copies on %s', (engine) => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    // Two bulk loads: the prefix counts are counted again after each.
    await insertDirectory(
      database.db,
      generateDirectory({ doctors: 2_000, offices: 400, seed: 4, takenRpps: new Set() }),
    );
    await insertDirectory(
      database.db,
      generateDirectory({ doctors: 1_000, offices: 100, seed: 6, takenRpps: new Set() }),
    );
  }, 120_000);
  afterAll(() => database.close());

  it('the generated directory carries each primary office on its doctor', async () => {
    const { joined, carried } = await primaryOffices(database.db);
    expect(joined.filter((row) => row.office_id === null).length).toBeGreaterThan(0);
    expect(carried).toEqual(joined);
  });

  it('the primary office migration fills the doctors already there from their links, and can be undone', async () => {
    await primaryOffice.down(untyped(database.db));
    await primaryOffice.up(untyped(database.db));
    const { joined, carried } = await primaryOffices(database.db);
    expect(carried).toHaveLength(3_000);
    expect(carried).toEqual(joined);
  });

  it('the prefix counts are counted again after each bulk load', async () => {
    const { kept, counted } = await prefixCounts(database.db);
    expect(Object.keys(kept).length).toBeGreaterThan(500);
    expect(kept).toEqual(counted);
  });

  it('the prefix counts migration fills the table from the rows already there, and can be undone', async () => {
    await prefixCountsTable.down(untyped(database.db));
    await prefixCountsTable.up(untyped(database.db));
    const { kept, counted } = await prefixCounts(database.db);
    expect(kept).toEqual(counted);
  });
});
