// `npm run bench:offline`: the offline goals of issue 13, measured in Chromium against the real server.
// For each account (the demo representative, and the typical representative of a tier seeded at the nominal
// tier's density) and each CPU (the machine's, and the phone profile's 4× slowdown): a fresh context signs
// in and loads the app until its slice is stored ('ready offline'), then 200 queued changes are sent from
// 'Sync now' until none waits, each under a performance trace of the page's main thread. Also the entry's
// JavaScript, from apps/web/dist. bench/results/offline-latest.json keeps every run. Needs apps/web/dist.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { newDataDir, seedTier, startServer, type RunningServer, type Tier } from '../lib/server.ts';
import { entryBytes } from './entry-bytes.ts';
import { type CpuProfile, offlineRun, type OfflineRunFigures, type Session } from './offline-path.ts';
import { PHONE_PROFILE } from './phone-profile.ts';
import { spread, type Spread } from './report.ts';
import { CHROMIUM_ARGS, chromiumPath, gitCommit, requireWebBuild, ROOT } from './setup.ts';

const runs = Number(process.env.BENCH_OFFLINE_RUNS ?? 3);
if (!Number.isInteger(runs) || runs < 1)
  throw new Error('BENCH_OFFLINE_RUNS must be a whole number of runs, 1 or more');
const CHANGES = 200;
const resultFile = path.join(ROOT, 'bench/results/offline-latest.json');
const failureScreenshot = path.join(ROOT, '.tmp/bench-offline-failure.png');

// BENCH_OFFLINE_CPU (machine, phone) and BENCH_OFFLINE_ACCOUNT (demo, tier) narrow a run, to look into one.
const onlyCpu = process.env.BENCH_OFFLINE_CPU;
const onlyAccount = process.env.BENCH_OFFLINE_ACCOUNT;
const CPUS: CpuProfile[] = [
  { name: 'machine', slowdown: 1 },
  { name: `phone CPU (${PHONE_PROFILE.cpuSlowdown}× slower)`, slowdown: PHONE_PROFILE.cpuSlowdown },
].filter((cpu) => onlyCpu === undefined || cpu.name.startsWith(onlyCpu));

/**
 * The nominal tier (DESIGN.md §10) has 1,000 representatives for 5,000,000 activities; ten representatives
 * with 75,300 give each the same share (activitiesPerRep's weights over ten reps), so rep00002, the one of
 * base weight, has what a typical nominal representative has (about 5,150 over the tier's eighteen months,
 * two thirds of them in the calendar's window). The directory is smaller: a slice holds only the
 * representative's own doctors, whatever the directory's size.
 */
const NOMINAL_DENSITY: Tier = { doctors: 20_000, offices: 7_000, reps: 10, activities: 75_300 };

type Account = { name: string; email: string; password: string };
const DEMO_REP: Account = { name: 'demo representative', email: 'rep@demo-crm.fr', password: 'Demo1234!' };
const TIER_REP: Account = {
  name: 'typical representative, nominal density',
  email: 'rep00002@bench-crm.fr',
  password: 'Bench1234!',
};

async function signIn(server: RunningServer, account: Account): Promise<Session> {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (!response.ok) throw new Error(`sign-in as ${account.email} failed: ${response.status}`);
  return (await response.json()) as Session;
}

type Summary = {
  account: string;
  cpu: string;
  activities: number;
  doctors: number;
  sliceAt: Spread;
  serviceWorkerAt: Spread;
  readyAt: Spread;
  pull: Spread;
  pullNetwork: Spread;
  pullStore: Spread;
  pullLongestTask: Spread;
  pullTasksOver50: Spread;
  drain: Spread;
  drainLongestTask: Spread;
  drainTasksOver50: Spread;
  notSynced: number;
};

function summarise(account: string, cpu: string, figures: OfflineRunFigures[]): Summary {
  const of = (pick: (run: OfflineRunFigures) => number) => spread(figures.map(pick));
  return {
    account,
    cpu,
    activities: Math.max(...figures.map((run) => run.activitiesStored)),
    doctors: Math.max(...figures.map((run) => run.doctorsStored)),
    sliceAt: of((run) => run.sliceAt),
    serviceWorkerAt: of((run) => run.serviceWorkerAt),
    readyAt: of((run) => run.readyAt),
    pull: of((run) => run.pull.total),
    pullNetwork: of((run) => run.pull.network),
    pullStore: of((run) => run.pull.store),
    pullLongestTask: of((run) => run.pullTasks.longestMs),
    pullTasksOver50: of((run) => run.pullTasks.over50),
    drain: of((run) => run.drain.ms),
    drainLongestTask: of((run) => run.drainTasks.longestMs),
    drainTasksOver50: of((run) => run.drainTasks.over50),
    notSynced: figures.reduce((sum, run) => sum + run.drain.notSynced, 0),
  };
}

const ms = (value: number) => value.toFixed(0);
const medianWorst = (figures: Spread, unit = ' ms') =>
  `${ms(figures.median)}${unit} (${ms(figures.min)}–${ms(figures.max)})`;

function markdown(summaries: Summary[]): string {
  const header =
    '| account | CPU | activities / doctors stored | first load → ready offline (slice stored; worker in control) | the pull: total, waiting, writing | longest task while pulling, tasks ≥ 50 ms | 200 changes drained | longest task while draining, tasks ≥ 50 ms |';
  const lines = summaries.map(
    (row) =>
      `| ${row.account} | ${row.cpu} | ${row.activities} / ${row.doctors} | ${medianWorst(row.readyAt)} (${ms(row.sliceAt.median)}; ${ms(row.serviceWorkerAt.median)} ms) | ${ms(row.pull.median)}, ${ms(row.pullNetwork.median)}, ${ms(row.pullStore.median)} ms | ${medianWorst(row.pullLongestTask)}, ${medianWorst(row.pullTasksOver50, '')} | ${medianWorst(row.drain)} | ${medianWorst(row.drainLongestTask)}, ${medianWorst(row.drainTasksOver50, '')} |`,
  );
  return [header, `|${'---|'.repeat(8)}`, ...lines].join('\n');
}

async function measureAccount(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  server: RunningServer,
  account: Account,
): Promise<{ summaries: Summary[]; figures: OfflineRunFigures[] }> {
  const session = await signIn(server, account);
  const summaries: Summary[] = [];
  const all: OfflineRunFigures[] = [];
  for (const cpu of CPUS) {
    const figures: OfflineRunFigures[] = [];
    for (let run = 1; run <= runs; run += 1) {
      const started = Date.now();
      const figure = await offlineRun(browser, {
        baseURL: server.url,
        session,
        cpu,
        changes: CHANGES,
        run: `${account.email} ${cpu.slowdown}x ${run}`,
        failureScreenshot,
      });
      figures.push(figure);
      console.log(
        `  ${account.name}, ${cpu.name}, run ${run}/${runs} (${((Date.now() - started) / 1000).toFixed(0)} s): ready offline at ${ms(figure.readyAt)} ms (slice ${ms(figure.sliceAt)}, worker ${ms(figure.serviceWorkerAt)}), drained in ${ms(figure.drain.ms)} ms (${figure.drain.synced} synced), longest tasks ${ms(figure.pullTasks.longestMs)} / ${ms(figure.drainTasks.longestMs)} ms`,
      );
    }
    summaries.push(summarise(account.name, cpu.name, figures));
    all.push(...figures);
  }
  return { summaries, figures: all };
}

requireWebBuild('bench:offline');
const entry = entryBytes(path.join(ROOT, 'apps/web/dist'));
console.log(
  `bench:offline: entry JavaScript ${entry.files} files, ${(entry.gzip / 1024).toFixed(1)} KiB gzip (${(entry.brotli / 1024).toFixed(1)} brotli, ${(entry.raw / 1024).toFixed(1)} raw)`,
);
const executablePath = chromiumPath();
const loadBefore = os.loadavg();
const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
const chromiumVersion = browser.version();
const results: { summaries: Summary[]; figures: Record<string, OfflineRunFigures[]> } = { summaries: [], figures: {} };
try {
  console.log(`bench:offline: ${runs} runs per account and CPU, Chromium ${chromiumVersion}`);
  if (onlyAccount === undefined || onlyAccount === 'demo') {
    const demo = await startServer({ DEMO_MODE: 'true', GEOCODER_URL: 'none' });
    try {
      const measured = await measureAccount(browser, demo, DEMO_REP);
      results.summaries.push(...measured.summaries);
      results.figures[DEMO_REP.email] = measured.figures;
    } finally {
      await demo.stop();
    }
  }
  if (onlyAccount === undefined || onlyAccount === 'tier') await measureTier();
} finally {
  await browser.close();
}

async function measureTier(): Promise<void> {
  const dataDir = newDataDir();
  const seeded = await seedTier({ DATA_DIR: dataDir }, NOMINAL_DENSITY);
  console.log(`  seeded ${JSON.stringify(NOMINAL_DENSITY)} in ${seeded.toFixed(0)} s`);
  const tier = await startServer({ DATA_DIR: dataDir, GEOCODER_URL: 'none' });
  try {
    const measured = await measureAccount(browser, tier, TIER_REP);
    results.summaries.push(...measured.summaries);
    results.figures[TIER_REP.email] = measured.figures;
  } finally {
    await tier.stop();
  }
}

console.log(`\nFor docs/benchmarks.md:\n\n${markdown(results.summaries)}\n`);
fs.mkdirSync(path.dirname(resultFile), { recursive: true });
fs.writeFileSync(
  resultFile,
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      commit: gitCommit(),
      machine: {
        cpus: os.cpus().length,
        loadAverageBefore: loadBefore.map((load) => Number(load.toFixed(2))),
        loadAverageAfter: os.loadavg().map((load) => Number(load.toFixed(2))),
      },
      chromium: chromiumVersion,
      runs,
      changes: CHANGES,
      nominalDensityTier: NOMINAL_DENSITY,
      entry,
      summary: results.summaries,
      figures: results.figures,
    },
    null,
    2,
  )}\n`,
);
console.log(`written to ${path.relative(ROOT, resultFile)}`);
