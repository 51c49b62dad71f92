import { expect, test } from '@playwright/test';
import { createWaitingActivity } from './activity-requests';
import { signInAs } from './helpers';

// The owner's manager decides a budget on the activity's page (spec 001 §2, §4). What the page shows each
// viewer, an unknown activity and the links to the doctor and the office: ActivityFormPage's component tests.

const MANAGER = 'manager@demo-crm.fr';

const TEXT = {
  approve: 'Valider',
  reject: 'Refuser',
  rejected: 'Budget refusé',
  rejectedStatus: 'Refusé',
  waiting: 'En attente de validation',
} as const;

test("the manager sees a managee's budget request read-only, rejects it with a reason and sees it rejected", async ({
  page,
  request,
}) => {
  const waiting = await createWaitingActivity(request);
  await signInAs(page, MANAGER);

  // Read-only for the manager (what each control says: the form's component tests), with approve and reject.
  await page.goto(`/activities/${waiting.id}`);
  await expect(page.getByRole('heading', { name: waiting.title })).toBeVisible();
  await expect(page.getByTestId('approval-status')).toContainText(TEXT.waiting);
  await expect(page.getByTestId('not-owner-alert')).toContainText('Julien Lefèvre');
  await expect(page.getByTestId('save-activity')).toHaveCount(0);
  await expect(page.getByTestId('activity-form')).toHaveAttribute('data-ready', 'true');

  // Reject, with the reason the representative will read.
  await page.getByRole('button', { name: TEXT.reject }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('reject-notes').fill('Trop cher pour un dîner');
  await dialog.getByRole('button', { name: TEXT.reject }).click();
  await expect(page.getByText(TEXT.rejected, { exact: true })).toBeVisible();
  await expect(page.getByTestId('approval-status')).toContainText(TEXT.rejectedStatus);
  await expect(page.getByTestId('approval-status')).toContainText('Trop cher pour un dîner');
  await expect(page.getByRole('button', { name: TEXT.approve })).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('approval-status')).toContainText(TEXT.rejectedStatus);
});
