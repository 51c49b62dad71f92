/**
 * Recomputes every doctor's consent chain and names each record that no longer matches its evidence:
 *
 *   npm run consents:verify
 *
 * The database is the server's (DATABASE_URL, else DATA_DIR/crm.sqlite, relative to where npm was started).
 * Nothing is written. Exit code 0 when every chain verifies, 1 when a record does not, 2 when the check could
 * not run. docs/decisions/0023 says what is checked.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/database.ts';
import { verifyConsentChains } from '#server/modules/consents/consents-verifier.ts';

async function main(): Promise<number> {
  const config = loadConfig();
  const sqliteFile = path.join(config.dataDir, 'crm.sqlite');
  // Opening a SQLite file that isn't there would create an empty one, which verifies trivially.
  if (!config.databaseUrl && !fs.existsSync(sqliteFile)) {
    console.error(`no database at ${sqliteFile} (set DATA_DIR or DATABASE_URL)`);
    return 2;
  }
  const database = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile, poolSize: 1 });
  try {
    const result = await verifyConsentChains(database.db);
    for (const mismatch of result.mismatches) {
      console.log(
        `MISMATCH consent ${mismatch.id} of doctor ${mismatch.doctorId} (seq ${mismatch.seq ?? 'unknown'}): ${mismatch.problems.join('; ')}`,
      );
    }
    const summary = `${result.records} consent records of ${result.doctors} doctors and ${result.auditEntries} audit entries checked in ${database.engine} at ${database.location}`;
    if (result.mismatches.length > 0) {
      console.log(`${summary}: ${result.mismatches.length} do not match`);
      return 1;
    }
    console.log(`${summary}: every chain verifies`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('consent verification failed:', error);
    process.exit(2);
  },
);
