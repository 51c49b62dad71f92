import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_ADMIN_EMAIL } from '@crm/shared';
import { createWaitingActivity } from './activity-requests';
import { DEMO_PASSWORD, signInAs } from './helpers';

/*
 * The spec's flows with the keyboard alone (issue 29, docs/accessibility.md): Tab, Shift+Tab, Enter and typing,
 * never a click. Each step checks where the focus is, as a keyboard user would see it.
 */

const MOST_TABS = 40;

/** Presses Tab until the element has the focus; fails if it is not reached within MOST_TABS presses. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let presses = 0; presses < MOST_TABS; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('signs in with the keyboard alone', async ({ page }) => {
  await page.goto('/login');
  const email = page.getByLabel(/e-mail/i);
  await tabTo(page, email);
  await page.keyboard.type('rep@demo-crm.fr');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel(/^mot de passe$/i)).toBeFocused();
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
});

test('skips to the main content, then searches and opens a doctor', async ({ page }) => {
  await signInAs(page, 'rep@demo-crm.fr');
  await page.goto('/doctors');
  await expect(page.getByTestId('doctor-search-input')).toBeVisible();

  // The first Tab stop of the page is the skip link, shown when it has the focus.
  await page.keyboard.press('Tab');
  const skipLink = page.getByRole('link', { name: 'Aller au contenu' });
  await expect(skipLink).toBeFocused();
  await expect(skipLink).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();

  // From the page's start, the search comes before the menu's links.
  await tabTo(page, page.getByTestId('doctor-search-input'));
  await page.keyboard.type('mar');
  const firstRow = page.locator('tr.clickable-row').first();
  await expect(firstRow).toBeVisible();
  await tabTo(page, firstRow);
  await expect(firstRow).toHaveCSS('outline-style', 'solid');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/doctors\/[0-9a-f-]{36}$/);
});

test('an administrator opens a user from the list with the keyboard', async ({ page }) => {
  await signInAs(page, DEMO_ADMIN_EMAIL);
  await page.goto('/users');
  const firstRow = page.getByTestId('users-table').locator('tr.clickable-row').first();
  await expect(firstRow).toBeVisible();
  await tabTo(page, firstRow);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/users\/[0-9a-f-]{36}$/);
});

test('creates an activity with the keyboard alone, its date typed in', async ({ page }) => {
  const title = `Clavier ${Date.now()}`;
  await signInAs(page, 'rep@demo-crm.fr');
  await page.goto('/activities/new');
  await expect(page.getByTestId('activity-form')).toHaveAttribute('data-ready', 'true');

  await tabTo(page, page.getByLabel('Titre'));
  await page.keyboard.type(title);
  // antd's date picker takes a typed date; Enter keeps it.
  const date = page.getByLabel('Date de début');
  await tabTo(page, date);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('15/01/2027');
  await page.keyboard.press('Enter');
  const products = page.getByRole('combobox', { name: 'Produits' });
  await tabTo(page, products);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await tabTo(page, page.getByLabel(/règles de conformité/));
  await page.keyboard.press('Space');
  const create = page.getByRole('button', { name: "Créer l'activité" });
  await tabTo(page, create);
  const created = page.waitForResponse(
    (response) => response.url().endsWith('/api/activities') && response.request().method() === 'POST',
  );
  await page.keyboard.press('Enter');
  const response = await created;
  expect(response.status()).toBe(201);
  const saved = (await response.json()) as { title: string; start: string };
  expect(saved.title).toBe(title);
  expect(new Date(saved.start).toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris' })).toBe('15/01/2027');
});

test("a manager approves a managee's budget with the keyboard alone", async ({ page, request }) => {
  const waiting = await createWaitingActivity(request);
  await signInAs(page, 'manager@demo-crm.fr');
  await page.goto(`/activities/${waiting.id}`);
  await expect(page.getByTestId('activity-form')).toHaveAttribute('data-ready', 'true');
  await tabTo(page, page.getByRole('button', { name: 'Valider' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Budget validé')).toBeVisible();
});

test('writes, sends and reads mail with the keyboard alone', async ({ page }) => {
  const subject = `Clavier ${Date.now()}`;
  await signInAs(page, 'rep@demo-crm.fr');
  await page.goto('/emails');
  await expect(page.getByTestId('mail-list')).toBeVisible();

  await tabTo(page, page.getByTestId('compose-button'));
  await page.keyboard.press('Enter');
  // The recipient: its address typed, then Enter makes it a recipient.
  const recipients = page.getByTestId('compose-recipients');
  await tabTo(page, recipients.locator('input'));
  await page.keyboard.type('rep@demo-crm.fr');
  await page.keyboard.press('Enter');
  await expect(recipients.locator('.ant-select-selection-item')).toContainText(['rep@demo-crm.fr']);
  await tabTo(page, page.getByTestId('compose-subject'));
  await page.keyboard.type(subject);
  await tabTo(page, page.getByRole('textbox', { name: 'Message', exact: true }));
  await page.keyboard.type('Envoyé sans souris.');
  await tabTo(page, page.getByTestId('compose-send'));
  await page.keyboard.press('Enter');
  await expect(page.getByText('E-mail envoyé avec succès')).toBeVisible();

  // Sent to oneself: in the inbox, opened from its row with Enter.
  await page.goto('/emails');
  const row = page.getByTestId('mail-list').locator('tr', { hasText: subject });
  await expect(row).toBeVisible();
  await tabTo(page, row);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('mail-subject')).toHaveText(subject);
});

test('runs a campaign with the keyboard alone', async ({ page }) => {
  const name = `Clavier ${Date.now()}`;
  await signInAs(page, 'rep@demo-crm.fr');
  await page.goto('/campaigns');
  await expect(page.getByTestId('template-step')).toBeVisible();

  await tabTo(page, page.getByTestId('select-template').first());
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByTestId('wizard-next'));
  await page.keyboard.press('Enter');
  const firstDoctor = page.getByTestId('recipients-step').locator('tr.ant-table-row').first();
  await tabTo(page, firstDoctor.locator('.ant-checkbox-input'));
  await page.keyboard.press('Space');
  await expect(page.getByTestId('recipients-count')).toContainText('1');
  await tabTo(page, page.getByTestId('wizard-next'));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByTestId('campaign-name'));
  await page.keyboard.type(name);
  await tabTo(page, page.getByTestId('send-campaign'));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Campagne envoyée avec succès')).toBeVisible();
  await expect(page.getByTestId('past-campaigns').locator('tr', { hasText: name })).toBeVisible();
});

test('an administrator adds, edits and deletes a product with the keyboard alone', async ({ page }) => {
  const product = `Clavier ${Date.now()}`;
  await signInAs(page, DEMO_ADMIN_EMAIL);
  await page.goto('/configuration');
  const products = page.getByTestId('products-table');
  await expect(products.locator('.ant-table-row').first()).toBeVisible();

  await tabTo(page, page.getByTestId('add-products'));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await tabTo(page, dialog.getByLabel('Nom'));
  await page.keyboard.type(product);
  await tabTo(page, dialog.getByRole('button', { name: 'Créer' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Produit créé avec succès')).toBeVisible();
  const row = products.locator('.ant-table-row', { hasText: product });
  await expect(row).toBeVisible();

  // Deactivated from its dialog: the switch takes Space.
  await tabTo(page, row.getByRole('button', { name: `Modifier ${product}` }));
  await page.keyboard.press('Enter');
  await tabTo(page, dialog.getByRole('switch', { name: 'Actif' }));
  await page.keyboard.press('Space');
  await tabTo(page, dialog.getByRole('button', { name: 'Mettre à jour' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Produit mis à jour avec succès')).toBeVisible();
  await expect(row).toHaveClass(/configuration-row-inactive/);

  // Deleted after the question, answered Yes.
  await tabTo(page, row.getByRole('button', { name: `Supprimer ${product}` }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.locator('.ant-popover').getByRole('button', { name: 'Oui' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Produit supprimé avec succès')).toBeVisible();
  await expect(row).toHaveCount(0);
});
