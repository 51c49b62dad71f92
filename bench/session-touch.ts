// `npm run bench:session -w bench`: what the session check's write of the last use costs (issue 17). The
// check writes `sessions.last_used_at` when the recorded use is SESSION_TOUCH_INTERVAL_MS old or more, so
// `npm run bench`, whose sessions are all fresh, never meets that write. Here many sessions are opened,
// their last use is set back an hour in the database, and each is checked once (the write) and then again
// (no write), one request at a time, in rounds that alternate the two so that the machine's drift falls
// on both. Figures are the server's own times (Server-Timing) and its CPU per request.
import os from 'node:os';
import { SESSION_TOUCH_INTERVAL_MS } from '@crm/shared';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { newDataDir, type RunningServer, startServer } from './lib/server.ts';
import { withPostgres } from './with-postgres.ts';

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 300);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const EMAIL = 'rep@demo-crm.fr';

type Pass = { times: number[]; cpuSeconds: number; requests: number };
const emptyPass = (): Pass => ({ times: [], cpuSeconds: 0, requests: 0 });

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function signIn(server: RunningServer): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: 'Demo1234!' }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/** Each token's session checked once, one request at a time; the server's time of each. */
async function checkEach(server: RunningServer, tokens: string[], into: Pass): Promise<void> {
  const cpuBefore = server.cpuSeconds();
  for (const token of tokens) {
    const response = await fetch(`${server.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    const time = /dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1];
    if (!response.ok || time === undefined) throw new Error(`/api/auth/me answered ${response.status}`);
    into.times.push(Number(time));
  }
  into.cpuSeconds += server.cpuSeconds() - cpuBefore;
  into.requests += tokens.length;
}

async function benchEngine(engine: string, env: Record<string, string>, databaseUrl?: string) {
  const dataDir = env.DATA_DIR ?? newDataDir();
  const server = await startServer({ DEMO_MODE: 'true', ...env, DATA_DIR: dataDir });
  const database = openDatabase({ databaseUrl, sqliteFile: `${dataDir}/crm.sqlite` });
  try {
    const tokens: string[] = [];
    for (let i = 0; i < SESSIONS; i += 1) tokens.push(await signIn(server));
    const rep = await database.db.selectFrom('users').select('id').where('email', '=', EMAIL).executeTakeFirstOrThrow();
    const writes = emptyPass();
    const reads = emptyPass();
    // One warm-up of each path.
    await checkEach(server, tokens.slice(0, 20), emptyPass());
    for (let round = 0; round < ROUNDS; round += 1) {
      const stale = new Date(Date.now() - SESSION_TOUCH_INTERVAL_MS - 3_600_000).toISOString();
      await database.db.updateTable('sessions').set({ last_used_at: stale }).where('user_id', '=', rep.id).execute();
      await checkEach(server, tokens, writes);
      await checkEach(server, tokens, reads);
    }
    const written = await database.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', rep.id)
      .where('last_used_at', '>', new Date(Date.now() - 3_600_000).toISOString())
      .executeTakeFirstOrThrow();
    const line = (name: string, pass: Pass) =>
      `| ${engine} | ${name} | ${pass.requests} | ${((pass.cpuSeconds * 1e6) / pass.requests).toFixed(0)} | ${percentile(pass.times, 50).toFixed(2)} | ${percentile(pass.times, 95).toFixed(2)} | ${percentile(pass.times, 99).toFixed(2)} |`;
    return {
      rows: [
        line('last use over 5 min ago: checked and written', writes),
        line('last use just written: checked only', reads),
      ],
      check: `${engine}: ${written.count} of ${SESSIONS} sessions carry a last use written by the check`,
    };
  } finally {
    await database.close();
    await server.stop();
  }
}

const results = [await benchEngine('sqlite', {})];
const postgres = await withPostgres({ prefix: 'crm_touch', durableCommits: true }, (url) =>
  benchEngine('postgres', { DATABASE_URL: url }, url),
);
if (postgres) results.push(postgres);

console.log(
  `\n${new Date().toISOString()}, ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log(`${SESSIONS} sessions, ${ROUNDS} rounds, one request at a time\n`);
console.log('| engine | GET /api/auth/me | requests | server CPU µs/req | p50 ms | p95 ms | p99 ms |');
console.log('|---|---|---:|---:|---:|---:|---:|');
for (const result of results) for (const row of result.rows) console.log(row);
for (const result of results) console.log(result.check);
