import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signInAs } from '../tests/helpers';

// Screenshots of the activity screens in both languages, for people to look at (.tmp/screens/).
const shots = path.resolve(import.meta.dirname, '../../.tmp/screens');

const TEXT = {
  fr: { month: 'Mois', week: 'Semaine', day: 'Jour', newActivity: 'Nouvelle activité', toApprove: 'À valider' },
  en: { month: 'Month', week: 'Week', day: 'Day', newActivity: 'New activity', toApprove: 'To approve' },
} as const;

async function shot(page: Page, name: string): Promise<void> {
  await page.mouse.move(0, 0);
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

for (const language of ['fr', 'en'] as const) {
  test(`activity screens in ${language}`, async ({ page }) => {
    const text = TEXT[language];
    await page.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), language);
    await signInAs(page, 'rep@demo-crm.fr');

    // The dashboard, alive with the demo activities.
    await expect(page.locator('.ant-skeleton')).toHaveCount(0);
    await shot(page, `dashboard-${language}`);

    await page.goto('/calendar?view=dayGridMonth');
    await expect(page.locator('.fc-event').first()).toBeVisible();
    // Beside it, the plan's targets still to schedule (issue 33).
    await expect(page.getByTestId('targets-to-schedule-list')).toBeVisible();
    await shot(page, `calendar-month-${language}`);
    await page.locator('.ant-segmented').getByText(text.week, { exact: true }).click();
    await expect(page.locator('.fc-timegrid-event').first()).toBeVisible();
    await shot(page, `calendar-week-${language}`);
    await page.locator('.ant-segmented').getByText(text.day, { exact: true }).click();
    await expect(page.locator('.fc-timeGridDay-view')).toBeVisible();
    await shot(page, `calendar-day-${language}`);

    // A phone: the targets to schedule in a section above the calendar, closed, then opened.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/calendar');
    await expect(page.locator('.fc-view')).toBeVisible();
    await page.screenshot({ path: `${shots}/calendar-phone-${language}.png` });
    await page.getByTestId('calendar-to-schedule').locator('summary').click();
    await expect(page.getByTestId('targets-to-schedule-list')).toBeVisible();
    await shot(page, `calendar-to-schedule-phone-${language}`);
    await page.setViewportSize({ width: 1366, height: 850 });

    await page.goto('/activities');
    await expect(page.locator('.ant-timeline-item').first()).toBeVisible();
    await shot(page, `activities-upcoming-${language}`);

    await page.goto('/activities/new');
    await expect(page.getByRole('heading', { name: text.newActivity })).toBeVisible();
    await shot(page, `activity-new-${language}`);

    // An existing activity: the first one of the timeline.
    await page.goto('/activities?filter=done');
    await page.locator('.ant-timeline-item').first().click();
    await expect(page).toHaveURL(/\/activities\/[0-9a-f-]{36}$/);
    // The first done activity depends on the hour the demo data was made: it may carry other alerts too.
    await expect(page.getByTestId('locked-alert')).toBeVisible();
    await shot(page, `activity-done-${language}`);

    await page.evaluate(() => {
      const lng = localStorage.getItem('i18nextLng');
      localStorage.clear();
      if (lng) localStorage.setItem('i18nextLng', lng);
    });
    await signInAs(page, 'manager@demo-crm.fr');
    await page.goto('/activities?filter=need_approval');
    await expect(page.getByText(text.toApprove).first()).toBeVisible();
    await shot(page, `activities-need-approval-${language}`);
  });
}
