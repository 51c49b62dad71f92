import { expect, test } from '@playwright/test';
import { mailTo, signInAs } from './helpers';

// Several pages each, on a machine shared with other work: more than the suite's 30 s per test.
test.describe.configure({ timeout: 90_000 });

const NEW_PASSWORD = 'visite-cabinet-lyon-42';

test('an admin invites a user; the link from the e-mail sets a password and the new user signs in', async ({
  page,
  browser,
}) => {
  const email = `invite.${Date.now()}@labo.fr`;
  await signInAs(page, 'demo@demo-crm.fr');
  await page.goto('/users');
  await page.getByTestId('users-add').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByRole('button', { name: 'Créer' }).click();
  await expect(page.getByText(`Utilisateur ${email} créé.`, { exact: false })).toBeVisible();
  await expect(page.getByText('E-mails envoyés')).toBeVisible();
  await page.getByTestId('users-search').fill(email.split('@')[0] ?? '');
  await expect(page.getByTestId('users-table').locator('.ant-table-row')).toHaveCount(1);
  await expect(page.getByTestId('users-table').getByText(email)).toBeVisible();
  await expect(page.getByTestId('users-table').getByText('Invitation en attente')).toBeVisible();
  await expect(page.getByTestId('users-table').getByText('Jamais')).toBeVisible();

  const mail = await mailTo(email);
  expect(mail.subject).toBe('Votre compte Praxis CRM');
  const link = /https?:\/\/\S+\/set-password#token=[\w-]+/.exec(mail.text)?.[0];
  expect(link).toBeDefined();

  // The invitee, on another device.
  const invitee = await browser.newContext({ locale: 'fr-FR' });
  const other = await invitee.newPage();
  await other.goto(link ?? '');
  await expect(other.getByTestId('set-password-email')).toContainText(email);
  // The secret leaves the address bar at once.
  expect(other.url()).not.toContain('token=');
  await other.getByLabel('Nouveau mot de passe').fill('Password2024!');
  await other.getByLabel('Confirmez le mot de passe').fill('Password2024!');
  await other.getByRole('button', { name: 'Enregistrer et se connecter' }).click();
  await expect(other.getByText('Ce mot de passe est trop courant')).toBeVisible();
  await other.getByLabel('Nouveau mot de passe').fill(NEW_PASSWORD);
  await other.getByLabel('Confirmez le mot de passe').fill(NEW_PASSWORD);
  await other.getByRole('button', { name: 'Enregistrer et se connecter' }).click();
  await expect(other).toHaveURL(/\/$/);

  // Signing in later with the chosen password works.
  const later = await browser.newContext({ locale: 'fr-FR' });
  const laterPage = await later.newPage();
  await signInAs(laterPage, email, NEW_PASSWORD);
  await invitee.close();
  await later.close();
});

test('forgot password sends a link whatever the address, and the link resets the password', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('forgot-password').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('E-mail').fill('nobody@labo.fr');
  await dialog.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page.getByTestId('forgot-sent')).toContainText('Si un compte existe pour cette adresse');
});

test('the org chart opens a user', async ({ page }) => {
  await signInAs(page, 'demo@demo-crm.fr');
  await page.goto('/users');
  await page.getByRole('tab', { name: /Organigramme/ }).click();
  // By address: the demo rep's name follows their single-sign-on profile once a spec has signed them in so.
  await page.getByTestId('org-chart-search').fill('rep@demo');
  const node = page.getByTestId('org-node').filter({ hasText: 'rep@demo-crm.fr' });
  // Marked as a match once the debounced search has applied and opened the branches that lead to it.
  await expect(node).toHaveClass(/org-node-match/);
  await node.click();
  await expect(page).toHaveURL(/\/users\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('user-header')).toContainText('rep@demo-crm.fr');
  await expect(page.getByTestId('user-delete')).toBeVisible();
});

test('an admin does not see delete on their own page', async ({ page }) => {
  await signInAs(page, 'demo@demo-crm.fr');
  await page.goto('/users?search=demo');
  await page.getByTestId('users-table').getByText('demo@demo-crm.fr').click();
  await expect(page.getByTestId('user-header')).toBeVisible();
  await expect(page.getByTestId('user-delete')).toHaveCount(0);
});

test('non-admins see the warning, the access-denied panel, and are sent away from configuration', async ({ page }) => {
  await signInAs(page, 'rep@demo-crm.fr');
  await page.goto('/users');
  await expect(page.getByTestId('users-admin-required')).toContainText('Accès administrateur requis');
  await page.goto('/users/0190f0a0-0000-7000-8000-000000000000');
  await expect(page.getByText('Accès refusé')).toBeVisible();
  await page.getByRole('button', { name: 'Retour' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await page.goto('/configuration');
  await expect(page).toHaveURL(/\/$/);
});
