import type { Db } from '#server/db/database.ts';
import { newId } from '#server/db/ids.ts';
import { nowIso } from '#server/db/time.ts';
import { hashPassword } from '#server/modules/auth/passwords.ts';

export type UserOverrides = {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  isAdmin?: boolean;
  readWrite?: boolean;
  managerId?: string | null;
};

export type CreatedUser = { id: string; email: string; password: string };

let sequence = 0;

/** Small factories for test data, written straight to the database under test. */
export function createFactory(db: Db) {
  return {
    async user(overrides: UserOverrides = {}): Promise<CreatedUser> {
      sequence += 1;
      const id = newId();
      const email = (overrides.email ?? `user${sequence}.${id.slice(-6)}@test-crm.fr`).toLowerCase();
      const password = overrides.password ?? 'Secret-Password-1';
      const now = nowIso();
      const firstName = overrides.firstName ?? 'Marie';
      const lastName = overrides.lastName ?? 'Dupont';
      await db
        .insertInto('users')
        .values({
          id,
          email,
          first_name: firstName,
          last_name: lastName,
          display_name: `${firstName} ${lastName}`,
          password_hash: await hashPassword(password),
          is_admin: overrides.isAdmin ? 1 : 0,
          read_write: overrides.readWrite === false ? 0 : 1,
          manager_id: overrides.managerId ?? null,
          last_login: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      return { id, email, password };
    },
  };
}

export type Factory = ReturnType<typeof createFactory>;
