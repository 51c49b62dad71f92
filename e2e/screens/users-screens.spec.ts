import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { mailTo, signInAs } from '../tests/helpers';

// Screenshots of the users screens in both languages, desktop and phone, for people to look at (.tmp/screens/).
const shots = path.resolve(import.meta.dirname, '../../.tmp/screens');

async function shot(page: Page, name: string): Promise<void> {
  await page.mouse.move(0, 0);
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

const VIEWPORTS = { desktop: { width: 1366, height: 850 }, phone: { width: 390, height: 844 } } as const;

for (const language of ['fr', 'en'] as const) {
  for (const [device, viewport] of Object.entries(VIEWPORTS)) {
    test(`users screens in ${language} on ${device}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), language);
      const suffix = `${language}-${device}`;

      await page.goto('/login');
      await page.getByTestId('forgot-password').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await shot(page, `forgot-password-${suffix}`);
      await page.keyboard.press('Escape');

      await signInAs(page, 'demo@demo-crm.fr');
      await page.goto('/users');
      await expect(page.getByTestId('users-table').locator('.ant-table-row').first()).toBeVisible();
      await shot(page, `users-list-${suffix}`);

      await page.getByTestId('users-add').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await shot(page, `users-add-${suffix}`);
      await page.keyboard.press('Escape');

      await page.getByTestId('users-batch').click();
      const batch = page.getByRole('dialog');
      const email = `shot.${language}.${device}.${Date.now()}@labo.fr`;
      // An address that exists comes back in the results; a malformed one is refused before sending.
      await batch.getByRole('textbox').fill(`${email}, rep@demo-crm.fr`);
      await batch.locator('.ant-btn-primary').click();
      await expect(page.getByTestId('batch-results')).toBeVisible();
      await shot(page, `users-batch-results-${suffix}`);
      await batch.locator('.ant-btn-primary').click();

      await page.locator('.ant-tabs-tab').nth(1).click();
      await page.getByTestId('org-chart-search').fill('rep');
      await expect(page.getByTestId('org-node').filter({ hasText: 'rep@demo-crm.fr' })).toBeVisible();
      await shot(page, `users-org-chart-${suffix}`);

      await page.getByTestId('org-node').filter({ hasText: 'manager@demo-crm.fr' }).click();
      await expect(page.getByTestId('user-header')).toBeVisible();
      await expect(page.getByTestId('managee-list')).toBeVisible();
      await shot(page, `user-detail-${suffix}`);

      await page.goto('/users/0190f0a0-0000-7000-8000-000000000000');
      await expect(page.locator('.ant-result-404')).toBeVisible();
      await shot(page, `user-not-found-${suffix}`);

      const mail = await mailTo(email);
      const link = /https?:\/\/\S+\/set-password#token=[\w-]+/.exec(mail.text)?.[0] ?? '';
      await page.evaluate(() => localStorage.removeItem('token'));
      await page.goto(link);
      await expect(page.getByTestId('set-password-email')).toBeVisible();
      await shot(page, `set-password-${suffix}`);

      await signInAs(page, 'rep@demo-crm.fr');
      await page.goto('/users');
      await expect(page.getByTestId('users-admin-required')).toBeVisible();
      await shot(page, `users-non-admin-${suffix}`);
      await page.goto('/users/0190f0a0-0000-7000-8000-000000000000');
      await expect(page.locator('.ant-result-403')).toBeVisible();
      await shot(page, `user-access-denied-${suffix}`);
    });
  }
}
