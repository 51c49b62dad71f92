import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { userSearchText } from '#server/modules/users/user-search.ts';

/**
 * users.search_text: the normalised words of a user's names and address, each after a space, which the users
 * list and the recipient search match typed words against (accents and case ignored). Filled here for the
 * users that exist; written with every change of a name or an address afterwards.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  const typed = db as unknown as Kysely<Database>;
  const users = await typed
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'display_name'])
    .execute();
  for (const user of users) {
    await typed
      .updateTable('users')
      .set({ search_text: userSearchText(user) })
      .where('id', '=', user.id)
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('search_text').execute();
}
