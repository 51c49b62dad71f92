import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/db/database.ts';
import { createFactory } from '#server/test/factory.ts';
import { createTestDatabase, engines } from '#server/test/harness.ts';
import * as rejectionNotes from './202611260500_store_only_rejection_notes.ts';

// Migrations are written against no schema at all.
const untyped = (db: DatabaseHandle['db']) => db as unknown as Kysely<unknown>;

describe.each(engines())('the rejection notes migration on %s', (engine) => {
  let database: DatabaseHandle;
  const notes = new Map<string, string | null>();

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const factory = createFactory(database.db);
    const owner = await factory.user({});
    // As the rejections were stored before it, and what else the column may hold.
    const stored: [string | null, 'rejected' | 'approved'][] = [
      ['Budget approval rejected by manager', 'rejected'],
      ['Budget approval rejected by manager: Budget trop élevé', 'rejected'],
      ['Budget approval rejected by manager: ', 'rejected'],
      ['budget approval rejected by manager: pas la même casse', 'rejected'],
      ['Budget approval rejected by manager, sans deux-points', 'rejected'],
      [null, 'rejected'],
      ['Une note sans préfixe', 'approved'],
    ];
    for (const [text, approvalStatus] of stored) {
      const { id } = await factory.activity({ ownerId: owner.id, approvalStatus });
      await database.db.updateTable('activities').set({ approval_notes: text }).where('id', '=', id).execute();
      notes.set(id, text);
    }
  });
  afterAll(() => database.close());

  /** The notes of the activities made above, in the order they were made. */
  const current = async () => {
    const rows = await database.db.selectFrom('activities').select(['id', 'approval_notes']).execute();
    const byId = new Map(rows.map((row) => [row.id, row.approval_notes]));
    return [...notes.keys()].map((id) => byId.get(id));
  };

  it("keeps only the manager's note: the English reason alone becomes null, its prefix goes", async () => {
    await rejectionNotes.up(untyped(database.db));
    expect(await current()).toEqual([
      null,
      'Budget trop élevé',
      null,
      'budget approval rejected by manager: pas la même casse',
      'Budget approval rejected by manager, sans deux-points',
      null,
      'Une note sans préfixe',
    ]);
  });

  it('can be undone for the rejected activities', async () => {
    await rejectionNotes.down(untyped(database.db));
    expect(await current()).toEqual([
      'Budget approval rejected by manager',
      'Budget approval rejected by manager: Budget trop élevé',
      'Budget approval rejected by manager',
      'Budget approval rejected by manager: budget approval rejected by manager: pas la même casse',
      'Budget approval rejected by manager: Budget approval rejected by manager, sans deux-points',
      'Budget approval rejected by manager',
      'Une note sans préfixe',
    ]);
    await rejectionNotes.up(untyped(database.db));
  });
});
