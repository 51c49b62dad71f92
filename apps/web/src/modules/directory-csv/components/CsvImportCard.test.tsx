import type { CsvImportReport } from '@crm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '@/app/session';
import { i18n } from '@/lib/i18n';
import { CsvImportCard } from '@/modules/directory-csv/components/CsvImportCard';
import { callsTo, jsonResponse, stubFetchWith } from '@/test/fetch';
import { renderRoutes, SLOW_TEST_TIMEOUT } from '@/test/render';
import { DEMO_ADMIN_USER } from '@/test/tokens';
import { stubXhrThroughFetch } from '@/test/xhr';

const report = (overrides: Partial<CsvImportReport> = {}): CsvImportReport => ({
  kind: 'doctors',
  columns: ['rpps', 'lastName', 'firstName', 'primarySpecialty'],
  ignoredColumns: [],
  lines: 2,
  created: 1,
  updated: 1,
  unchanged: 0,
  invalid: 0,
  preview: [
    {
      line: 2,
      action: 'create',
      values: { rpps: '10001', lastName: 'Martin', firstName: 'Jeanne', primarySpecialty: 'Cardiology' },
    },
    {
      line: 3,
      action: 'update',
      values: { rpps: '10002', lastName: 'Durand', firstName: 'Paul', primarySpecialty: 'Neurology' },
    },
  ],
  problems: [],
  problemsTruncated: false,
  written: false,
  ...overrides,
});

const INVALID = report({
  invalid: 1,
  lines: 3,
  problems: [
    { line: 4, field: 'rpps', code: 'doctors.rppsFormat', message: 'RPPS must be a numeric value up to 12 digits!' },
  ],
});

const api = stubFetchWith({ 'POST /api/doctors/import/preview': () => jsonResponse(report()) });

function renderCard() {
  return renderRoutes([{ path: '/', element: <CsvImportCard /> }], '/');
}

const csvFile = () => new File(['RPPS;Nom;Prénom;Spécialité principale\n'], 'medecins.csv', { type: 'text/csv' });

async function chooseFile(user: ReturnType<typeof renderCard>['user']) {
  const input = screen.getByTestId('csv-import').querySelector('input[type="file"]') as HTMLInputElement;
  await user.upload(input, csvFile());
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  setSession('token', DEMO_ADMIN_USER);
  stubXhrThroughFetch();
});

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('CsvImportCard', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it('previews the file, writes it only when confirmed, and says what it did', async () => {
    const fetchMock = api({ 'POST /api/doctors/import': () => jsonResponse(report({ written: true })) });
    const { user } = renderCard();
    await chooseFile(user);

    const counts = await screen.findByTestId('csv-import-counts');
    expect(within(counts).getAllByRole('generic').length).toBeGreaterThan(0);
    expect(counts).toHaveTextContent('2 lines1 new1 updated0 unchanged0 invalid');
    const preview = screen.getByTestId('csv-import-preview');
    expect(
      within(preview)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'LineEffectRPPSLast nameFirst namePrimary specialty',
      '2Create10001MartinJeanneCardiology',
      '3Update10002DurandPaulNeurology',
    ]);
    expect(callsTo(fetchMock, 'POST /api/doctors/import')).toHaveLength(0);
    const [, previewInit] = callsTo(fetchMock, 'POST /api/doctors/import/preview')[0] ?? [];
    expect(new Headers(previewInit?.headers).get('Content-Type')).toBe('text/csv');

    await user.click(screen.getByTestId('csv-import-confirm'));
    expect(await screen.findByTestId('csv-import-done')).toHaveTextContent(
      'Import done: 1 created, 1 updated, 0 unchanged.',
    );
    expect(callsTo(fetchMock, 'POST /api/doctors/import')).toHaveLength(1);
  });

  it('names each problem by line and field and refuses to import until the file is fixed, in both languages', async () => {
    api({ 'POST /api/doctors/import/preview': () => jsonResponse(INVALID) });
    await i18n.changeLanguage('fr');
    const { user } = renderCard();
    await chooseFile(user);
    const problems = await screen.findByTestId('csv-import-problems');
    expect(within(problems).getAllByRole('row')[1]).toHaveTextContent(
      '4RPPSRPPS must be a numeric value up to 12 digits!',
    );
    expect(screen.getByTestId('csv-import-report')).toHaveTextContent(
      '1 ligne est invalide : corrigez le fichier, puis choisissez-le à nouveau. Rien ne sera importé avant.',
    );
    expect(screen.getByTestId('csv-import-confirm')).toBeDisabled();
  });

  it("says why a file can't be read, and previews offices as offices", async () => {
    const fetchMock = api({
      'POST /api/doctors/import/preview': () =>
        jsonResponse({ message: 'Required columns missing: First name', code: 'VALIDATION_ERROR' }, 400),
      'POST /api/offices/import/preview': () =>
        jsonResponse(
          report({
            kind: 'offices',
            columns: ['name'],
            preview: [{ line: 2, action: 'unchanged', values: { name: 'Cabinet' } }],
          }),
        ),
    });
    const { user } = renderCard();
    await chooseFile(user);
    expect(await screen.findByTestId('csv-preview-error')).toHaveTextContent(
      'The file could not be read: Required columns missing: First name',
    );

    await user.click(screen.getByRole('radio', { name: 'Offices' }));
    await chooseFile(user);
    await waitFor(() => {
      expect(callsTo(fetchMock, 'POST /api/offices/import/preview')).toHaveLength(1);
    });
    expect(await screen.findByTestId('csv-import-preview')).toHaveTextContent('2UnchangedCabinet');
  });
});
