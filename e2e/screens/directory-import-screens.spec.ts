import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ADMIN_EMAIL, type DirectoryImportProgress } from '@crm/shared';
import { signInAs } from '../tests/helpers';

// The directory's CSV (issue 32): the lists' export buttons, and the administrators' Directory import screen with
// an import running, past ones, and a CSV file's preview naming its problems; both languages, desktop and phone
// (.tmp/screens/). The national import's answers are stood in for, so that every state is in the picture.
const shots = path.resolve(import.meta.dirname, '../../.tmp/screens');
const SIZES = { desktop: { width: 1366, height: 850 }, phone: { width: 390, height: 844 } } as const;

async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  await page.mouse.move(0, 0);
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage });
}

const imported = (overrides: Partial<DirectoryImportProgress>): DirectoryImportProgress => ({
  id: '0190a0c4-0000-7000-8000-00000000e001',
  fileName: 'PS_LibreAcces_Personne_activite_202611280000.txt',
  savoirFaireFileName: 'PS_LibreAcces_SavoirFaire_202611280000.txt',
  status: 'running',
  startedAt: '2026-11-28T08:00:00.000Z',
  finishedAt: null,
  linesRead: 812_345,
  kept: 143_210,
  created: 1_204,
  updated: 20_877,
  unchanged: 120_540,
  rejected: 589,
  inactivated: 0,
  linesPerSecond: 41_250,
  error: null,
  startedBy: { id: 'admin', name: 'Demo Admin' },
  ...overrides,
});
const RUNNING = imported({});
const DONE = imported({
  id: '0190a0c4-0000-7000-8000-00000000e000',
  status: 'done',
  startedAt: '2026-10-28T08:00:00.000Z',
  finishedAt: '2026-10-28T08:14:00.000Z',
  savoirFaireFileName: null,
  linesRead: 2_104_311,
  kept: 238_004,
  created: 236_112,
  updated: 0,
  unchanged: 0,
  rejected: 1_892,
});
const FAILED = imported({
  id: '0190a0c4-0000-7000-8000-00000000e00f',
  status: 'failed',
  startedAt: '2026-10-27T08:00:00.000Z',
  finishedAt: '2026-10-27T08:01:00.000Z',
  linesRead: 90_000,
  rejected: 0,
  error: 'directoryImport.failed',
});

const CSV = [
  'RPPS;Nom;Prénom;Spécialité principale;E-mail',
  '10101010101;Lefèvre;Claire;Cardiology;claire.lefevre@exemple.fr',
  '10101010102;Moreau;Julien;Neurology;',
  '1010101010X;Garnier;Sophie;Cardiology;',
  '10101010104;;Paul;Oncology;pas-un-email',
].join('\n');

for (const language of ['fr', 'en'] as const) {
  test(`directory import screens in ${language}`, async ({ page }) => {
    await page.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), language);
    await page.route('**/api/directory/imports', (route) =>
      route.fulfill({ json: { items: [RUNNING, DONE, FAILED] } }),
    );
    await page.route(`**/api/directory/imports/${RUNNING.id}`, (route) => route.fulfill({ json: RUNNING }));
    await signInAs(page, DEMO_ADMIN_EMAIL);

    for (const [viewport, size] of Object.entries(SIZES)) {
      await page.setViewportSize(size);
      const fullPage = viewport === 'desktop';
      await page.goto('/offices?search=paris');
      await expect(page.getByTestId('export-offices-csv')).toBeVisible();
      await expect(page.locator('.ant-skeleton')).toHaveCount(0);
      await shot(page, `directory-offices-export-${viewport}-${language}`, false);

      await page.goto('/directory-import');
      await expect(page.getByTestId('import-progress')).toBeVisible();
      await expect(page.getByTestId('past-imports')).toBeVisible();
      await page
        .getByTestId('csv-import')
        .locator('input[type="file"]')
        .setInputFiles({ name: 'medecins.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
      await expect(page.getByTestId('csv-import-problems')).toBeVisible();
      await shot(page, `directory-import-${viewport}-${language}`, fullPage);
    }
  });
}
