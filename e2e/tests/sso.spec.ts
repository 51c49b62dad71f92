import { expect, test, type Page, type Request } from '@playwright/test';
import { SSO_ACCOUNTS } from '../sso-accounts';

/*
 * Single sign-on in Chromium against the real OpenID Connect provider start-server.mjs runs on loopback
 * (decision 0035). The provider's page asks for a username; the product does the rest.
 * Each test records how long its arrivals after a redirect took (annotations in the report), so that a slow
 * product shows.
 */

const PROVIDER_TITLE = 'Test identity provider';
const SSO_BUTTON = /authentification unique|single sign-on/i;

/** Records in the report how long a step that waits for a page load took. */
async function timed<T>(what: string, step: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await step();
  test.info().annotations.push({ type: 'duration', description: `${what}: ${Date.now() - started} ms` });
  return result;
}

/** From the sign-in page through the provider's, as a person does: answers the address of each navigation. */
async function signInThroughProvider(page: Page, username: string): Promise<string[]> {
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations.push(frame.url());
  });
  await timed('sign-in page shown with its single-sign-on button', async () => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: SSO_BUTTON })).toBeVisible();
  });
  await timed("button → provider's sign-in page", async () => {
    await page.getByRole('button', { name: SSO_BUTTON }).click();
    await expect(page.getByRole('heading', { name: PROVIDER_TITLE })).toBeVisible();
  });
  await page.getByLabel('Username').fill(username);
  await page.getByRole('button', { name: 'Sign in' }).click();
  return navigations;
}

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

const meStatus = async (page: Page, token: string | null) =>
  (await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${token ?? ''}` } })).status();

test.describe('single sign-on', () => {
  test('signs the representative in through the provider, leaving no session token in an address or a Referer, then out here and at the provider', async ({
    page,
  }) => {
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));
    const navigations = await signInThroughProvider(page, SSO_ACCOUNTS.rep.sub);

    await timed("provider's 'Sign in' → the dashboard greets the representative", async () => {
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByTestId('dashboard-greeting')).toContainText('Julien');
    });
    await expect(page.getByTestId('user-email')).toHaveText('rep@demo-crm.fr');

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
    expect(await meStatus(page, token)).toBe(200);

    await timed("'Se déconnecter' → the provider's sign-out page", async () => {
      await page.getByTestId('logout-button').click();
      await expect(page.getByRole('heading', { name: 'Sign out of the test provider?' })).toBeVisible();
    });
    await timed("provider's sign-out → the sign-in page", async () => {
      await page.getByRole('button', { name: 'Yes, sign me out' }).click();
      await expect(page).toHaveURL(/\/login$/);
    });
    expect(await storedToken(page)).toBeNull();
    expect(await meStatus(page, token)).toBe(401);

    // The provider forgot the person too: it asks again who they are.
    await timed("button → provider's sign-in page, asking again", async () => {
      await expect(page.getByRole('button', { name: SSO_BUTTON })).toBeVisible();
      await page.getByRole('button', { name: SSO_BUTTON }).click();
      await expect(page.getByLabel('Username')).toBeVisible();
    });
  });
});
