import pg from 'pg';
import { startPostgresCluster } from '../apps/server/src/test/postgres-cluster.ts';

export type PostgresBenchOptions = {
  /** The new database's name starts with it (crm_bench, crm_polling…). */
  prefix: string;
  /**
   * Commits as production makes them (fsync and synchronous commit on) on the throwaway cluster, which runs
   * without them: for benchmarks whose figures include writes.
   */
  durableCommits?: boolean;
};

/**
 * Runs `run` on a new database of DATABASE_URL's server, else of a throwaway cluster, dropped afterwards; null
 * (with a warning) where no PostgreSQL is at hand.
 */
export async function withPostgres<T>(
  { prefix, durableCommits = false }: PostgresBenchOptions,
  run: (url: string) => Promise<T>,
): Promise<T | null> {
  const cluster = process.env.DATABASE_URL ? null : await startPostgresCluster();
  const adminUrl = process.env.DATABASE_URL ?? cluster?.url;
  if (!adminUrl) {
    console.warn('PostgreSQL not available: benchmarking SQLite only.');
    return null;
  }
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  if (cluster && durableCommits) {
    await admin.query('ALTER SYSTEM SET fsync = on');
    await admin.query('ALTER SYSTEM SET synchronous_commit = on');
    await admin.query('SELECT pg_reload_conf()');
  }
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return await run(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    cluster?.stop();
  }
}
