import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/db/database.ts';
import { insertDirectory } from '#server/demo/directory/bulk-insert.ts';
import { generateDirectory } from '#server/demo/directory/generator.ts';
import { createTestDatabase, engines } from '#server/test/harness.ts';
import * as primaryOffice from './202611260000_add_doctor_primary_office.ts';

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

describe.each(engines())("the doctor's primary office migration on %s", (engine) => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await insertDirectory(
      database.db,
      generateDirectory({ doctors: 3_000, offices: 500, seed: 9, takenRpps: new Set() }),
    );
  }, 120_000);
  afterAll(() => database.close());

  it('the generated directory carries each primary office on its doctor', async () => {
    const { joined, carried } = await primaryOffices(database.db);
    expect(joined.filter((row) => row.office_id === null).length).toBeGreaterThan(0);
    expect(carried).toEqual(joined);
  });

  it('fills the doctors already there from their links, and can be undone', async () => {
    await primaryOffice.down(untyped(database.db));
    await primaryOffice.up(untyped(database.db));
    const { joined, carried } = await primaryOffices(database.db);
    expect(carried).toHaveLength(3_000);
    expect(carried).toEqual(joined);
  });
});
