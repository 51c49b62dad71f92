import path from 'node:path';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { type CreatedUser, createFactory, type UserOverrides } from '../apps/server/src/test/factory.ts';
import { E2E_DATA_DIR } from './data-dir.ts';

/**
 * A user of one test's own, written to the suite's database as the server tests' factory writes one: for
 * tests that change what other specs rely on (a password, the list of sessions). The demo accounts are
 * shared by every spec. No administrator screen creates users yet with a known password.
 */
export async function createTestUser(overrides: UserOverrides = {}): Promise<CreatedUser> {
  const database = openDatabase({ sqliteFile: path.join(E2E_DATA_DIR, 'crm.sqlite') });
  try {
    return await createFactory(database.db).user(overrides);
  } finally {
    await database.close();
  }
}
