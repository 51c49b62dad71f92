import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { SSO_ACCOUNTS } from '../sso-accounts';

// Screenshots of the sign-in page with single sign-on, the single-sign-on return and the account page, in
// both languages, on a desktop and a 390 px phone, for people to look at (.tmp/screens/).
const shots = path.resolve(import.meta.dirname, '../../.tmp/screens');

const arrival = expect.configure({ timeout: 60_000 });

const SIZES = { desktop: { width: 1366, height: 850 }, phone: { width: 390, height: 844 } } as const;

async function shoot(page: Page, name: string, fullPage = true) {
  await page.mouse.move(0, 0);
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage });
}

for (const language of ['fr', 'en'] as const) {
  for (const [size, viewport] of Object.entries(SIZES)) {
    test(`single sign-on and account screens in ${language} on a ${size}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), language);

      await page.goto('/login');
      const ssoButton = page.getByRole('button', { name: /authentification unique|single sign-on/i });
      await arrival(ssoButton).toBeVisible();
      await shoot(page, `sso-login-${language}-${size}`);

      // The return page shows while the one-time token is exchanged: the exchange waits for the screenshot.
      let releaseExchange: () => void = () => undefined;
      const screenshotTaken = new Promise<void>((resolve) => {
        releaseExchange = resolve;
      });
      await page.route('**/api/auth/sso/exchange', async (route) => {
        await screenshotTaken;
        await route.continue();
      });
      await ssoButton.click();
      await page.getByLabel('Username').fill(SSO_ACCOUNTS.rep.sub);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await arrival(
        page.getByText(language === 'fr' ? "Finalisation de l'authentification..." : 'Completing authentication...'),
      ).toBeVisible();
      expect(page.url()).not.toContain('token');
      await shoot(page, `sso-callback-${language}-${size}`, false);
      releaseExchange();
      await arrival(page).toHaveURL(/\/$/);

      await page.goto('/account');
      await arrival(page.getByTestId('account-session').first()).toBeVisible();
      await shoot(page, `account-${language}-${size}`);
    });
  }
}
