import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ADMIN_EMAIL } from '@crm/shared';
import { signInAs } from '../tests/helpers';

// Cycle plans (issue 33): the rep's card and plan, "this cycle" on the doctors list and page, the manager's team
// and one rep's plan, in both languages, desktop and phone (.tmp/screens/).
const REP = 'rep@demo-crm.fr';
const MANAGER = 'manager@demo-crm.fr';
const shots = path.resolve(import.meta.dirname, '../../.tmp/screens');
const SIZES = { desktop: { width: 1366, height: 850 }, phone: { width: 390, height: 844 } } as const;

async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage });
}

for (const language of ['fr', 'en'] as const) {
  test(`cycle plan screens in ${language}`, async ({ page }) => {
    await page.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), language);
    await signInAs(page, REP);
    for (const [viewport, size] of Object.entries(SIZES)) {
      await page.setViewportSize(size);
      const fullPage = viewport === 'desktop';
      await page.goto('/');
      await expect(page.getByTestId('plan-card-attainment')).toBeVisible();
      await shot(page, `plan-dashboard-${viewport}-${language}`, fullPage);

      await page.goto('/plan');
      await expect(page.getByTestId('plan-targets')).toBeVisible();
      await shot(page, `plan-mine-${viewport}-${language}`, fullPage);

      const target = page.getByTestId('plan-targets').locator('a[href^="/doctors/"]').first();
      const doctorName = (await target.textContent()) ?? '';
      await page.goto(`/doctors?search=${encodeURIComponent(doctorName.split(' ').at(-1) ?? '')}`);
      await expect(page.getByTestId('doctor-plan-counts').first()).toBeVisible();
      await shot(page, `plan-doctors-${viewport}-${language}`, false);

      await page.getByTestId('doctor-plan-counts').first().click();
      await expect(page.getByTestId('doctor-name')).toBeVisible();
      await expect(page.getByTestId('doctor-plan-counts')).toBeVisible();
      await shot(page, `plan-doctor-${viewport}-${language}`, false);
    }

    await signInAs(page, MANAGER);
    for (const [viewport, size] of Object.entries(SIZES)) {
      await page.setViewportSize(size);
      const fullPage = viewport === 'desktop';
      await page.goto('/plan?tab=team');
      await expect(page.getByTestId('team-table')).toBeVisible();
      await shot(page, `plan-team-${viewport}-${language}`, fullPage);

      await page.getByTestId('team-member-link').first().click();
      await expect(page.getByTestId('plan-targets')).toBeVisible();
      await shot(page, `plan-rep-${viewport}-${language}`, fullPage);
    }
  });
}

// The administrators' cycles (decision 0060): the list, the cycle form, one rep's goals by hand and the goal
// dialog, the segment and the import's preview; then the manager adjusting a managee's goals in the planned cycle.
for (const language of ['fr', 'en'] as const) {
  test(`cycle administration screens in ${language}`, async ({ page }) => {
    await page.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), language);
    const { token } = await signInAs(page, DEMO_ADMIN_EMAIL);
    const headers = { authorization: `Bearer ${token}` };
    const get = async <T>(url: string) => (await (await page.request.get(url, { headers })).json()) as T;
    const { cycles } = await get<{ cycles: { id: string; status: string }[] }>('/api/cycles');
    const planned = cycles.find((cycle) => cycle.status === 'planned')?.id ?? '';
    const { users } = await get<{ users: { id: string }[] }>(`/api/users?search=${REP}&page=1&limit=5`);
    const repId = users[0]?.id ?? '';
    const { doctors } = await get<{ doctors: { rpps: string }[] }>('/api/doctors?search=martin&limit=1');
    const csv = [
      'email;rpps;channel;goal;cap',
      `${REP};${doctors[0]?.rpps ?? ''};Face to face;4;6`,
      `${REP};19999999999;Call;2;`,
      `nobody@demo-crm.fr;${doctors[0]?.rpps ?? ''};Call;2;`,
      `${REP};${doctors[0]?.rpps ?? ''};Call;x;`,
    ].join('\n');

    for (const [viewport, size] of Object.entries(SIZES)) {
      await page.setViewportSize(size);
      const fullPage = viewport === 'desktop';
      await page.goto('/cycles');
      await expect(page.getByTestId('cycles-table')).toBeVisible();
      await shot(page, `cycles-list-${viewport}-${language}`, fullPage);

      await page.getByTestId('cycle-create').click();
      await expect(page.getByTestId('cycle-form')).toBeVisible();
      await shot(page, `cycles-form-${viewport}-${language}`, false);
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('cycle-form')).toHaveCount(0);

      await page.goto(`/cycles?cycle=${planned}&user=${repId}`);
      await expect(page.getByTestId('plan-targets')).toBeVisible();
      await shot(page, `cycles-hand-${viewport}-${language}`);
      await page.getByTestId('target-edit-goals').first().click();
      await expect(page.getByTestId('goal-form')).toBeVisible();
      await shot(page, `cycles-goal-dialog-${viewport}-${language}`, false);
      await page.keyboard.press('Escape');
      await page.getByTestId('target-add').click();
      await expect(page.getByTestId('goal-form')).toBeVisible();
      await shot(page, `cycles-goal-add-${viewport}-${language}`, false);
      await page.keyboard.press('Escape');

      await page.goto(`/cycles?cycle=${planned}&tab=segment`);
      await expect(page.getByTestId('segment-form')).toBeVisible();
      await shot(page, `cycles-segment-${viewport}-${language}`);

      await page.goto(`/cycles?cycle=${planned}&tab=import`);
      await page.getByTestId('import-csv').fill(csv);
      await page.getByTestId('import-preview').click();
      await expect(page.getByTestId('import-rejections')).toBeVisible();
      await shot(page, `cycles-import-${viewport}-${language}`);
    }

    await signInAs(page, MANAGER);
    for (const [viewport, size] of Object.entries(SIZES)) {
      await page.setViewportSize(size);
      await page.goto(`/plan/${planned}/${repId}`);
      await expect(page.getByTestId('target-edit-goals').first()).toBeVisible();
      await shot(page, `plan-rep-editable-${viewport}-${language}`, viewport === 'desktop');
      await page.getByTestId('target-edit-goals').first().click();
      await expect(page.getByTestId('goal-form')).toBeVisible();
      await shot(page, `plan-goal-dialog-${viewport}-${language}`, false);
      await page.keyboard.press('Escape');
    }
  });
}
