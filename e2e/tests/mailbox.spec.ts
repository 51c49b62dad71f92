import { expect, type Page, test } from '@playwright/test';
import { signInAs } from './helpers';

// The mailbox as two demo users live it (spec 001 §§2, 4): compose with the editor, read as the recipient
// (the badge moves), reply with the recipient and subject locked, bin and restore. Its
// pictures: e2e/screens/mail-screens.spec.ts.

const REP = 'rep@demo-crm.fr';
const MANAGER = 'manager@demo-crm.fr';

async function unreadBadge(page: Page): Promise<number> {
  const text = (await page.getByTestId('unread-badge').textContent()) ?? '';
  return Number(text.replace(/\D/g, '') || '0');
}

test('compose to another user, read it as them, reply, then bin and restore', async ({ page, browser }) => {
  const subject = `Point secteur ${Date.now()}`;
  await signInAs(page, REP);
  await page.goto('/emails');
  await expect(page.getByTestId('mail-list')).toBeVisible();
  await page.getByTestId('compose-button').click();

  // Recipient picked from the suggestions (GET /api/users/emails), subject, and a formatted message.
  const recipients = page.getByTestId('compose-recipients');
  await recipients.locator('input').fill('manager');
  // The visible item: antd also keeps an accessibility-only copy of each option, not clickable.
  await page.locator('.ant-select-item-option', { hasText: 'manager@demo-crm.fr' }).click();
  await page.getByTestId('compose-subject').fill(subject);
  const editor = page.locator('.tiptap');
  await editor.click();
  await page.keyboard.type('Bonjour Hélène, ');
  await page.keyboard.press('Control+B');
  await page.keyboard.type('réunion jeudi');
  await page.keyboard.press('Control+B');
  await page.keyboard.type(' à 9 h.');
  await page.getByRole('button', { name: /^Insérer un tableau/ }).click();
  await expect(editor.locator('table th')).toHaveCount(3);
  await page.getByTestId('compose-send').click();
  await expect(page.getByText('E-mail envoyé avec succès')).toBeVisible();
  // Sending switches to sent.
  await expect(page).toHaveURL(/folder=sent/);
  await expect(page.getByTestId('mail-list').getByText(subject)).toBeVisible();

  // The manager reads it: unread and counted on the badge, read once opened.
  const managerContext = await browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris' });
  const managerPage = await managerContext.newPage();
  await signInAs(managerPage, MANAGER);
  await managerPage.goto('/emails');
  const row = managerPage.getByTestId('mail-list').locator('tr', { hasText: subject });
  await expect(row).toHaveClass(/mail-unread/);
  const unreadBefore = await unreadBadge(managerPage);
  expect(unreadBefore).toBeGreaterThan(0);
  await row.click();
  await expect(managerPage.getByTestId('mail-subject')).toHaveText(subject);
  const body = managerPage.frameLocator('[data-testid=mail-body]');
  await expect(body.locator('strong')).toHaveText('réunion jeudi');
  await expect(body.locator('table th')).toHaveCount(3);
  await expect.poll(() => unreadBadge(managerPage)).toBe(unreadBefore - 1);
  await managerPage.mouse.move(0, 0);

  // Reply: the recipient and the subject are locked.
  await managerPage.getByTestId('mail-reply').click();
  await expect(managerPage.getByTestId('compose-subject')).toBeDisabled();
  await expect(managerPage.getByTestId('compose-subject')).toHaveValue(`Re: ${subject}`);
  await expect(managerPage.getByTestId('compose-recipients')).toContainText(REP);
  await managerPage.locator('.tiptap').click();
  await managerPage.keyboard.type('C’est noté, merci.');
  await managerPage.getByTestId('compose-send').click();
  await expect(managerPage.getByText('E-mail envoyé avec succès')).toBeVisible();
  await managerContext.close();

  // The rep gets the reply with the message it answers.
  await page.goto('/emails');
  await page
    .getByTestId('mail-list')
    .locator('tr', { hasText: `Re: ${subject}` })
    .click();
  await expect(page.getByTestId('mail-parent')).toContainText('a écrit');
  await expect(page.frameLocator('[data-testid=mail-body]').locator('p')).toHaveText('C’est noté, merci.');

  // Bin, then restore to the inbox.
  await page.getByTestId('mail-delete').click();
  await expect(page.getByText('E-mail déplacé dans la corbeille')).toBeVisible();
  await page.getByTestId('folder-bin').click();
  await page
    .getByTestId('mail-list')
    .locator('tr', { hasText: `Re: ${subject}` })
    .click();
  await page.getByTestId('mail-restore').click();
  await expect(page.getByText('E-mail restauré dans Boîte de réception')).toBeVisible();
  await page.getByTestId('folder-inbox').click();
  await expect(page.getByTestId('mail-list').getByText(`Re: ${subject}`)).toBeVisible();

  // Bulk: mark read and unread from the list.
  await page
    .getByTestId('mail-list')
    .locator('tr', { hasText: `Re: ${subject}` })
    .locator('.ant-checkbox-input')
    .check();
  await page.getByTestId('mail-bulk-bar').getByRole('button', { name: 'Marquer comme non lu' }).click();
  await expect(page.getByText('Marqué comme non lu')).toBeVisible();
  await expect(page.getByTestId('mail-list').locator('tr', { hasText: `Re: ${subject}` })).toHaveClass(/mail-unread/);
});
