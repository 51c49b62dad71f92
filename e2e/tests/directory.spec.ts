import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signInAs } from './helpers';

// The doctors and offices directory (spec 000 §2), in French as a representative uses it. Each test makes
// its own doctors and offices through the API, with names no demo doctor has, so that it finds exactly them
// among the ~2,000 demo doctors.

const REP = 'rep@demo-crm.fr';
const READER = 'reader@demo-crm.fr';

type Doctor = { id: string; firstName: string; lastName: string; rpps: string };
type Office = { id: string; name: string };

/** A word of letters only, unique to this run and call (search works on words and RPPS prefixes). */
let counter = 0;
function uniqueWord(prefix: string): string {
  counter += 1;
  const letters = (Date.now() * 100 + counter)
    .toString(26)
    .split('')
    .map((digit) => String.fromCharCode(97 + parseInt(digit, 26)))
    .join('');
  return `${prefix}${letters}`;
}

function uniqueRpps(): string {
  counter += 1;
  return `9${String(Date.now()).slice(-8)}${String(counter).padStart(2, '0')}`;
}

/** The API as a signed-in user, for setting up what a test needs. */
async function apiAs(request: APIRequestContext, email: string) {
  const login = await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  return {
    async createDoctor(): Promise<Doctor> {
      const response = await request.post('/api/doctors', {
        headers,
        data: {
          rpps: uniqueRpps(),
          firstName: 'Hélène',
          lastName: uniqueWord('Vautrin'),
          primarySpecialty: 'Cardiology',
          title: 'Cardiologue',
          email: 'helene.vautrin@exemple.fr',
        },
      });
      expect(response.status()).toBe(201);
      return (await response.json()) as Doctor;
    },
    async createOffice(): Promise<Office> {
      const response = await request.post('/api/offices', {
        headers,
        data: {
          name: `Cabinet ${uniqueWord('Orme')}`,
          address: '12 rue de la République',
          postal_code: '69002',
          city: 'Lyon',
          uga: '69123',
          uga_name: 'Lyon',
          phone: '04 78 00 00 00',
        },
      });
      expect(response.status()).toBe(201);
      return (await response.json()) as Office;
    },
    async linkOffice(doctor: Doctor, office: Office): Promise<void> {
      const response = await request.post(`/api/doctors/${doctor.id}/offices`, {
        headers,
        data: { officeId: office.id },
      });
      expect(response.ok()).toBe(true);
    },
    async clearRecent(): Promise<void> {
      const response = await request.delete('/api/recent-doctors', { headers });
      expect(response.status()).toBe(204);
    },
  };
}

async function searchDoctor(page: Page, text: string) {
  await page.goto('/doctors');
  await page.getByTestId('doctor-search-input').fill(text);
  const results = page.getByTestId('doctor-results-table');
  await expect(results).toBeVisible();
  return results;
}

/** Starts editing an inline field and returns its input. */
async function startEditing(page: Page, field: string) {
  const container = page.getByTestId(`inline-edit-${field}`);
  await container.getByRole('button', { name: /^Modifier/ }).click();
  const input = container.getByRole('textbox');
  await expect(input).toBeFocused();
  return input;
}

test.describe('doctors and offices directory', () => {
  test('searches a doctor and opens it', async ({ page, request }) => {
    const doctor = await (await apiAs(request, REP)).createDoctor();
    await signInAs(page, REP);

    const results = await searchDoctor(page, doctor.lastName);
    const row = results.getByRole('row').filter({ hasText: doctor.lastName });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(doctor.rpps);
    await expect(row).toContainText('Hélène');
    await expect(page).toHaveURL(new RegExp(`/doctors\\?search=${doctor.lastName}$`));

    await row.click();
    await expect(page).toHaveURL(new RegExp(`/doctors/${doctor.id}$`));
    await expect(page.getByTestId('doctor-name')).toHaveText(`Hélène ${doctor.lastName}`);
    await expect(page.getByRole('tab', { name: 'Détails' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('last-update-by')).toHaveText(REP);

    // The demo directory answers a broad search with pages of 50.
    await searchDoctor(page, 'ma');
    await expect(page.getByText(/^1-50 sur \d+$/)).toBeVisible();
  });

  test('edits a field inline, says Saved successfully, and Escape cancels', async ({ page, request }) => {
    const doctor = await (await apiAs(request, REP)).createDoctor();
    await signInAs(page, REP);
    await page.goto(`/doctors/${doctor.id}`);

    const firstName = await startEditing(page, 'firstName');
    await firstName.fill('Éloïse');
    await firstName.press('Enter');
    await expect(page.getByText('Enregistré avec succès')).toBeVisible();
    await expect(page.getByTestId('inline-edit-firstName')).toHaveText('Éloïse');
    await expect(page.getByTestId('doctor-name')).toHaveText(`Éloïse ${doctor.lastName}`);

    // A wrong value is refused before any call, with the spec's message.
    const rpps = await startEditing(page, 'rpps');
    await rpps.fill('12AB');
    await rpps.press('Enter');
    await expect(page.getByTestId('inline-edit-rpps')).toContainText('Le RPPS doit être une valeur numérique');
    await rpps.press('Escape');
    await expect(page.getByTestId('inline-edit-rpps')).toHaveText(doctor.rpps);

    const title = await startEditing(page, 'title');
    await title.fill('Not to be kept');
    await title.press('Escape');
    await expect(page.getByTestId('inline-edit-title')).toHaveText('Cardiologue');

    await page.reload();
    await expect(page.getByTestId('inline-edit-firstName')).toHaveText('Éloïse');
    await expect(page.getByTestId('inline-edit-title')).toHaveText('Cardiologue');
  });

  test('links existing offices and makes one primary', async ({ page, request }) => {
    const api = await apiAs(request, REP);
    const doctor = await api.createDoctor();
    const first = await api.createOffice();
    const second = await api.createOffice();
    await signInAs(page, REP);
    await page.goto(`/doctors/${doctor.id}`);
    const offices = page.getByTestId('linked-offices-table');
    await expect(offices).toContainText('Aucun cabinet');

    for (const office of [first, second]) {
      await page.getByTestId('add-office-button').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByTestId('office-search-input').fill(office.name);
      await dialog.getByTestId(`link-office-${office.id}`).click();
      await expect(page.getByText(`${office.name} rattaché au médecin`)).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(offices).toContainText(office.name);
    }

    // The first office linked became the primary one.
    await expect(page.getByTestId(`primary-tag-${first.id}`)).toBeVisible();
    await expect(page.getByTestId(`primary-tag-${second.id}`)).toHaveCount(0);

    await page.getByTestId(`set-primary-${second.id}`).click();
    await expect(page.getByText(`${second.name} est désormais le cabinet principal`)).toBeVisible();
    await expect(page.getByTestId(`primary-tag-${second.id}`)).toBeVisible();
    await expect(page.getByTestId(`primary-tag-${first.id}`)).toHaveCount(0);
    await expect(page.getByTestId(`set-primary-${first.id}`)).toBeVisible();

    // The list shows the new primary office.
    const results = await searchDoctor(page, doctor.lastName);
    await expect(results.getByRole('row').filter({ hasText: doctor.lastName })).toContainText(second.name);
  });

  test("creates an office from the doctor's dialog and extracts its UGA", async ({ page, request }) => {
    const doctor = await (await apiAs(request, REP)).createDoctor();
    const name = `Maison de santé ${uniqueWord('Tilleul')}`;
    await signInAs(page, REP);
    await page.goto(`/doctors/${doctor.id}`);

    await page.getByTestId('add-office-button').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'Créer un cabinet' }).click();

    // The extraction needs the address first.
    await dialog.getByTestId('extract-uga-button').click();
    await expect(
      page.getByText("Renseignez l'adresse, la ville et le code postal avant d'extraire l'UGA"),
    ).toBeVisible();

    await dialog.getByLabel('Nom', { exact: true }).fill(name);
    await dialog.getByLabel('Adresse', { exact: true }).fill('10 place Bellecour');
    await dialog.getByLabel('Code postal', { exact: true }).fill('69002');
    await dialog.getByLabel('Ville', { exact: true }).fill('Lyon');
    await dialog.getByLabel('Téléphone', { exact: true }).fill('0478');
    await dialog.getByTestId('extract-uga-button').click();
    await expect(page.getByText(/^UGA trouvée : /)).toBeVisible();
    const ugaInput = dialog.getByLabel('Code UGA', { exact: true });
    await expect(ugaInput).not.toHaveValue('');
    const uga = await ugaInput.inputValue();

    // The spec's phone rule holds the creation back until the number is French.
    await dialog.getByTestId('create-office-submit').click();
    await expect(dialog.getByText('Le téléphone doit être au format français', { exact: false })).toBeVisible();
    await dialog.getByLabel('Téléphone', { exact: true }).fill('04 78 12 34 56');
    await dialog.getByTestId('create-office-submit').click();

    await expect(page.getByText(`${name} créé et rattaché au médecin`)).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = page.getByTestId('linked-offices-table').getByRole('row').filter({ hasText: name });
    await expect(row).toContainText(uga);
    await expect(row).toContainText('Principal');

    await row.getByRole('link', { name }).click();
    await expect(page.getByTestId('office-name')).toHaveText(name);
    await expect(page.getByTestId('inline-edit-uga')).toHaveText(uga);
    await expect(page.getByTestId('office-coordinates')).toBeVisible();
    await expect(page.getByTestId('office-doctors-table')).toContainText(doctor.lastName);
  });

  test('shows the read-only demo user no edit control', async ({ page, request }) => {
    const api = await apiAs(request, REP);
    const doctor = await api.createDoctor();
    const first = await api.createOffice();
    const second = await api.createOffice();
    await api.linkOffice(doctor, first);
    await api.linkOffice(doctor, second);
    await signInAs(page, READER);

    await searchDoctor(page, doctor.lastName);
    await expect(page.getByTestId('add-doctor-button')).toHaveCount(0);

    await page.goto(`/doctors/${doctor.id}`);
    await expect(page.getByTestId('doctor-name')).toBeVisible();
    for (const field of ['rpps', 'firstName', 'lastName', 'email', 'primarySpecialty']) {
      await expect(page.getByTestId(`inline-edit-${field}`).getByRole('button')).toHaveCount(0);
    }
    for (const testId of ['delete-doctor-button', 'add-office-button', `set-primary-${second.id}`]) {
      await expect(page.getByTestId(testId)).toHaveCount(0);
    }
    await expect(page.getByTestId(`primary-tag-${first.id}`)).toBeVisible();
    // Read only still creates activities (spec 000 §6).
    await expect(page.getByTestId('create-activity-button')).toBeVisible();

    await page.goto('/offices');
    await expect(page.getByTestId('offices-table')).toBeVisible();
    await expect(page.getByTestId('add-office-button')).toHaveCount(0);

    await page.goto(`/offices/${first.id}`);
    await expect(page.getByTestId('office-doctors-table')).toContainText(doctor.lastName);
    for (const testId of [
      'extract-uga-button',
      'add-doctor-button',
      'delete-office-button',
      `remove-doctor-${doctor.id}`,
    ]) {
      await expect(page.getByTestId(testId)).toHaveCount(0);
    }
    await expect(page.getByTestId('inline-edit-name').getByRole('button')).toHaveCount(0);

    await page.goto('/doctors/new');
    await expect(page.getByTestId('read-only-notice')).toBeVisible();
  });

  test('lists the recently viewed doctors, which can be removed', async ({ page, request }) => {
    const api = await apiAs(request, REP);
    await api.clearRecent();
    const doctor = await api.createDoctor();
    await signInAs(page, REP);

    await page.goto('/doctors');
    await expect(page.getByTestId('recent-banner')).toBeVisible();
    await expect(page.getByTestId('recent-doctors-table')).toContainText('Aucun médecin consulté récemment');

    const results = await searchDoctor(page, doctor.lastName);
    // The visit is recorded in the background while the detail opens.
    const recorded = page.waitForResponse(
      (response) => response.url().endsWith('/api/recent-doctors') && response.request().method() === 'POST',
    );
    await results.getByRole('row').filter({ hasText: doctor.lastName }).click();
    await expect(page.getByTestId('doctor-name')).toBeVisible();
    expect((await recorded).ok()).toBe(true);

    const recent = page.getByTestId('recent-doctors-table');
    await page.goto('/doctors');
    await expect(recent.getByRole('row').filter({ hasText: doctor.lastName })).toHaveCount(1);
    // A search now marks the doctor as recent.
    const marked = await searchDoctor(page, doctor.lastName);
    await expect(marked.getByTestId('recent-marker')).toHaveCount(1);

    await page.goto('/doctors');
    await page.getByTestId(`remove-recent-${doctor.id}`).click();
    await expect(recent.getByRole('row').filter({ hasText: doctor.lastName })).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('recent-doctors-table')).toContainText('Aucun médecin consulté récemment');
  });

  test('remembers that the recent-doctors banner was dismissed', async ({ page }) => {
    await signInAs(page, REP);
    await page.goto('/doctors');
    await page.getByTestId('recent-banner').getByRole('button', { name: 'Ne plus afficher' }).click();
    await expect(page.getByTestId('recent-banner')).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('recent-doctors-table')).toBeVisible();
    await expect(page.getByTestId('recent-banner')).toHaveCount(0);
  });
});
