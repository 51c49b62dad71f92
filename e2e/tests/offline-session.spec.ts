import type { SyncChangesResult } from '@crm/shared';
import { expect, test, type Route } from '@playwright/test';
import { DEMO_PASSWORD, signInAs } from './helpers';
import {
  activityBasics,
  api,
  batchChanges,
  newActivityPayload,
  queueRecord,
  queueRecords,
  readQueue,
  signedInUserId,
  waitForServiceWorkerControl,
  waitForOfflineStart,
} from './offline-helpers';

// E6 of the research note's test plan: the rep's session is revoked on the server while the device is
// offline with changes waiting. Back online, the first send gets 401: the queue pauses without counting a
// failure, the app asks the rep to sign in again, and once they have, the queue goes on as the same user.
// Playwright's offline switch does not stop what the service worker fetches (Playwright issue 2311): the
// network is cut by routing every /api call of the context to fail as with no network, and setOffline makes
// the browser say so at once. The revocation goes through Playwright's own request context, which the
// page's routes do not touch.

const REP = 'rep@demo-crm.fr';
const ACK = "I confirm that this activity follows the company's compliance rules";

test.use({ serviceWorkers: 'allow' });

test('E6: a session revoked while offline pauses the queue, which resumes as the same user', async ({
  page,
  context,
  request,
}) => {
  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'en'));
  await signInAs(page, REP, { fresh: true });
  await waitForServiceWorkerControl(page);
  await waitForOfflineStart(page);
  const owner = await signedInUserId(page);
  const token = await page.evaluate(() => localStorage.getItem('token') ?? '');
  const basics = await activityBasics(page);

  const cut = (route: Route) => route.abort('internetdisconnected');
  await context.route('**/api/**', cut);
  await context.setOffline(true);

  // Offline: one activity through the form, two more as the form would have queued them.
  await page.goto('/activities/new');
  await expect(page.getByTestId('offline-tag')).toBeVisible();
  await expect(page.getByTestId('activity-form')).toHaveAttribute('data-ready', 'true');
  await page.getByLabel('Title', { exact: true }).fill('E6 visite hors ligne');
  await page.getByLabel('Products', { exact: true }).click();
  await page.locator('.ant-select-item-option').first().click();
  await page.keyboard.press('Escape');
  await page.getByLabel(ACK).check();
  await page.getByTestId('save-activity').click();
  await expect(page).toHaveURL(/\/activities(\?|$)/);
  await queueRecords(page, [
    queueRecord(owner, {
      type: 'activity',
      action: 'create',
      entityId: crypto.randomUUID(),
      payload: newActivityPayload(basics, 'E6 appel', 2),
    }),
    queueRecord(owner, {
      type: 'activity',
      action: 'create',
      entityId: crypto.randomUUID(),
      payload: newActivityPayload(basics, 'E6 visioconférence', 3),
    }),
  ]);
  const queued = (await readQueue(page)).filter((item) => item.owner === owner);
  expect(queued.map((item) => [item.action, item.status])).toEqual([
    ['create', 'pending'],
    ['create', 'pending'],
    ['create', 'pending'],
  ]);

  // Meanwhile the session ends on the server (revoked, as by an administrator or a logout elsewhere).
  const revoked = await request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${token}` } });
  expect(revoked.ok()).toBe(true);

  // Back online: the first call to reach the server (the queue's first send, or a read the pages or the pull
  // make at the same moment) gets 401, which ends the session on the device; the engine sends nothing after.
  // The status each queued change's own call answered (or the batch's, when it was refused as a whole).
  const writes: number[] = [];
  page.on('response', async (response) => {
    if (batchChanges(response.request()).length === 0) return;
    if (response.status() !== 200) {
      writes.push(response.status());
      return;
    }
    const { results } = (await response.json()) as SyncChangesResult;
    writes.push(...results.map((result) => result.status ?? 0));
  });
  await context.unroute('**/api/**', cut);
  await context.setOffline(false);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('session-ended')).toContainText('Your session has ended');
  await expect(page.getByLabel('E-mail')).toHaveValue(REP);
  expect(writes.length).toBeLessThanOrEqual(1);
  expect(writes.every((status) => status === 401)).toBe(true);
  const refusedBefore = writes.length;
  // Paused, not failed: nothing counted, nothing else sent.
  expect(
    (await readQueue(page)).filter((item) => item.owner === owner).map((item) => [item.status, item.retryCount]),
  ).toEqual([
    ['pending', 0],
    ['pending', 0],
    ['pending', 0],
  ]);

  // The rep signs in again, on the same page: the queue goes on as them.
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect
    .poll(async () => (await readQueue(page)).filter((item) => item.owner === owner).map((item) => item.status))
    .toEqual(['synced', 'synced', 'synced']);
  const settled = (await readQueue(page)).filter((item) => item.owner === owner);
  expect(settled.map((item) => item.retryCount)).toEqual([0, 0, 0]);
  // Each change went once after the sign-in; none was refused again.
  await expect.poll(() => writes.slice(refusedBefore)).toEqual([201, 201, 201]);
  for (const item of settled) {
    const activity = await api(page, 'GET', `/activities/${item.entityId}`);
    expect(activity.status).toBe(200);
    expect(activity.body).toMatchObject({ ownerId: owner });
  }
});
