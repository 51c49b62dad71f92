import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, signInAs } from './helpers';

// The owner's manager decides a budget on the activity's page (spec 001 §2, §4). What the page shows each
// viewer, an unknown activity and the links to the doctor and the office: ActivityFormPage's component tests.

const REP = 'rep@demo-crm.fr';
const MANAGER = 'manager@demo-crm.fr';

const TEXT = {
  approve: 'Valider',
  reject: 'Refuser',
  rejected: 'Budget refusé',
  rejectedStatus: 'Refusé',
  waiting: 'En attente de validation',
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

test("the manager sees a managee's budget request read-only, rejects it with a reason and sees it rejected", async ({
  page,
  request,
}) => {
  const waiting = await createWaitingActivity(request);
  await signInAs(page, MANAGER);

  // Read-only for the manager (what each control says: the form's component tests), with approve and reject.
  await page.goto(`/activities/${waiting.id}`);
  await expect(page.getByRole('heading', { name: waiting.title })).toBeVisible();
  await expect(page.getByTestId('approval-status')).toContainText(TEXT.waiting);
  await expect(page.getByTestId('not-owner-alert')).toContainText('Julien Lefèvre');
  await expect(page.getByTestId('save-activity')).toHaveCount(0);
  await expect(page.getByTestId('activity-form')).toHaveAttribute('data-ready', 'true');

  // Reject, with the reason the representative will read.
  await page.getByRole('button', { name: TEXT.reject }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('reject-notes').fill('Trop cher pour un dîner');
  await dialog.getByRole('button', { name: TEXT.reject }).click();
  await expect(page.getByText(TEXT.rejected, { exact: true })).toBeVisible();
  await expect(page.getByTestId('approval-status')).toContainText(TEXT.rejectedStatus);
  await expect(page.getByTestId('approval-status')).toContainText('Trop cher pour un dîner');
  await expect(page.getByRole('button', { name: TEXT.approve })).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('approval-status')).toContainText(TEXT.rejectedStatus);
});
