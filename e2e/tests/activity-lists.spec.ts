import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signInAs } from './helpers';

const MANAGER = 'manager@demo-crm.fr';
const REP = 'rep@demo-crm.fr';
const READER = 'reader@demo-crm.fr';

// Screenshots for people to look at, in both languages, on a desktop and on a 390 px phone.
const shots = process.env.SCREENSHOTS_DIR ?? path.resolve(import.meta.dirname, '../../.tmp/screenshots');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 850 };

const TEXT = {
  fr: { toApprove: 'À valider', nothingWaits: "Rien n'attend votre validation.", showMore: 'Afficher plus' },
  en: { toApprove: 'To approve', nothingWaits: 'Nothing waits for your approval.', showMore: 'Show more' },
} as const;

type Listed = { id: string; start: string; doctorId: string | null };
type ListAnswer = { activities: Listed[]; total: number; pages: number };

/** The whole page on a desktop; on a phone, the screen as it shows (a long timeline is too tall to read). */
async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  await page.mouse.move(0, 0);
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage });
}

async function tokenOf(request: APIRequestContext, email: string): Promise<Record<string, string>> {
  const login = await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

async function list(request: APIRequestContext, headers: Record<string, string>, query: string): Promise<ListAnswer> {
  const response = await request.get(`/api/activities?${query}`, { headers });
  expect(response.ok()).toBe(true);
  return (await response.json()) as ListAnswer;
}

/** The doctor of the representative's demo activities with the most of them (more than two pages of 20), and all of them. */
async function busyDoctor(request: APIRequestContext): Promise<{ id: string; activities: Listed[] }> {
  const headers = await tokenOf(request, REP);
  const seen = new Map<string, number>();
  for (const status of ['upcoming', 'done']) {
    const { activities } = await list(request, headers, `status=${status}&limit=100`);
    for (const { doctorId } of activities) if (doctorId !== null) seen.set(doctorId, (seen.get(doctorId) ?? 0) + 1);
  }
  const candidates = [...seen.entries()].sort((a, b) => b[1] - a[1]).map(([id]) => id);
  for (const id of candidates.slice(0, 10)) {
    const first = await list(request, headers, `doctorId=${id}&limit=100`);
    if (first.total <= 40) continue;
    const activities = [...first.activities];
    for (let page = 2; page <= first.pages; page += 1) {
      activities.push(...(await list(request, headers, `doctorId=${id}&limit=100&page=${String(page)}`)).activities);
    }
    return { id, activities };
  }
  throw new Error('the demo data has no doctor with more than 40 activities of the representative');
}

/** Spec 000 §2: upcoming first, the soonest on top, then past ones, the latest on top. */
function isInSpecOrder(starts: readonly number[], now: number): boolean {
  return starts.every((start, index) => {
    const previous = starts[index - 1];
    if (previous === undefined) return true;
    if (previous > now && start > now) return previous <= start;
    if (previous <= now && start <= now) return previous >= start;
    return previous > now;
  });
}

test.describe('the need_approval filter', () => {
  test('a manager with nothing waiting still sees it, at 0, with its empty state, in French and English', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    // The server's answer names the manager's managees.
    const me = await request.get('/api/auth/me', { headers: await tokenOf(request, MANAGER) });
    const { managees } = (await me.json()) as { managees: Array<{ email: string }> };
    expect(managees.map((managee) => managee.email).sort()).toEqual([READER, REP]);

    // The demo manager always has requests waiting: here the queue is seen empty, as after deciding them all.
    await page.route('**/api/activities/pending-approvals', (route) => route.fulfill({ json: { activities: [] } }));
    await page.route('**/api/activities/stats', async (route) => {
      const answer = await route.fetch();
      const stats = (await answer.json()) as Record<string, number>;
      await route.fulfill({ json: { ...stats, needApprovalCount: 0 } });
    });
    await signInAs(page, MANAGER);

    for (const language of ['fr', 'en'] as const) {
      const text = TEXT[language];
      await page.evaluate((lng) => localStorage.setItem('i18nextLng', lng), language);
      await page.setViewportSize(DESKTOP);
      await page.goto('/activities');
      const tab = page.getByRole('tab', { name: new RegExp(text.toApprove) });
      await expect(tab).toBeVisible();
      await expect(page.getByTestId('filter-count-need_approval')).toHaveText('0');
      await tab.click();
      await expect(page).toHaveURL(/filter=need_approval/);
      await expect(page.getByTestId('activities-empty')).toContainText(text.nothingWaits);
      await shot(page, `activities-need-approval-empty-${language}`);
      await page.setViewportSize(PHONE);
      await page.reload();
      await expect(page.getByTestId('activities-empty')).toContainText(text.nothingWaits);
      await shot(page, `activities-need-approval-empty-${language}-phone`);
    }
  });

  test('a representative who manages nobody never sees it, even asked for in the address', async ({ page }) => {
    await signInAs(page, REP);
    await page.goto('/activities?filter=need_approval');
    await expect(page.getByTestId('filter-count-upcoming')).toBeVisible();
    await expect(page.getByTestId('filter-need_approval')).toHaveCount(0);
    await expect(page.getByRole('tab', { name: /À venir/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('.ant-timeline-item').first()).toBeVisible();
  });
});

test("the doctor's activities tab shows 20, then more on demand, upcoming first then the latest past", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const doctor = await busyDoctor(request);
  const startOf = new Map(doctor.activities.map((activity) => [activity.id, Date.parse(activity.start)]));
  await signInAs(page, REP);

  const itemIds = async () =>
    (
      await page
        .getByTestId('doctor-activities')
        .getByTestId(/^activity-item-/)
        .evaluateAll((items) => items.map((item) => item.getAttribute('data-testid') ?? ''))
    ).map((testId) => testId.replace('activity-item-', ''));
  const expectSpecOrder = async () => {
    const starts = (await itemIds()).map((id) => startOf.get(id) ?? Number.NaN);
    expect(starts.every((start) => !Number.isNaN(start))).toBe(true);
    expect(isInSpecOrder(starts, Date.now())).toBe(true);
  };

  for (const language of ['fr', 'en'] as const) {
    const text = TEXT[language];
    await page.evaluate((lng) => localStorage.setItem('i18nextLng', lng), language);
    await page.setViewportSize(DESKTOP);
    await page.goto(`/doctors/${doctor.id}?tab=activities`);
    const items = page.getByTestId('doctor-activities').getByTestId(/^activity-item-/);
    await expect(items).toHaveCount(20);
    await expectSpecOrder();
    const total = doctor.activities.length;
    await expect(page.getByTestId('doctor-activities-shown')).toHaveText(
      language === 'fr' ? `20 sur ${String(total)} activités` : `20 of ${String(total)} activities`,
    );
    await shot(page, `doctor-timeline-${language}`);

    await page.getByRole('button', { name: text.showMore }).click();
    await expect(items).toHaveCount(40);
    await expectSpecOrder();
    await page.setViewportSize(PHONE);
    await page.reload();
    await expect(items).toHaveCount(20);
    await shot(page, `doctor-timeline-${language}-phone`, false);
    await page.getByRole('button', { name: text.showMore }).click();
    await expect(items).toHaveCount(40);
    await page.getByRole('button', { name: text.showMore }).scrollIntoViewIfNeeded();
    await shot(page, `doctor-timeline-${language}-phone-more`, false);
  }

  // Every page: past the 100 the tab used to stop at, when the doctor has that many.
  while (await page.getByRole('button', { name: TEXT.en.showMore }).isVisible()) {
    const before = await page
      .getByTestId('doctor-activities')
      .getByTestId(/^activity-item-/)
      .count();
    await page.getByRole('button', { name: TEXT.en.showMore }).click();
    await expect(page.getByTestId('doctor-activities').getByTestId(/^activity-item-/)).not.toHaveCount(before);
  }
  await expect(page.getByTestId('doctor-activities').getByTestId(/^activity-item-/)).toHaveCount(
    doctor.activities.length,
  );
  await expectSpecOrder();
});

test('a read-only user is offered no write on a doctor or an office, and keeps targets and activities', async ({
  page,
  request,
}) => {
  const headers = await tokenOf(request, READER);
  const offices = (await (await request.get('/api/offices?limit=20', { headers })).json()) as {
    offices: Array<{ id: string; doctorCount: number }>;
  };
  const office = offices.offices.find((candidate) => candidate.doctorCount > 0);
  expect(office).toBeDefined();
  const officeId = office?.id ?? '';
  const doctors = (await (await request.get(`/api/offices/${officeId}/doctors?limit=10`, { headers })).json()) as {
    doctors: Array<{ id: string }>;
  };
  const doctorId = doctors.doctors[0]?.id ?? '';
  await signInAs(page, READER);

  await expect(page.getByTestId('quick-new-activity')).toBeVisible();
  await expect(page.getByTestId('quick-add-doctor')).toHaveCount(0);

  await page.goto(`/doctors/${doctorId}`);
  await expect(page.getByTestId('doctor-name')).toBeVisible();
  await expect(page.getByTestId('inline-edit-lastName')).toBeVisible();
  await expect(page.locator('[data-testid^="inline-edit-"] button')).toHaveCount(0);
  await expect(page.locator('[data-testid^="set-primary-"]')).toHaveCount(0);
  for (const testId of ['delete-doctor-button', 'add-office-button']) {
    await expect(page.getByTestId(testId)).toHaveCount(0);
  }
  // Targets are the user's own, and read-only users still create activities (spec 000 §6).
  await expect(page.getByTestId('target-select')).toBeVisible();
  await expect(page.getByTestId('create-activity-button')).toBeVisible();

  await page.goto(`/offices/${officeId}`);
  await expect(page.getByTestId('office-doctors-table')).toBeVisible();
  await expect(page.getByTestId('inline-edit-name')).toBeVisible();
  await expect(page.locator('[data-testid^="inline-edit-"] button')).toHaveCount(0);
  await expect(page.locator('[data-testid^="remove-doctor-"]')).toHaveCount(0);
  for (const testId of ['extract-uga-button', 'add-doctor-button', 'delete-office-button']) {
    await expect(page.getByTestId(testId)).toHaveCount(0);
  }

  await page.goto('/offices/new');
  await expect(page.getByTestId('read-only-notice')).toBeVisible();
});
