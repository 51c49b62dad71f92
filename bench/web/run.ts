// `npm run bench:web`: what a rep feels on a mid-range phone (issues 20 and 27). Starts the product on a fresh
// demo database, walks the rep's path in Chromium with the phone profile, a fresh context (cold cache) per
// run, then runs Lighthouse's mobile preset on /login, /doctors and /calendar, and prints the medians;
// bench/results/web-latest.json keeps every run. Needs apps/web/dist.
//
// BENCH_WEB_BASELINE names other checkouts (each with its node_modules and apps/web/dist; several separated by
// ':'): each gets its own server, and every run is taken on every version in turn, which version goes first
// alternating from one round to the next, so that what else loads the machine falls on all of them alike.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_PAGE_SIZE, LoginResult } from '@crm/shared';
import { chromium, type Browser } from '@playwright/test';
import { startServer, type RunningServer } from '../lib/server.ts';
import { type LighthouseFigures, LighthouseRuntimeError, runLighthouse, type StoredSession } from './lighthouse.ts';
import { PHONE_PROFILE } from './phone-profile.ts';
import {
  type Column,
  type LighthousePage,
  markdownTable,
  type Row,
  summarise,
  summariseLighthouse,
  table,
} from './report.ts';
import { LostKeystrokes, REP, type RunFigures, SEARCH_DEBOUNCE_MS, walkRepPath } from './rep-path.ts';
import { CHROMIUM_ARGS, chromiumPath, gitCommit, requireWebBuild, ROOT } from './setup.ts';

function wholeNumber(name: string, fallback: number, minimum: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < minimum)
    throw new Error(`${name} must be a whole number, ${minimum} or more`);
  return value;
}

const runs = wholeNumber('BENCH_WEB_RUNS', 5, 1);
const lighthouseRuns = wholeNumber('BENCH_WEB_LIGHTHOUSE_RUNS', 3, 1);
const only = process.env.BENCH_WEB_ONLY ?? '';
if (!['', 'path', 'lighthouse'].includes(only)) throw new Error('BENCH_WEB_ONLY must be path or lighthouse');
const walkThePath = only !== 'lighthouse';
const auditWithLighthouse = only !== 'path';

const resultFile = path.join(ROOT, 'bench/results/web-latest.json');
const failureScreenshot = path.join(ROOT, '.tmp/bench-web-failure.png');
/** How many recently viewed doctors the rep has before the runs, so every /doctors reload shows the same list. */
const RECENT_DOCTORS = 10;

/** The pages of issue 27's Lighthouse goals. */
const LIGHTHOUSE_PAGES: LighthousePage[] = [
  { path: '/login', signedIn: false },
  { path: '/doctors', signedIn: true },
  { path: '/calendar', signedIn: true },
];

type Doctor = { id: string; firstName: string; lastName: string };

/** One version of the product being measured: a checkout, its server, the demo rep's session on it. */
type Version = { label: string; checkout: string; server: RunningServer; session: StoredSession };

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

/** The demo rep's session, as the web app stores it after signing in (the user kept as the server sent it). */
async function signIn(server: RunningServer): Promise<StoredSession> {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(REP),
  });
  if (!response.ok) throw new Error(`sign-in as ${REP.email} failed: ${response.status}`);
  const body: unknown = await response.json();
  const { token } = LoginResult.parse(body);
  return { token, user: JSON.stringify((body as { user: unknown }).user) };
}

type SearchPick = { text: string; total: number };

/** A real demo name to type (first or last): the one among a sample that finds the most doctors. */
async function pickSearch(server: RunningServer, token: string): Promise<SearchPick> {
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
    const total = await searchTotal(server, token, name);
    if (pick === null || total > pick.total) pick = { text: name, total };
  }
  if (pick === null) throw new Error('the demo data has no doctor to search for');
  return pick;
}

async function searchTotal(server: RunningServer, token: string, text: string): Promise<number> {
  const search = `/doctors/search?search=${encodeURIComponent(text)}&limit=10`;
  return (await api<{ total: number }>(server, search, token)).total;
}

/** The rep's recent doctors set from the search's first results, as they will be after each run. */
async function setRecentDoctors(server: RunningServer, token: string, text: string): Promise<void> {
  const { doctors } = await api<{ doctors: Doctor[] }>(
    server,
    `/doctors/search?search=${encodeURIComponent(text)}&limit=${DEFAULT_PAGE_SIZE}`,
    token,
  );
  // Oldest first, so that the first result (the one the path taps) ends on top as it will after each run.
  for (const doctor of doctors.slice(0, RECENT_DOCTORS).reverse()) {
    await api(server, '/recent-doctors', token, { doctorId: doctor.id });
  }
}

/** The versions in the order a round takes them: each round starts one further along. */
function roundOrder(versions: Version[], round: number): Version[] {
  return versions.map((_, index) => versions[(index + round) % versions.length] as Version);
}

type PathResult = { figures: RunFigures[]; lostKeystrokes: string[] };

async function measureRepPath(
  browser: Browser,
  versions: Version[],
  searchText: string,
): Promise<Map<Version, PathResult>> {
  const results = new Map<Version, PathResult>();
  for (const version of versions) results.set(version, { figures: [], lostKeystrokes: [] });
  for (let round = 0; round < runs; round += 1) {
    for (const version of roundOrder(versions, round)) {
      const result = results.get(version);
      if (!result) throw new Error(`no runs kept for ${version.label}`);
      for (;;) {
        const started = Date.now();
        try {
          result.figures.push(
            await walkRepPath(browser, { baseURL: version.server.url, searchText, failureScreenshot }),
          );
          console.log(
            `  ${version.label}: run ${result.figures.length}/${runs}: ${((Date.now() - started) / 1000).toFixed(0)} s`,
          );
          break;
        } catch (error) {
          if (!(error instanceof LostKeystrokes) || result.lostKeystrokes.length >= runs) throw error;
          result.lostKeystrokes.push(error.message);
          console.log(`  ${version.label}: run ${result.figures.length + 1}/${runs} walked again: ${error.message}`);
        }
      }
    }
  }
  return results;
}

/** Where a run's whole Lighthouse report goes when BENCH_WEB_LIGHTHOUSE_REPORTS names a folder. */
function reportFile(version: Version, page: LighthousePage, round: number): string | undefined {
  const folder = process.env.BENCH_WEB_LIGHTHOUSE_REPORTS;
  if (folder === undefined || folder === '') return undefined;
  fs.mkdirSync(folder, { recursive: true });
  const name = `${version.label}${page.path.replaceAll('/', '-')}-${round + 1}.json`.replace(/[^\w.-]/g, '_');
  return path.join(folder, name);
}

/** Lighthouse's trace recording fails now and then (NO_NAVSTART, as it says: run it again): one more try. */
async function lighthouseOnce(
  executablePath: string,
  version: Version,
  page: LighthousePage,
  round: number,
): Promise<LighthouseFigures> {
  const take = () =>
    runLighthouse(
      executablePath,
      `${version.server.url}${page.path}`,
      page.signedIn ? version.session : null,
      reportFile(version, page, round),
    );
  try {
    return await take();
  } catch (error) {
    if (!(error instanceof LighthouseRuntimeError)) throw error;
    console.log(`  ${version.label}: ${error.message}; taken again`);
    return take();
  }
}

async function measureLighthouse(
  executablePath: string,
  versions: Version[],
): Promise<Map<Version, Record<string, LighthouseFigures[]>>> {
  const results = new Map(
    versions.map((version) => [
      version,
      Object.fromEntries(LIGHTHOUSE_PAGES.map((page) => [page.path, [] as LighthouseFigures[]])),
    ]),
  );
  for (let round = 0; round < lighthouseRuns; round += 1) {
    for (const page of LIGHTHOUSE_PAGES) {
      for (const version of roundOrder(versions, round)) {
        const started = Date.now();
        const figures = await lighthouseOnce(executablePath, version, page, round);
        results.get(version)?.[page.path]?.push(figures);
        console.log(
          `  ${version.label}: Lighthouse ${page.path} ${round + 1}/${lighthouseRuns}: performance ${figures.score.toFixed(0)} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
        );
      }
    }
  }
  return results;
}

function report(title: string, columns: Column[]): void {
  console.log(`\n${title}\n\n${table(columns)}\n\nFor docs/benchmarks.md:\n\n${markdownTable(columns)}\n`);
}

const baselines = (process.env.BENCH_WEB_BASELINE ?? '')
  .split(path.delimiter)
  .filter((entry) => entry !== '')
  .map((entry) => path.resolve(entry));
// Before (the baselines) on the left, this checkout on the right, as a before-and-after table reads.
const checkouts = [...baselines, ROOT];
for (const checkout of checkouts) requireWebBuild('bench:web', checkout);
const executablePath = chromiumPath();
const loadBefore = os.loadavg();
const versions: Version[] = [];
const servers: RunningServer[] = [];
let browser: Browser | null = null;
try {
  for (const checkout of checkouts) {
    const server = await startServer({ DEMO_MODE: 'true', GEOCODER_URL: 'none' }, checkout);
    servers.push(server);
    // A column's name: the commit, marked when the checkout has changes on top of it (the JSON says so in full).
    const commit = gitCommit(checkout).replace(/ with uncommitted changes$/, ' + changes');
    versions.push({
      label: checkout === ROOT && baselines.length > 0 ? `${commit} (this checkout)` : commit,
      checkout,
      server,
      session: await signIn(server),
    });
  }
  const current = versions.at(-1) as Version;
  const search = await pickSearch(current.server, current.session.token);
  for (const version of versions) {
    await setRecentDoctors(version.server, version.session.token, search.text);
    const total = await searchTotal(version.server, version.session.token, search.text);
    if (total !== search.total) {
      console.log(`warning: "${search.text}" finds ${total} doctors on ${version.label}, ${search.total} here`);
    }
  }
  browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  const chromiumVersion = browser.version();
  console.log(
    `bench:web on ${versions.map((version) => `${version.label} (${version.server.url})`).join(', ')}, Chromium ${chromiumVersion}`,
  );

  const columns = (rows: Map<Version, Row[]>) =>
    versions.map((version) => ({ label: version.label, rows: rows.get(version) ?? [] }));
  let paths: Map<Version, PathResult> | null = null;
  const pathRows = new Map<Version, Row[]>();
  if (walkThePath) {
    console.log(`The rep's path, ${runs} runs, typing "${search.text}" (${search.total} doctors):`);
    paths = await measureRepPath(browser, versions, search.text);
    // Printed before Lighthouse starts: a failure there no longer loses the path's minutes.
    for (const version of versions) {
      const walked = paths.get(version);
      if (walked) pathRows.set(version, summarise(walked.figures, SEARCH_DEBOUNCE_MS));
    }
    report("The rep's path (phone profile):", columns(pathRows));
  }
  await browser.close();
  browser = null;
  let audits: Map<Version, Record<string, LighthouseFigures[]>> | null = null;
  if (auditWithLighthouse) {
    console.log(`Lighthouse (mobile preset), ${lighthouseRuns} runs of each page:`);
    audits = await measureLighthouse(executablePath, versions);
  }

  const lighthouseRows = new Map<Version, Row[]>();
  for (const version of versions) {
    const audited = audits?.get(version);
    if (audited) lighthouseRows.set(version, summariseLighthouse(LIGHTHOUSE_PAGES, audited));
  }
  if (audits) report('Lighthouse, mobile preset:', columns(lighthouseRows));

  for (const version of versions) {
    const figures = paths?.get(version)?.figures ?? [];
    const askedTwice = figures.filter((run) => run.search.requests !== 1).length;
    if (askedTwice > 0) {
      console.log(
        `warning: on ${version.label}, in ${askedTwice} run(s) the search asked more than once (typing outpaced by a busy machine)`,
      );
    }
    const notBrotli = figures.filter((run) => run.login.scripts.brotliFiles !== run.login.scripts.files).length;
    if (notBrotli > 0) {
      console.log(
        `warning: on ${version.label}, in ${notBrotli} run(s) some of /login's scripts did not come in brotli`,
      );
    }
  }

  fs.mkdirSync(path.dirname(resultFile), { recursive: true });
  fs.writeFileSync(
    resultFile,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        machine: {
          cpus: os.cpus().length,
          loadAverageBefore: loadBefore.map((load) => Number(load.toFixed(2))),
          loadAverageAfter: os.loadavg().map((load) => Number(load.toFixed(2))),
        },
        chromium: chromiumVersion,
        profile: PHONE_PROFILE,
        search: { ...search, debounceMs: SEARCH_DEBOUNCE_MS },
        lighthouse: {
          version: audits ? [...audits.values()][0]?.[LIGHTHOUSE_PAGES[0]?.path ?? '']?.[0]?.lighthouseVersion : null,
          config: 'default (mobile preset: simulated throttling, formFactor mobile), performance only',
          runsPerPage: audits ? lighthouseRuns : 0,
          pages: LIGHTHOUSE_PAGES,
        },
        versions: versions.map((version) => ({
          label: version.label,
          checkout: version.checkout,
          commit: gitCommit(version.checkout),
          path: paths?.get(version)
            ? {
                runs: paths.get(version)?.figures.length,
                /** runs walked again because the search box lost keystrokes typed while the list was updating */
                lostKeystrokes: paths.get(version)?.lostKeystrokes,
                summary: pathRows.get(version),
                figures: paths.get(version)?.figures,
              }
            : null,
          lighthouse: audits?.get(version)
            ? { summary: lighthouseRows.get(version), figures: audits.get(version) }
            : null,
        })),
      },
      null,
      2,
    )}\n`,
  );
  console.log(`written to ${path.relative(ROOT, resultFile)}`);
} finally {
  await browser?.close();
  for (const server of servers) await server.stop();
}
