import { expect, test, type Page, type Route } from '@playwright/test';
import { signInAs } from './helpers';
import { waitForServiceWorkerControl, waitForOfflineStart } from './offline-helpers';

// E2 of the research note's test plan, simplified: offline, the rep creates a doctor and an activity naming
// them, then edits the activity; the waiting-changes page lists the three changes; back online, 'Sync now'
// leaves the server with one doctor and one activity carrying the last edit. Playwright's offline switch
// does not stop what the service worker fetches (Playwright issue 2311), so the network is cut by routing
// every /api call of the context to fail as with no network, and setOffline makes the browser say so at once.

const PHONE = { width: 390, height: 844 };
const REP = 'rep@demo-crm.fr';
const ACK = "I confirm that this activity follows the company's compliance rules";

test.use({ viewport: PHONE, serviceWorkers: 'allow' });

type QueueRecord = { type: string; action: string; entityId: string; status: string; payload: unknown };

/** The device's queue, oldest first. */
function queue(page: Page): Promise<QueueRecord[]> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('crm-offline', 1);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('open failed'));
    });
    const items = await new Promise<QueueRecord[]>((resolve, reject) => {
      const request = db.transaction('queue').objectStore('queue').getAll();
      request.onsuccess = () => resolve(request.result as QueueRecord[]);
      request.onerror = () => reject(request.error ?? new Error('read failed'));
    });
    db.close();
    return items;
  });
}

/** A call of the API with the signed-in session's token, from the page. */
function api(page: Page, path: string): Promise<{ status: number; body: unknown }> {
  return page.evaluate(async (path) => {
    const response = await fetch(`/api${path}`, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${localStorage.getItem('token') ?? ''}` },
    });
    return { status: response.status, body: (await response.json()) as unknown };
  }, path);
}

test('offline: a new doctor, an activity naming them and its edit reach the server once each', async ({
  page,
  context,
}) => {
  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'en'));
  await signInAs(page, REP);
  await waitForServiceWorkerControl(page);
  await waitForOfflineStart(page);

  const cut = (route: Route) => route.abort('internetdisconnected');
  await context.route('**/api/**', cut);
  await context.setOffline(true);
  await page.goto('/activities/new');
  await expect(page.getByTestId('offline-tag')).toBeVisible();
  await expect(page.getByTestId('activity-form')).toHaveAttribute('data-ready', 'true');

  // The doctor, created from the form.
  const rpps = String(Date.now()).slice(-11);
  await page.getByTestId('create-doctor-button').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('RPPS').fill(rpps);
  await dialog.getByLabel('First name').fill('Claire');
  await dialog.getByLabel('Last name').fill('Horsligne');
  const specialty = dialog.locator('.ant-form-item', { hasText: 'Primary specialty' });
  // Picked with the keyboard, as antd's select allows: a list that opens and then flips above its field
  // (a short phone screen) can move under a pointer's click. Cardiology is the first specialty.
  await dialog.getByRole('combobox', { name: 'Primary specialty' }).focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(specialty).toContainText('Cardiology');
  await dialog.getByTestId('create-doctor-submit').click();
  await expect(page.getByText('Saved offline - will sync when connection is restored').first()).toBeVisible();
  await expect(dialog).toBeHidden();

  // The activity naming them.
  await page.getByLabel('Title', { exact: true }).fill('Visite au sous-sol');
  // The form takes clicks once its mount guard is over (spec 001 §2); the doctor's dialog has gone.
  await expect(page.getByTestId('activity-form')).toHaveAttribute('data-ready', 'true');
  const products = page.locator('.ant-form-item', { hasText: 'Products' }).locator('.ant-select-selection-item');
  await page.getByRole('combobox', { name: 'Products' }).focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(products).toHaveCount(1);
  await page.keyboard.press('Escape');
  await page.getByLabel(ACK).check();
  await page.getByTestId('save-activity').click();
  await expect(page).toHaveURL(/\/activities(\?|$)/);

  const [doctorChange, created] = await queue(page);
  expect(doctorChange).toMatchObject({ type: 'doctor', action: 'create', status: 'pending' });
  expect(created).toMatchObject({ type: 'activity', action: 'create', payload: { doctorId: doctorChange?.entityId } });
  const activityId = created?.entityId ?? '';
  await expect(page.getByTestId(`activity-item-${activityId}`).getByTestId('pending-sync-tag')).toBeVisible();

  // Its edit, under the same id.
  await page.goto(`/activities/${activityId}`);
  await expect(page.getByTestId('activity-form')).toHaveAttribute('data-ready', 'true');
  await page.getByLabel('Title', { exact: true }).fill('Visite au sous-sol, compte rendu');
  await page.getByTestId('save-activity').click();
  await expect(page).toHaveURL(/\/activities(\?|$)/);
  expect((await queue(page)).map((item) => [item.type, item.action, item.entityId])).toEqual([
    ['doctor', 'create', doctorChange?.entityId],
    ['activity', 'create', activityId],
    ['activity', 'update', activityId],
  ]);

  await page.goto('/sync');
  await expect(page.getByRole('heading', { name: 'Changes waiting to sync' })).toBeVisible();
  await expect(page.locator('.waiting-change')).toHaveCount(3);
  await expect(page.locator('.waiting-change').first()).toContainText('Claire Horsligne');

  // Back online, but the writes still fail once: the page's 'Sync now' sends them, not the reconnection.
  await context.unroute('**/api/**', cut);
  let writesRefused = 0;
  const writesCut = (route: Route) => {
    if (route.request().method() === 'GET') return route.continue();
    writesRefused += 1;
    return route.abort('internetdisconnected');
  };
  await context.route('**/api/{activities,doctors,sync/changes}**', writesCut);
  await context.setOffline(false);
  await expect(page.getByTestId('offline-tag')).toBeHidden();
  // The reconnection's run has met the cut before the network comes back for writes.
  await expect.poll(() => writesRefused).toBeGreaterThan(0);
  await context.unroute('**/api/{activities,doctors,sync/changes}**', writesCut);
  await page.getByTestId('sync-now').click();
  await expect(page.getByTestId('sync-queue-empty')).toBeVisible();

  // The server: one doctor with that RPPS, one activity with the last edit, naming that doctor.
  const search = await api(page, `/doctors?search=${rpps}&page=1&limit=10`);
  const doctors = (search.body as { doctors: { id: string; rpps: string }[] }).doctors.filter((d) => d.rpps === rpps);
  expect(doctors).toHaveLength(1);
  const activity = await api(page, `/activities/${activityId}`);
  expect(activity.status).toBe(200);
  expect(activity.body).toMatchObject({ title: 'Visite au sous-sol, compte rendu', doctorId: doctors[0]?.id });
});
