import type { TestProject } from 'vitest/node';
import { startPostgresCluster } from './postgres-cluster.ts';

declare module 'vitest' {
  // Module augmentation needs interfaces.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    postgresUrl: string | null;
  }
}

/** Gives every server test file a PostgreSQL server: DATABASE_URL, or a throwaway cluster. */
export default async function setup(project: TestProject) {
  const configured = process.env.DATABASE_URL;
  if (configured) {
    project.provide('postgresUrl', configured);
    return;
  }
  const cluster = await startPostgresCluster();
  if (!cluster) {
    if (process.env.CI === 'true') {
      throw new Error('PostgreSQL is required when CI=true: set DATABASE_URL or install PostgreSQL (initdb, pg_ctl).');
    }
    console.warn('PostgreSQL not found (no DATABASE_URL, no initdb/pg_ctl): server tests run on SQLite only.');
    project.provide('postgresUrl', null);
    return;
  }
  console.log(`PostgreSQL test cluster started at ${cluster.url}`);
  project.provide('postgresUrl', cluster.url);
  return () => {
    cluster.stop();
  };
}
