import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signInAs } from './helpers';

// The activity's page shows what its viewer may do (spec 001 §2, §4, §6; spec 000 §6): an unknown activity,
// a read-only representative, the owner's manager deciding a budget, the links to the doctor and the office.
// Screenshots of the manager's view go to SHOTS_DIR (when set) for people to look at.

const REP = 'rep@demo-crm.fr';
const READER = 'reader@demo-crm.fr';
const MANAGER = 'manager@demo-crm.fr';

type Language = 'fr' | 'en';

const TEXT = {
  fr: {
    notFound: 'Activité introuvable, redirection vers le calendrier',
    approve: 'Valider',
    reject: 'Refuser',
    rejected: 'Budget refusé',
    rejectedStatus: 'Refusé',
    waiting: 'En attente de validation',
  },
  en: {
    notFound: 'Activity could not be found, redirecting to calendar',
    approve: 'Approve',
    reject: 'Reject',
    rejected: 'Budget rejected',
    rejectedStatus: 'Rejected',
    waiting: 'Waiting for Approval',
  },
} as const;

type Doctor = { id: string; firstName: string; lastName: string; primaryOffice: { id: string; name: string } | null };
type WaitingActivity = { id: string; title: string; doctor: Doctor & { primaryOffice: { id: string; name: string } } };

let counter = 0;
const uniqueTitle = (what: string) => {
  counter += 1;
  return `${what} ${Date.now().toString(36)}${counter}`;
};

/** The representative's budget request, made through the API: an Event with a budget, a doctor and an office. */
async function createWaitingActivity(request: APIRequestContext): Promise<WaitingActivity> {
  const login = await request.post('/api/auth/login', { data: { email: REP, password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };

  const channels = (await (await request.get('/api/configuration/channels/active', { headers })).json()) as {
    channels: { id: string; needsBudgetApproval: boolean }[];
  };
  const event = channels.channels.find((channel) => channel.needsBudgetApproval);
  const products = (await (await request.get('/api/auth/me/products', { headers })).json()) as {
    products: { id: string }[];
  };
  const doctors = (await (await request.get('/api/doctors?search=ma&limit=20', { headers })).json()) as {
    doctors: Doctor[];
  };
  const doctor = doctors.doctors.find((known) => known.primaryOffice !== null);
  if (event === undefined || doctor?.primaryOffice == null) throw new Error('demo data without event or doctor');

  const title = uniqueTitle('Congress dinner');
  // Next week, early in the morning: no demo activity is there.
  const start = new Date(Date.now() + 7 * 24 * 3600 * 1000);
  start.setUTCHours(5, 0, 0, 0);
  const response = await request.post('/api/activities', {
    headers,
    data: {
      channelId: event.id,
      title,
      start: start.toISOString(),
      duration: 60,
      productIds: products.products.slice(0, 1).map((product) => product.id),
      doctorId: doctor.id,
      doctorName: `${doctor.firstName} ${doctor.lastName}`,
      officeId: doctor.primaryOffice.id,
      location: doctor.primaryOffice.name,
      budgetEstimate: 480.5,
      acknowledgeRules: true,
    },
  });
  expect(response.status()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  return { id, title, doctor: { ...doctor, primaryOffice: doctor.primaryOffice } };
}

async function useLanguage(page: Page, language: Language): Promise<void> {
  await page.evaluate((lng) => localStorage.setItem('i18nextLng', lng), language);
}

async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (dir === undefined) return;
  await page.mouse.move(0, 0);
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

for (const language of ['fr', 'en'] as const) {
  test(`an unknown activity says so, then the calendar opens (${language})`, async ({ page }) => {
    await signInAs(page, REP);
    await useLanguage(page, language);
    await page.goto('/activities/not-an-id');
    // The 404 illustration carries its own title: the message is in the page beside it.
    await expect(page.getByTestId('activity-not-found')).toContainText(TEXT[language].notFound);
    await expect(page).toHaveURL(/\/calendar/);
  });
}

test('a read-only representative picks a doctor and an office but is offered no new doctor nor office', async ({
  page,
  request,
}) => {
  const { doctor } = await createWaitingActivity(request);
  await signInAs(page, READER);
  await useLanguage(page, 'en');
  await page.goto(
    `/activities/new?doctorId=${doctor.id}&doctorName=${encodeURIComponent(`${doctor.firstName} ${doctor.lastName}`)}`,
  );
  await expect(page.getByTestId('activity-form')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByRole('combobox', { name: 'Office' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Create activity' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create a doctor' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add an office' })).toHaveCount(0);
});

test("the manager sees a managee's budget request read-only, rejects it with a reason and sees it rejected", async ({
  page,
  request,
}) => {
  // Four full-page screenshots and two languages: more than the default 30 s on a loaded machine.
  test.setTimeout(90_000);
  const waiting = await createWaitingActivity(request);
  await signInAs(page, MANAGER);

  for (const language of ['en', 'fr'] as const) {
    const text = TEXT[language];
    await useLanguage(page, language);
    await page.setViewportSize({ width: 1366, height: 850 });
    await page.goto(`/activities/${waiting.id}`);
    await expect(page.getByRole('heading', { name: waiting.title })).toBeVisible();
    await expect(page.getByRole('button', { name: text.approve })).toBeVisible();
    await expect(page.getByRole('button', { name: text.reject })).toBeVisible();
    await expect(page.getByTestId('approval-status')).toContainText(text.waiting);
    await expect(page.getByTestId('not-owner-alert')).toContainText('Julien Lefèvre');
    await expect(page.getByTestId('save-activity')).toHaveCount(0);
    await expect(page.getByTestId('delete-activity-button')).toHaveCount(0);
    await expect(page.getByTestId('mark-done-button')).toHaveCount(0);
    await expect(page.getByLabel(language === 'en' ? 'Title' : 'Titre')).toBeDisabled();
    await expect(page.getByTestId('activity-form')).toHaveAttribute('data-ready', 'true');
    await shot(page, `activity-manager-desktop-${language}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('button', { name: text.reject })).toBeVisible();
    await shot(page, `activity-manager-phone-${language}`);
  }

  // In French now: reject, with the reason the representative will read.
  await page.setViewportSize({ width: 1366, height: 850 });
  await page.getByRole('button', { name: TEXT.fr.reject }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('reject-notes').fill('Trop cher pour un dîner');
  await dialog.getByRole('button', { name: TEXT.fr.reject }).click();
  await expect(page.getByText(TEXT.fr.rejected, { exact: true })).toBeVisible();
  await expect(page.getByTestId('approval-status')).toContainText(TEXT.fr.rejectedStatus);
  await expect(page.getByTestId('approval-status')).toContainText('Trop cher pour un dîner');
  await expect(page.getByRole('button', { name: TEXT.fr.approve })).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('approval-status')).toContainText(TEXT.fr.rejectedStatus);
});

test("the activity links to its doctor's page, their consent and its office's page", async ({ page, request }) => {
  const waiting = await createWaitingActivity(request);
  await signInAs(page, REP);
  await useLanguage(page, 'en');
  await page.goto(`/activities/${waiting.id}`);
  await expect(page.getByTestId('activity-form')).toHaveAttribute('data-ready', 'true');

  await expect(page.getByRole('link', { name: 'Consent and signature' })).toHaveAttribute(
    'href',
    `/doctors/${waiting.doctor.id}/signatures`,
  );
  await page.getByRole('link', { name: "Office's page" }).click();
  await expect(page).toHaveURL(new RegExp(`/offices/${waiting.doctor.primaryOffice.id}$`));
  await page.goBack();
  await expect(page.getByTestId('activity-form')).toHaveAttribute('data-ready', 'true');
  await page.getByRole('link', { name: "Doctor's page" }).click();
  await expect(page).toHaveURL(new RegExp(`/doctors/${waiting.doctor.id}$`));
  await expect(page.getByText(waiting.doctor.lastName).first()).toBeVisible();
});
