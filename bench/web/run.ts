// `npm run bench:web`: what a rep feels on a mid-range phone (issue 20). Starts the product on a fresh demo
// database, walks the rep's path in Chromium with the phone profile, a fresh context (cold cache) per run,
// and prints the medians; bench/results/web-latest.json keeps every run. Needs apps/web/dist.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_PAGE_SIZE } from '@crm/shared';
import { chromium } from '@playwright/test';
import { startServer, type RunningServer } from '../lib/server.ts';
import { PHONE_PROFILE } from './phone-profile.ts';
import { markdownTable, summarise, table } from './report.ts';
import { LostKeystrokes, REP, type RunFigures, SEARCH_DEBOUNCE_MS, walkRepPath } from './rep-path.ts';
import { CHROMIUM_ARGS, chromiumPath, gitCommit, requireWebBuild, ROOT } from './setup.ts';

const runs = Number(process.env.BENCH_WEB_RUNS ?? 5);
if (!Number.isInteger(runs) || runs < 1) throw new Error('BENCH_WEB_RUNS must be a whole number of runs, 1 or more');
const root = ROOT;
const resultFile = path.join(root, 'bench/results/web-latest.json');
const failureScreenshot = path.join(root, '.tmp/bench-web-failure.png');
/** How many recently viewed doctors the rep has before the runs, so every /doctors reload shows the same list. */
const RECENT_DOCTORS = 10;

type Doctor = { id: string; firstName: string; lastName: string };

async function api<T>(server: RunningServer, route: string, token: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}/api${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${route}: ${response.status}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

async function signIn(server: RunningServer): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(REP),
  });
  if (!response.ok) throw new Error(`sign-in as ${REP.email} failed: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

type SearchPick = { text: string; total: number };

/**
 * A real demo name to type (first or last), the one among a sample that finds the most doctors (a full page
 * of 50 rows when the demo data has one), and the rep's recent doctors set from its first results.
 */
async function prepareSearch(server: RunningServer, token: string): Promise<SearchPick> {
  const names = new Map<string, number>();
  for (const letter of 'bdlmp') {
    const { doctors } = await api<{ doctors: Doctor[] }>(server, `/doctors/search?search=${letter}&limit=100`, token);
    for (const name of doctors.flatMap((doctor) => [doctor.firstName, doctor.lastName])) {
      if (/^\p{L}{4,}$/u.test(name)) names.set(name, (names.get(name) ?? 0) + 1);
    }
  }
  const candidates = [...names.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12);
  let pick: SearchPick | null = null;
  for (const [name] of candidates) {
    const { total } = await api<{ total: number }>(
      server,
      `/doctors/search?search=${encodeURIComponent(name)}&limit=10`,
      token,
    );
    if (pick === null || total > pick.total) pick = { text: name, total };
  }
  if (pick === null) throw new Error('the demo data has no doctor to search for');
  const { doctors } = await api<{ doctors: Doctor[] }>(
    server,
    `/doctors/search?search=${encodeURIComponent(pick.text)}&limit=${DEFAULT_PAGE_SIZE}`,
    token,
  );
  // Oldest first, so that the first result (the one the path taps) ends on top as it will after each run.
  for (const doctor of doctors.slice(0, RECENT_DOCTORS).reverse()) {
    await api(server, '/recent-doctors', token, { doctorId: doctor.id });
  }
  return pick;
}

requireWebBuild('bench:web');
const executablePath = chromiumPath();
const loadBefore = os.loadavg();
const server = await startServer({ DEMO_MODE: 'true', GEOCODER_URL: 'none' });
const browser = await chromium.launch({
  executablePath,
  args: CHROMIUM_ARGS,
});
try {
  const search = await prepareSearch(server, await signIn(server));
  console.log(
    `bench:web: ${runs} runs on ${server.url}, Chromium ${browser.version()}, typing "${search.text}" (${search.total} doctors)`,
  );
  const figures: RunFigures[] = [];
  const lostKeystrokes: string[] = [];
  while (figures.length < runs) {
    const started = Date.now();
    try {
      figures.push(await walkRepPath(browser, { baseURL: server.url, searchText: search.text, failureScreenshot }));
      console.log(`  run ${figures.length}/${runs}: ${((Date.now() - started) / 1000).toFixed(0)} s`);
    } catch (error) {
      if (!(error instanceof LostKeystrokes) || lostKeystrokes.length >= runs) throw error;
      lostKeystrokes.push(error.message);
      console.log(`  run ${figures.length + 1}/${runs} walked again: ${error.message}`);
    }
  }
  const rows = summarise(figures, SEARCH_DEBOUNCE_MS);
  console.log(`\n${table(rows)}\n\nFor docs/benchmarks.md:\n\n${markdownTable(rows)}\n`);
  const askedTwice = figures.filter((run) => run.search.requests !== 1).length;
  if (askedTwice > 0) {
    console.log(`warning: in ${askedTwice} run(s) the search asked more than once (typing outpaced by a busy machine)`);
  }
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
        chromium: browser.version(),
        profile: PHONE_PROFILE,
        search: { ...search, debounceMs: SEARCH_DEBOUNCE_MS },
        runs: figures.length,
        /** runs walked again because the search box lost keystrokes typed while the list was updating */
        lostKeystrokes,
        summary: rows,
        figures,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`written to ${path.relative(root, resultFile)}`);
} finally {
  await browser.close();
  await server.stop();
}
