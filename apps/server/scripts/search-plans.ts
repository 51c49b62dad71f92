/**
 * Prints the statements a doctor search sends, as sent (SQL text and values), for one example of each plan
 * (docs/search.md), on SQLite and, when the machine has PostgreSQL's binaries, on a throwaway PostgreSQL
 * cluster: each on a fresh generated directory.
 *
 *   npx tsx apps/server/scripts/search-plans.ts [doctors]
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CompiledQuery } from 'kysely';
import pg from 'pg';
import { loadConfig } from '#server/config.ts';
import { type Db, type Engine, openDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { analyze, insertDirectory } from '#server/demo/directory/bulk-insert.ts';
import { generateDirectory } from '#server/demo/directory/generator.ts';
import type { AuthContext } from '#server/modules/auth/auth.service.ts';
import { toSessionUser } from '#server/modules/users/users.mapper.ts';
import { createServices } from '#server/services.ts';
import { startPostgresCluster } from '#server/test/postgres-cluster.ts';

/** One search per plan, and the several-word plan both ways (ranked, and in the prefix index's order). */
const EXAMPLES = [
  { plan: 'one short word (1 to 4 characters)', search: 'mar' },
  { plan: 'one long word (5 characters or more)', search: 'martin' },
  { plan: 'several words, the most selective one long', search: 'martin j' },
  { plan: 'several words, all short, up to 2,000 matches: ranked', search: 'mar je' },
  { plan: 'several words, all short, more than 2,000 matches: in the prefix order', search: 'ma m' },
];

const doctors = Number(process.argv[2] ?? 20_000);

/** The database, every statement it runs recorded while `recording` is set. */
function recorded(db: Db) {
  const sent: CompiledQuery[] = [];
  let recording = false;
  const proxy = new Proxy(db, {
    get(target, property) {
      if (property === 'executeQuery') {
        return (query: CompiledQuery) => {
          if (recording) sent.push(query);
          return target.executeQuery(query);
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return {
    db: proxy,
    record: async (run: () => Promise<unknown>) => {
      sent.length = 0;
      recording = true;
      try {
        await run();
      } finally {
        recording = false;
      }
      return [...sent];
    },
  };
}

async function plansOn(engine: Engine, db: Db): Promise<void> {
  await migrateToLatest(db);
  await insertDirectory(db, generateDirectory({ doctors, offices: Math.ceil(doctors / 3), seed: 12 }));
  await analyze(db);
  const { db: logged, record } = recorded(db);
  const services = await createServices(logged, loadConfig({ DEMO_MODE: 'false', JWT_SECRET: 'x'.repeat(32) }));
  const auth: AuthContext = {
    user: toSessionUser({
      id: '00000000-0000-4000-8000-000000000001',
      email: 'rep@example.fr',
      display_name: 'Rep',
      first_name: 'Rep',
      last_name: 'Example',
      is_admin: 0,
      read_write: 1,
      manager_id: null,
    }),
    sessionId: 'search-plans',
  };
  console.log(`\n## ${engine}, ${doctors.toLocaleString('en')} generated doctors\n`);
  for (const { plan, search } of EXAMPLES) {
    const query = { search, page: 1, limit: 50, recentIds: [] };
    // Once to fill the per-process count cache, as a search typed twice would; then as it is sent warm.
    const cold = await record(() => services.doctors.search(auth, query));
    let total = 0;
    const warm = await record(async () => {
      total = (await services.doctors.search(auth, query)).total;
    });
    console.log(`### ${plan}: "${search}" (${total.toLocaleString('en')} matches)\n`);
    console.log(`Cold (nothing cached): ${cold.length} statement(s); warm: ${warm.length}.\n`);
    for (const [index, statement] of cold.entries()) {
      console.log(`${index + 1}. values ${JSON.stringify(statement.parameters)}\n`);
      console.log('```sql');
      console.log(
        statement.sql
          .split('\n')
          .map((line) => line.trimEnd())
          .filter((line) => line !== '')
          .join('\n'),
      );
      console.log('```\n');
    }
  }
}

async function onSqlite(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-plans-'));
  const handle = openDatabase({ sqliteFile: path.join(dir, 'plans.sqlite') });
  try {
    await plansOn('sqlite', handle.db);
  } finally {
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function onPostgres(): Promise<void> {
  const cluster = await startPostgresCluster();
  if (!cluster) {
    console.log('\n(no PostgreSQL binaries on this machine: PostgreSQL skipped)');
    return;
  }
  const name = `search_plans_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(cluster.url);
  url.pathname = `/${name}`;
  const handle = openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
  try {
    await plansOn('postgres', handle.db);
  } finally {
    await handle.close();
    await admin.end();
    cluster.stop();
  }
}

await onSqlite();
await onPostgres();
