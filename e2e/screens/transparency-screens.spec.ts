import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ADMIN_EMAIL } from '@crm/shared';
import { signInAs } from '../tests/helpers';

// Transparence Santé (issue 31): the doctor's tab, the benefit form and its refusal, and the administrators'
// semester, in both languages, desktop and phone (.tmp/screens/).
const REP = 'rep@demo-crm.fr';
const shots = path.resolve(import.meta.dirname, '../../.tmp/screens');
const SIZES = { desktop: { width: 1366, height: 850 }, phone: { width: 390, height: 844 } } as const;

async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  await page.mouse.move(0, 0);
  // A picture for people, not a test: a dialog's zoom (0.3 s) is given its time.
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage });
}

for (const language of ['fr', 'en'] as const) {
  test(`transparency screens in ${language}`, async ({ page }) => {
    await page.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), language);
    const { token } = await signInAs(page, REP);
    const found = (await (
      await page.request.get('/api/doctors/search?search=martin&page=1&limit=10', {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { doctors: { id: string }[] };
    const doctorId = found.doctors[0]?.id ?? '';

    for (const [viewport, size] of Object.entries(SIZES)) {
      await page.setViewportSize(size);
      const fullPage = viewport === 'desktop';
      await page.goto(`/doctors/${doctorId}?tab=transparency`);
      await expect(page.getByTestId('year-limits')).toBeVisible();
      await expect(page.locator('.ant-skeleton')).toHaveCount(0);
      await shot(page, `transparency-tab-${viewport}-${language}`, fullPage);

      await page.getByTestId('record-benefit').click();
      await expect(page.getByTestId('benefit-form')).toBeVisible();
      await page.getByTestId('benefit-nature').click();
      await page.locator('.ant-select-item-option').first().click();
      await page.getByTestId('benefit-amount').fill(language === 'fr' ? '45,00' : '45.00');
      await page.getByTestId('benefit-save').click();
      await expect(page.getByTestId('benefit-form').locator('.ant-form-item-explain-error')).toBeVisible();
      await shot(page, `transparency-benefit-refused-${viewport}-${language}`, false);
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('benefit-form')).toHaveCount(0);

      await page.getByTestId('create-convention').click();
      await expect(page.getByTestId('convention-form')).toBeVisible();
      await shot(page, `transparency-convention-form-${viewport}-${language}`, false);
      await page.keyboard.press('Escape');
    }

    // The activity form: a planned lunch over the meal's negligible value warns; marked done, it asks what was spent.
    const headers = { authorization: `Bearer ${token}` };
    const channels = (await (await page.request.get('/api/configuration/channels/active', { headers })).json()) as {
      channels: { id: string; isTimeOff: boolean; needsBudgetApproval: boolean }[];
    };
    const products = (await (await page.request.get('/api/auth/me/products', { headers })).json()) as {
      products: { id: string }[];
    };
    const visitChannel = channels.channels.find((item) => !item.isTimeOff && !item.needsBudgetApproval);
    // The budget section shows on the channels whose budget a manager approves (an event).
    const eventChannel = channels.channels.find((item) => !item.isTimeOff && item.needsBudgetApproval);
    const newActivity = async (channelId: string | undefined, hoursFromNow: number) => {
      const created = await page.request.post('/api/activities', {
        headers,
        data: {
          channelId,
          start: new Date(Date.now() + hoursFromNow * 3_600_000).toISOString(),
          allDay: false,
          duration: 60,
          title: language === 'fr' ? 'Déjeuner de travail' : 'Working lunch',
          attendees: [],
          productIds: products.products.slice(0, 1).map((product) => product.id),
          acknowledgeRules: true,
          doctorId,
          budgetEstimate: 95,
        },
      });
      expect(created.status()).toBe(201);
      return ((await created.json()) as { id: string }).id;
    };
    for (const [viewport, size] of Object.entries(SIZES)) {
      await page.setViewportSize(size);
      await page.goto(`/activities/${await newActivity(eventChannel?.id, 48)}`);
      await expect(page.getByTestId('activity-form')).toHaveAttribute('data-ready', 'true');
      await page.getByTestId('planned-spend-warning').scrollIntoViewIfNeeded();
      await shot(page, `transparency-planned-spend-${viewport}-${language}`, false);

      await page.goto(`/activities/${await newActivity(visitChannel?.id, -1)}`);
      await expect(page.getByTestId('activity-form')).toHaveAttribute('data-ready', 'true');
      await page.getByTestId('mark-done-button').click();
      await page.locator('.ant-modal-confirm .ant-btn-primary').click();
      await expect(page.getByTestId('spend-form')).toBeVisible();
      await shot(page, `transparency-spend-prompt-${viewport}-${language}`, false);
      await page.getByTestId('spend-skip').click();
    }

    await signInAs(page, DEMO_ADMIN_EMAIL);
    for (const [viewport, size] of Object.entries(SIZES)) {
      await page.setViewportSize(size);
      await page.goto('/transparency');
      await expect(page.getByTestId('declaration-lines')).toBeVisible();
      await shot(page, `transparency-admin-${viewport}-${language}`, viewport === 'desktop');
    }
  });
}
