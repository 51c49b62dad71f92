import { expect, test, type Page, type Request } from '@playwright/test';
import { SSO_ACCOUNTS } from '../sso-accounts';

/*
 * Single sign-on in Chromium against the real OpenID Connect provider start-server.mjs runs on loopback
 * (decision 0035). The provider's page asks for a username; the product does the rest.
 */

const PROVIDER_TITLE = 'Test identity provider';

/** For each arrival on a page after the provider: a full page load, slow on a loaded machine. */
const arrival = expect.configure({ timeout: 60_000 });

/** From the sign-in page through the provider, as a person does: answers the address of each navigation. */
async function signInThroughProvider(page: Page, username: string): Promise<string[]> {
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations.push(frame.url());
  });
  await page.goto('/login');
  await page.getByRole('button', { name: /authentification unique|single sign-on/i }).click();
  await arrival(page.getByRole('heading', { name: PROVIDER_TITLE })).toBeVisible();
  await page.getByLabel('Username').fill(username);
  await page.getByRole('button', { name: 'Sign in' }).click();
  return navigations;
}

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

test.describe('single sign-on', () => {
  // Each test crosses two servers and several full page loads: more than the default 30 s on a loaded machine.
  test.describe.configure({ timeout: 240_000 });

  test('signs the representative in through the provider, leaving no session token in an address or a Referer', async ({
    page,
  }) => {
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));
    const navigations = await signInThroughProvider(page, SSO_ACCOUNTS.rep.sub);

    await arrival(page).toHaveURL(/\/$/);
    await arrival(page.getByTestId('user-email')).toHaveText('rep@demo-crm.fr');
    await expect(page.getByTestId('dashboard-greeting')).toContainText('Julien');

    const token = await storedToken(page);
    expect(token?.split('.')).toHaveLength(3);
    // The address carried a one-time token, not the session's.
    const callback = navigations.find((url) => url.includes('/auth/callback?token='));
    expect(callback).toBeDefined();
    const handoff = new URL(callback ?? '').searchParams.get('token') ?? '';
    expect(handoff).not.toBe(token);
    for (const request of requests) {
      expect(request.url()).not.toContain(token ?? '');
      expect(request.headers().referer ?? '').not.toContain('token=');
    }
    expect(page.url()).not.toContain('token');

    // Spent: the one-time token can't be exchanged again, even by the same browser.
    const replay = await page.request.post('/api/auth/sso/exchange', { data: { token: handoff } });
    expect(replay.status()).toBe(401);
    // Its session works as a password sign-in's.
    const me = await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${token ?? ''}` } });
    expect(me.status()).toBe(200);
  });

  test('signing out ends the session here and at the provider', async ({ page }) => {
    await signInThroughProvider(page, SSO_ACCOUNTS.rep.sub);
    await arrival(page).toHaveURL(/\/$/);
    await arrival(page.getByTestId('logout-button')).toBeVisible();
    const token = await storedToken(page);

    await page.getByTestId('logout-button').click();
    await arrival(page.getByRole('heading', { name: 'Sign out of the test provider?' })).toBeVisible();
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await arrival(page).toHaveURL(/\/login$/);
    expect(await storedToken(page)).toBeNull();

    const me = await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${token ?? ''}` } });
    expect(me.status()).toBe(401);
    // The provider forgot the person too: it asks again who they are.
    await page.getByRole('button', { name: /authentification unique|single sign-on/i }).click();
    await arrival(page.getByLabel('Username')).toBeVisible();
  });

  test('refuses someone the product does not know, saying single sign-on failed', async ({ page }) => {
    await signInThroughProvider(page, SSO_ACCOUNTS.stranger.sub);
    await arrival(page).toHaveURL(/\/login\?error=sso_failed$/);
    await arrival(page.getByText("L'authentification unique a échoué. Veuillez réessayer.")).toBeVisible();
    expect(await storedToken(page)).toBeNull();
  });
});
