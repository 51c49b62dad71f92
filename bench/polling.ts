// `npm run bench:polling`: one server process under the polling of many signed-in representatives, as the spec
// has every open app poll (issue 28): the dashboard's counts every 15 s, the mail counts every 30 s and the
// health check every 30 s (the waiting-changes count is read on the device and asks the server nothing). Each
// rep's timers start at a random phase, as reps open the app at different moments, and requests are sent at
// their instants whether earlier ones have answered or not (an open loop). Reported per engine: the server's
// own times (Server-Timing) per route, errors, and the process's RSS over the run.
//
//   BENCH_POLLING_REPS (1000), BENCH_POLLING_SECONDS (600), BENCH_POLLING_ACTIVITIES (100000)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BENCH_PASSWORD, benchRepEmail } from '../apps/server/src/demo/activities/bench-accounts.ts';
import { newDataDir, type RunningServer, seedTier, startServer } from './lib/server.ts';
import { withPostgres } from './with-postgres.ts';

const REPS = Number(process.env.BENCH_POLLING_REPS ?? 1_000);
const SECONDS = Number(process.env.BENCH_POLLING_SECONDS ?? 600);
const ACTIVITIES = Number(process.env.BENCH_POLLING_ACTIVITIES ?? 100_000);
const TIER = { doctors: 20_000, offices: 10_000, reps: REPS, activities: ACTIVITIES };

/** What each open app asks, and how often (spec 001 §3 dashboard, §4 mail counts, 000 §5 online check). */
const POLLS = [
  { route: 'GET /api/dashboard/stats', path: '/api/dashboard/stats', everyMs: 15_000 },
  { route: 'GET /api/emails/stats', path: '/api/emails/stats', everyMs: 30_000 },
  { route: 'GET /api/health', path: '/api/health', everyMs: 30_000 },
] as const;

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);

async function signInAll(server: RunningServer): Promise<string[]> {
  const tokens: string[] = [];
  // A few at a time: each sign-in verifies an argon2id hash.
  for (let first = 1; first <= REPS; first += 4) {
    const batch = Array.from({ length: Math.min(4, REPS - first + 1) }, (_, index) => first + index);
    tokens.push(
      ...(await Promise.all(
        batch.map(async (number) => {
          const response = await fetch(`${server.url}/api/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: benchRepEmail(number), password: BENCH_PASSWORD }),
          });
          if (!response.ok) throw new Error(`signing ${benchRepEmail(number)} in answered ${response.status}`);
          return ((await response.json()) as { token: string }).token;
        }),
      )),
    );
  }
  return tokens;
}

type RouteFigures = { route: string; requests: number; errors: number; p50: number; p95: number; p99: number };
type EngineFigures = {
  engine: string;
  seedSeconds: number;
  requests: number;
  errors: number;
  p95: number;
  routes: RouteFigures[];
  rssMb: { start: number; end: number; max: number; samples: number[] };
};

async function pollFor(
  server: RunningServer,
  tokens: string[],
): Promise<Omit<EngineFigures, 'engine' | 'seedSeconds'>> {
  // Every poll of every rep within the run, at its instant: a random phase, then every period.
  const events: { at: number; poll: number; rep: number }[] = [];
  for (let rep = 0; rep < tokens.length; rep += 1) {
    POLLS.forEach(({ everyMs }, poll) => {
      for (let at = Math.random() * everyMs; at < SECONDS * 1000; at += everyMs) events.push({ at, poll, rep });
    });
  }
  events.sort((a, b) => a.at - b.at);
  const times = POLLS.map(() => [] as number[]);
  const errors = POLLS.map(() => 0);
  const rss: number[] = [server.rssMb()];
  const sampler = setInterval(() => rss.push(server.rssMb()), 10_000);
  const started = performance.now();
  const inFlight = new Set<Promise<void>>();
  for (const event of events) {
    const wait = started + event.at - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const poll = POLLS[event.poll];
    if (poll === undefined) continue;
    const request = fetch(`${server.url}${poll.path}`, {
      headers: { authorization: `Bearer ${tokens[event.rep] ?? ''}` },
    })
      .then(async (response) => {
        await response.arrayBuffer();
        const time = /dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1];
        if (!response.ok || time === undefined) errors[event.poll] = (errors[event.poll] ?? 0) + 1;
        else times[event.poll]?.push(Number(time));
      })
      .catch(() => {
        errors[event.poll] = (errors[event.poll] ?? 0) + 1;
      })
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
  }
  await Promise.all(inFlight);
  clearInterval(sampler);
  rss.push(server.rssMb());
  const routes = POLLS.map(({ route }, index) => {
    const sorted = [...(times[index] ?? [])].sort((a, b) => a - b);
    return {
      route,
      requests: sorted.length + (errors[index] ?? 0),
      errors: errors[index] ?? 0,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
    };
  });
  const all = times.flat().sort((a, b) => a - b);
  return {
    requests: routes.reduce((sum, route) => sum + route.requests, 0),
    errors: routes.reduce((sum, route) => sum + route.errors, 0),
    p95: percentile(all, 95),
    routes,
    rssMb: { start: rss[0] ?? 0, end: rss.at(-1) ?? 0, max: Math.max(...rss), samples: rss },
  };
}

async function benchEngine(engine: string, env: Record<string, string>): Promise<EngineFigures> {
  const dataDir = env.DATA_DIR ?? newDataDir();
  const engineEnv = { DEMO_MODE: 'false', ...env, DATA_DIR: dataDir };
  const seedSeconds = await seedTier(engineEnv, TIER);
  const server = await startServer(engineEnv);
  try {
    const tokens = await signInAll(server);
    console.log(`${engine}: ${tokens.length} reps signed in; polling for ${SECONDS} s`);
    return { engine, seedSeconds, ...(await pollFor(server, tokens)) };
  } finally {
    await server.stop();
  }
}

const only = process.env.BENCH_POLLING_ENGINE;
const results: EngineFigures[] = [];
if (only !== 'postgres') results.push(await benchEngine('sqlite', {}));
if (only !== 'sqlite') {
  const postgres = await withPostgres({ prefix: 'crm_polling', durableCommits: true }, (url) =>
    benchEngine('postgres', { DATABASE_URL: url }),
  );
  if (postgres) results.push(postgres);
}

console.log(
  `\n${new Date().toISOString()}, ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')}`,
);
console.log(
  `${REPS} reps polling for ${SECONDS} s (${TIER.doctors} doctors, ${TIER.activities} activities); goals: p95 <= 50 ms, 0 errors, RSS flat\n`,
);
console.log('| engine | route | requests | errors | p50 ms | p95 ms | p99 ms |');
console.log('|---|---|---:|---:|---:|---:|---:|');
for (const result of results) {
  for (const route of result.routes) {
    console.log(
      `| ${result.engine} | ${route.route} | ${route.requests} | ${route.errors} | ${route.p50.toFixed(2)} | ${route.p95.toFixed(2)} | ${route.p99.toFixed(2)} |`,
    );
  }
  console.log(`| ${result.engine} | all | ${result.requests} | ${result.errors} | | ${result.p95.toFixed(2)} | |`);
}
for (const result of results) {
  console.log(
    `${result.engine}: RSS ${result.rssMb.start.toFixed(0)} MB at start, ${result.rssMb.end.toFixed(0)} MB at the end, ${result.rssMb.max.toFixed(0)} MB at most; tier seeded in ${result.seedSeconds.toFixed(0)} s`,
  );
}
const file = path.join(import.meta.dirname, 'results', 'polling-latest.json');
fs.writeFileSync(
  file,
  `${JSON.stringify({ at: new Date().toISOString(), reps: REPS, seconds: SECONDS, results }, null, 2)}\n`,
);
