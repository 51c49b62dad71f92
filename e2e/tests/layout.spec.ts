import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_ADMIN_EMAIL } from '@crm/shared';
import { createTestUser } from '../test-users';
import { signInAs } from './helpers';

/*
 * What only a browser can tell: whether the words fit their boxes. French is the longer language, hence the
 * one tried, on a 390 px phone and on a 1024 px screen (the narrowest with the side menu open). A user of
 * the test's own holds the data, so that no other spec's figures move.
 */

const PHONE = { width: 390, height: 844 };
const NARROW_DESKTOP = { width: 1024, height: 768 };

type TestUser = { email: string; password: string; headers: Record<string, string> };

async function newUser(request: APIRequestContext): Promise<TestUser> {
  const user = await createTestUser({ firstName: 'Mise', lastName: 'En Page' });
  const login = await request.post('/api/auth/login', { data: { email: user.email, password: user.password } });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  return { ...user, headers: { authorization: `Bearer ${token}` } };
}

/** A message to oneself: an unread one in the inbox, and one in sent. */
async function receiveUnreadMessage(request: APIRequestContext, user: TestUser): Promise<void> {
  const response = await request.post('/api/emails', {
    headers: user.headers,
    data: { recipients: [user.email], subject: 'Point secteur', body: '<p>Bonjour</p>', attachments: [] },
  });
  expect(response.status()).toBe(201);
}

/** The texts under these elements that the box clipping them cuts. */
function cutTexts(elements: Locator): Promise<string[]> {
  return elements.evaluateAll((roots: Element[]) =>
    roots.flatMap((root) =>
      [root, ...Array.from(root.querySelectorAll('*'))]
        .filter((element) => getComputedStyle(element).overflowX !== 'visible')
        .filter((element) => element.scrollWidth > element.clientWidth + 1)
        .map((element) => element.textContent),
    ),
  );
}

/** The parts of each element that stick out of it, by their text. */
function outside(elements: Locator, parts: string): Promise<string[]> {
  return elements.evaluateAll(
    (roots: Element[], selector: string) =>
      roots.flatMap((root) => {
        const box = root.getBoundingClientRect();
        return Array.from(root.querySelectorAll(selector))
          .filter((part) => {
            const own = part.getBoundingClientRect();
            return own.left < box.left - 0.5 || own.right > box.right + 0.5;
          })
          .map((part) => part.textContent);
      }),
    parts,
  );
}

/** A long title, as representatives write them: the product, the doctor's full name. */
const LONG_TITLE = 'Présentation Cardiozil et Lipistat – Dr Anne-Sophie Lefèvre-Dumontier';

/** The user's next activity, in an hour, with the long title. */
async function planNextActivity(request: APIRequestContext, user: TestUser): Promise<void> {
  const answer = await request.get('/api/configuration/channels/active', { headers: user.headers });
  const { channels } = (await answer.json()) as {
    channels: { id: string; isTimeOff: boolean; needsBudgetApproval: boolean }[];
  };
  const channel = channels.find((candidate) => !candidate.isTimeOff && !candidate.needsBudgetApproval);
  if (channel === undefined) throw new Error('demo data without a channel for a visit');
  const response = await request.post('/api/activities', {
    headers: user.headers,
    data: {
      channelId: channel.id,
      title: LONG_TITLE,
      start: new Date(Date.now() + 3600_000).toISOString(),
      duration: 30,
      acknowledgeRules: true,
    },
  });
  expect(response.status()).toBe(201);
}

/** The dashboard no wider than the phone, the next activity's title whole inside its card. */
async function expectDashboardWithinScreen(page: Page): Promise<void> {
  await page.goto('/');
  const card = page.getByTestId('next-activity-card');
  await expect(card).toContainText(LONG_TITLE);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
  expect(await cutTexts(card)).toEqual([]);
  expect(await outside(card, '.next-activity-title')).toEqual([]);
}

/** The mailbox's folders: each name, the inbox's unread badge and every total whole, inside its folder. */
async function expectFoldersWhole(page: Page): Promise<void> {
  await page.goto('/emails');
  await expect(page.getByTestId('folder-unread')).toBeVisible();
  const folders = page.locator('.mail-folders .ant-menu-item, .mail-folders-compact .ant-segmented-item');
  await expect(folders).toHaveCount(3);
  expect(await cutTexts(folders)).toEqual([]);
  expect(await outside(folders, '.mail-folder-name, .ant-badge, .mail-folder-count')).toEqual([]);
  await expect(page.getByTestId('folder-inbox')).toContainText('Boîte de réception');
}

/** The campaign template cards: each name whole (wrapped, never cut), every card as tall as the others. */
async function expectTemplateCardsWhole(page: Page): Promise<void> {
  await page.goto('/campaigns');
  const cards = page.getByTestId('template-step').locator('.template-card');
  await expect(cards).toHaveCount(4);
  expect(await cutTexts(cards)).toEqual([]);
  expect(await outside(cards, '.template-card-title, .ant-tag')).toEqual([]);
  await expect(cards.first()).toContainText('Nouveau médicament');
  const heights = await cards.evaluateAll((elements: Element[]) =>
    elements.map((element) => element.getBoundingClientRect().height),
  );
  expect(Math.max(...heights) - Math.min(...heights)).toBeLessThan(1);
}

/** The words of these elements that the browser broke across lines (a word in two or more line boxes). */
function brokenWords(elements: Locator): Promise<string[]> {
  return elements.evaluateAll((roots: Element[]) =>
    roots.flatMap((root) => {
      const broken: string[] = [];
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/[^\s-]+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
          if (lines.size > 1) broken.push(match[0]);
        }
      }
      return broken;
    }),
  );
}

test.describe('French words fit their boxes', () => {
  test("in another user's header, beside the Delete button", async ({ page }) => {
    const users = [1024, 1366].map((width) => ({ width, height: 768 }));
    await signInAs(page, DEMO_ADMIN_EMAIL);
    const manager = await page.evaluate(async () => {
      const token = localStorage.getItem('token') ?? '';
      const response = await fetch('/api/users?search=manager%40demo-crm.fr', {
        headers: { authorization: `Bearer ${token}` },
      });
      return ((await response.json()) as { users: { id: string }[] }).users[0]?.id ?? '';
    });
    for (const viewport of users) {
      await page.setViewportSize(viewport);
      await page.goto(`/users/${manager}`);
      await expect(page.getByTestId('user-delete')).toBeVisible();
      const facts = page.locator('.user-facts');
      await expect(facts).toContainText('Mot de passe');
      expect(await brokenWords(facts), `at ${String(viewport.width)} px`).toEqual([]);
    }
  });

  test('on a 390 px phone', async ({ page, request }) => {
    const user = await newUser(request);
    await receiveUnreadMessage(request, user);
    await planNextActivity(request, user);
    await page.setViewportSize(PHONE);
    await signInAs(page, user.email, { password: user.password });

    await expectDashboardWithinScreen(page);
    await expectFoldersWhole(page);
    await expectTemplateCardsWhole(page);
  });

  test('on a 1024 px screen', async ({ page, request }) => {
    const user = await newUser(request);
    await receiveUnreadMessage(request, user);
    await page.setViewportSize(NARROW_DESKTOP);
    await signInAs(page, user.email, { password: user.password });

    await expectFoldersWhole(page);
    await expectTemplateCardsWhole(page);
  });
});
