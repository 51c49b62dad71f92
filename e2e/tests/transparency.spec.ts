import { DEMO_ADMIN_EMAIL } from '@crm/shared';
import { expect, test, type Route } from '@playwright/test';
import { apiAs, signInAs } from './helpers';
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
// The same visit moves the rep's plan (issue 33): the doctor is one of the rep's targets this cycle, and the
// device counts the visit done offline at once, as the server does once it is synced (decision 0058).
// The network is cut by routing, as in the other offline specs (Playwright issue 2311).

const PHONE = { width: 390, height: 844 };
const REP = 'rep@demo-crm.fr';

test.use({ viewport: PHONE, serviceWorkers: 'allow' });

type PlanCounts = { targets: { channels: { channelId: string; actual: number; goal: number }[] }[] };

type BenefitYear = {
  benefits: { id: string; nature: string; amountCents: number; activityId: string | null }[];
  limits: { rule: string; used: number; left: number }[];
};

test('offline: a visit marked done counts in the plan at once; its lunch reaches the ledger once and the tab', async ({
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

  // The doctor becomes a target of the rep's plan this cycle: two visits, none done yet (the visit of two hours
  // ago is not done: it counts neither done nor scheduled).
  const current = (await api(page, 'GET', '/cycles/current/plan')).body as {
    plan: { cycle: { id: string; channels: { channelId: string }[] }; user: { id: string } } | null;
  };
  expect(current.plan?.cycle.channels.map((channel) => channel.channelId)).toContain(basics.channelId);
  const cycleId = current.plan?.cycle.id ?? '';
  const goals = await apiAs(
    page,
    DEMO_ADMIN_EMAIL,
    'PUT',
    `/cycles/${cycleId}/plans/${current.plan?.user.id}/targets`,
    {
      targets: [{ doctorId, goals: [{ channelId: basics.channelId, goal: 2 }] }],
    },
  );
  expect(goals.status).toBe(200);
  const thisCycle = async () =>
    ((await api(page, 'GET', `/cycles/current/plan/targets?doctorIds=${doctorId}`)).body as PlanCounts).targets[0]
      ?.channels[0];
  expect(await thisCycle()).toMatchObject({ actual: 0, goal: 2 });

  // The visit and the plan are on the device: the app's next start pulls them into the slice.
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

  // Still offline, the plan counts the visit: beside the calendar (on a phone, its section), one of two done.
  await page.goto('/calendar');
  await expect(page.getByTestId('offline-tag')).toBeVisible();
  await page.getByTestId('calendar-to-schedule').locator('summary').click();
  const target = page.getByTestId(`to-schedule-${doctorId}-${basics.channelId}`);
  await expect(target).toContainText('1/2');
  await expect(target).toContainText('1 to schedule');

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

  // The server counts the synced visit as the device did.
  expect(await thisCycle()).toMatchObject({ actual: 1, goal: 2 });

  await page.goto(`/doctors/${doctorId}?tab=transparency`);
  await expect(page.getByTestId('benefit-table')).toContainText('€24.50');
  await expect(page.getByTestId('year-limit-mealCount')).toHaveAttribute('data-left', '1');
  await expect(page.getByTestId('doctor-plan-counts')).toContainText('1/2');
});
