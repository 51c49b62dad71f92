import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signInAs } from './helpers';
import { waitForServiceWorkerControl } from './offline-helpers';

// The installable app (issue 13): manifest, the service worker at /sw.js and its precache, the update prompt,
// the install banner, and the reload after a missing chunk. Playwright runs service workers in Chromium only.

const serviceWorkerFile = path.resolve(import.meta.dirname, '../../apps/web/dist/sw.js');

const PHONE = { width: 390, height: 844 };
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const TEXTS = {
  update: 'Nouvelle version disponible',
  reload: 'Recharger',
  ios: "Touchez le bouton Partager puis « Sur l'écran d'accueil »…",
  dismiss: "Ne plus proposer l'installation",
} as const;

/** Every URL stored in Cache Storage, whatever the cache. */
async function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(request.url);
    }
    return urls;
  });
}

test.describe('the installable app', () => {
  test.use({ serviceWorkers: 'allow' });
  test('Chromium finds it installable once the worker controls the page', async ({ playwright }, testInfo) => {
    // Chromium never offers to install from an incognito profile, which a test's context is: a real profile.
    const { launchOptions, baseURL } = testInfo.project.use;
    const context = await playwright.chromium.launchPersistentContext(testInfo.outputPath('profile'), {
      ...launchOptions,
      baseURL,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await signInAs(page, 'rep@demo-crm.fr');
      await waitForServiceWorkerControl(page);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('reloads /calendar from the precache with no network, and keeps no /api answer in Cache Storage', async ({
    page,
    context,
  }) => {
    await signInAs(page, 'rep@demo-crm.fr');
    await waitForServiceWorkerControl(page);
    // Online, the pages ask for their data: none of it may land in Cache Storage.
    for (const address of ['/activities', '/calendar']) {
      await page.goto(address);
      await expect(
        page.getByRole('heading', { name: address === '/calendar' ? 'Calendrier' : 'Activités' }),
      ).toBeVisible();
    }
    const urls = await cachedUrls(page);
    expect(urls.filter((url) => new URL(url).pathname.startsWith('/api'))).toEqual([]);
    // The whole build is precached, the offline pages' lazy chunks with it.
    for (const chunk of ['CalendarPage', 'ActivityListPage', 'ActivityFormPage', 'ConsentPage']) {
      expect(
        urls.some((url) => url.includes(`/assets/${chunk}-`)),
        chunk,
      ).toBe(true);
    }
    expect(urls.some((url) => /\/index\.html(\?|$)/.test(url))).toBe(true);

    // setOffline alone doesn't stop what the worker fetches (Playwright issue 2311): every request that leaves
    // the browser, the worker's included, fails as with no network. Only what the worker answers from its
    // precache can render the page.
    const leftTheBrowser: string[] = [];
    await context.route('**/*', (route) => {
      leftTheBrowser.push(new URL(route.request().url()).pathname);
      return route.abort('internetdisconnected');
    });
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Calendrier' })).toBeVisible();
    await expect(page.getByTestId('side-menu')).toBeVisible();
    await expect(page.getByTestId('connectivity-indicator')).toContainText('Hors ligne');
    // Only the data calls went out (and failed): the document and the code came from the precache.
    expect(leftTheBrowser).toContain('/api/health');
    expect(leftTheBrowser.filter((pathname) => !pathname.startsWith('/api/'))).toEqual([]);
    expect((await cachedUrls(page)).filter((url) => new URL(url).pathname.startsWith('/api'))).toEqual([]);
  });

  test.describe('with the worker out of the way', () => {
    // The point here is the page's own recovery: the worker would answer the chunk from its precache.
    test.use({ serviceWorkers: 'block' });

    test('reloads once when a page chunk is missing, and then opens the page', async ({ page }) => {
      await signInAs(page, 'rep@demo-crm.fr');
      const documents: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname);
      });
      // The chunk is gone until the page reloads (a deploy replaced it): its preload and its import both fail.
      let misses = 0;
      await page.route('**/assets/DoctorListPage-*.js', (route) => {
        if (documents.length > 0) return route.continue();
        misses += 1;
        return route.fulfill({ status: 404, body: 'Not found' });
      });
      await page.evaluate(() => {
        (window as Window & { beforeReload?: boolean }).beforeReload = true;
      });

      await page.getByTestId('side-menu').getByText('Médecins', { exact: true }).click();

      await expect(page.getByRole('heading', { name: 'Médecins' })).toBeVisible();
      expect(misses).toBeGreaterThan(0);
      expect(documents).toEqual(['/doctors']);
      expect(await page.evaluate(() => (window as Window & { beforeReload?: boolean }).beforeReload)).toBeUndefined();
    });
  });

  // In French; the prompt's and the banner's English: their component tests.
  test.describe('on an iPhone', () => {
    test.use({ viewport: PHONE, userAgent: IPHONE_SAFARI, hasTouch: true, isMobile: true });

    test('offers the new version, which applies on reload; shows the iOS instructions', async ({ page }) => {
      await page.addInitScript(() => localStorage.setItem('i18nextLng', 'fr'));
      const original = await fs.readFile(serviceWorkerFile, 'utf8');
      try {
        await signInAs(page, 'rep@demo-crm.fr');
        await waitForServiceWorkerControl(page);
        const banner = page.getByTestId('install-banner');
        await expect(banner).toContainText(TEXTS.ios);
        await expect(page.getByTestId('update-prompt')).toHaveCount(0);

        // A deploy: another /sw.js. The app checks on its health ticks; the test asks at once.
        await fs.writeFile(serviceWorkerFile, `${original}\n// the next version\n`);
        await page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          await registration?.update();
        });
        const prompt = page.getByTestId('update-prompt');
        await expect(prompt).toContainText(TEXTS.update);
        // The rep carries on meanwhile: nothing has switched.
        await expect(page.getByTestId('side-menu')).toBeAttached();

        const reloaded = page.waitForEvent('load');
        await prompt.getByRole('button', { name: TEXTS.reload }).click();
        await reloaded;
        await expect(page.getByTestId('today-panel')).toBeVisible();
        await expect(page.getByTestId('update-prompt')).toHaveCount(0);
        const state = await page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return { waiting: registration?.waiting ?? null, controlled: navigator.serviceWorker.controller !== null };
        });
        expect(state).toEqual({ waiting: null, controlled: true });

        // Dismissed, the banner stays away on the next visit.
        await page.getByRole('button', { name: TEXTS.dismiss }).click();
        await expect(banner).toHaveCount(0);
        await page.reload();
        await expect(page.getByTestId('today-panel')).toBeVisible();
        await expect(banner).toHaveCount(0);
      } finally {
        await fs.writeFile(serviceWorkerFile, original);
      }
    });
  });
});
