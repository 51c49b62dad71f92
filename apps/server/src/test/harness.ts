import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type BuildAppOptions, buildApp } from '#server/app.ts';
import { loadConfig, type Config } from '#server/config.ts';
import type { Clock } from '#server/core/clock.ts';
import type { DatabaseTarget } from '#server/db/backup.ts';
import { type DatabaseHandle, type Engine, openDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { createFactory, type Factory } from './factory.ts';

/** Both engines on every run; PostgreSQL is absent only on a machine without it (and never with CI=true). */
export function engines(): Engine[] {
  return inject('postgresUrl') ? ['sqlite', 'postgres'] : ['sqlite'];
}

/** A test database, and a way to open it again as another server process would (its own connections). */
export type TestDatabase = DatabaseHandle & { openAnother: () => DatabaseHandle; target: DatabaseTarget };

/** A place for a database with nothing in it yet: a SQLite file not created, or a new PostgreSQL database. */
export type EmptyDatabase = { target: DatabaseTarget; open: () => DatabaseHandle; remove: () => Promise<void> };

export async function createEmptyDatabase(engine: Engine): Promise<EmptyDatabase> {
  const name = `crm_test_${crypto.randomBytes(6).toString('hex')}`;
  if (engine === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-sqlite-'));
    const sqliteFile = path.join(dir, `${name}.sqlite`);
    return {
      target: { databaseUrl: undefined, sqliteFile },
      open: () => openDatabase({ sqliteFile }),
      remove: () => {
        fs.rmSync(dir, { recursive: true, force: true });
        return Promise.resolve();
      },
    };
  }
  const adminUrl = inject('postgresUrl');
  if (!adminUrl) throw new Error('no PostgreSQL server for the tests');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  return {
    target: { databaseUrl, sqliteFile: '' },
    open: () => openDatabase({ databaseUrl, poolSize: 5 }),
    remove: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** A fresh, migrated database: a temporary SQLite file, or a new database on the test PostgreSQL server. */
export async function createTestDatabase(engine: Engine): Promise<TestDatabase> {
  const empty = await createEmptyDatabase(engine);
  const handle = empty.open();
  await migrateToLatest(handle.db);
  const close = handle.close;
  return {
    ...handle,
    openAnother: empty.open,
    target: empty.target,
    close: async () => {
      await close();
      await empty.remove();
    },
  };
}

export type TestApp = {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  factory: Factory;
  close: () => Promise<void>;
};

/** What a test may give the app beside its environment: a logger to read, a clock to step, jobs off. */
export type TestAppOptions = {
  logger?: FastifyServerOptions['logger'];
  clock?: Clock;
  /** Whether the background jobs (mail, campaign sending) run; see BuildAppOptions. */
  startJobs?: BuildAppOptions['startJobs'];
};

/** The tests' configuration: no demo data, no logs, no web build, no geocoder; `env` adds or overrides. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    DEMO_MODE: 'false',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    GEOCODER_URL: 'none',
    ...env,
  });
}

export async function createTestApp(
  engine: Engine,
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const database = await createTestDatabase(engine);
  const config = testConfig(env);
  const app = await buildApp({ config, db: database.db, ...options });
  await app.ready();
  return {
    app,
    database,
    config,
    factory: createFactory(database.db),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
