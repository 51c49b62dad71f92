// `npm run bench:users`: the users administration's reads on the nominal tier's accounts (1,000 representatives,
// 100 managers, the 4 demo accounts), on each engine: GET /api/users?search as an admin types names, its first
// page, and the org chart, judged as DESIGN.md §10 says: throughput against the session check
// (GET /api/auth/me) from the server's CPU per request, latency alone and at a paced rate. The users tables don't
// depend on the directory or the activities, so those are seeded small (BENCH_DOCTORS, BENCH_ACTIVITIES).
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { startPostgresCluster } from '../apps/server/src/test/postgres-cluster.ts';
import { runLoad, runPaced } from './lib/load.ts';
import { newDataDir, type RunningServer, seedTier, startServer, type Tier } from './lib/server.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const tier: Tier = {
  doctors: Number(process.env.BENCH_DOCTORS ?? 2_000),
  offices: Number(process.env.BENCH_OFFICES ?? 500),
  reps: Number(process.env.BENCH_REPS ?? 1_000),
  activities: Number(process.env.BENCH_ACTIVITIES ?? 10_000),
};
/** An admin's pace: a few searches a second while typing is already a busy administration. */
const pacedRate = Number(process.env.BENCH_PACED_RATE ?? 20);
const root = path.resolve(import.meta.dirname, '..');

type Row = {
  engine: string;
  name: string;
  rps: number;
  cpuMicros: number;
  ratio: number;
  aloneP50: number;
  aloneP95: number;
  pacedP95: number;
  failures: number;
};

async function adminToken(server: RunningServer): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@demo-crm.fr', password: 'Demo1234!' }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/** What an admin types looking for someone: 1 to 8 characters of the seeded names and addresses. */
function typedSearches(): string[] {
  const words = ['délégué', 'responsable', 'rep00042', 'manager0007', 'région 12', 'demo', 'n° 512', 'marie'];
  return words.flatMap((word) =>
    Array.from(
      { length: Math.min(8, word.length) },
      (_, i) => `/api/users?search=${encodeURIComponent(word.slice(0, i + 1))}`,
    ),
  );
}

async function measure(engine: string, env: Record<string, string>): Promise<Row[]> {
  const dataDir = env.DATA_DIR ?? newDataDir();
  const seedEnv = { DEMO_MODE: 'true', ...env, DATA_DIR: dataDir };
  console.log(`${engine}: seeding ${JSON.stringify(tier)}…`);
  await seedTier(seedEnv, tier);
  const server = await startServer({ ...seedEnv, DEMO_MODE: 'true' });
  try {
    const headers = { authorization: `Bearer ${await adminToken(server)}` };
    const scenarios: [string, string[]][] = [
      ['GET /api/auth/me (reference)', ['/api/auth/me']],
      ['GET /api/users?search (typed)', typedSearches()],
      ['GET /api/users (page 1)', ['/api/users']],
      ['GET /api/users/org-chart', ['/api/users/org-chart']],
    ];
    const rows: Row[] = [];
    for (const [name, paths] of scenarios) {
      const cpuBefore = server.cpuSeconds();
      const load = await runLoad({ name, url: server.url, paths, headers, seconds, connections: 4 });
      const cpuMicros = ((server.cpuSeconds() - cpuBefore) * 1e6) / Math.max(1, load.requests);
      const alone = await runLoad({ name, url: server.url, paths, headers, seconds: 2, connections: 1 });
      const paced = await runPaced({ name, url: server.url, paths, headers, seconds: 3, rate: pacedRate });
      rows.push({
        engine,
        name,
        rps: load.requestsPerSecond,
        cpuMicros: Math.round(cpuMicros),
        ratio: 0,
        aloneP50: alone.serverP50,
        aloneP95: alone.serverP95,
        pacedP95: paced.serverP95,
        failures: load.non2xx + load.errors + paced.failures,
      });
      console.log(
        `${engine} ${name}: ${load.requestsPerSecond} req/s, alone p95 ${alone.serverP95} ms, paced p95 ${paced.serverP95} ms`,
      );
    }
    const reference = rows[0]?.cpuMicros ?? 1;
    for (const row of rows) row.ratio = Math.round((reference / Math.max(1, row.cpuMicros)) * 100) / 100;
    return rows;
  } finally {
    await server.stop();
  }
}

const results: Row[] = [];
results.push(...(await measure('sqlite', {})));
const cluster = await startPostgresCluster();
if (!cluster) throw new Error('no PostgreSQL binaries (initdb, pg_ctl) for the PostgreSQL run');
try {
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query('CREATE DATABASE crm_bench_users');
  await admin.end();
  const url = new URL(cluster.url);
  url.pathname = '/crm_bench_users';
  results.push(...(await measure('postgres', { DATABASE_URL: url.toString() })));
} finally {
  cluster.stop();
}
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(
  path.join(root, 'bench/results/users-latest.json'),
  `${JSON.stringify({ at: new Date().toISOString(), tier, results }, null, 2)}\n`,
);
console.table(results);
