import { defineConfig } from '@playwright/test';
import suite from './playwright.config.ts';

/*
 * `npm run screens`: every screen in French and English, on a desktop and on a 390 px phone, written to
 * .tmp/screens/ for people to look at. Not part of `npm test`: nothing compares the pictures. Each walk takes
 * many full-page pictures, hence its longer limit.
 */
export default defineConfig({
  ...suite,
  testDir: './screens',
  outputDir: '../.tmp/screens-results',
  timeout: 600_000,
  expect: { timeout: 30_000 },
  reporter: [['list']],
  // The product as a rep has it, service worker included (the install banner, the offline screens).
  use: { ...suite.use, serviceWorkers: 'allow' },
});
