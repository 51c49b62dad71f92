import { expect, test } from '@playwright/test';
import { signInAs, signInThroughForm } from './helpers';

test.describe('sign-in and the application shell', () => {
  test('the demo administrator signs in and sees the layout with the Admin tag', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('demo-warning')).toContainText('demo@demo-crm.fr');

    await signInThroughForm(page, 'demo@demo-crm.fr');
    await expect(page.getByText('Connexion réussie')).toBeVisible();

    const menu = page.getByTestId('side-menu');
    for (const entry of [
      'Tableau de bord',
      'Médecins',
      'Cabinets',
      'Messagerie',
      'Campagnes',
      'Calendrier',
      'Activités',
    ]) {
      // Not exact: the mailbox's entry carries its unread badge.
      await expect(menu.getByText(entry).first()).toBeVisible();
    }
    for (const adminEntry of ['Utilisateurs', 'Journaux', 'Configuration']) {
      await expect(menu.getByText(adminEntry, { exact: true })).toBeVisible();
    }
    await expect(page.getByTestId('admin-tag')).toHaveText('Admin');
    await expect(page.getByTestId('user-email')).toHaveText('demo@demo-crm.fr');
    await expect(page.getByTestId('demo-tag')).toBeVisible();
    await expect(page.getByTestId('connectivity-indicator')).toContainText('En ligne');
    await expect(page.getByTestId('today-panel')).toContainText('Priorités du jour');
  });

  test('a representative sees neither admin entries nor demo controls', async ({ page }) => {
    await signInAs(page, 'rep@demo-crm.fr');
    const menu = page.getByTestId('side-menu');
    await expect(menu.getByText('Médecins', { exact: true })).toBeVisible();
    await expect(menu.getByText('Utilisateurs', { exact: true })).toHaveCount(0);
    await expect(page.getByTestId('admin-tag')).toHaveCount(0);
    await expect(page.getByTestId('demo-tag')).toHaveCount(0);
    await expect(page.getByTestId('simulate-offline-switch')).toHaveCount(0);
  });

  test('switching to English survives a reload', async ({ page }) => {
    await signInAs(page, 'rep@demo-crm.fr');
    await page.getByTestId('language-switch').getByText('EN', { exact: true }).click();
    await expect(page.getByTestId('side-menu').getByText('Doctors', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('en');

    await page.reload();
    await expect(page.getByTestId('side-menu').getByText('Doctors', { exact: true })).toBeVisible();
    await expect(page.getByTestId('logout-button')).toContainText('Log out');
    await expect(page.getByTestId('today-panel')).toContainText("Today's priorities");
  });

  test('logout returns to /login and the old token is refused', async ({ page, request }) => {
    // This test ends its session: one of its own.
    await signInAs(page, 'manager@demo-crm.fr', { fresh: true });
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token?.split('.')).toHaveLength(3);
    const before = await request.get('/api/auth/me', { headers: { authorization: `Bearer ${token ?? ''}` } });
    expect(before.status()).toBe(200);

    await page.getByTestId('logout-button').click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    const after = await request.get('/api/auth/me', { headers: { authorization: `Bearer ${token ?? ''}` } });
    expect(after.status()).toBe(401);
    await page.goto('/doctors');
    await expect(page).toHaveURL(/\/login$/);
  });
});
