import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signInAs } from './helpers';

// The outcomes of an office's UGA extraction (spec 000 §8 'geocoding', docs/decisions/0017): the address
// API's 'no result' and failure show the spec's messages, and a zone found from the postal code alone,
// when the API can't be reached, says so. The fake geocoder (e2e/fake-geocoder.mjs) plays each outcome
// for an address holding 'Introuvable', 'Panne' or 'Injoignable'.

const REP = 'rep@demo-crm.fr';
const SHOTS = process.env.E2E_SHOTS_DIR;

let counter = 0;
const uniqueName = (what: string) => {
  counter += 1;
  return `${what} ${Date.now().toString(36)}${counter}`;
};

/** An office at the given street of Lyon 2e, made through the API with the UGA of Lyon as a whole. */
async function createOffice(request: APIRequestContext, address: string): Promise<string> {
  const login = await request.post('/api/auth/login', { data: { email: REP, password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const response = await request.post('/api/offices', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name: uniqueName('Cabinet Géocodage'),
      address,
      postal_code: '69002',
      city: 'Lyon',
      uga: '69123',
      uga_name: 'Lyon',
      phone: '04 78 00 00 00',
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function openOffice(page: Page, id: string): Promise<void> {
  await page.goto(`/offices/${id}`);
  await expect(page.getByTestId('office-name')).toBeVisible();
}

async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

test.describe('UGA extraction outcomes', () => {
  test.describe.configure({ timeout: 60_000 });

  test("says 'no result' and 'failed' with the spec's messages, and changes nothing", async ({ page, request }) => {
    const notFound = await createOffice(request, '3 impasse Introuvable');
    const broken = await createOffice(request, '5 rue de la Panne');
    await signInAs(page, REP);

    await openOffice(page, notFound);
    await page.getByTestId('extract-uga-button').click();
    await expect(page.getByText("Échec de l'extraction de l'UGA : Aucun résultat pour cette adresse")).toBeVisible();
    await shoot(page, 'uga-no-result-fr');
    await expect(page.getByTestId('inline-edit-uga')).toHaveText('69123');
    await expect(page.getByTestId('uga-commune-only')).toBeHidden();

    await openOffice(page, broken);
    await page.getByTestId('extract-uga-button').click();
    await expect(page.getByText("Échec de l'extraction de l'UGA : Échec de la requête de géocodage")).toBeVisible();
    await expect(page.getByTestId('inline-edit-uga')).toHaveText('69123');
  });

  test('fills the zone of the postal code when the address API is unreachable, and says so', async ({
    page,
    request,
  }) => {
    const office = await createOffice(request, '8 rue Injoignable');
    await signInAs(page, REP);
    await openOffice(page, office);

    await page.getByTestId('extract-uga-button').click();
    await expect(
      page.getByText('UGA trouvée : 6909 - Lyon 2e (zone trouvée à partir du code postal seulement)'),
    ).toBeVisible();
    await expect(page.getByTestId('uga-commune-only')).toHaveText('Zone trouvée à partir du code postal seulement');
    // The commune's zone is saved on the office.
    await expect(page.getByTestId('inline-edit-uga')).toHaveText('6909');
    await shoot(page, 'uga-commune-only-fr');
  });

  test('says the same in English, in the new office form too', async ({ page, request }) => {
    const notFound = await createOffice(request, '4 impasse Introuvable');
    await page.addInitScript(() => localStorage.setItem('i18nextLng', 'en'));
    await signInAs(page, REP);

    await openOffice(page, notFound);
    await page.getByTestId('extract-uga-button').click();
    await expect(page.getByText('UGA extraction failed: No results found for this address')).toBeVisible();
    await shoot(page, 'uga-no-result-en');

    await page.goto('/offices/new');
    await page.getByLabel('Address', { exact: true }).fill('9 rue Injoignable');
    await page.getByLabel('Postal code', { exact: true }).fill('69002');
    await page.getByLabel('City', { exact: true }).fill('Lyon');
    await page.getByTestId('extract-uga-button').click();
    await expect(page.getByText('UGA found: 6909 - Lyon 2e (zone found from the postal code only)')).toBeVisible();
    await expect(page.getByTestId('uga-commune-only')).toHaveText('Zone found from the postal code only');
    await expect(page.getByLabel('UGA code', { exact: true })).toHaveValue('6909');
    await shoot(page, 'uga-commune-only-form-en');
  });
});
