import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signInAs } from '../tests/helpers';

// Screenshots of each screen in both languages, for people to look at (.tmp/screens/).
const shots = path.resolve(import.meta.dirname, '../../.tmp/screens');

for (const language of ['fr', 'en'] as const) {
  test(`screens in ${language}`, async ({ page }) => {
    await page.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), language);
    await page.goto('/login');
    await expect(page.getByTestId('demo-warning')).toBeVisible();
    await page.screenshot({ path: `${shots}/login-${language}.png`, fullPage: true });

    await signInAs(page, 'demo@demo-crm.fr');
    await expect(page.getByTestId('admin-tag')).toBeVisible();
    await page.mouse.move(0, 0);
    await page.screenshot({ path: `${shots}/layout-${language}.png`, fullPage: true });

    await page.getByTestId('connectivity-indicator').hover();
    await expect(page.getByTestId('connectivity-panel')).toBeVisible();
    await page.screenshot({ path: `${shots}/connectivity-${language}.png` });

    await page.getByTestId('simulate-offline-switch').click();
    await expect(page).toHaveURL(/\/activities$/);
    await expect(page.getByRole('heading', { name: language === 'fr' ? 'Activités' : 'Activities' })).toBeVisible();
    await page.mouse.move(0, 0);
    await page.screenshot({ path: `${shots}/offline-${language}.png`, fullPage: true });
    await page.getByTestId('simulate-offline-switch').click();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.getByTestId('today-panel')).toContainText(
      language === 'fr' ? 'Priorités du jour' : "Today's priorities",
    );
    await page.screenshot({ path: `${shots}/mobile-${language}.png`, fullPage: true });
    await page.getByTestId('open-menu-button').click();
    await expect(page.getByTestId('side-menu')).toBeVisible();
    await page.screenshot({ path: `${shots}/mobile-menu-${language}.png`, fullPage: true });
  });
}
