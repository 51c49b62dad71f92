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
  await signInAs(page, email, password);
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
  // Two browsers each load the app and sign in: more than the default 30 s when the machine is loaded.
  test.describe.configure({ timeout: 90_000 });

  test('ends another device’s session from the list, which is signed out at once', async ({ page, browser }) => {
    const user = await createTestUser({ firstName: 'Sessions', lastName: 'Deux' });
    const other = await signInElsewhere(browser, user.email, user.password);
    await signInAs(page, user.email, user.password);
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

  test('changing the password ends the other sessions, and only the new password signs in', async ({
    page,
    browser,
  }) => {
    const user = await createTestUser({ firstName: 'Mot', lastName: 'Depasse' });
    const newPassword = 'Une nouvelle phrase de passe 2026';
    const other = await signInElsewhere(browser, user.email, user.password);
    await signInAs(page, user.email, user.password);
    await openAccountFromHeader(page);
    await expect(page.getByTestId('account-session')).toHaveCount(2);

    const form = page.getByTestId('account-password');
    // Wrong current password: refused on the field, nothing changed.
    await form.getByLabel('Mot de passe actuel').fill('pas le bon mot de passe');
    await form.getByLabel('Nouveau mot de passe', { exact: true }).fill(newPassword);
    await form.getByLabel('Confirmez le nouveau mot de passe').fill(newPassword);
    await form.getByTestId('change-password').click();
    await expect(form.getByText("Le mot de passe actuel n'est pas le bon")).toBeVisible();
    expect(await isSessionValid(page, other.token)).toBe(true);

    await form.getByLabel('Mot de passe actuel').fill(user.password);
    await form.getByTestId('change-password').click();
    await expect(page.getByText('Mot de passe changé. 1 autre session a été fermée.')).toBeVisible();
    await expect(form.getByLabel('Mot de passe actuel')).toHaveValue('');
    await expect(page.getByTestId('account-session')).toHaveCount(1);

    expect(await isSessionValid(page, other.token)).toBe(false);
    expect(await isSessionValid(page, await storedToken(page))).toBe(true);
    await other.page.goto('/doctors');
    await expect(other.page).toHaveURL(/\/login$/);

    // The old password no longer signs in; the new one does.
    await other.page.getByLabel(/e-mail/i).fill(user.email);
    await other.page.getByLabel(/mot de passe/i).fill(user.password);
    // The submit button by its type: after a refusal antd keeps the leaving loading icon in the button's name
    // until its motion ends, which a page in the background may not run.
    const submit = other.page.locator('form button[type="submit"]');
    await submit.click();
    await expect(other.page.getByText('E-mail ou mot de passe invalide')).toBeVisible();
    await other.page.getByLabel(/mot de passe/i).fill(newPassword);
    await submit.click();
    await expect(other.page).toHaveURL(/\/$/);
    await expect(other.page.getByTestId('user-email')).toHaveText(user.email);
    await other.close();
  });
});

const storedToken = async (page: Page) => (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
