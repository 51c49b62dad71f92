import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase } from './database.ts';

describe.runIf(inject('postgresUrl'))('a PostgreSQL connection lost while idle', () => {
  it('is reported, and the next query gets another connection instead of the process ending', async () => {
    const url = inject('postgresUrl') ?? '';
    const lost: Error[] = [];
    const handle = openDatabase({ databaseUrl: url, poolSize: 1, onConnectionLost: (error) => lost.push(error) });
    try {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db);
      const pid = rows[0]?.pid;
      // What a server restart or a dropped database does to a connection resting in the pool.
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await admin.end();
      await expect.poll(() => lost.length).toBe(1);
      const again = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db);
      expect(again.rows[0]?.pid).not.toBe(pid);
    } finally {
      await handle.close();
    }
  });
});
