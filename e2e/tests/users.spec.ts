import { expect, test } from '@playwright/test';
import { mailTo, signInAs } from './helpers';

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
  await signInAs(laterPage, email, { password: NEW_PASSWORD, fresh: true });
  await invitee.close();
  await later.close();
});
