// `npm run bench`: starts the real server on each engine, drives bounded loopback load at it, and writes
// the figures to bench/results/ and docs/benchmarks.md. Throughput is reported as a ratio to the trivial
// route measured in the same run, because the machine is shared and noisy.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { activityScenarios, checkActivityGoals, type GoalCheck, type Scenario } from './lib/activities.ts';
import { checkDirectoryGoals, DIRECTORY_SCENARIOS, typedOfficeSearches } from './lib/directory.ts';
import { checkLogGoals, logScenarios } from './lib/logs.ts';
import { type LoadResult, runLoad, runPaced } from './lib/load.ts';
import { newDataDir, type RunningServer, seedTier, startServer, type Tier } from './lib/server.ts';
import { withPostgres } from './with-postgres.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
// The nominal tier of DESIGN.md section 10; smaller with BENCH_DOCTORS / BENCH_OFFICES / BENCH_REPS /
// BENCH_ACTIVITIES for a quick run.
const tier: Tier = {
  doctors: Number(process.env.BENCH_DOCTORS ?? 300_000),
  offices: Number(process.env.BENCH_OFFICES ?? 100_000),
  reps: Number(process.env.BENCH_REPS ?? 1_000),
  activities: Number(process.env.BENCH_ACTIVITIES ?? 5_000_000),
  auditLogs: Number(process.env.BENCH_AUDIT_LOGS ?? 3_000_000),
};
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
// Then one connection alone: a request's own time, without the others' callbacks interleaved with its own
// on the event loop (which is what the 10-connection latencies of PostgreSQL mostly are on 2 cores).
const aloneSeconds = Number(process.env.BENCH_ALONE_SECONDS ?? 2);
// And paced: evenly spaced requests at the rate the tier's representatives make polling the dashboard
// (one request each 15 s each, spec 000 §9): a busy server that is not saturated.
const pacedSeconds = Number(process.env.BENCH_PACED_SECONDS ?? 4);
const pacedRate = Number(process.env.BENCH_PACED_RATE ?? Math.max(1, Math.round(tier.reps / 15)));
const root = path.resolve(import.meta.dirname, '..');
// Which scenario groups run (the trivial route always does): BENCH_SCENARIOS=activities for the activities only.
const GROUPS = ['directory', 'activities', 'logs'] as const;
type Group = (typeof GROUPS)[number];
const groups = (process.env.BENCH_SCENARIOS ?? GROUPS.join(','))
  .split(',')
  .map((name) => name.trim())
  .filter((name): name is Group => (GROUPS as readonly string[]).includes(name));
if (groups.length === 0) throw new Error(`BENCH_SCENARIOS names none of ${GROUPS.join(', ')}`);

type ScenarioResult = LoadResult & {
  group: Group | 'trivial';
  /** server CPU per request, microseconds */
  cpuMicrosPerRequest: number;
  /** throughput relative to the trivial route, from server CPU per request */
  ratio: number;
  /** server latency with one connection alone, milliseconds */
  aloneP50: number;
  aloneP95: number;
  /** server p95 of the paced pass, milliseconds */
  pacedP95: number;
  /** failed requests of the paced pass (non-2xx or no answer) */
  pacedFailures: number;
  /** server RSS, highest since it started, when this scenario ended (MB): the directory runs first */
  rssMaxMbSoFar: number;
};
type EngineResult = {
  engine: string;
  results: ScenarioResult[];
  maxRssMb: number;
  goals: GoalCheck[];
  directoryGoals: GoalCheck[];
  logGoals: GoalCheck[];
};

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

/** Office searches typed from the sample's offices (their cities and name words). */
async function officeSearchPaths(
  server: RunningServer,
  token: string,
  officeIds: readonly string[],
): Promise<string[]> {
  const offices = await Promise.all(
    [...new Set(officeIds)]
      .slice(0, 12)
      .map((id) => fetchJson<{ name: string; city: string }>(server, `/api/offices/${id}`, token)),
  );
  return typedOfficeSearches(offices).map((text) => `/api/offices?search=${encodeURIComponent(text)}&page=1&limit=50`);
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
    console.log(
      `${engine}: seeded ${tier.doctors} doctors, ${tier.offices} offices, ${tier.reps} representatives, ${tier.activities} activities and ${tier.auditLogs} audit entries in ${seedSeconds.toFixed(0)} s`,
    );
  }
  const server = await startServer({ DEMO_MODE: 'false', ...env });
  let maxRssMb = server.rssMb();
  const sampler = setInterval(() => (maxRssMb = Math.max(maxRssMb, server.rssMb())), 200);
  try {
    const scenarios: (Scenario & { group: ScenarioResult['group'] })[] = [
      { group: 'trivial', name: 'GET /api/health (trivial route)', paths: ['/api/health'] },
    ];
    if (groups.includes('directory')) {
      scenarios.push(
        ...(await directoryScenarios(server)).map((scenario) => ({ ...scenario, group: 'directory' as const })),
      );
    }
    let activities: Awaited<ReturnType<typeof activityScenarios>> | null = null;
    if (groups.includes('activities')) {
      activities = await activityScenarios(server, tier.reps);
      scenarios.push(...activities.scenarios.map((scenario) => ({ ...scenario, group: 'activities' as const })));
    }
    if (groups.includes('logs')) {
      scenarios.push(...(await logScenarios(server)).map((scenario) => ({ ...scenario, group: 'logs' as const })));
    }
    const results: Omit<ScenarioResult, 'ratio'>[] = [];
    for (const scenario of scenarios) {
      // A short warm-up so JIT and caches don't count against the first scenario.
      await runLoad({ ...scenario, url: server.url, seconds: 1, connections });
      const cpuBefore = server.cpuSeconds();
      const result = await runLoad({ ...scenario, url: server.url, seconds, connections });
      const cpuMicrosPerRequest = ((server.cpuSeconds() - cpuBefore) * 1e6) / Math.max(1, result.requests);
      const paced = await runPaced({ ...scenario, url: server.url, seconds: pacedSeconds, rate: pacedRate });
      const alone = await runLoad({ ...scenario, url: server.url, seconds: aloneSeconds, connections: 1 });
      console.log(
        `${engine.padEnd(10)} ${result.name.padEnd(52)} ${String(result.requestsPerSecond).padStart(7)} req/s  ${cpuMicrosPerRequest.toFixed(0).padStart(5)} µs CPU/req  server p95 ${result.serverP95.toFixed(2)} ms, at ${pacedRate} req/s ${paced.serverP95.toFixed(2)} ms, alone ${alone.serverP95.toFixed(2)} ms`,
      );
      results.push({
        ...result,
        group: scenario.group,
        cpuMicrosPerRequest,
        aloneP50: alone.serverP50,
        aloneP95: alone.serverP95,
        pacedP95: paced.serverP95,
        pacedFailures: paced.failures,
        rssMaxMbSoFar: (maxRssMb = Math.max(maxRssMb, server.rssMb())),
      });
    }
    const trivial = results[0]?.cpuMicrosPerRequest ?? 1;
    const directory = results.filter((r) => r.group === 'directory');
    return {
      engine,
      maxRssMb,
      results: results.map((r) => ({ ...r, ratio: trivial / r.cpuMicrosPerRequest })),
      goals: activities ? checkActivityGoals(results, activities.scenarios, activities.farPagePair) : [],
      directoryGoals:
        directory.length > 0
          ? checkDirectoryGoals(engine, directory, trivial, Math.max(...directory.map((r) => r.rssMaxMbSoFar)))
          : [],
      logGoals: checkLogGoals(results.filter((r) => r.group === 'logs')),
    };
  } finally {
    clearInterval(sampler);
    await server.stop();
  }
}

/** Doctor search as typed, doctor and office details and lists, as rep@demo-crm.fr. */
async function directoryScenarios(server: RunningServer): Promise<Scenario[]> {
  const token = await signIn(server);
  const authorization = { authorization: `Bearer ${token}` };
  const sample = await pickSample(server, token);
  const specialties = ['Cardiology', 'Dermatology', 'Neurology', 'Pediatrics', 'Psychiatry'];
  return [
    { name: DIRECTORY_SCENARIOS.session, paths: ['/api/auth/me'], headers: authorization },
    { name: DIRECTORY_SCENARIOS.search, paths: searchPaths(sample), headers: authorization },
    {
      name: DIRECTORY_SCENARIOS.doctor,
      paths: sample.doctorIds.map((id) => `/api/doctors/${id}`),
      headers: authorization,
    },
    {
      name: DIRECTORY_SCENARIOS.office,
      paths: sample.officeIds.map((id) => `/api/offices/${id}`),
      headers: authorization,
    },
    {
      name: DIRECTORY_SCENARIOS.specialty,
      paths: specialties.map((s) => `/api/offices?specialty=${s}&page=1&limit=50`),
      headers: authorization,
    },
    {
      name: DIRECTORY_SCENARIOS.officeDoctors,
      paths: sample.officeIds.map((id) => `/api/offices/${id}/doctors?page=1&limit=10`),
      headers: authorization,
    },
    {
      name: DIRECTORY_SCENARIOS.officeSearch,
      paths: await officeSearchPaths(server, token, sample.officeIds),
      headers: authorization,
    },
  ];
}

const TABLE_HEAD = `| engine | scenario | req/s | server CPU µs/req | throughput ratio to trivial | server p50 ms | server p95 ms | server p99 ms | paced p95 ms | alone p50 ms | alone p95 ms | errors |
|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|`;

function tableRows(all: EngineResult[], group: Group): string {
  return all
    .flatMap((e) =>
      e.results
        .filter((r) => r.group === group || r.group === 'trivial')
        .map(
          (r) =>
            `| ${e.engine} | ${r.name} | ${r.requestsPerSecond} | ${r.cpuMicrosPerRequest.toFixed(0)} | ${r.ratio.toFixed(2)} | ${r.serverP50.toFixed(2)} | ${r.serverP95.toFixed(2)} | ${r.serverP99.toFixed(2)} | ${r.pacedP95.toFixed(2)} | ${r.aloneP50.toFixed(2)} | ${r.aloneP95.toFixed(2)} | ${r.errors + r.non2xx + r.pacedFailures} |`,
        ),
    )
    .join('\n');
}

function goalRows(all: EngineResult[], pick: (e: EngineResult) => GoalCheck[]): string {
  return all
    .flatMap((e) => pick(e).map((g) => `| ${e.engine} | ${g.goal} | ${g.value} | ${g.met ? 'met' : '**not met**'} |`))
    .join('\n');
}

/** The sections this run doesn't write: everything after the last generated one (`## Memory`) is kept. */
function handWrittenSections(reportFile: string): string {
  const previous = fs.existsSync(reportFile) ? fs.readFileSync(reportFile, 'utf8') : '';
  const memory = previous.indexOf('\n## Memory');
  const next = memory === -1 ? -1 : previous.indexOf('\n## ', memory + 1);
  return next === -1 ? '' : previous.slice(next);
}

function writeReport(all: EngineResult[]): void {
  const at = new Date().toISOString();
  const resultsDir = path.join(root, 'bench/results');
  fs.mkdirSync(resultsDir, { recursive: true });
  const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  fs.writeFileSync(
    path.join(resultsDir, 'latest.json'),
    `${JSON.stringify({ at, machine, seconds, connections, tier, engines: all }, null, 2)}\n`,
  );
  const directoryRss = (e: EngineResult) =>
    Math.max(0, ...e.results.filter((r) => r.group === 'directory').map((r) => r.rssMaxMbSoFar));
  const rss = all.map((e) => `| ${e.engine} | ${directoryRss(e).toFixed(0)} | ${e.maxRssMb.toFixed(0)} |`);
  const markdown = `# Benchmarks

Written by \`npm run bench\` (bench/run.ts); the raw figures are in bench/results/latest.json.

- When: ${at}
- Machine: ${machine}
- Load: ${connections} connections for ${seconds} s per scenario, after a 1 s warm-up, on loopback, from a separate process.
- Server latencies are measured inside the server (the \`Server-Timing\` header, \`SERVER_TIMING=true\`):
  under the load above (server p50/p95/p99); then paced, ${pacedRate} requests per second sent at evenly spaced
  instants for ${pacedSeconds} s whether the previous ones have answered or not (as many as the tier's representatives
  make polling the dashboard every 15 s; paced p95); then with one connection alone for ${aloneSeconds} s (alone p50/p95).
  Under load, a request's time includes the other requests' work interleaved with its own on the event
  loop while it waits on the database (PostgreSQL, on the same 2 cores): with ${connections} requests always in
  flight, the mean time in the server is ${connections} ÷ req/s (Little's law). SQLite answers synchronously, so
  its waiting requests queue in the socket, outside the measured time. Alone is the request's own time.
  Latency goals are judged paced and alone (DESIGN §10); the figure under load is shown beside them.
  Every pass visits a scenario's paths with a stride (bench/lib/load.ts), so even a short pass samples all of them.
- Throughput ratio = server CPU per request of the trivial route ÷ that of the scenario, in the same run.
  On this 2-core machine the load generator shares the CPU and saturates before the server does, so
  req/s measures autocannon as much as the server; CPU time per request of the server process (from
  /proc) is what the server can sustain per core.
- Data: ${tier.doctors.toLocaleString('en')} doctors and ${tier.offices.toLocaleString('en')} offices, ${tier.reps.toLocaleString('en')} representatives, ${tier.activities.toLocaleString('en')} activities and ${(tier.auditLogs ?? 0).toLocaleString('en')} audit entries (\`npm run seed\`), plus the demo accounts.

## Directory

Doctor search paths: prefixes of 1 to 12 characters of real "last first" names and RPPS numbers, as typed.
Office search paths: the cities and longest name words of a dozen real offices, then the word and the city,
as typed (\`typedOfficeSearches\`, bench/lib/directory.ts).

${TABLE_HEAD}
${tableRows(all, 'directory')}

Issue 3's goals, judged as DESIGN §10 says: latency paced and alone, throughput against the session check
(\`GET /api/auth/me\`), the cheapest route that authenticates, as every directory route must. Beside the
judged figure: the latency under load and the throughput against the trivial route.

| engine | goal | measured | |
|---|---|---|---|
${goalRows(all, (e) => e.directoryGoals)}

## Activities

${ACTIVITIES_NOTES}

${TABLE_HEAD}
${tableRows(all, 'activities')}

| engine | goal | measured | |
|---|---|---|---|
${goalRows(all, (e) => e.goals)}

## Audit log

${LOGS_NOTES}

${TABLE_HEAD}
${tableRows(all, 'logs')}

| engine | goal | measured | |
|---|---|---|---|
${goalRows(all, (e) => e.logGoals)}

## Memory

The directory scenarios run first: the first column is the highest RSS until they end (issue 3's goal,
≤ 300 MB), the second the highest over the whole run, activity scenarios included.

| engine | server RSS max, directory scenarios (MB) | server RSS max, whole run (MB) |
|---|---:|---:|
${rss.join('\n')}
`;
  const reportFile = path.join(root, 'docs/benchmarks.md');
  fs.writeFileSync(reportFile, markdown + handWrittenSections(reportFile));
  console.log('\nwrote docs/benchmarks.md and bench/results/latest.json');
}

/** How the activity scenarios are built and run (also in the written report). */
const ACTIVITIES_NOTES = `The tier's accounts come from \`npm run seed -- --reps N --activities N\` (apps/server/src/demo/activities):
representatives rep00001…@bench-crm.fr with a manager0001…@bench-crm.fr for every ten, password \`Bench1234!\`.
Activities are spread over the representatives with a skew: rep00001 has 4× the base weight (the heaviest),
rep00002 exactly the base weight (a typical one), about 2 % have 3–3.5×, 10 % 1.5–2.5×, the rest 0.4–1.2×;
over the working days of the past twelve months and the next six, 08:00–19:00 Paris time, about 85 % of
the past ones done, channels as a representative uses them (budgeted events waiting for approval ahead).
One or two products per activity (activity_products); attendees for events.

- Calendar month: \`GET /api/activities?calendarView=true&startDate&endDate\` of one Paris month, the
  twelve months from six before the current one to five after, as the typical representative.
- Status pages: 50 rows, page 1 of upcoming, incomplete and done, and page 1 and page 100 of the heaviest
  representative's longest status list (done, on these tiers), as that representative.
- \`GET /api/activities/stats\` and \`GET /api/dashboard/stats\`: in turn as the heaviest, the typical and
  a few other representatives.
- \`GET /api/activities/pending-approvals\`: as manager0001, the manager of the heaviest representative.
- Goals (issue 4): p95 ≤ 10 ms server-side for each (the pending approvals are held to it as well), and
  page 100 no more than 1.5× slower than page 1.
- Run them alone: \`BENCH_SCENARIOS=activities npm run bench\`; on a smaller tier:
  \`BENCH_DOCTORS=20000 BENCH_OFFICES=8000 BENCH_REPS=20 BENCH_ACTIVITIES=100000\` (twenty representatives
  with the nominal tier's activities per representative); on a tier seeded once:
  \`npm run seed -- --doctors 300000 --offices 100000 --reps 1000 --activities 5000000\` with \`DATA_DIR=…\`
  (or \`--database-url\`), then \`BENCH_SEEDED_SQLITE_DIR=…\` or \`BENCH_SEEDED_POSTGRES_URL=…\` with the
  same \`BENCH_REPS\`.`;

/** How the audit log's scenarios are built and judged (also in the written report). */
const LOGS_NOTES = `The tier's log comes from \`npm run seed -- --audit-logs N\` (apps/server/src/demo/audit): N entries over
the past twelve months, about ten thousand a working day and a tenth of that on weekends, by the tier's
users and the demo accounts, in the mix and sizes the services write (sign-ins, activities, doctors,
consents, offices); the days that are over are counted as the first read would (decision 0030).

- Pages of 50 as the demo administrator: page 1, page 100, the middle page and the last page of the whole
  log; page 1 and the middle page of one action (\`action=login\`); page 1 of a representative's own entries.
- Goals (issue 15): p95 ≤ 10 ms server-side (paced and alone) for each, and page 100, the middle page and
  the last page no more than 1.5× page 1's paced p95.
- Run them alone on a tier seeded once: \`npm run seed -- --reps 1000 --audit-logs 3000000\` with
  \`DATA_DIR=…\` (or \`--database-url\`), then \`BENCH_SCENARIOS=logs BENCH_SEEDED_SQLITE_DIR=…\` (or
  \`BENCH_SEEDED_POSTGRES_URL=…\`).`;

// While working on one engine: BENCH_ENGINES=sqlite, and a tier seeded once (BENCH_SEEDED_SQLITE_DIR, a DATA_DIR;
// BENCH_SEEDED_POSTGRES_URL, a database). Only a full run of both engines on fresh tiers with every scenario
// group writes the report.
const engines = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',');
const seededSqlite = process.env.BENCH_SEEDED_SQLITE_DIR;
const seededPostgres = process.env.BENCH_SEEDED_POSTGRES_URL;
const all: EngineResult[] = [];
if (engines.includes('sqlite'))
  all.push(await benchEngine('sqlite', { DATA_DIR: seededSqlite ?? newDataDir() }, seededSqlite !== undefined));
if (engines.includes('postgres')) {
  const postgres = seededPostgres
    ? await benchEngine('postgres', { DATABASE_URL: seededPostgres }, true)
    : await withPostgres({ prefix: 'crm_bench' }, (url) => benchEngine('postgres', { DATABASE_URL: url }));
  if (postgres) all.push(postgres);
}
if (engines.length === 2 && !seededSqlite && !seededPostgres && groups.length === GROUPS.length) writeReport(all);
else
  for (const { engine, maxRssMb, results, goals, directoryGoals, logGoals } of all) {
    for (const r of results)
      console.log(
        `${engine} ${r.name}: ratio ${r.ratio.toFixed(2)}, p50 ${r.serverP50.toFixed(2)} ms, p95 ${r.serverP95.toFixed(2)} ms, p99 ${r.serverP99.toFixed(2)} ms, errors ${r.errors + r.non2xx}`,
      );
    for (const g of [...directoryGoals, ...goals, ...logGoals])
      console.log(`${engine} goal ${g.goal}: ${g.value} ${g.met ? 'met' : 'NOT MET'}`);
    console.log(`${engine} RSS max ${maxRssMb.toFixed(0)} MB (report not written: partial run)`);
  }
