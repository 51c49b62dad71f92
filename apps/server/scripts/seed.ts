/**
 * Adds a generated data tier to a database, for benchmarks and load tests:
 *
 *   npm run seed -- --doctors 300000 --offices 100000 --reps 1000 --activities 5000000 [--audit-logs 3000000] [--seed 7] [--database-url postgres://…]
 *
 * The database is the server's (DATABASE_URL, else DATA_DIR/crm.sqlite, paths relative to where npm was
 * started), or --database-url. It is migrated first; the demo accounts and targets are created when missing;
 * the directory tier is added to whatever the directory holds (new RPPS numbers never collide with existing
 * ones). --reps creates the tier's accounts (rep00001@bench-crm.fr…, a manager0001@bench-crm.fr for every ten,
 * password in apps/server/src/demo/activities/bench-accounts.ts) in a database that has none yet;
 * --activities spreads that many activities over the tier's representatives (skewed: rep00001 is the
 * heaviest) with the directory's doctors, over the past twelve months and the next six. --audit-logs adds that
 * many audit entries over the past twelve months, written by the database's users (the tier's and the demo
 * accounts), as the log of a working year.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_ACCOUNTS } from '@crm/shared';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { isoNow, systemClock } from '#server/core/clock.ts';
import { createDemoAccounts } from '#server/demo/demo-accounts.ts';
import {
  analyze,
  demoUsers,
  ensureTargets,
  existingRpps,
  insertDirectory,
  prepareBulkLoad,
} from '#server/demo/directory/bulk-insert.ts';
import { demoTargets } from '#server/demo/directory/demo-targets.ts';
import { generateDirectory } from '#server/demo/directory/generator.ts';
import { seedActivityTier } from '#server/demo/activities/seed-activities.ts';
import { seedAuditTier } from '#server/demo/audit/audit-tier.ts';

const usage = `usage: npm run seed -- [--doctors N --offices M] [--reps R] [--activities A] [--audit-logs L] [--seed S] [--targets-share 0.1] [--batch-size 5000] [--concurrency 2] [--without-activity-products] [--keep-indexes] [--database-url URL]`;

function count(value: string | undefined, name: string, fallback?: number): number {
  if (value === undefined && fallback !== undefined) return fallback;
  const parsed = Number(value);
  if (value === undefined || !Number.isInteger(parsed) || parsed < 0)
    throw new Error(`--${name} needs a whole number\n${usage}`);
  return parsed;
}

async function main(): Promise<void> {
  // npm runs workspace scripts in the workspace's folder: read relative paths (DATA_DIR) from where npm started.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const { values } = parseArgs({
    options: {
      doctors: { type: 'string' },
      offices: { type: 'string' },
      seed: { type: 'string' },
      'targets-share': { type: 'string' },
      'batch-size': { type: 'string' },
      concurrency: { type: 'string' },
      'database-url': { type: 'string' },
      reps: { type: 'string' },
      activities: { type: 'string' },
      'audit-logs': { type: 'string' },
      'without-activity-products': { type: 'boolean' },
      'keep-indexes': { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const doctors = count(values.doctors, 'doctors', 0);
  const offices = count(values.offices, 'offices', 0);
  const reps = count(values.reps, 'reps', 0);
  const activities = count(values.activities, 'activities', 0);
  const auditLogs = count(values['audit-logs'], 'audit-logs', 0);
  if (doctors + offices + reps + activities + auditLogs === 0) throw new Error(`nothing to seed\n${usage}`);
  if (doctors > 0 && offices === 0) throw new Error(`doctors need offices: give --offices too\n${usage}`);
  const seed = count(values.seed, 'seed', 1);
  const batchSize = Math.max(1, count(values['batch-size'], 'batch-size', 5_000));
  const concurrency = Math.max(1, count(values.concurrency, 'concurrency', 2));
  const targetsShare = Number(values['targets-share'] ?? '0.1');
  if (!(targetsShare >= 0 && targetsShare <= 1))
    throw new Error(`--targets-share is a share between 0 and 1\n${usage}`);

  const config = loadConfig({
    ...process.env,
    ...(values['database-url'] && { DATABASE_URL: values['database-url'] }),
  });
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(config.dataDir, 'crm.sqlite'),
    poolSize: concurrency + 1,
  });
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  try {
    console.log(`database: ${database.engine} at ${database.location}`);
    await migrateToLatest(database.db);

    let users = await demoUsers(database.db);
    if (users.length === 0) {
      await createDemoAccounts(database.db);
      users = await demoUsers(database.db);
      console.log(`created the ${users.length} demo accounts`);
    }
    await prepareBulkLoad(database.db);
    if (doctors + offices > 0) {
      const targetNames = await ensureTargets(database.db, demoTargets(isoNow(systemClock)));
      const takenRpps = await existingRpps(database.db);
      console.log(
        `directory before: ${takenRpps.size} doctors; adding ${doctors} doctors and ${offices} offices (seed ${seed})`,
      );
      const writers = new Set(DEMO_ACCOUNTS.filter((account) => account.readWrite).map((account) => account.email));
      const batches = generateDirectory({
        doctors,
        offices,
        seed,
        batchSize,
        takenRpps,
        userTargets: { userIds: users.map((user) => user.id), targetNames, share: targetsShare },
        updatedBy: users.filter((user) => writers.has(user.email)).map((user) => user.email),
      });
      let reported = 0;
      const rows = await insertDirectory(database.db, batches, {
        concurrency,
        onProgress: (inserted) => {
          if (inserted - reported < 500_000) return;
          reported = inserted;
          console.log(`  ${inserted.toLocaleString('en')} rows in ${seconds()} s`);
        },
      });
      console.log(`directory: ${rows.toLocaleString('en')} rows in ${seconds()} s`);
    }
    if (reps + activities > 0) {
      await seedActivityTier(database.db, {
        reps,
        activities,
        seed,
        concurrency,
        withProducts: !values['without-activity-products'],
        keepIndexes: values['keep-indexes'] === true,
        log: (line) => console.log(`${line} (${seconds()} s)`),
      });
    }
    if (auditLogs > 0) {
      const added = await seedAuditTier(database.db, {
        entries: auditLogs,
        seed,
        log: (line) => console.log(`${line} (${seconds()} s)`),
      });
      console.log(`audit log: ${added.toLocaleString('en')} entries in ${seconds()} s`);
    }
    const loaded = seconds();
    await analyze(database.db);
    console.log(`done in ${loaded} s; with ANALYZE ${seconds()} s`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
