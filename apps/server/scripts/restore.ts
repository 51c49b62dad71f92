/**
 * Puts a backup made by `npm run backup` into an empty place, before the server is started on it:
 *
 *   npm run restore -- FILE
 *
 * SQLite: DATA_DIR/crm.sqlite must not exist; PostgreSQL: DATABASE_URL's database must have no tables
 * (pg_restore must be installed). Nothing is merged into a database in use.
 */
import path from 'node:path';
import { loadConfig } from '#server/config.ts';
import { restoreDatabase } from '#server/db/backup.ts';

const file = process.argv[2];
if (file === undefined) {
  console.error('usage: npm run restore -- FILE');
  process.exit(2);
}
const config = loadConfig();
restoreDatabase({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'crm.sqlite') }, file).then(
  (report) => {
    console.log(`${report.file} restored into ${report.engine} in ${Math.round(report.ms)} ms`);
  },
  (error: unknown) => {
    console.error('restore failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
