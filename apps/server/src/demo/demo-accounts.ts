import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@crm/shared';
import type { Db } from '#server/db/database.ts';
import { newId } from '#server/db/ids.ts';
import { isoNow, systemClock } from '#server/core/clock.ts';
import { hashPassword } from '#server/modules/auth/passwords.ts';
import { userSearchText } from '#server/modules/users/user-search.ts';
import { UsersRepository } from '#server/modules/users/users.repository.ts';

/** Creates the demo accounts of DESIGN.md section 11, managers first so the hierarchy links. */
export async function createDemoAccounts(db: Db): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const idByEmail = new Map<string, string>();
  const now = isoNow(systemClock);
  await db.transaction().execute(async (trx) => {
    const users = new UsersRepository();
    for (const account of DEMO_ACCOUNTS) {
      const id = newId();
      idByEmail.set(account.email, id);
      const names = {
        email: account.email,
        first_name: account.firstName,
        last_name: account.lastName,
        display_name: `${account.firstName} ${account.lastName}`,
      };
      await users.insert(trx, {
        id,
        ...names,
        search_text: userSearchText(names),
        password_hash: passwordHash,
        is_admin: account.isAdmin ? 1 : 0,
        read_write: account.readWrite ? 1 : 0,
        manager_id: account.managerEmail ? (idByEmail.get(account.managerEmail) ?? null) : null,
        last_login: null,
        created_at: now,
        updated_at: now,
      });
    }
  });
}
