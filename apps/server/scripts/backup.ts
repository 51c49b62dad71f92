/**
 * A consistent copy of the server's database, taken while the server keeps writing:
 *
 *   npm run backup -- FILE
 *
 * The database is the server's (DATABASE_URL, else DATA_DIR/crm.sqlite, relative to where npm was started).
 * SQLite: VACUUM INTO; PostgreSQL: pg_dump's custom format (the client must be installed). docs/operations.md
 * says what a backup holds and how long a restore takes.
 */
import path from 'node:path';
import { loadConfig } from '#server/config.ts';
import { backupDatabase } from '#server/db/backup.ts';

const file = process.argv[2];
if (file === undefined) {
  console.error('usage: npm run backup -- FILE');
  process.exit(2);
}
const config = loadConfig();
backupDatabase({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'crm.sqlite') }, file).then(
  (report) => {
    console.log(`${report.engine} backed up to ${report.file}: ${report.bytes} bytes in ${Math.round(report.ms)} ms`);
  },
  (error: unknown) => {
    console.error('backup failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
