import { DEMO_ACCOUNTS } from '@crm/shared';
import type { Db } from '#server/db/database.ts';
import { type ConsentCollector, generateDemoConsents } from './demo-consents.ts';

/** Who collects the demo consents: the representatives most, the manager and the administrator now and then. */
const COLLECTING_WEIGHT = { representative: 5, reader: 3, manager: 2, demoAdmin: 1 } as const;

/** Rows per INSERT: each carries an image of a few kilobytes. */
const ROWS_PER_STATEMENT = 100;

/**
 * The demo consent records, written straight to the table (the demo data has no audit history: the log
 * page shows what users do from now on). Answers the number of records.
 */
export async function seedDemoConsents(db: Db, now: Date = new Date()): Promise<number> {
  const doctors = await db
    .selectFrom('doctors')
    .select(['id', 'rpps', 'first_name', 'last_name', 'email', 'phone'])
    .orderBy('rpps')
    .execute();
  const accounts = await db
    .selectFrom('users')
    .select(['id', 'email', 'display_name'])
    .where(
      'email',
      'in',
      DEMO_ACCOUNTS.map((account) => account.email),
    )
    .execute();
  const collectors: ConsentCollector[] = DEMO_ACCOUNTS.flatMap((account) => {
    const user = accounts.find((row) => row.email === account.email);
    return user ? [{ ...user, weight: COLLECTING_WEIGHT[account.role] }] : [];
  });
  const rows = generateDemoConsents({ doctors, collectors, now });
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
      await trx
        .insertInto('consent_records')
        .values(rows.slice(start, start + ROWS_PER_STATEMENT))
        .execute();
    }
  });
  return rows.length;
}
