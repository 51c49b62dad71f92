import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signInAs } from '../tests/helpers';

// Cycle plans (issue 33): the rep's card and plan, "this cycle" on the doctors list and page, the manager's team
// and one rep's plan, in both languages, desktop and phone (.tmp/screens/).
const REP = 'rep@demo-crm.fr';
const MANAGER = 'manager@demo-crm.fr';
const shots = path.resolve(import.meta.dirname, '../../.tmp/screens');
const SIZES = { desktop: { width: 1366, height: 850 }, phone: { width: 390, height: 844 } } as const;

async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage });
}

for (const language of ['fr', 'en'] as const) {
  test(`cycle plan screens in ${language}`, async ({ page }) => {
    await page.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), language);
    await signInAs(page, REP);
    for (const [viewport, size] of Object.entries(SIZES)) {
      await page.setViewportSize(size);
      const fullPage = viewport === 'desktop';
      await page.goto('/');
      await expect(page.getByTestId('plan-card-attainment')).toBeVisible();
      await shot(page, `plan-dashboard-${viewport}-${language}`, fullPage);

      await page.goto('/plan');
      await expect(page.getByTestId('plan-targets')).toBeVisible();
      await shot(page, `plan-mine-${viewport}-${language}`, fullPage);

      const target = page.getByTestId('plan-targets').locator('a[href^="/doctors/"]').first();
      const doctorName = (await target.textContent()) ?? '';
      await page.goto(`/doctors?search=${encodeURIComponent(doctorName.split(' ').at(-1) ?? '')}`);
      await expect(page.getByTestId('doctor-plan-counts').first()).toBeVisible();
      await shot(page, `plan-doctors-${viewport}-${language}`, false);

      await page.getByTestId('doctor-plan-counts').first().click();
      await expect(page.getByTestId('doctor-name')).toBeVisible();
      await expect(page.getByTestId('doctor-plan-counts')).toBeVisible();
      await shot(page, `plan-doctor-${viewport}-${language}`, false);
    }

    await signInAs(page, MANAGER);
    for (const [viewport, size] of Object.entries(SIZES)) {
      await page.setViewportSize(size);
      const fullPage = viewport === 'desktop';
      await page.goto('/plan?tab=team');
      await expect(page.getByTestId('team-table')).toBeVisible();
      await shot(page, `plan-team-${viewport}-${language}`, fullPage);

      await page.getByTestId('team-member-link').first().click();
      await expect(page.getByTestId('plan-targets')).toBeVisible();
      await shot(page, `plan-rep-${viewport}-${language}`, fullPage);
    }
  });
}
