import type { Db } from '#server/db/database.ts';
import { preparedQuery } from '#server/db/prepared.ts';
import type { CacheGenerationName } from '#server/db/schema.ts';

export type { CacheGenerationName };

// Read by every search that uses a cached count: one primary-key row.
const generationQuery = preparedQuery(
  (db, p: { name: string }) =>
    db
      .selectFrom('cache_generations')
      .select('generation')
      .where('name', '=', p.name as CacheGenerationName),
  ['name'],
);

/** The generation counters of docs/decisions/0014: what makes a figure kept in memory current in every process. */
export class CacheGenerationsRepository {
  async current(db: Db, name: CacheGenerationName): Promise<number> {
    const [row] = await generationQuery(db, { name });
    return row?.generation ?? 0;
  }

  /**
   * Moves the named generations on, in the transaction of the change. On PostgreSQL the row stays locked until
   * that transaction ends, so call it last: the names are bumped in one order, which keeps two writers from
   * waiting on each other.
   */
  async bump(db: Db, names: readonly CacheGenerationName[]): Promise<void> {
    for (const name of [...new Set(names)].sort()) {
      await db
        .updateTable('cache_generations')
        .set((eb) => ({ generation: eb('generation', '+', 1) }))
        .where('name', '=', name)
        .execute();
    }
  }
}
