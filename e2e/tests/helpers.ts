import fs from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo1234!';

/** Signs in through the login page, as a person would: for the tests whose subject is signing in. */
export async function signInThroughForm(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/e-mail|email/i).fill(email);
  await page.getByLabel(/mot de passe|password/i).fill(password);
  await page.getByRole('button', { name: /^(se connecter|log in)$/i }).click();
  await expect(page).toHaveURL(/\/$/);
}

type StoredSession = { token: string; user: unknown };

/**
 * One sign-in per account and server for the whole run (a worker lives as long as the run): signing in
 * hashes a password on the server, which each test would otherwise pay again. A test that ends a session
 * (logout, revocation, password change) signs in with `{ fresh: true }` or the form, never with this one.
 */
const sessions = new Map<string, Promise<StoredSession>>();

/** A new session of that account, through the API. */
async function freshSession(baseURL: string, email: string, password = DEMO_PASSWORD): Promise<StoredSession> {
  const response = await fetch(new URL('/api/auth/login', baseURL), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`signing ${email} in answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as StoredSession;
}

function sharedSession(baseURL: string, email: string, password: string): Promise<StoredSession> {
  const key = `${baseURL} ${email} ${password}`;
  let session = sessions.get(key);
  if (session === undefined) {
    session = freshSession(baseURL, email, password);
    // A failed sign-in is not kept: the next test tries again and says why.
    session.catch(() => sessions.delete(key));
    sessions.set(key, session);
  }
  return session;
}

/**
 * Opens the dashboard signed in as that account, with the run's shared session put where the app keeps it
 * (spec 000 §7: local storage). `fresh`: a session of the test's own, for a test that ends it.
 */
export async function signInAs(
  page: Page,
  email: string,
  { password = DEMO_PASSWORD, fresh = false }: { password?: string; fresh?: boolean } = {},
): Promise<StoredSession> {
  // Any page of the origin will do to reach its local storage; this one loads no script.
  await page.goto('/api/health');
  const origin = new URL(page.url()).origin;
  const session = fresh ? await freshSession(origin, email, password) : await sharedSession(origin, email, password);
  await page.evaluate(({ token, user }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('user', JSON.stringify(user));
  }, session);
  await page.goto('/');
  // The signed-in layout (on a phone its menu is in a closed drawer: there, not visible).
  await expect(page.getByTestId('side-menu')).toBeAttached();
  return session;
}

/**
 * A call of the API as another account (its shared session), from the test rather than a page: the set-up an
 * administrator would do, while the page stays signed in as the user under test.
 */
export async function apiAs(
  page: Page,
  email: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const origin = new URL(page.url()).origin;
  const { token } = await sharedSession(origin, email, DEMO_PASSWORD);
  const response = await fetch(new URL(`/api${path}`, origin), {
    method,
    headers: {
      Accept: 'application/json',
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
}

/** The e-mails the suite's SMTP server received (e2e/smtp-sink.mjs), oldest first. */
export type ReceivedMail = {
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
};

const MAIL_FOLDER = new URL('../../.tmp/e2e-mail/', import.meta.url);

export function receivedMail(): ReceivedMail[] {
  if (!fs.existsSync(MAIL_FOLDER)) return [];
  return fs
    .readdirSync(MAIL_FOLDER)
    .sort((a, b) => Number(a.split('-')[0]) - Number(b.split('-')[0]) || a.localeCompare(b))
    .map((name) => JSON.parse(fs.readFileSync(new URL(name, MAIL_FOLDER), 'utf8')) as ReceivedMail);
}

/**
 * Waits for the e-mail sent to an address, and answers it; with `containing`, the one whose HTML holds that
 * text (earlier specs may have mailed the same demo address).
 */
export async function mailTo(address: string, containing?: string): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(() => {
      found = receivedMail().findLast(
        (mail) => mail.to.includes(address) && (containing === undefined || mail.html.includes(containing)),
      );
      return found !== undefined;
    })
    .toBe(true);
  if (!found) throw new Error(`no mail for ${address}`);
  return found;
}

/**
 * Picks an option of an antd Select in a modal, by its label, with the arrow keys and Enter. Not with a click:
 * the list is a popup of <body> aligned under the field, and when the page behind the modal is taller than the
 * window, Playwright's scroll into view moves that page; the popup is aligned again a frame later, and a click
 * landing in between misses the option (seen in CI under load).
 */
export async function pickOptionInModal(select: Locator, label: string): Promise<void> {
  const page = select.page();
  await select.click();
  const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
  await expect(options.filter({ hasText: label })).toBeVisible();
  // The open list starts on its first option.
  const index = (await options.allInnerTexts()).findIndex((text) => text.trim() === label);
  expect(index).toBeGreaterThanOrEqual(0);
  for (let step = 0; step < index; step += 1) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(select).toContainText(label);
}
