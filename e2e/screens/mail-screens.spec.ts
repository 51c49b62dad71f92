import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signInAs } from '../tests/helpers';

// The mailbox and the campaigns wizard in both languages, on a desktop and on a 390 px phone (.tmp/screens/).
// Nothing is sent: the walk stops at the review.
const shots = path.resolve(import.meta.dirname, '../../.tmp/screens');
const VIEWPORTS = { desktop: { width: 1366, height: 850 }, phone: { width: 390, height: 844 } } as const;

async function shot(page: Page, name: string): Promise<void> {
  await page.mouse.move(0, 0);
  // A picture for people, not a test: a dialog's zoom (0.3 s) is given its time.
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

for (const language of ['fr', 'en'] as const) {
  for (const [device, viewport] of Object.entries(VIEWPORTS)) {
    test(`mailbox and campaigns in ${language} on ${device}`, async ({ page }) => {
      const suffix = `${language}-${device}`;
      await page.setViewportSize(viewport);
      await page.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), language);
      await signInAs(page, 'rep@demo-crm.fr');

      await page.goto('/emails');
      const rows = page.getByTestId('mail-list').locator('tr.ant-table-row');
      await expect(rows.first()).toBeVisible();
      await shot(page, `mailbox-${suffix}`);
      await rows.first().click();
      await expect(page.getByTestId('mail-view')).toBeVisible();
      await shot(page, `mailbox-message-${suffix}`);
      await page.goto('/emails?compose=1');
      await expect(page.locator('.tiptap')).toBeVisible();
      await shot(page, `mailbox-compose-${suffix}`);

      await page.goto('/campaigns');
      await expect(page.getByTestId('template-step').locator('.ant-card').first()).toBeVisible();
      await shot(page, `campaigns-templates-${suffix}`);
      await page.getByTestId('select-template').first().click();
      await page.getByTestId('wizard-next').click();
      const recipients = page.getByTestId('recipients-step').locator('tr.ant-table-row');
      await expect(recipients.first()).toBeVisible();
      await recipients.first().locator('.ant-checkbox-input').check();
      await shot(page, `campaigns-recipients-${suffix}`);
      await page.getByTestId('wizard-next').click();
      await expect(page.getByTestId('review-step')).toBeVisible();
      await shot(page, `campaigns-review-${suffix}`);
    });
  }
}
