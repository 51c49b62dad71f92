import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signInAs } from '../tests/helpers';

// The audit log and the configuration screens in both languages, desktop and phone (.tmp/screens/).
const ADMIN = 'demo@demo-crm.fr';
const shots = path.resolve(import.meta.dirname, '../../.tmp/screens');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 850 };

async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  await page.mouse.move(0, 0);
  // A picture for people, not a test: a dialog's zoom (0.3 s) is given its time.
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage });
}

async function signedIn(page: Page, email: string, language: 'fr' | 'en'): Promise<void> {
  await page.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), language);
  const { token } = await signInAs(page, email);
  // An entry with changes for the changes modal: a doctor's phone, set through the API.
  const headers = { authorization: `Bearer ${token}` };
  const found = (await (
    await page.request.get('/api/doctors/search?search=martin&page=1&limit=10', { headers })
  ).json()) as {
    doctors: { id: string; phone: string | null }[];
  };
  const doctor = found.doctors[0];
  const phone = doctor?.phone === '01 42 68 53 00' ? '01 42 68 53 01' : '01 42 68 53 00';
  expect((await page.request.put(`/api/doctors/${doctor?.id ?? ''}`, { headers, data: { phone } })).ok()).toBe(true);
}

for (const language of ['fr', 'en'] as const) {
  test(`administration screens in ${language}`, async ({ page }) => {
    await signedIn(page, ADMIN, language);
    for (const [viewport, size] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await page.setViewportSize(size);
      const fullPage = viewport === 'desktop';
      await page.goto('/logs');
      await expect(page.getByTestId('logs-table').locator('.ant-table-row').first()).toBeVisible();
      await shot(page, `logs-${viewport}-${language}`, fullPage);
      const withChanges = page.getByTestId('view-changes').first();
      await withChanges.click();
      await expect(page.getByTestId('changes-modal')).toBeVisible();
      await shot(page, `logs-changes-${viewport}-${language}`, false);
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('changes-modal')).toHaveCount(0);

      for (const kind of ['products', 'channels', 'targets'] as const) {
        await page.goto(`/configuration?tab=${kind}`);
        await expect(page.getByTestId(`${kind}-table`).locator('.ant-table-row').first()).toBeVisible();
        await shot(page, `configuration-${kind}-${viewport}-${language}`, fullPage);
      }
      await page.getByTestId('add-targets').click();
      await expect(page.getByTestId('entry-form')).toBeVisible();
      await shot(page, `configuration-target-modal-${viewport}-${language}`, false);
      await page.keyboard.press('Escape');
      await page
        .getByTestId('targets-table')
        .locator('.ant-table-row')
        .first()
        .locator('button.ant-btn-dangerous')
        .click();
      await expect(page.locator('.ant-popover')).toBeVisible();
      await shot(page, `configuration-delete-confirm-${viewport}-${language}`, false);
      await page.keyboard.press('Escape');
    }
  });
}
