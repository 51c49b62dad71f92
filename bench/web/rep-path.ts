import type { Browser, Page } from '@playwright/test';
import {
  addProbe,
  appearance,
  countSearchRows,
  type Interaction,
  interactions,
  largestContentfulPaint,
  lastInput,
  watchSearchRows,
} from './page-probe.ts';
import { type NetworkQuiet, trackRequests } from './network-quiet.ts';
import { newPhoneContext, throttleLikeThePhone } from './phone-profile.ts';
import { countScriptBytes, difference, type ScriptBytes } from './script-bytes.ts';

export const REP = { email: 'rep@demo-crm.fr', password: 'Demo1234!' } as const;

/** The search debounce of spec 000 §2: the list asks once typing has paused this long. */
export const SEARCH_DEBOUNCE_MS = 300;

/** Between two keystrokes, as a quick thumb types: well under the debounce, so only the whole name is asked. */
const KEYSTROKE_DELAY_MS = 100;

/** How long the typed search may take before the run is given up. */
const SEARCH_TIMEOUT_MS = 20_000;

/** The search box ended with other text than was typed: the run measured nothing and is walked again. */
export class LostKeystrokes extends Error {
  constructor(typed: string, shown: string) {
    super(`typed "${typed}", the search box shows "${shown}"`);
  }
}

/** After a screen shows, the network quiet the page gets before its figures are read. */
const SETTLE_MS = 500;

/** One run of the rep's path, in milliseconds and bytes. */
export type RunFigures = {
  /** a fixed script timed on the throttled page before the path: the machine's speed during the run */
  referenceTask: number;
  login: { lcp: number; scripts: ScriptBytes };
  /** from the tap on "Se connecter" to the dashboard's figures shown */
  signIn: { shown: number; scripts: ScriptBytes; scriptsSinceLogin: ScriptBytes };
  /** the signed-in app opened with an empty cache, on its first screen (the dashboard) */
  signedInColdLoad: { lcp: number; shown: number; scripts: ScriptBytes };
  doctorsReload: { lcp: number };
  /** from the last keystroke to the matching rows in the DOM (and painted) */
  search: { rows: number; painted: number; rowCount: number; requests: number };
  /** from the tap on a result to the doctor's name shown */
  openDoctor: { shown: number; painted: number };
  /** from navigation to the first event of the month in the DOM */
  calendar: { firstEvent: number; painted: number };
  /** the slowest interaction of the whole path */
  slowestInteraction: Interaction & { step: string };
};

export type PathInput = { baseURL: string; searchText: string; failureScreenshot: string };

/** Waits for the screen's requests to end and its late paints and event entries to come. */
function settle(network: NetworkQuiet): Promise<void> {
  return network.until(SETTLE_MS);
}

/**
 * The same arithmetic every run, timed on the throttled page: on a shared machine it tells a slow run from a
 * slow app.
 */
function referenceTask(page: Page): Promise<number> {
  return page.evaluate(() => {
    const started = performance.now();
    let sum = 0;
    for (let step = 0; step < 20_000_000; step += 1) sum = (sum + step * 7) % 1_000_003;
    return sum >= 0 ? performance.now() - started : Number.NaN;
  });
}

async function requiredLcp(page: Page, where: string): Promise<number> {
  const lcp = await largestContentfulPaint(page);
  if (lcp === null) throw new Error(`no largest-contentful-paint entry on ${where}`);
  return lcp;
}

async function inputTime(page: Page, expected: string): Promise<number> {
  const input = await lastInput(page);
  if (input?.type !== expected)
    throw new Error(`expected a ${expected} before the measure, saw ${input?.type ?? 'none'}`);
  return input.at;
}

/** Walks the rep's path once in a fresh phone context (cold cache, signed out). */
export async function walkRepPath(
  browser: Browser,
  { baseURL, searchText, failureScreenshot }: PathInput,
): Promise<RunFigures> {
  const context = await newPhoneContext(browser, baseURL);
  try {
    await addProbe(context);
    const page = await context.newPage();
    try {
      return await walk(page, searchText);
    } catch (error) {
      if (error instanceof LostKeystrokes) throw error;
      await page.screenshot({ path: failureScreenshot }).catch(() => undefined);
      throw new Error(`the rep's path stopped at ${page.url()} (screenshot: ${failureScreenshot})`, { cause: error });
    }
  } finally {
    await context.close();
  }
}

async function walk(page: Page, searchText: string): Promise<RunFigures> {
  const cdp = await throttleLikeThePhone(page);
  const scripts = countScriptBytes(cdp);
  const network = trackRequests(cdp);
  const reference = await referenceTask(page);
  const slow: (Interaction & { step: string })[] = [];
  const collect = async (step: string) => {
    slow.push(...(await interactions(page)).map((interaction) => ({ ...interaction, step })));
  };

  // First /login, nothing cached.
  await page.goto('/login');
  await appearance(page, 'signInButton');
  await settle(network);
  const login = { lcp: await requiredLcp(page, '/login'), scripts: scripts.total() };

  // Signing in, until the dashboard shows its figures.
  await page.getByLabel(/e-mail/i).fill(REP.email);
  await page.getByLabel(/mot de passe/i).fill(REP.password);
  await page.getByRole('button', { name: /^se connecter$/i }).tap();
  const dashboard = await appearance(page, 'dashboard');
  const tappedAt = await inputTime(page, 'pointerdown');
  await settle(network);
  const afterSignIn = scripts.total();
  const signIn = {
    shown: dashboard.dom - tappedAt,
    scripts: difference(afterSignIn, login.scripts),
    scriptsSinceLogin: afterSignIn,
  };
  await collect('sign in');

  // The signed-in app opened again with an empty cache: what a rep gets after the cache is evicted.
  await cdp.send('Network.clearBrowserCache');
  const beforeColdLoad = scripts.total();
  await page.goto('/');
  const coldDashboard = await appearance(page, 'dashboard');
  await settle(network);
  const signedInColdLoad = {
    lcp: await requiredLcp(page, '/ (signed in)'),
    shown: coldDashboard.dom,
    scripts: difference(scripts.total(), beforeColdLoad),
  };

  // /doctors reloaded while signed in (the cache now warm): the recent doctors.
  await page.goto('/doctors');
  await appearance(page, 'doctorSearch');
  await settle(network);
  await page.reload();
  await appearance(page, 'doctorSearch');
  await settle(network);
  const doctorsReload = { lcp: await requiredLcp(page, '/doctors') };

  // Typing a name until its rows show.
  let requests = 0;
  const countSearches = (request: { url: () => string }) => {
    if (request.url().includes('/api/doctors/search')) requests += 1;
  };
  page.on('request', countSearches);
  const searchBox = page.getByTestId('doctor-search-input');
  await searchBox.tap();
  await watchSearchRows(page, 'searchRows', searchText);
  await searchBox.pressSequentially(searchText, { delay: KEYSTROKE_DELAY_MS });
  const lastKeystroke = await inputTime(page, 'keydown');
  const rows = await appearance(page, 'searchRows', SEARCH_TIMEOUT_MS).catch(async (error: unknown) => {
    // On a busy machine the debounce can fire between two keystrokes, and the box then loses some.
    const typed = await searchBox.inputValue();
    if (typed !== searchText) throw new LostKeystrokes(searchText, typed);
    throw error;
  });
  page.off('request', countSearches);
  const search = {
    rows: rows.dom - lastKeystroke,
    painted: (rows.painted ?? rows.dom) - lastKeystroke,
    rowCount: await countSearchRows(page),
    requests,
  };
  await settle(network);

  // Tapping a result until the doctor's detail shows.
  await page
    .locator('[data-testid="doctor-results-table"] tbody tr[data-row-key]')
    // A string matches case-insensitively, anywhere in the row.
    .filter({ hasText: searchText })
    .first()
    .tap();
  const doctor = await appearance(page, 'doctorName');
  const resultTappedAt = await inputTime(page, 'pointerdown');
  const openDoctor = { shown: doctor.dom - resultTappedAt, painted: (doctor.painted ?? doctor.dom) - resultTappedAt };
  await settle(network);
  await collect('doctors');

  // The calendar's month, until its first event shows.
  await page.goto('/calendar?view=dayGridMonth');
  const firstEvent = await appearance(page, 'calendarEvent');
  const calendar = { firstEvent: firstEvent.dom, painted: firstEvent.painted ?? firstEvent.dom };
  await settle(network);
  await collect('calendar');

  const slowest = slow.reduce<(Interaction & { step: string }) | null>(
    (worst, interaction) => (worst === null || interaction.duration > worst.duration ? interaction : worst),
    null,
  );
  return {
    referenceTask: reference,
    login,
    signIn,
    signedInColdLoad,
    doctorsReload,
    search,
    openDoctor,
    calendar,
    slowestInteraction: slowest ?? { name: 'none over 16 ms', duration: 0, target: '', step: '' },
  };
}
