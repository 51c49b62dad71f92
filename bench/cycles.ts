// `npm run bench:cycles`: cycle plans at the nominal tier (issue 33, decision 0058), against the real server in
// its own process, on each engine. The tier's representatives and activities come from `npm run seed` (1,000
// representatives, 5,000,000 activities over the past twelve months and the next six; the directory smaller, since
// no plan query reads it beyond the targets' names). The bench then migrates (timing the new index), writes a cycle
// for the current Paris quarter counting visits (weight 3), calls and e-mails (weight 1 each) and a plan of 300
// targets for every representative (the doctors they visit in the quarter, most seen first, topped up from the
// directory), gives two managers a team of 20, and measures, from the server's own timing:
// - a rep's plan with its counts, GET /api/cycles/current/plan, paced at the tier's rate across 50 reps, and the
//   heaviest rep's alone;
// - a manager's team of 20, GET /api/cycles/{id}/team, a typical team and the heaviest one;
// - marking an activity done, PUT /api/activities/{id} {done: true}, with the new index and without it.
// Figures go to bench/results/cycles-latest.json and, as Markdown, to the console for docs/benchmarks.md.
//
// BENCH_CYCLES_SQLITE_DIR: a DATA_DIR already seeded (kept); BENCH_CYCLES_POSTGRES=false or BENCH_CYCLES_SQLITE=false:
// one engine only;
// BENCH_REPS / BENCH_ACTIVITIES / BENCH_DOCTORS / BENCH_OFFICES: another tier.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { cycleWindow, parisDay, wallClock, zonedInstant } from '@crm/shared';
import {
  BENCH_PASSWORD,
  benchManagerEmail,
  benchRepEmail,
  HEAVIEST_BENCH_REP,
} from '../apps/server/src/demo/activities/bench-accounts.ts';
import { type Db, openDatabase } from '../apps/server/src/db/database.ts';
import { newId } from '../apps/server/src/db/ids.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import type { CyclePlanGoalsTable } from '../apps/server/src/db/schema.ts';
import { systemClock } from '../apps/server/src/core/clock.ts';
import type { AuthContext } from '../apps/server/src/modules/auth/auth.service.ts';
import { CyclesRepository } from '../apps/server/src/modules/cycles/cycles.repository.ts';
import { CyclesService } from '../apps/server/src/modules/cycles/cycles.service.ts';
import { DoctorsRepository } from '../apps/server/src/modules/doctors/doctors.repository.ts';
import { LogsRepository } from '../apps/server/src/modules/logs/logs.repository.ts';
import { UsersRepository } from '../apps/server/src/modules/users/users.repository.ts';
import { runPaced, type LoadPath, type PacedResult } from './lib/load.ts';
import { newDataDir, type RunningServer, seedTier, startServer, type Tier } from './lib/server.ts';
import { withPostgres } from './with-postgres.ts';

const tier: Tier = {
  doctors: Number(process.env.BENCH_DOCTORS ?? 30_000),
  offices: Number(process.env.BENCH_OFFICES ?? 10_000),
  reps: Number(process.env.BENCH_REPS ?? 1_000),
  activities: Number(process.env.BENCH_ACTIVITIES ?? 5_000_000),
};
const TARGETS = 300;
const CYCLE_NAME = 'Bench quarter';
/** The tier's reps poll at one request each 15 s (as in `npm run bench`): the plan's paced rate. */
const PLAN_RATE = Math.max(1, Math.round(tier.reps / 15));
const PACED_SECONDS = Number(process.env.BENCH_PACED_SECONDS ?? 8);
/** Representatives whose plans the paced pass asks for, in turn. */
const PLAN_REPS = 50;
/** Two teams of 20: typical representatives (201–220), and the heaviest ones (1–20: the tier's heaviest first). */
const TEAMS = [
  { label: 'typical team of 20', manager: 21, firstRep: 201 },
  { label: 'heaviest team of 20', manager: 1, firstRep: 1 },
] as const;
const TEAM_SIZE = 20;
const MARKS = Number(process.env.BENCH_CYCLES_MARKS ?? 150);
const INDEX = 'activities_owner_start_counts_idx';
const GOALS_BATCH = 1000;

type Goal = { goal: string; value: string; met: boolean };
type Figures = {
  engine: string;
  seedSeconds: number | null;
  migrateSeconds: number;
  setupSeconds: number;
  goalRows: number;
  plan: PacedResult;
  heaviestPlan: PacedResult;
  teams: (PacedResult & { label: string })[];
  markDone: { withIndex: Latency; withoutIndex: Latency };
  queryPlan: string[];
  alone: Alone[];
  goals: Goal[];
};
/** A service call in the bench's own process, one at a time: its time, and its repository calls' times. */
type Alone = { label: string; min: number; median: number; steps: Record<string, number> };
type Latency = { p50: number; p95: number; n: number };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** The current Paris quarter. */
function currentQuarter(now: Date) {
  const { year, month } = wallClock(now);
  const startMonth = Math.floor((month - 1) / 3) * 3 + 1;
  return {
    startDate: parisDay(zonedInstant({ year, month: startMonth, day: 1 })),
    endDate: parisDay(zonedInstant({ year, month: startMonth + 3, day: 0, hour: 12 })),
    gracePeriodDays: 30,
  };
}

/** The cycle, the plans of every rep and the two teams, written straight into the database. */
async function setUpPlans(db: Db, isPostgres: boolean): Promise<{ cycleId: string; goalRows: number }> {
  const existing = await db.selectFrom('cycles').select('id').where('name', '=', CYCLE_NAME).executeTakeFirst();
  const at = new Date().toISOString();
  const dates = currentQuarter(new Date());
  const channels = await db.selectFrom('channels').select(['id', 'name']).execute();
  const channelId = (name: string) => channels.find((channel) => channel.name === name)?.id ?? '';
  const [visit, call, email] = [channelId('Face to face'), channelId('Call'), channelId('Email')];
  const reps = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('email', 'like', 'rep%@bench-crm.fr')
    .orderBy('email')
    .execute();
  const idOfRep = (number: number) => reps.find((rep) => rep.email === benchRepEmail(number))?.id ?? '';
  for (const team of TEAMS) {
    const manager = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', benchManagerEmail(team.manager))
      .executeTakeFirstOrThrow();
    const members = Array.from({ length: TEAM_SIZE }, (_, index) => idOfRep(team.firstRep + index));
    await db.updateTable('users').set({ manager_id: manager.id }).where('id', 'in', members).execute();
  }
  if (existing) {
    const { count } = await db
      .selectFrom('cycle_plan_goals')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    return { cycleId: existing.id, goalRows: Number(count) };
  }
  const cycleId = newId();
  await db
    .insertInto('cycles')
    .values({
      id: cycleId,
      name: CYCLE_NAME,
      start_date: dates.startDate,
      end_date: dates.endDate,
      grace_period_days: dates.gracePeriodDays,
      over_threshold_percent: 15,
      under_threshold_percent: 15,
      reps_may_edit_goals: 0,
      created_by: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  await db
    .insertInto('cycle_channels')
    .values([
      { cycle_id: cycleId, channel_id: visit, weight: 3, position: 0 },
      { cycle_id: cycleId, channel_id: call, weight: 1, position: 1 },
      { cycle_id: cycleId, channel_id: email, weight: 1, position: 2 },
    ])
    .execute();
  const window = cycleWindow(dates);
  const seen = await db
    .selectFrom('activities')
    .select(['owner_id', sql<string>`doctor_id`.as('doctor_id'), (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('start_at', '>=', window.from)
    .where('start_at', '<', window.to)
    .where('doctor_id', 'is not', null)
    .groupBy(['owner_id', 'doctor_id'])
    .execute();
  const pool = (await db.selectFrom('doctors').select('id').orderBy('id').limit(20_000).execute()).map((row) => row.id);
  const byRep = new Map<string, { doctorId: string; n: number }[]>();
  for (const row of seen) {
    byRep.set(row.owner_id, [...(byRep.get(row.owner_id) ?? []), { doctorId: row.doctor_id, n: Number(row.n) }]);
  }
  let goalRows = 0;
  let batch: CyclePlanGoalsTable[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const rows = batch;
    batch = [];
    await db.insertInto('cycle_plan_goals').values(rows).execute();
  };
  for (const [index, rep] of reps.entries()) {
    const planId = newId();
    await db
      .insertInto('cycle_plans')
      .values({ id: planId, cycle_id: cycleId, user_id: rep.id, created_at: at, updated_at: at })
      .execute();
    const visited = (byRep.get(rep.id) ?? []).sort((a, b) => b.n - a.n).map((entry) => entry.doctorId);
    const targets = new Set(visited.slice(0, TARGETS));
    for (let i = index * 37; targets.size < TARGETS && pool.length > 0; i += 1) {
      targets.add(pool[i % pool.length] ?? '');
    }
    for (const [position, doctorId] of [...targets].entries()) {
      batch.push({ plan_id: planId, doctor_id: doctorId, channel_id: visit, goal: 3, cap: 4 });
      if (position % 2 === 0)
        batch.push({ plan_id: planId, doctor_id: doctorId, channel_id: call, goal: 2, cap: null });
      if (position % 3 === 0) batch.push({ plan_id: planId, doctor_id: doctorId, channel_id: email, goal: 2, cap: 3 });
      if (batch.length >= GOALS_BATCH) {
        goalRows += batch.length;
        await flush();
      }
    }
  }
  goalRows += batch.length;
  await flush();
  // After a bulk load PostgreSQL reads only the index once the visibility map says the pages are all visible,
  // which autovacuum sets in production; here at once.
  await (isPostgres ? sql`vacuum analyze` : sql`analyze`).execute(db);
  return { cycleId, goalRows };
}

async function queryPlan(db: Db, isPostgres: boolean, cycleId: string): Promise<string[]> {
  const rep = await db.selectFrom('users').select('id').where('email', '=', benchRepEmail(2)).executeTakeFirstOrThrow();
  const window = cycleWindow(currentQuarter(new Date()));
  const channels = (
    await db.selectFrom('cycle_channels').select('channel_id').where('cycle_id', '=', cycleId).execute()
  ).map((row) => `'${row.channel_id}'`);
  const statement = `select owner_id, channel_id, doctor_id, sum(case when done = 1 and done_at < '${window.closesAt}' then 1 else 0 end) as done, sum(case when done = 0 and start_at >= '${new Date().toISOString()}' then 1 else 0 end) as scheduled from activities where owner_id in ('${rep.id}') and start_at >= '${window.from}' and start_at < '${window.to}' and doctor_id is not null and channel_id in (${channels.join(', ')}) group by owner_id, doctor_id, channel_id`;
  const explain = isPostgres ? 'explain (analyze, buffers)' : 'explain query plan';
  const rows = await sql<Record<string, unknown>>`${sql.raw(`${explain} ${statement}`)}`.execute(db);
  return rows.rows.map((row) => String(isPostgres ? row['QUERY PLAN'] : row.detail));
}

/**
 * The service calls alone, in this process (no HTTP, no other request): the fastest and the median of 20, and
 * the median time of each repository call they make, to see where a request's time goes.
 */
async function alone(db: Db, cycleId: string): Promise<Alone[]> {
  const steps = new Map<string, number[]>();
  const repository = new CyclesRepository();
  const timed = new Proxy(repository, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        const started = performance.now();
        const result: unknown = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        const list = steps.get(String(name)) ?? [];
        list.push(performance.now() - started);
        steps.set(String(name), list);
        return result;
      };
    },
  });
  const service = new CyclesService({
    db,
    cycles: timed,
    users: new UsersRepository(),
    doctors: new DoctorsRepository(),
    logs: new LogsRepository(systemClock),
    clock: systemClock,
  });
  const authOf = async (email: string): Promise<AuthContext> => {
    const row = await db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    return {
      user: { id: row.id, email: row.email, isAdmin: false, readWrite: true } as AuthContext['user'],
      sessionId: 'bench',
    };
  };
  const runs: [string, () => Promise<unknown>][] = [];
  const typical = await authOf(benchRepEmail(2));
  const heaviest = await authOf(benchRepEmail(HEAVIEST_BENCH_REP));
  runs.push(["typical rep's plan", () => service.currentPlan(typical)]);
  runs.push(["heaviest rep's plan", () => service.currentPlan(heaviest)]);
  for (const team of TEAMS) {
    const manager = await authOf(benchManagerEmail(team.manager));
    runs.push([team.label, () => service.team(manager, cycleId, {})]);
  }
  const figures: Alone[] = [];
  for (const [label, run] of runs) {
    await run();
    steps.clear();
    const times: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const started = performance.now();
      await run();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
    figures.push({
      label,
      min: times[0] ?? 0,
      median: median(times),
      steps: Object.fromEntries([...steps].map(([name, list]) => [name, median(list)])),
    });
  }
  return figures;
}

async function signIn(server: RunningServer, email: string): Promise<Record<string, string>> {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in as ${email}: ${response.status}`);
  return { authorization: `Bearer ${((await response.json()) as { token: string }).token}` };
}

/** One PUT after another (alone, as a rep marks a visit done), the server's own time of each. */
async function markDone(
  server: RunningServer,
  marks: { id: string; headers: Record<string, string> }[],
): Promise<Latency> {
  const times: number[] = [];
  for (const mark of marks) {
    const response = await fetch(`${server.url}/api/activities/${mark.id}`, {
      method: 'PUT',
      headers: { ...mark.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ done: true }),
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`mark done ${mark.id}: ${response.status}`);
    times.push(Number(/dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1] ?? 0));
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), n: times.length };
}

/** Activities of ordinary reps (301 on) that can be marked done: not done, no budget waiting. */
async function markable(db: Db, count: number): Promise<{ id: string; email: string }[]> {
  return db
    .selectFrom('activities as a')
    .innerJoin('users as u', 'u.id', 'a.owner_id')
    .innerJoin('channels as c', 'c.id', 'a.channel_id')
    .select(['a.id', 'u.email'])
    .where(
      'u.email',
      'in',
      Array.from({ length: 10 }, (_, index) => benchRepEmail(301 + index)),
    )
    .where('a.done', '=', 0)
    .where('c.is_time_off', '=', 0)
    .where((eb) => eb.or([eb('c.needs_budget_approval', '=', 0), eb('a.approval_status', '=', 'approved')]))
    .orderBy('a.id')
    .limit(count)
    .execute();
}

async function benchEngine(
  engine: 'sqlite' | 'postgres',
  env: Record<string, string>,
  seeded: boolean,
): Promise<Figures> {
  const seedSeconds = seeded ? null : await seedTier(env, tier);
  if (seedSeconds !== null) console.log(`${engine}: seeded in ${seedSeconds.toFixed(0)} s`);
  const isPostgres = engine === 'postgres';
  const handle = openDatabase(
    isPostgres ? { databaseUrl: env.DATABASE_URL ?? '' } : { sqliteFile: path.join(env.DATA_DIR ?? '', 'crm.sqlite') },
  );
  const { db } = handle;
  let started = performance.now();
  await migrateToLatest(db);
  const migrateSeconds = (performance.now() - started) / 1000;
  console.log(`${engine}: migrated (the counts' index on the activities) in ${migrateSeconds.toFixed(1)} s`);
  started = performance.now();
  const { cycleId, goalRows } = await setUpPlans(db, isPostgres);
  const setupSeconds = (performance.now() - started) / 1000;
  console.log(`${engine}: ${goalRows} goals set up in ${setupSeconds.toFixed(1)} s`);
  const plan = await queryPlan(db, isPostgres, cycleId);
  const aloneFigures = await alone(db, cycleId);
  for (const figure of aloneFigures) {
    const steps = Object.entries(figure.steps)
      .map(([name, time]) => `${name} ${time.toFixed(2)}`)
      .join(', ');
    console.log(`${engine}: ${figure.label} alone: min ${ms(figure.min)}, median ${ms(figure.median)} ms (${steps})`);
  }
  const marks = await markable(db, MARKS * 2);
  const server = await startServer({ DEMO_MODE: 'false', ...env });
  try {
    const planHeaders = await Promise.all(
      Array.from({ length: PLAN_REPS }, (_, index) => signIn(server, benchRepEmail(index + 1))),
    );
    const planPaths: LoadPath[] = planHeaders.map((headers) => ({ path: '/api/cycles/current/plan', headers }));
    // Warm up: each rep's plan once.
    for (const next of planPaths) {
      if (typeof next !== 'string')
        await (await fetch(`${server.url}${next.path}`, { headers: next.headers })).arrayBuffer();
    }
    const paced = (name: string, paths: LoadPath[], rate: number) =>
      runPaced({ name, url: server.url, paths, seconds: PACED_SECONDS, rate });
    const planResult = await paced('plan', planPaths, PLAN_RATE);
    const heaviest = planPaths[HEAVIEST_BENCH_REP - 1];
    const heaviestResult = await paced('heaviest plan', heaviest ? [heaviest] : [], 10);
    const teams = [];
    for (const team of TEAMS) {
      const headers = await signIn(server, benchManagerEmail(team.manager));
      const teamPaths: LoadPath[] = [{ path: `/api/cycles/${cycleId}/team`, headers }];
      await (await fetch(`${server.url}/api/cycles/${cycleId}/team`, { headers })).arrayBuffer();
      teams.push({ label: team.label, ...(await paced(team.label, teamPaths, 5)) });
    }
    const tokens = new Map<string, Record<string, string>>();
    for (const email of new Set(marks.map((mark) => mark.email))) tokens.set(email, await signIn(server, email));
    const withToken = marks.map((mark) => ({ id: mark.id, headers: tokens.get(mark.email) ?? {} }));
    const withIndex = await markDone(server, withToken.slice(0, MARKS));
    await sql.raw(`drop index ${INDEX}`).execute(db);
    const withoutIndex = await markDone(server, withToken.slice(MARKS));
    if (!isPostgres) {
      // A kept data folder gets its index back, as the migration made it.
      await sql
        .raw(
          `create index ${INDEX} on activities (owner_id, start_at, doctor_id, channel_id, done, done_at) where doctor_id is not null`,
        )
        .execute(db);
    }
    const figures = {
      plan: planResult,
      heaviestPlan: heaviestResult,
      teams,
      markDone: { withIndex, withoutIndex },
    };
    return {
      engine,
      seedSeconds,
      migrateSeconds,
      setupSeconds,
      goalRows,
      ...figures,
      queryPlan: plan,
      alone: aloneFigures,
      goals: [
        {
          goal: "a rep's plan p95 ≤ 10 ms paced",
          value: `${planResult.serverP95.toFixed(2)} ms`,
          met: planResult.serverP95 <= 10,
        },
        ...teams.map((team) => ({
          goal: `${team.label} ≤ 50 ms (p95)`,
          value: `${team.serverP95.toFixed(2)} ms`,
          met: team.serverP95 <= 50,
        })),
        {
          goal: 'marking done ≤ 2 ms more (p50)',
          value: `${(withIndex.p50 - withoutIndex.p50).toFixed(2)} ms`,
          met: withIndex.p50 - withoutIndex.p50 <= 2,
        },
      ],
    };
  } finally {
    await server.stop();
    await handle.close();
  }
}

const ms = (value: number) => value.toFixed(2);

function markdown(all: Figures[]): string {
  const head = `| | ${all.map((figures) => figures.engine).join(' | ')} |\n|---|${all.map(() => '---|').join('')}`;
  const row = (label: string, value: (figures: Figures) => string) =>
    `| ${label} | ${all.map((figures) => value(figures)).join(' | ')} |`;
  return [
    head,
    row('seed (s)', (f) => (f.seedSeconds === null ? 'seeded before' : f.seedSeconds.toFixed(0))),
    row('migration: the counts index (s)', (f) => f.migrateSeconds.toFixed(1)),
    row('goal rows', (f) => f.goalRows.toLocaleString('en')),
    row(
      `plan, ${PLAN_REPS} reps in turn, paced ${PLAN_RATE}/s: p50 / p95 (ms)`,
      (f) => `${ms(f.plan.serverP50)} / ${ms(f.plan.serverP95)}`,
    ),
    row(
      'plan of the heaviest rep, paced 10/s: p50 / p95 (ms)',
      (f) => `${ms(f.heaviestPlan.serverP50)} / ${ms(f.heaviestPlan.serverP95)}`,
    ),
    ...TEAMS.map((team, index) =>
      row(`${team.label}, paced 5/s: p50 / p95 (ms)`, (f) => {
        const result = f.teams[index];
        return result ? `${ms(result.serverP50)} / ${ms(result.serverP95)}` : '';
      }),
    ),
    row(
      'mark done with the index: p50 / p95 (ms)',
      (f) => `${ms(f.markDone.withIndex.p50)} / ${ms(f.markDone.withIndex.p95)}`,
    ),
    row(
      'mark done without it: p50 / p95 (ms)',
      (f) => `${ms(f.markDone.withoutIndex.p50)} / ${ms(f.markDone.withoutIndex.p95)}`,
    ),
    ...["typical rep's plan", "heaviest rep's plan", ...TEAMS.map((team) => team.label)].map((label) =>
      row(`${label}, alone in process: min / median (ms)`, (f) => {
        const figure = f.alone.find((item) => item.label === label);
        return figure ? `${ms(figure.min)} / ${ms(figure.median)}` : '';
      }),
    ),
    row('failures', (f) =>
      String(f.plan.failures + f.heaviestPlan.failures + f.teams.reduce((sum, team) => sum + team.failures, 0)),
    ),
  ].join('\n');
}

async function main(): Promise<void> {
  const all: Figures[] = [];
  const keptDir = process.env.BENCH_CYCLES_SQLITE_DIR;
  if (process.env.BENCH_CYCLES_SQLITE !== 'false') {
    all.push(await benchEngine('sqlite', { DATA_DIR: keptDir ?? newDataDir() }, keptDir !== undefined));
  }
  if (process.env.BENCH_CYCLES_POSTGRES !== 'false') {
    const result = await withPostgres({ prefix: 'crm_bench_cycles' }, (url) =>
      benchEngine('postgres', { DATABASE_URL: url }, false),
    );
    if (result) all.push(result);
  }
  const results = path.resolve(import.meta.dirname, 'results');
  fs.mkdirSync(results, { recursive: true });
  fs.writeFileSync(
    path.join(results, 'cycles-latest.json'),
    `${JSON.stringify({ when: new Date().toISOString(), tier, targets: TARGETS, all }, null, 2)}\n`,
  );
  console.log(markdown(all));
  for (const figures of all) {
    console.log(`\n${figures.engine}: the tallies' plan`);
    for (const line of figures.queryPlan) console.log(`  ${line}`);
    for (const goal of figures.goals)
      console.log(`${figures.engine}: ${goal.met ? 'met' : 'NOT MET'} ${goal.goal}: ${goal.value}`);
  }
}

await main();
