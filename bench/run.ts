// `npm run bench`: starts the real server on each engine, drives bounded loopback load at it, and writes
// the figures to bench/results/ and docs/benchmarks.md. Throughput is reported as a ratio to the trivial
// route measured in the same run, because the machine is shared and noisy.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startPostgresCluster } from '../apps/server/src/test/postgres-cluster.ts';
import { type LoadResult, runLoad } from './lib/load.ts';
import { newDataDir, type RunningServer, seedTier, startServer } from './lib/server.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
// The nominal tier of DESIGN.md section 10; smaller with BENCH_DOCTORS / BENCH_OFFICES for a quick run.
const tier = {
  doctors: Number(process.env.BENCH_DOCTORS ?? 300_000),
  offices: Number(process.env.BENCH_OFFICES ?? 100_000),
};
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const root = path.resolve(import.meta.dirname, '..');

type ScenarioResult = LoadResult & {
  /** server CPU per request, microseconds */
  cpuMicrosPerRequest: number;
  /** throughput relative to the trivial route, from server CPU per request */
  ratio: number;
};
type EngineResult = { engine: string; results: ScenarioResult[]; maxRssMb: number };

async function signIn(server: RunningServer): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'rep@demo-crm.fr', password: 'Demo1234!' }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  const body = (await response.json()) as { token: string };
  return body.token;
}

type Sample = { names: string[]; rpps: string[]; doctorIds: string[]; officeIds: string[] };

/** Typed prefixes of 1 to 12 characters of real names ("dupont marie") and RPPS numbers, as a user types them. */
function searchPaths(sample: Sample): string[] {
  const typed: string[] = [];
  for (const text of [...sample.names, ...sample.rpps]) {
    for (let length = 1; length <= Math.min(12, text.length); length += 1) typed.push(text.slice(0, length));
  }
  return typed.map((text) => `/api/doctors/search?search=${encodeURIComponent(text)}&page=1&limit=50`);
}

async function fetchJson<T>(server: RunningServer, path: string, token: string): Promise<T> {
  const response = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

/** Real names, RPPS and ids picked through the API itself, spread over the alphabet. */
async function pickSample(server: RunningServer, token: string): Promise<Sample> {
  const sample: Sample = { names: [], rpps: [], doctorIds: [], officeIds: [] };
  for (const letter of 'bcdfglmprst') {
    const { doctors } = await fetchJson<{
      doctors: {
        id: string;
        firstName: string;
        lastName: string;
        rpps: string;
        primaryOffice: { id: string } | null;
      }[];
    }>(server, `/api/doctors/search?search=${letter}&limit=10&page=3`, token);
    for (const doctor of doctors.slice(0, 3)) {
      sample.names.push(`${doctor.lastName} ${doctor.firstName}`.toLowerCase());
      sample.rpps.push(doctor.rpps);
      sample.doctorIds.push(doctor.id);
      if (doctor.primaryOffice) sample.officeIds.push(doctor.primaryOffice.id);
    }
  }
  return sample;
}

async function benchEngine(engine: string, env: Record<string, string>, seeded = false): Promise<EngineResult> {
  if (seeded) console.log(`${engine}: using the database already seeded at ${env.DATA_DIR ?? env.DATABASE_URL}`);
  else {
    const seedSeconds = await seedTier(env, tier);
    console.log(`${engine}: seeded ${tier.doctors} doctors and ${tier.offices} offices in ${seedSeconds.toFixed(0)} s`);
  }
  const server = await startServer({ DEMO_MODE: 'false', ...env });
  let maxRssMb = server.rssMb();
  const sampler = setInterval(() => (maxRssMb = Math.max(maxRssMb, server.rssMb())), 200);
  try {
    const token = await signIn(server);
    const authorization = { authorization: `Bearer ${token}` };
    const sample = await pickSample(server, token);
    const specialties = ['Cardiology', 'Dermatology', 'Neurology', 'Pediatrics', 'Psychiatry'];
    const scenarios = [
      { name: 'GET /api/health (trivial route)', paths: ['/api/health'] },
      { name: 'GET /api/auth/me (session check)', paths: ['/api/auth/me'], headers: authorization },
      { name: 'GET /api/doctors/search (1-12 typed chars)', paths: searchPaths(sample), headers: authorization },
      {
        name: 'GET /api/doctors/{id}',
        paths: sample.doctorIds.map((id) => `/api/doctors/${id}`),
        headers: authorization,
      },
      {
        name: 'GET /api/offices/{id}',
        paths: sample.officeIds.map((id) => `/api/offices/${id}`),
        headers: authorization,
      },
      {
        name: 'GET /api/offices?specialty (filter, page 1)',
        paths: specialties.map((s) => `/api/offices?specialty=${s}&page=1&limit=50`),
        headers: authorization,
      },
      {
        name: 'GET /api/offices/{id}/doctors',
        paths: sample.officeIds.map((id) => `/api/offices/${id}/doctors?page=1&limit=10`),
        headers: authorization,
      },
    ];
    const results: (LoadResult & { cpuMicrosPerRequest: number })[] = [];
    for (const scenario of scenarios) {
      // A short warm-up so JIT and caches don't count against the first scenario.
      await runLoad({ ...scenario, url: server.url, seconds: 1, connections });
      const cpuBefore = server.cpuSeconds();
      const result = await runLoad({ ...scenario, url: server.url, seconds, connections });
      const cpuMicrosPerRequest = ((server.cpuSeconds() - cpuBefore) * 1e6) / Math.max(1, result.requests);
      console.log(
        `${engine.padEnd(10)} ${result.name.padEnd(40)} ${String(result.requestsPerSecond).padStart(7)} req/s  ${cpuMicrosPerRequest.toFixed(0).padStart(5)} µs CPU/req  server p95 ${result.serverP95.toFixed(2)} ms`,
      );
      results.push({ ...result, cpuMicrosPerRequest });
    }
    const trivial = results[0]?.cpuMicrosPerRequest ?? 1;
    return {
      engine,
      maxRssMb,
      results: results.map((r) => ({ ...r, ratio: trivial / r.cpuMicrosPerRequest })),
    };
  } finally {
    clearInterval(sampler);
    await server.stop();
  }
}

async function withPostgres<T>(run: (url: string) => Promise<T>): Promise<T | null> {
  const cluster = process.env.DATABASE_URL ? null : await startPostgresCluster();
  const adminUrl = process.env.DATABASE_URL ?? cluster?.url;
  if (!adminUrl) {
    console.warn('PostgreSQL not available: benchmarking SQLite only.');
    return null;
  }
  const name = `crm_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
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

function writeReport(all: EngineResult[]): void {
  const at = new Date().toISOString();
  const resultsDir = path.join(root, 'bench/results');
  fs.mkdirSync(resultsDir, { recursive: true });
  const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  fs.writeFileSync(
    path.join(resultsDir, 'latest.json'),
    `${JSON.stringify({ at, machine, seconds, connections, engines: all }, null, 2)}\n`,
  );

  const rows = all.flatMap((e) =>
    e.results.map(
      (r) =>
        `| ${e.engine} | ${r.name} | ${r.requestsPerSecond} | ${r.cpuMicrosPerRequest.toFixed(0)} | ${r.ratio.toFixed(2)} | ${r.serverP50.toFixed(2)} | ${r.serverP95.toFixed(2)} | ${r.serverP99.toFixed(2)} | ${r.errors + r.non2xx} |`,
    ),
  );
  const rss = all.map((e) => `| ${e.engine} | ${e.maxRssMb.toFixed(0)} |`);
  const markdown = `# Benchmarks

Written by \`npm run bench\` (bench/run.ts); the raw figures are in bench/results/latest.json.

- When: ${at}
- Machine: ${machine}
- Load: ${connections} connections for ${seconds} s per scenario, after a 1 s warm-up, on loopback, from a separate process.
- Server latencies are measured inside the server (the \`Server-Timing\` header, \`SERVER_TIMING=true\`).
- Throughput ratio = server CPU per request of the trivial route ÷ that of the scenario, in the same run.
  On this 2-core machine the load generator shares the CPU and saturates before the server does, so
  req/s measures autocannon as much as the server; CPU time per request of the server process (from
  /proc) is what the server can sustain per core.
- Data: ${tier.doctors.toLocaleString('en')} doctors and ${tier.offices.toLocaleString('en')} offices (\`npm run seed\`), plus the demo accounts.
- Doctor search paths: prefixes of 1 to 12 characters of real "last first" names and RPPS numbers, as typed.

| engine | scenario | req/s | server CPU µs/req | throughput ratio to trivial | server p50 ms | server p95 ms | server p99 ms | errors |
|---|---|---:|---:|---:|---:|---:|---:|---:|
${rows.join('\n')}

| engine | server RSS max under load (MB) |
|---|---:|
${rss.join('\n')}
`;
  fs.writeFileSync(path.join(root, 'docs/benchmarks.md'), markdown);
  console.log('\nwrote docs/benchmarks.md and bench/results/latest.json');
}

// While working on one engine: BENCH_ENGINES=sqlite, and a tier seeded once (BENCH_SEEDED_SQLITE_DIR, a DATA_DIR;
// BENCH_SEEDED_POSTGRES_URL, a database). Only a full run of both engines on fresh tiers writes the report.
const engines = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',');
const seededSqlite = process.env.BENCH_SEEDED_SQLITE_DIR;
const seededPostgres = process.env.BENCH_SEEDED_POSTGRES_URL;
const all: EngineResult[] = [];
if (engines.includes('sqlite'))
  all.push(await benchEngine('sqlite', { DATA_DIR: seededSqlite ?? newDataDir() }, seededSqlite !== undefined));
if (engines.includes('postgres')) {
  const postgres = seededPostgres
    ? await benchEngine('postgres', { DATABASE_URL: seededPostgres }, true)
    : await withPostgres((url) => benchEngine('postgres', { DATABASE_URL: url }));
  if (postgres) all.push(postgres);
}
if (engines.length === 2 && !seededSqlite && !seededPostgres) writeReport(all);
else
  for (const { engine, maxRssMb, results } of all) {
    for (const r of results)
      console.log(`${engine} ${r.name}: ratio ${r.ratio.toFixed(2)}, p95 ${r.serverP95.toFixed(2)} ms`);
    console.log(`${engine} RSS max ${maxRssMb} MB (report not written: partial run)`);
  }
