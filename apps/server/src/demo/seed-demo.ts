import type { Db } from '#server/db/database.ts';
import { UsersRepository } from '#server/modules/users/users.repository.ts';
import { createDemoAccounts } from './demo-accounts.ts';

/** Demo data goes into an empty database only: a database with users is somebody's data. */
export async function seedDemoDataIfEmpty(db: Db): Promise<boolean> {
  if ((await new UsersRepository(db).count()) > 0) return false;
  await createDemoAccounts(db);
  return true;
}
