import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/db/database.ts';
import { insertDirectory } from '#server/demo/directory/bulk-insert.ts';
import { generateDirectory } from '#server/demo/directory/generator.ts';
import { createTestDatabase, engines } from '#server/test/harness.ts';
import * as prefixCounts from './202611260100_create_doctor_prefix_counts.ts';

// Migrations are written against no schema at all.
const untyped = (db: DatabaseHandle['db']) => db as unknown as Kysely<unknown>;

/** The kept counts and the prefix rows' own counts, by prefix. */
async function counts(db: DatabaseHandle['db']) {
  const kept = await db.selectFrom('doctor_prefix_counts').selectAll().orderBy('prefix').execute();
  const counted = await db
    .selectFrom('doctor_search_prefixes')
    .select((eb) => ['prefix', eb.fn.countAll<number>().as('doctors')])
    .groupBy('prefix')
    .orderBy('prefix')
    .execute();
  const byPrefix = (rows: { prefix: string; doctors: number }[]) =>
    Object.fromEntries(rows.map((row) => [row.prefix, row.doctors]));
  return { kept: byPrefix(kept), counted: byPrefix(counted) };
}

describe.each(engines())('the doctor prefix counts on %s', (engine) => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
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

  it('are counted again after each bulk load', async () => {
    const { kept, counted } = await counts(database.db);
    expect(Object.keys(kept).length).toBeGreaterThan(500);
    expect(kept).toEqual(counted);
  });

  it('are filled by their migration from the rows already there, which can be undone', async () => {
    await prefixCounts.down(untyped(database.db));
    await prefixCounts.up(untyped(database.db));
    const { kept, counted } = await counts(database.db);
    expect(kept).toEqual(counted);
  });
});
