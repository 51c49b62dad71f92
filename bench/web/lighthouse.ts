import fs from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from './setup.ts';

/** One Lighthouse run's figures: the performance score (0–100), times in milliseconds, CLS unitless. */
export type LighthouseFigures = {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  speedIndex: number;
  lighthouseVersion: string;
  /** what Lighthouse warned about (a page it found slow to settle, storage that may have affected the load) */
  warnings: string[];
};

/** The signed-in session as the web app keeps it (apps/web/src/app/session.ts): the token, the user as JSON. */
export type StoredSession = { token: string; user: string };

/** The storage keys of apps/web/src/app/session.ts (TOKEN_STORAGE_KEY, USER_STORAGE_KEY). */
const SESSION_KEYS = { token: 'token', user: 'user' } as const;

/** Where the session is written before the audit: a same-origin answer that loads none of the app. */
const NEUTRAL_PATH = '/api/health';

const AUDITS = {
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  fcp: 'first-contentful-paint',
  speedIndex: 'speed-index',
} as const;

/**
 * Stores the session in the browser's default profile, which the tab Lighthouse opens shares. Done on an API
 * answer rather than a page of the app, so the audited load starts with an empty HTTP cache and no service
 * worker, as a phone's first visit of the day after the cache was evicted.
 */
async function storeSession(port: number, origin: string, session: StoredSession): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('the launched Chromium has no default context');
    const page = await context.newPage();
    await page.goto(`${origin}${NEUTRAL_PATH}`);
    await page.evaluate(
      ({ keys, values }) => {
        localStorage.setItem(keys.token, values.token);
        localStorage.setItem(keys.user, values.user);
      },
      { keys: SESSION_KEYS, values: session },
    );
    await page.close();
  } finally {
    // Connected, not launched: this only disconnects.
    await browser.close();
  }
}

/** Lighthouse could not take the run (its trace or page load failed): it says to run it again. */
export class LighthouseRuntimeError extends Error {
  constructor(
    url: string,
    readonly code: string,
    message: string,
  ) {
    super(`Lighthouse on ${url}: ${message} (${code})`);
  }
}

function numeric(lhr: { audits: Record<string, { numericValue?: number }> }, audit: string): number {
  const value = lhr.audits[audit]?.numericValue;
  if (value === undefined) throw new Error(`Lighthouse gave no ${audit}`);
  return value;
}

/**
 * One Lighthouse run of `url` with its default configuration: the mobile preset (a Moto G Power's screen,
 * simulated throttling of a slow 4G network and a 4× slower CPU), performance only. A fresh Chromium (its own
 * empty profile) per run; `session`, when given, is in local storage before the page is opened, which needs
 * Lighthouse's storage reset off (it would also clear local storage). `reportFile`, when given, receives the
 * whole report (its JSON), to read where the main thread's time and the requests went.
 */
export async function runLighthouse(
  chromePath: string,
  url: string,
  session: StoredSession | null,
  reportFile?: string,
): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [...CHROMIUM_ARGS, '--headless'],
    handleSIGINT: false,
  });
  try {
    if (session !== null) await storeSession(chrome.port, new URL(url).origin, session);
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: true,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (reportFile !== undefined) fs.writeFileSync(reportFile, JSON.stringify(lhr));
    if (lhr.runtimeError) throw new LighthouseRuntimeError(url, lhr.runtimeError.code, lhr.runtimeError.message);
    // A refused session sends the app to /login: that run would audit the wrong page.
    const shown = new URL(lhr.finalDisplayedUrl).pathname;
    if (shown !== new URL(url).pathname) throw new Error(`Lighthouse on ${url} ended on ${shown}`);
    const score = lhr.categories.performance?.score;
    if (score === undefined || score === null) throw new Error(`Lighthouse gave no performance score for ${url}`);
    return {
      score: score * 100,
      lcp: numeric(lhr, AUDITS.lcp),
      tbt: numeric(lhr, AUDITS.tbt),
      cls: numeric(lhr, AUDITS.cls),
      fcp: numeric(lhr, AUDITS.fcp),
      speedIndex: numeric(lhr, AUDITS.speedIndex),
      lighthouseVersion: lhr.lighthouseVersion,
      warnings: lhr.runWarnings.map(String),
    };
  } finally {
    chrome.kill();
  }
}
