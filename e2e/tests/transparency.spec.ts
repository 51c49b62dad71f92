import { expect, test, type Route } from '@playwright/test';
import { signInAs } from './helpers';
import {
  activityBasics,
  api,
  newActivityPayload,
  readQueue,
  waitForOfflineStart,
  waitForServiceWorkerControl,
} from './offline-helpers';

// Transparence Santé (issue 31), the rep's path: a lunch paid at a visit is recorded where the rep is, offline,
// when the visit is marked done; back online it reaches the ledger once, linked to the visit, and the doctor's
// tab counts it against the year's meals. The rules themselves are proven in packages/shared and on the server.
// The network is cut by routing, as in the other offline specs (Playwright issue 2311).

const PHONE = { width: 390, height: 844 };
const REP = 'rep@demo-crm.fr';

test.use({ viewport: PHONE, serviceWorkers: 'allow' });

type BenefitYear = {
  benefits: { id: string; nature: string; amountCents: number; activityId: string | null }[];
  limits: { rule: string; used: number; left: number }[];
};

test('offline: the lunch of a visit marked done reaches the ledger once and counts in the tab', async ({
  page,
  context,
}) => {
  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'en'));
  await signInAs(page, REP);

  // A doctor of the test's own (no benefit yet this year) and a visit to them with a budget, two hours ago.
  const doctor = await api(page, 'POST', '/doctors', {
    rpps: String(Date.now()).slice(-11),
    firstName: 'Anaïs',
    lastName: 'Déjeuner',
    prefix: 'Dr',
    primarySpecialty: 'Cardiology',
  });
  expect(doctor.status).toBe(201);
  const doctorId = (doctor.body as { id: string }).id;
  const basics = await activityBasics(page);
  const visit = await api(page, 'POST', '/activities', {
    ...newActivityPayload(basics, 'Déjeuner de travail'),
    start: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    doctorId,
    budgetEstimate: 60,
  });
  expect(visit.status).toBe(201);
  const activityId = (visit.body as { id: string }).id;

  // The visit is on the device: the app's next start pulls it into the slice.
  await page.reload();
  await waitForServiceWorkerControl(page);
  await waitForOfflineStart(page);
  await page.goto(`/activities/${activityId}`);
  await expect(page.getByTestId('activity-form')).toHaveAttribute('data-ready', 'true');

  const cut = (route: Route) => route.abort('internetdisconnected');
  await context.route('**/api/**', cut);
  await context.setOffline(true);
  await expect(page.getByTestId('offline-tag')).toBeVisible();

  await page.getByTestId('mark-done-button').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Mark as done' }).click();
  const spend = page.getByTestId('spend-form');
  await expect(spend).toBeVisible();
  await spend.getByLabel(/Anaïs Déjeuner/).fill('24.50');
  await page.getByTestId('spend-save').click();
  await expect(spend).toBeHidden();

  const waiting = await readQueue(page);
  expect(waiting.map((item) => [item.type, item.action])).toEqual([
    ['activity', 'done'],
    ['benefit', 'create'],
  ]);
  const benefitId = waiting[1]?.entityId ?? '';

  await context.unroute('**/api/**', cut);
  await context.setOffline(false);
  await expect(page.getByTestId('offline-tag')).toBeHidden();
  // Reconnected, the engine sends both, the visit first (the benefit depends on it).
  await expect.poll(async () => (await readQueue(page)).map((item) => item.status)).toEqual(['synced', 'synced']);

  const year = await api(page, 'GET', `/doctors/${doctorId}/benefits`);
  expect(year.status).toBe(200);
  const { benefits, limits } = year.body as BenefitYear;
  expect(benefits).toEqual([
    expect.objectContaining({ id: benefitId, nature: 'meal', amountCents: 2_450, activityId }),
  ]);
  expect(limits.find((limit) => limit.rule === 'mealCount')).toMatchObject({ used: 1, left: 1 });

  await page.goto(`/doctors/${doctorId}?tab=transparency`);
  await expect(page.getByTestId('benefit-table')).toContainText('€24.50');
  await expect(page.getByTestId('year-limit-mealCount')).toHaveAttribute('data-left', '1');
});
