import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signInAs } from '../tests/helpers';

// Screenshots of the directory screens in both languages, for people to look at (.tmp/screens/).
const shots = path.resolve(import.meta.dirname, '../../.tmp/screens');

const TEXT = {
  fr: {
    addOffice: 'Ajouter un cabinet',
    addDoctor: 'Ajouter un médecin',
    searchOfficeTab: 'Rechercher un cabinet existant',
    createOfficeTab: 'Créer un cabinet',
    searchDoctorTab: 'Rechercher un médecin existant',
    createDoctorTab: 'Créer un médecin',
  },
  en: {
    addOffice: 'Add office',
    addDoctor: 'Add doctor',
    searchOfficeTab: 'Search existing',
    createOfficeTab: 'Create new',
    searchDoctorTab: 'Search existing',
    createDoctorTab: 'Create new',
  },
} as const;

async function shot(page: Page, name: string): Promise<void> {
  await page.mouse.move(0, 0);
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

for (const language of ['fr', 'en'] as const) {
  test(`directory screens in ${language}`, async ({ page }) => {
    const text = TEXT[language];
    await page.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), language);
    await signInAs(page, 'rep@demo-crm.fr');

    await page.goto('/doctors');
    const results = page.waitForResponse((response) => response.url().includes('/api/doctors/search'));
    await page.getByRole('searchbox').or(page.getByRole('textbox')).first().fill('martin');
    await results;
    await expect(page.locator('.ant-pagination').first()).toBeVisible();
    await shot(page, `doctors-search-${language}`);

    await page.locator('.ant-table-row').first().click();
    await expect(page).toHaveURL(/\/doctors\/[0-9a-f-]{36}/);
    await expect(page.getByRole('button', { name: text.addOffice })).toBeVisible();
    await shot(page, `doctor-detail-${language}`);

    await page.getByRole('button', { name: text.addOffice }).click();
    const officeDialog = page.getByRole('dialog');
    await expect(officeDialog.getByRole('tab', { name: text.searchOfficeTab })).toBeVisible();
    await shot(page, `doctor-add-office-search-${language}`);
    await officeDialog.getByRole('tab', { name: text.createOfficeTab }).click();
    await shot(page, `doctor-add-office-create-${language}`);
    await page.keyboard.press('Escape');

    await page.goto('/doctors/new');
    await expect(page.locator('form')).toBeVisible();
    await shot(page, `doctor-new-${language}`);

    await page.goto('/offices');
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    await shot(page, `offices-${language}`);

    await page.locator('.ant-table-row').first().click();
    await expect(page).toHaveURL(/\/offices\/[0-9a-f-]{36}/);
    await expect(page.getByRole('button', { name: text.addDoctor })).toBeVisible();
    await shot(page, `office-detail-${language}`);

    await page.getByRole('button', { name: text.addDoctor }).click();
    const doctorDialog = page.getByRole('dialog');
    await expect(doctorDialog.getByRole('tab', { name: text.searchDoctorTab })).toBeVisible();
    await shot(page, `office-add-doctor-search-${language}`);
    await doctorDialog.getByRole('tab', { name: text.createDoctorTab }).click();
    await shot(page, `office-add-doctor-create-${language}`);
    await page.keyboard.press('Escape');

    await page.goto('/offices/new');
    await expect(page.locator('form')).toBeVisible();
    await shot(page, `office-new-${language}`);
  });
}
