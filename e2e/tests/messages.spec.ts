import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, signInAs } from './helpers';

// What the screens say (spec 001 §9, spec 000 §8): dates written 'MMMM D, YYYY' in the user's language, and
// a refused change named with the server's reason. Screenshots go to /tmp/shots-h4/ for people to look at.

const REP = 'rep@demo-crm.fr';
const SHOTS = '/tmp/shots-h4';

const FRENCH_MONTHS = 'janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre';
const ENGLISH_MONTHS = 'January|February|March|April|May|June|July|August|September|October|November|December';
const FRENCH_WEEKDAYS = /lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche/i;
const ENGLISH_WEEKDAYS = /monday|tuesday|wednesday|thursday|friday|saturday|sunday/i;

/** '25 novembre 2026 · 14:00 – 15:00', or an all-day one, or one going past midnight. */
const FRENCH_WHEN = new RegExp(`^\\d{1,2} (${FRENCH_MONTHS}) \\d{4}( \\d\\d:\\d\\d)? (·|–) `);
/** 'November 25, 2026 · 14:00 – 15:00'. */
const ENGLISH_WHEN = new RegExp(`^(${ENGLISH_MONTHS}) \\d{1,2}, \\d{4}( \\d\\d:\\d\\d)? (·|–) `);

let counter = 0;
function uniqueRpps(): string {
  counter += 1;
  return `8${String(Date.now()).slice(-8)}${String(counter).padStart(2, '0')}`;
}

/** A doctor made through the API, with an RPPS no one else has. */
async function createDoctor(request: APIRequestContext, lastName: string) {
  const login = await request.post('/api/auth/login', { data: { email: REP, password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const response = await request.post('/api/doctors', {
    headers: { authorization: `Bearer ${token}` },
    data: { rpps: uniqueRpps(), firstName: 'Odile', lastName, primarySpecialty: 'Cardiology' },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: string; rpps: string };
}

test('the activities list writes its dates MMMM D, YYYY, in French then in English', async ({ page }) => {
  await signInAs(page, REP);
  await page.goto('/activities');
  const when = page.locator('.activity-item-when');
  await expect(when.first()).toBeVisible();
  const french = await when.allTextContents();
  expect(french.length).toBeGreaterThan(0);
  for (const text of french) {
    expect(text).toMatch(FRENCH_WHEN);
    expect(text).not.toMatch(FRENCH_WEEKDAYS);
  }
  await page.mouse.move(0, 0);
  await page.screenshot({ path: `${SHOTS}/activities-fr.png`, fullPage: true });

  await page.getByTestId('language-switch').getByText('EN', { exact: true }).click();
  await expect(when.first()).toHaveText(ENGLISH_WHEN);
  for (const text of await when.allTextContents()) {
    expect(text).toMatch(ENGLISH_WHEN);
    expect(text).not.toMatch(ENGLISH_WEEKDAYS);
  }
  await page.mouse.move(0, 0);
  await page.screenshot({ path: `${SHOTS}/activities-en.png`, fullPage: true });
});

test("a refused doctor update says 'Échec de la mise à jour du médecin' with the server's reason", async ({
  page,
  request,
}) => {
  const taken = await createDoctor(request, 'Fauvel');
  const doctor = await createDoctor(request, 'Garnier');
  await signInAs(page, REP);
  await page.goto(`/doctors/${doctor.id}`);

  // Another doctor's RPPS: valid for the form, refused by the server.
  const field = page.getByTestId('inline-edit-rpps');
  await field.getByRole('button', { name: /^Modifier/ }).click();
  const input = field.getByRole('textbox');
  await input.fill(taken.rpps);
  await input.press('Enter');

  const toast = page.locator('.ant-message-notice');
  await expect(toast).toContainText('Échec de la mise à jour du médecin : Un médecin avec ce RPPS existe déjà');
  await expect(page.getByText("Échec de l'enregistrement")).toHaveCount(0);
  // What was typed stays, for the user to correct.
  await expect(input).toHaveValue(taken.rpps);
  await page.screenshot({ path: `${SHOTS}/doctor-update-failed-fr.png` });
});
