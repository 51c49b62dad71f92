import { DEMO_ACCOUNTS } from '@crm/shared';
import type { Db } from '#server/db/database.ts';
import { generateDemoLedger } from './demo-transparency.ts';

const ROWS_PER_STATEMENT = 200;

/**
 * The demo Transparence Santé ledger, written straight to its tables like the other demo data (no audit
 * history). Benefits are recorded by the accounts that may write. Answers the numbers of rows.
 */
export async function seedDemoTransparency(
  db: Db,
  now: Date = new Date(),
): Promise<{ benefits: number; conventions: number }> {
  const doctors = await db
    .selectFrom('doctors')
    .select([
      'id',
      'rpps',
      'first_name',
      'last_name',
      'primary_office_name',
      'primary_office_address',
      'primary_office_postal_code',
      'primary_office_city',
    ])
    .orderBy('rpps')
    .execute();
  const writers = await db
    .selectFrom('users')
    .select('id')
    .where(
      'email',
      'in',
      DEMO_ACCOUNTS.filter((account) => account.readWrite).map((account) => account.email),
    )
    .orderBy('email')
    .execute();
  const ledger = generateDemoLedger({ doctors, recorders: writers.map((user) => user.id), now });
  await db.transaction().execute(async (trx) => {
    // Conventions first: payments refer to them.
    for (let start = 0; start < ledger.conventions.length; start += ROWS_PER_STATEMENT) {
      await trx
        .insertInto('transparency_conventions')
        .values(ledger.conventions.slice(start, start + ROWS_PER_STATEMENT))
        .execute();
    }
    for (let start = 0; start < ledger.benefits.length; start += ROWS_PER_STATEMENT) {
      await trx
        .insertInto('transparency_benefits')
        .values(ledger.benefits.slice(start, start + ROWS_PER_STATEMENT))
        .execute();
    }
  });
  return { benefits: ledger.benefits.length, conventions: ledger.conventions.length };
}
