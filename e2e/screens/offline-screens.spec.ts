import fs from 'node:fs/promises';
import path from 'node:path';
import { expect as baseExpect, test, type Page, type Route } from '@playwright/test';
import { signInAs } from '../tests/helpers';
import {
  activityBasics,
  newActivityPayload,
  queueRecord,
  queueRecords,
  signedInUserId,
  waitForServiceWorkerControl,
  waitForOfflineStart,
} from '../tests/offline-helpers';

// Screenshots of the offline screens, for people to look at (.tmp/screens/offline-*): the calendar and
// the form with no network, a manager's waiting approvals offline, the waiting-changes page, the
// connectivity popover, the update prompt, the install banner (phones only: it is a phone's banner) and the
// login page after the server ended the session; in French and English, on a desktop and a 390 px phone.
// Each picture's page is also checked for what it must show. The network is cut by routing every /api call
// of the context to fail as with no network (Playwright's offline switch does not stop the service worker's
// fetches, Playwright issue 2311), with setOffline making the browser say so at once.

const shots = path.resolve(import.meta.dirname, '../../.tmp/screens');
const serviceWorkerFile = path.resolve(import.meta.dirname, '../../apps/web/dist/sw.js');
/** The demo manager: activities of their own, and budget requests of their representatives waiting. */
const MANAGER = 'manager@demo-crm.fr';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** A sign-in, a slice pull and a precache on a machine that may be shared and busy: generous waits. */
const expect = baseExpect.configure({ timeout: 30_000 });

const TEXTS = {
  fr: {
    title: 'Titre',
    products: 'Produits',
    ack: "Je certifie que cette activité respecte les règles de conformité de l'entreprise",
    pendingTag: 'En attente de synchronisation',
    offlineApprovals: 'Décisions hors ligne impossibles',
    update: 'Nouvelle version disponible',
    install: "Touchez le bouton Partager puis « Sur l'écran d'accueil »…",
    sessionEnded: 'Votre session a pris fin',
  },
  en: {
    title: 'Title',
    products: 'Products',
    ack: "I confirm that this activity follows the company's compliance rules",
    pendingTag: 'Waiting to sync',
    offlineApprovals: 'No decisions while offline',
    update: 'A new version is available',
    install: 'Tap the share button and then "Add to Home Screen"...',
    sessionEnded: 'Your session has ended',
  },
} as const;

const VIEWPORTS = {
  desktop: { viewport: { width: 1366, height: 850 } },
  phone: { viewport: { width: 390, height: 844 }, userAgent: IPHONE_SAFARI, isMobile: true, hasTouch: true },
} as const;

const cut = (route: Route) => route.abort('internetdisconnected');

/** Waits for antd's animations (dialogs, popovers, messages) to end, so the picture shows the settled screen. */
async function shoot(page: Page, name: string, fullPage = false): Promise<void> {
  await page.waitForFunction(
    () => document.querySelectorAll('[class*="-enter"], [class*="-appear"], [class*="-leave"]').length === 0,
  );
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage });
}

for (const language of ['fr', 'en'] as const) {
  for (const [shape, device] of Object.entries(VIEWPORTS)) {
    test.describe(`offline screens, ${language}, ${shape}`, () => {
      test.use(device);

      test('offline calendar, form, approvals, waiting changes, popover, update prompt, banner, session', async ({
        page,
        context,
        request,
      }) => {
        const texts = TEXTS[language];
        const name = (screen: string) => `offline-${screen}-${language}-${shape}`;
        await page.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), language);
        // This walk ends its session at the end: one of its own.
        await signInAs(page, MANAGER, { fresh: true });
        await waitForServiceWorkerControl(page);
        await waitForOfflineStart(page);
        const owner = await signedInUserId(page);
        const basics = await activityBasics(page);

        await context.route('**/api/**', cut);
        await context.setOffline(true);

        // The calendar from the store, a week of the manager's own activities.
        await page.goto('/calendar');
        await expect(page.getByTestId('offline-tag')).toBeVisible();
        await expect(page.locator('[data-testid^="calendar-event-"]').first()).toBeVisible();
        await shoot(page, name('calendar'));

        // A new activity offline, saved into the queue: the list shows it waiting to sync.
        await page.goto('/activities/new');
        await expect(page.getByTestId('activity-form')).toHaveAttribute('data-ready', 'true');
        await page.getByLabel(texts.title, { exact: true }).fill('Visite du Dr Lemoine');
        // Until the choice shows in the field: the list may open, or move above the field, after a click lands.
        const chosen = page
          .locator('.ant-form-item', { hasText: texts.products })
          .locator('.ant-select-selection-item');
        await expect(async () => {
          if ((await chosen.count()) === 0) {
            await page.getByLabel(texts.products, { exact: true }).click();
            await page
              .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
              .first()
              .click({ timeout: 3_000 });
          }
          await expect(chosen).toHaveCount(1, { timeout: 2_000 });
        }).toPass();
        await page.keyboard.press('Escape');
        await page.getByLabel(texts.ack).check();
        await shoot(page, name('form'), true);
        await page.getByTestId('save-activity').click();
        await expect(page).toHaveURL(/\/activities(\?|$)/);
        await expect(page.getByText(texts.pendingTag).first()).toBeVisible();
        await shoot(page, name('list'));

        // The representatives' budget requests, as last pulled, to be decided online.
        await page.goto('/activities?filter=need_approval');
        await expect(page.getByTestId('approvals-offline')).toContainText(texts.offlineApprovals);
        await expect(page.locator('[data-testid^="approve-"]').first()).toBeDisabled();
        await shoot(page, name('approvals'));

        // The waiting-changes page: the form's change, one that failed three times, one the server refused.
        const start = new Date(Date.now() + 86_400_000).toISOString();
        await queueRecords(page, [
          queueRecord(owner, {
            type: 'activity',
            action: 'update',
            entityId: crypto.randomUUID(),
            payload: { callNotes: 'Compte rendu' },
            summary: { title: 'Visite Dr Lambert', doctorName: 'Marc Lambert', start },
            status: 'failed',
            retryCount: 3,
            lastError:
              language === 'fr'
                ? 'Erreur réseau - veuillez vérifier votre connexion'
                : 'Network error - please check your connection',
          }),
          queueRecord(owner, {
            type: 'activity',
            action: 'create',
            entityId: crypto.randomUUID(),
            payload: newActivityPayload(basics, 'Congrès de cardiologie', 2),
            summary: { title: 'Congrès de cardiologie', doctorName: null, start },
            status: 'rejected',
            lastError:
              language === 'fr' ? 'Veuillez sélectionner au moins un produit' : 'Please select at least one product',
          }),
        ]);
        await page.goto('/sync');
        await expect(page.locator('.waiting-change')).toHaveCount(3);
        await shoot(page, name('sync-page'), true);

        // The connectivity popover, offline, with the three changes counted.
        const panel = page.getByTestId('connectivity-panel');
        await expect(async () => {
          // Hover opens it on a desktop, a tap on a phone; a second tap would close it.
          if (!(await panel.isVisible())) {
            if (shape === 'phone') await page.getByTestId('connectivity-indicator').tap();
            else await page.getByTestId('connectivity-indicator').hover();
          }
          await expect(panel).toContainText('3', { timeout: 2_000 });
        }).toPass();
        await shoot(page, name('popover'));

        // Back online, a new version deployed: the prompt (and on a phone, the install banner with it).
        await context.unroute('**/api/**', cut);
        await context.setOffline(false);
        await expect(page.getByTestId('offline-tag')).toBeHidden({ timeout: 60_000 });
        const original = await fs.readFile(serviceWorkerFile, 'utf8');
        try {
          await fs.writeFile(serviceWorkerFile, `${original}\n// the next version\n`);
          await page.evaluate(async () => {
            await (await navigator.serviceWorker.getRegistration())?.update();
          });
          await expect(page.getByTestId('update-prompt')).toContainText(texts.update, { timeout: 90_000 });
          if (shape === 'phone') await expect(page.getByTestId('install-banner')).toContainText(texts.install);
          else await expect(page.getByTestId('install-banner')).toHaveCount(0);
          await page.mouse.move(0, 0);
          await shoot(page, name('update-prompt'));
        } finally {
          await fs.writeFile(serviceWorkerFile, original);
        }

        // The session ended on the server: the login page asks to sign in again.
        const token = await page.evaluate(() => localStorage.getItem('token') ?? '');
        expect((await request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${token}` } })).ok()).toBe(
          true,
        );
        await page.goto('/activities');
        await expect(page.getByTestId('session-ended')).toContainText(texts.sessionEnded);
        await shoot(page, name('session-ended'));
      });
    });
  }
}
