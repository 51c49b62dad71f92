import { expect, test, type Browser, type Page } from '@playwright/test';
import { createTestUser } from '../test-users';
import { signInAs } from './helpers';

/*
 * The account page with a user of each test's own (the demo accounts are shared by every spec, and these
 * tests end sessions and change a password): signed in on this page and on another device, a browser context
 * of its own.
 */

type Device = { page: Page; token: string; close: () => Promise<void> };

/** Another device of the same person: its own browser context, signed in through the sign-in page. */
async function signInElsewhere(browser: Browser, email: string, password: string): Promise<Device> {
  const context = await browser.newContext({ locale: 'fr-FR', serviceWorkers: 'block' });
  const page = await context.newPage();
  await signInAs(page, email, { password, fresh: true });
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).not.toBeNull();
  return { page, token: token ?? '', close: () => context.close() };
}

const isSessionValid = async (page: Page, token: string) =>
  (await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } })).status() === 200;

async function openAccountFromHeader(page: Page) {
  await page.getByTestId('account-link').click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Mon compte' })).toBeVisible();
}

test.describe('the account page', () => {
  test('ends another device’s session from the list, which is signed out at once', async ({ page, browser }) => {
    const user = await createTestUser({ firstName: 'Sessions', lastName: 'Deux' });
    const other = await signInElsewhere(browser, user.email, user.password);
    await signInAs(page, user.email, { password: user.password, fresh: true });
    await openAccountFromHeader(page);

    const sessions = page.getByTestId('account-session');
    const thisDevice = page.getByText('Cet appareil', { exact: true });
    await expect(sessions).toHaveCount(2);
    const otherRow = sessions.filter({ hasNot: thisDevice });
    await expect(otherRow).toHaveCount(1);
    // This device's session can't be ended from here (signing out does that).
    await expect(sessions.filter({ has: thisDevice }).getByTestId('end-session')).toHaveCount(0);

    await otherRow.getByTestId('end-session').click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Fermer' }).click();
    await expect(page.getByText('Session fermée')).toBeVisible();
    await expect(sessions).toHaveCount(1);
    await expect(sessions.filter({ has: thisDevice })).toHaveCount(1);

    expect(await isSessionValid(page, other.token)).toBe(false);
    expect(await isSessionValid(page, await storedToken(page))).toBe(true);
    // The other device finds itself signed out at its next call.
    await other.page.goto('/doctors');
    await expect(other.page).toHaveURL(/\/login$/);
    await other.close();
  });
});

const storedToken = async (page: Page) => (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
