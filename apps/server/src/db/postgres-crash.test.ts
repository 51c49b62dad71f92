import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { type DatabaseHandle, openDatabase } from '#server/db/database.ts';
import { newId } from '#server/db/ids.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { REPLAYED_HEADER } from '#server/http/idempotency.ts';
import { type Call, caller, signIn } from '#server/test/callers.ts';
import { createFactory } from '#server/test/factory.ts';
import { testConfig } from '#server/test/harness.ts';
import { type PostgresCluster, startPostgresCluster } from '#server/test/postgres-cluster.ts';

/*
 * Issue 28's drill, kept as a test: the PostgreSQL postmaster is killed with SIGKILL amid 8 concurrent writers,
 * restarted (crash recovery), and every write the server acknowledged must be there, none twice, and every
 * write in flight at the kill, replayed with its own Idempotency-Key, must end applied exactly once.
 *
 * PostgreSQL only. SQLite has no server process to kill: its writes run inside the app's own process, so a
 * killed SQLite "server" is a killed app, whose in-flight requests are never acknowledged; what the app owes
 * then (a committed transaction survives, an uncommitted one leaves nothing) is SQLite's WAL guarantee, and the
 * replay of a change whose answer was lost is covered on both engines by sync-changes.test.ts.
 *
 * The cluster is this file's own (never the shared one of the global setup) and runs with synchronous_commit
 * on: a commit is acknowledged only once its WAL is written. fsync may stay off, since the operating system
 * keeps written WAL across a process crash (not across a power cut, which this drill does not claim).
 */

const WRITERS = 8;
/** The postmaster is killed once this many writes are acknowledged: the kill falls amid the writing. */
const KILL_AFTER = 240;

type Write = {
  key: string;
  body: { id: string; rpps: string; firstName: string; lastName: string; primarySpecialty: string };
};

let cluster: PostgresCluster | null = null;
let handle: DatabaseHandle | null = null;
let app: FastifyInstance | null = null;
let lostConnections = 0;

beforeAll(async () => {
  cluster = await startPostgresCluster({ settings: { synchronous_commit: 'on' } });
  if (!cluster) return;
  handle = openDatabase({
    databaseUrl: cluster.url,
    poolSize: WRITERS,
    onConnectionLost: () => {
      lostConnections += 1;
    },
  });
  await migrateToLatest(handle.db);
  const config = testConfig();
  app = await buildApp({ config, db: handle.db, startJobs: false });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await handle?.close();
  cluster?.stop();
});

let rpps = 0;
function nextWrite(writer: number): Write {
  rpps += 1;
  return {
    key: newId(),
    body: {
      id: newId(),
      rpps: String(50_000_000_000 + rpps),
      firstName: 'Crash',
      lastName: `Writer${writer}-${rpps}`,
      primarySpecialty: 'Cardiology',
    },
  };
}

/** Starts the killed cluster again; its orphaned backends may hold the shared memory for a moment. */
async function restart(pg: PostgresCluster): Promise<number> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      pg.start();
      return attempt;
    } catch (error) {
      if (attempt >= 60) throw error;
      await sleep(500);
    }
  }
}

describe('kill -9 on PostgreSQL amid 8 concurrent writers (issue 28)', () => {
  it('keeps every acknowledged write, none twice, and applies each in-flight write once on replay', async (context) => {
    if (!cluster || !app || !handle) {
      context.skip();
      return;
    }
    const pg = cluster;
    const db = handle.db;
    const factory = createFactory(db);
    const user = await factory.user();
    const call: Call = caller(app, (await signIn(app, user.email, user.password)).authorization);

    const acknowledged: Write[] = [];
    const inFlight: Write[] = [];
    const errorStatuses = new Set<number>();
    let killed = false;
    const killOnce = () => {
      if (killed) return;
      killed = true;
      process.kill(pg.postmasterPid(), 'SIGKILL');
    };

    // Each writer writes until one of its writes fails: that write was in flight when the database died.
    const writer = async (index: number) => {
      for (;;) {
        const write = nextWrite(index);
        const answer = await call('POST', '/api/doctors', write.body, write.key);
        if (answer.status === 201) {
          acknowledged.push(write);
          if (acknowledged.length >= KILL_AFTER) killOnce();
        } else {
          errorStatuses.add(answer.status);
          inFlight.push(write);
          return;
        }
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, (_, index) => writer(index)));

    expect(killed).toBe(true);
    expect(inFlight).toHaveLength(WRITERS);
    // The app answered errors (5xx), never crashed nor answered a failed write as a success.
    for (const status of errorStatuses) expect(status).toBeGreaterThanOrEqual(500);

    const restartAttempts = await restart(pg);

    // Replay every in-flight write with its own key until the database answers it.
    const replays = { applied: 0, replayed: 0 };
    for (const write of inFlight) {
      for (let attempt = 1; ; attempt += 1) {
        const answer = await call('POST', '/api/doctors', write.body, write.key);
        if (answer.status === 201) {
          if (answer.headers[REPLAYED_HEADER.toLowerCase()] === 'true') replays.replayed += 1;
          else replays.applied += 1;
          expect((answer.body as { id: string }).id).toBe(write.body.id);
          break;
        }
        expect(answer.status).toBeGreaterThanOrEqual(500);
        if (attempt >= 50) throw new Error(`replay of ${write.key} still failing: ${answer.status}`);
        await sleep(100);
      }
    }

    const ids = [...acknowledged, ...inFlight].map((write) => write.body.id);
    const rows = await db.selectFrom('doctors').select(['id', 'rpps']).where('rpps', 'like', '5%').execute();
    const present = new Set(rows.map((row) => row.id));
    const lost = acknowledged.filter((write) => !present.has(write.body.id)).length;
    const duplicated = rows.length - present.size;
    const keys = await sql<{ key: string; count: string }>`
      select key, count(*) as count from idempotency_keys group by key having count(*) > 1`.execute(db);

    console.info(
      `kill -9 drill: ${acknowledged.length} acknowledged, ${lost} lost, ${duplicated} duplicated, ` +
        `${inFlight.length} in flight replayed once (${replays.applied} applied on replay, ` +
        `${replays.replayed} already committed), restart attempts ${restartAttempts}, lost connections ${lostConnections}`,
    );

    expect(lost).toBe(0);
    expect(duplicated).toBe(0);
    expect(new Set(rows.map((row) => row.rpps)).size).toBe(rows.length);
    expect(keys.rows).toEqual([]);
    const stored = await db.selectFrom('idempotency_keys').select('key').where('user_id', '=', user.id).execute();
    expect(new Set(stored.map((row) => row.key))).toEqual(
      new Set([...acknowledged, ...inFlight].map((write) => write.key)),
    );
    expect(rows).toHaveLength(ids.length);
    expect(new Set(ids)).toEqual(present);
    expect(replays.applied + replays.replayed).toBe(WRITERS);

    // Still serving after the crash.
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
