/**
 * The SQL snapshots (apps/server/src/queries/{sqlite,postgres}/*.sql): every repository query compiled for
 * both engines, so that a query change shows as SQL in the diff.
 *
 *   npm run sql:snapshots   writes them
 *   npm run sql:check       fails when they differ from what the code compiles today
 *
 * Each repository method is called with a database that records the queries instead of running them
 * (sql-snapshots/capture.ts), then the arguments of sql-snapshots/registry.ts.
 */
import path from 'node:path';
import { registry } from './sql-snapshots/registry.ts';
import {
  generateSnapshots,
  queriesDir,
  readSnapshots,
  RegistryError,
  snapshotDifferences,
  writeSnapshots,
} from './sql-snapshots/snapshots.ts';

const check = process.argv.includes('--check');
const where = path.relative(process.cwd(), queriesDir) || '.';

try {
  const generated = await generateSnapshots(registry);
  if (check) {
    const differences = snapshotDifferences(generated, readSnapshots());
    if (differences.length > 0) {
      console.error(`The SQL snapshots in ${where} are out of date:`);
      for (const difference of differences) console.error(`  ${difference}`);
      console.error('Run `npm run sql:snapshots` and commit the changed .sql files with the query change.');
      process.exitCode = 1;
    } else {
      console.log(`sql snapshots: ${generated.size} files up to date`);
    }
  } else {
    writeSnapshots(generated);
    console.log(`sql snapshots: ${generated.size} files written to ${where}`);
  }
} catch (error) {
  if (!(error instanceof RegistryError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
