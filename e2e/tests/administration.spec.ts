import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signInAs } from './helpers';

// The audit log and the configuration (issue 15) as an administrator uses them. What anyone else sees, the
// inactive channel and clearing the log: the logs and configuration tests of the server and of the web app.
const ADMIN = 'demo@demo-crm.fr';

async function headersOf(request: APIRequestContext, email: string): Promise<Record<string, string>> {
  const login = await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  return { authorization: `Bearer ${token}`, 'accept-language': 'en' };
}

/** The success or failure toast with this text, then gone, so the next one is read alone. */
async function toast(page: Page, text: string | RegExp): Promise<void> {
  const notice = page.locator('.ant-message-notice').filter({ hasText: text });
  await expect(notice).toBeVisible();
}

async function signedIn(page: Page, email: string, language: 'fr' | 'en' = 'en'): Promise<void> {
  await page.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), language);
  await signInAs(page, email);
}

test('an administrator adds, changes and deletes products, channels and targets', async ({ page }) => {
  await signedIn(page, ADMIN);
  await page.goto('/configuration');
  const products = page.getByTestId('products-table');
  await expect(products.locator('.ant-table-row').first()).toBeVisible();

  // Add, with the spec's required-name message first.
  await page.getByTestId('add-products').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('New product');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toContainText('Product name is required');
  await dialog.getByLabel('Name').fill('Tensiozen 5 mg');
  await dialog.getByLabel('Description').fill('Antihypertenseur, comprimé sécable');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await toast(page, 'Product created successfully');
  const row = products.locator('.ant-table-row', { hasText: 'Tensiozen 5 mg' });
  await expect(row).toContainText('Antihypertenseur, comprimé sécable');
  await expect(row).toContainText('Active');

  // Deactivate: the row turns reddish.
  await row.getByRole('button', { name: 'Edit Tensiozen 5 mg' }).click();
  await expect(dialog).toContainText('Edit product');
  await dialog.getByRole('switch', { name: 'Active' }).click();
  await dialog.getByRole('button', { name: 'Update' }).click();
  await toast(page, 'Product updated successfully');
  await expect(row).toHaveClass(/configuration-row-inactive/);
  await expect(row).toContainText('Inactive');

  // Delete after the spec's question; No first keeps it.
  await row.getByRole('button', { name: 'Delete Tensiozen 5 mg' }).click();
  const confirm = page.locator('.ant-popover').filter({ hasText: 'Are you sure you want to delete this item?' });
  await confirm.getByRole('button', { name: 'No' }).click();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Delete Tensiozen 5 mg' }).click();
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await toast(page, 'Product deleted successfully');
  await expect(row).toHaveCount(0);

  // A product the demo representatives use can't be deleted: the server says to deactivate it.
  const used = products.locator('.ant-table-row').first();
  const usedName = (await used.locator('td').first().innerText()).trim();
  await used.getByRole('button', { name: `Delete ${usedName}` }).click();
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await toast(page, /^Failed to delete product: This product is still used by activities or assigned to users/);
  await expect(products.locator('.ant-table-row', { hasText: usedName })).toBeVisible();

  // A channel with its colour, picked as a hex code.
  await page.getByRole('tab', { name: 'Channels' }).click();
  await expect(page).toHaveURL(/tab=channels/);
  await page.getByTestId('add-channels').click();
  await dialog.getByLabel('Name').fill('Webinaire');
  await dialog.locator('.ant-color-picker-trigger').click();
  const hex = page.locator('.ant-color-picker-input input').first();
  await hex.fill('13c2c2');
  await hex.press('Enter');
  await dialog.getByLabel('Name').click();
  await dialog.getByRole('switch', { name: 'Needs budget approval' }).click();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await toast(page, 'Channel created successfully');
  const channel = page.getByTestId('channels-table').locator('.ant-table-row', { hasText: 'Webinaire' });
  await expect(channel.locator('[data-color="#13c2c2"]')).toBeVisible();
  await channel.getByRole('button', { name: 'Delete Webinaire' }).click();
  await page
    .locator('.ant-popover')
    .filter({ hasText: 'Are you sure you want to delete this item?' })
    .getByRole('button', { name: 'Yes' })
    .click();
  await toast(page, 'Channel deleted successfully');

  // A target with its priority.
  await page.getByRole('tab', { name: 'Targets' }).click();
  await page.getByTestId('add-targets').click();
  await dialog.getByLabel('Name').fill('Leader d’opinion');
  await dialog.getByLabel('Priority').fill('70');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await toast(page, 'Target created successfully');
  const target = page.getByTestId('targets-table').locator('.ant-table-row', { hasText: 'Leader d’opinion' });
  await expect(target).toContainText('70');
  await target.getByRole('button', { name: 'Delete Leader d’opinion' }).click();
  await page
    .locator('.ant-popover')
    .filter({ hasText: 'Are you sure you want to delete this item?' })
    .getByRole('button', { name: 'Yes' })
    .click();
  await toast(page, 'Target deleted successfully');
  await expect(target).toHaveCount(0);
});

test('the log shows who changed what, its before and after, and links to the record', async ({ page, request }) => {
  const admin = await headersOf(request, ADMIN);
  const found = (await (
    await request.get('/api/doctors/search?search=martin&page=1&limit=10', { headers: admin })
  ).json()) as {
    doctors: { id: string; firstName: string; lastName: string; phone: string | null }[];
  };
  const doctor = found.doctors[0];
  expect(doctor).toBeDefined();
  const phone = doctor?.phone === '01 42 68 53 00' ? '01 42 68 53 01' : '01 42 68 53 00';
  expect((await request.put(`/api/doctors/${doctor?.id}`, { headers: admin, data: { phone } })).ok()).toBe(true);

  await signedIn(page, ADMIN);
  await page.goto('/logs');
  await page.getByTestId('log-entity-filter').click();
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: /^Doctor$/ })
    .click();
  await expect(page).toHaveURL(/entityType=doctor/);
  const row = page.getByTestId('logs-table').locator('.ant-table-row').first();
  await expect(row).toContainText(ADMIN);
  await expect(row).toContainText('Updated');
  const name = `${doctor?.firstName} ${doctor?.lastName}`;
  await expect(row.getByRole('link', { name })).toHaveAttribute('href', `/doctors/${doctor?.id}`);

  await row.getByTestId('view-changes').click();
  const modal = page.getByTestId('changes-modal');
  await expect(modal.locator('tr', { hasText: 'phone' })).toContainText(phone);
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).last().click();
  await expect(modal).toHaveCount(0);

  await row.getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/doctors/${doctor?.id}$`));
});
