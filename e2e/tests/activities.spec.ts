import { expect, test, type Page } from '@playwright/test';
import { signInAs } from './helpers';

// Activities, the calendar, budget approval and the dashboard (spec 001 §§2–4, spec 000 §2), in English so
// the assertions read like the spec. Each test plans its activities in slots the demo data leaves free
// (06:00–07:45, next week), with titles unique to the run.

const REP = 'rep@demo-crm.fr';
const MANAGER = 'manager@demo-crm.fr';

const parisDate = (instant: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(instant)
    .slice(0, 10);

/** YYYY-MM-DD in Paris, days from today. */
function parisDay(offset: number): string {
  const [year, month, day] = parisDate(new Date()).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + offset)).toISOString().slice(0, 10);
}

/** Tuesday and Wednesday of next week: both in one calendar week, both in the future. */
function nextWeekDays(): { tuesday: string; wednesday: string } {
  const [year, month, day] = parisDay(0).split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  const toMonday = (8 - weekday) % 7 || 7;
  return { tuesday: parisDay(toMonday + 1), wednesday: parisDay(toMonday + 2) };
}

let counter = 0;
const uniqueTitle = (what: string) => {
  counter += 1;
  return `${what} ${Date.now().toString(36)}${counter}`;
};

async function useEnglish(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'en'));
}

async function signOut(page: Page): Promise<void> {
  await page.evaluate(() => {
    const language = localStorage.getItem('i18nextLng');
    localStorage.clear();
    if (language) localStorage.setItem('i18nextLng', language);
  });
}

/** Fills what the form needs beyond its defaults (title, a product, the rules) and creates the activity. */
async function fillAndCreate(page: Page, title: string, budget?: string): Promise<string> {
  await expect(page.getByRole('heading', { name: 'New activity' })).toBeVisible();
  // The form swallows clicks for its first 500 ms (spec 001 §2); typing is not guarded, clicking is.
  await expect(page.getByTestId('activity-form')).toHaveAttribute('data-ready', 'true');
  await page.getByLabel('Title').fill(title);
  // The first of the rep's products, picked with the keyboard as antd's select allows.
  const products = page.getByRole('combobox', { name: 'Products' });
  await products.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-form-item', { has: products }).locator('.ant-select-selection-item')).toHaveCount(1);
  if (budget !== undefined) await page.getByLabel('Budget estimate').fill(budget);
  await page.getByLabel(/compliance rules/).check();
  const created = page.waitForResponse(
    (response) => response.url().endsWith('/api/activities') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Create activity' }).click();
  const response = await created;
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** The centre of a time-grid slot in a day column of the week view. */
async function slotPoint(page: Page, date: string, time: string): Promise<{ x: number; y: number }> {
  const columnLocator = page.locator(`.fc-timegrid-col[data-date="${date}"]`);
  const slotLocator = page.locator(`.fc-timegrid-slot-lane[data-time="${time}"]`);
  // boundingBox does not wait: the grid may still be drawing its rows (a CI run found no 06:00 lane yet).
  await slotLocator.waitFor();
  const column = await columnLocator.boundingBox();
  const slot = await slotLocator.boundingBox();
  if (!column || !slot) throw new Error(`no slot ${date} ${time} on the page`);
  return { x: column.x + column.width / 2, y: slot.y + slot.height / 2 };
}

test('a representative plans from a calendar slot, drags the activity to another day, and marks it done', async ({
  page,
}) => {
  const { tuesday, wednesday } = nextWeekDays();
  const title = uniqueTitle('Calendar visit');
  await useEnglish(page);
  await signInAs(page, REP);

  await page.goto(`/calendar?view=timeGridWeek&date=${tuesday}`);
  await expect(page.locator(`.fc-timegrid-col[data-date="${tuesday}"]`)).toBeVisible();
  const slot = await slotPoint(page, tuesday, '06:00:00');
  await page.mouse.click(slot.x, slot.y);
  await expect(page).toHaveURL(new RegExp(`/activities/new\\?.*date=${tuesday}.*time=06%3A00`));
  const id = await fillAndCreate(page, title);

  // Back on the calendar, the new activity sits in Tuesday's column.
  await expect(page).toHaveURL(/\/calendar/);
  const onTuesday = page.locator(`.fc-timegrid-col[data-date="${tuesday}"] .fc-event`, { hasText: title });
  await expect(onTuesday).toBeVisible();

  // Drag it one day later, same time.
  const box = await onTuesday.boundingBox();
  if (!box) throw new Error('the event has no box');
  const target = await slotPoint(page, wednesday, '06:00:00');
  const saved = page.waitForResponse(
    (response) => response.url().endsWith(`/api/activities/${id}`) && response.request().method() === 'PUT',
  );
  await page.mouse.move(box.x + box.width / 2, box.y + 6);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 10, box.y + 8, { steps: 4 });
  await page.mouse.move(target.x, box.y + 6, { steps: 12 });
  await page.mouse.up();
  expect((await saved).status()).toBe(200);

  await page.reload();
  await expect(page.locator(`.fc-timegrid-col[data-date="${wednesday}"] .fc-event`, { hasText: title })).toBeVisible();
  await expect(page.locator(`.fc-timegrid-col[data-date="${tuesday}"] .fc-event`, { hasText: title })).toHaveCount(0);

  // Open it from the calendar and mark it done: definitive, then locked.
  await page.locator('.fc-event', { hasText: title }).click();
  await expect(page).toHaveURL(new RegExp(`/activities/${id}$`));
  // The form ignores clicks for 500 ms after it mounts (spec 001 §2): it says when it takes them.
  await expect(page.getByTestId('activity-form')).toHaveAttribute('data-ready', 'true');
  await page.getByRole('button', { name: 'Mark as done' }).click();
  await expect(page.getByText(/This is definitive/)).toBeVisible();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Mark as done' }).click();
  await expect(page.getByText('This activity is done and locked')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark as done' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete/ })).toHaveCount(0);

  await page.reload();
  await expect(page.getByText('This activity is done and locked')).toBeVisible();
});

test('a budget request of a representative is approved by their manager, and both see the new status', async ({
  page,
}) => {
  const { tuesday } = nextWeekDays();
  const title = uniqueTitle('Congress dinner');
  await useEnglish(page);
  await signInAs(page, REP);

  await page.goto(`/activities/new?channel=Event&date=${tuesday}&time=07:00`);
  const id = await fillAndCreate(page, title, '250.50');
  await page.goto(`/activities/${id}`);
  await expect(page.getByTestId('approval-status')).toHaveText(/Waiting for Approval/);
  // Not done before the manager approves: the button is not even offered.
  await expect(page.getByRole('button', { name: 'Mark as done' })).toHaveCount(0);

  await signOut(page);
  await signInAs(page, MANAGER);
  await page.goto('/activities?filter=need_approval');
  const request = page.getByText(title).locator('xpath=ancestor::*[.//button[normalize-space()="Approve"]][1]').first();
  await expect(request).toContainText(REP);
  await request.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Budget approved')).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);

  await signOut(page);
  await signInAs(page, REP);
  await page.goto(`/activities/${id}`);
  await expect(page.getByTestId('approval-status')).toHaveText(/Validated by Manager/);
  await expect(page.getByLabel('Budget estimate')).toBeDisabled();
});

test("the dashboard lists an activity planned today in today's priorities", async ({ page }) => {
  const title = uniqueTitle('Phone follow-up');
  await useEnglish(page);
  await signInAs(page, REP);

  await page.goto(`/activities/new?date=${parisDay(0)}&time=06:15`);
  const id = await fillAndCreate(page, title);

  await page.goto('/');
  await expect(page.getByRole('heading', { name: /^Good (morning|afternoon|evening)/ })).toBeVisible();
  await expect(page.getByTestId(`today-activity-${id}`)).toContainText(title);
});
