import type { DirectoryImportProgress } from '@crm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '@/app/session';
import { i18n } from '@/lib/i18n';
import { DirectoryImportPage } from '@/modules/directory-import/pages/DirectoryImportPage';
import { callsTo, jsonBody, jsonResponse, stubFetchWith } from '@/test/fetch';
import { renderRoutes, SLOW_TEST_TIMEOUT } from '@/test/render';
import { DEMO_ADMIN_USER } from '@/test/tokens';
import { stubXhrThroughFetch } from '@/test/xhr';

const IMPORT_ID = '0190a0c4-0000-7000-8000-00000000e001';
const FILE_ID = '0190a0c4-0000-7000-8000-00000000f001';

const progress = (overrides: Partial<DirectoryImportProgress> = {}): DirectoryImportProgress => ({
  id: IMPORT_ID,
  fileName: 'PS_LibreAcces_Personne_activite_202611.txt',
  savoirFaireFileName: null,
  status: 'running',
  startedAt: '2026-11-28T08:00:00.000Z',
  finishedAt: null,
  linesRead: 120_000,
  kept: 61_000,
  created: 50_000,
  updated: 9_000,
  unchanged: 1_500,
  rejected: 500,
  inactivated: 0,
  linesPerSecond: 40_000,
  error: null,
  startedBy: { id: DEMO_ADMIN_USER.id, name: 'Camille Durand' },
  ...overrides,
});

const api = stubFetchWith({ 'GET /api/directory/imports': () => jsonResponse({ items: [] }) });

function renderPage() {
  return renderRoutes([{ path: '/directory-import', element: <DirectoryImportPage /> }], '/directory-import');
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  setSession('token', DEMO_ADMIN_USER);
});

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('DirectoryImportPage', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it('says when there is no import yet, in both languages', async () => {
    api();
    renderPage();
    expect(await screen.findByTestId('imports-empty')).toHaveTextContent('No directory import yet');
    await i18n.changeLanguage('fr');
    expect(await screen.findByTestId('imports-empty')).toHaveTextContent("Aucun import de l'annuaire pour l'instant");
  });

  it("says why the imports can't be shown", async () => {
    api({
      'GET /api/directory/imports': () => jsonResponse({ message: 'Database down', code: 'INTERNAL_ERROR' }, 500),
    });
    renderPage();
    expect(await screen.findByTestId('imports-error')).toHaveTextContent(
      'The imports could not be loaded: Database down',
    );
  });

  it('uploads the files with their progress, starts the import and follows it until it is done', async () => {
    stubXhrThroughFetch();
    let polls = 0;
    const fetchMock = api({
      'POST /api/directory/import-files': () =>
        jsonResponse({ fileId: FILE_ID, fileName: 'PS_LibreAcces_Personne_activite.txt', bytes: 12 }, 201),
      'POST /api/directory/imports': () => jsonResponse(progress({ linesRead: 0, kept: 0, created: 0 }), 202),
      [`GET /api/directory/imports/${IMPORT_ID}`]: () => {
        polls += 1;
        return jsonResponse(
          polls === 1
            ? progress()
            : progress({ status: 'done', finishedAt: '2026-11-28T08:06:00.000Z', linesRead: 240_000 }),
        );
      },
    });
    const { user } = renderPage();
    const start = await screen.findByTestId('start-import');
    expect(start).toBeDisabled();

    const picker = screen.getByTestId('file-personneActivite');
    const input = picker.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['header\nline\n'], 'PS_LibreAcces_Personne_activite.txt'));
    expect(await within(picker).findByTestId('uploaded-personneActivite')).toHaveTextContent(
      'PS_LibreAcces_Personne_activite.txt sent',
    );
    expect(within(picker).getByRole('progressbar', { name: 'Sending the file' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    const [, uploadInit] = callsTo(fetchMock, 'POST /api/directory/import-files')[0] ?? [];
    expect(new Headers(uploadInit?.headers).get('X-File-Name')).toBe('PS_LibreAcces_Personne_activite.txt');

    await user.click(start);
    const [, startInit] = callsTo(fetchMock, 'POST /api/directory/imports')[0] ?? [];
    expect(jsonBody(startInit)).toEqual({ personneActiviteFileId: FILE_ID });

    const running = await screen.findByTestId('import-progress');
    await waitFor(() => {
      expect(within(running).getByTestId('count-linesRead')).toHaveTextContent('120,000');
    });
    expect(running).toHaveAttribute('data-status', 'running');
    expect(within(running).getByTestId('count-rate')).toHaveTextContent('40,000 lines/s');
    expect(within(running).getByTestId('count-rejected')).toHaveTextContent('500');
    expect(screen.getByTestId('start-import')).toBeDisabled();

    // Asked again a second later: done.
    await waitFor(
      () => {
        expect(screen.getByTestId('import-progress')).toHaveAttribute('data-status', 'done');
      },
      { timeout: 3000 },
    );
    expect(within(screen.getByTestId('import-progress')).getByTestId('count-linesRead')).toHaveTextContent('240,000');
    expect(within(screen.getByTestId('past-imports')).getByTestId('import-status')).toHaveTextContent('Done');
  });

  it('shows a failed import with its reason, in both languages, and its rejected lines report', async () => {
    const failed = progress({
      status: 'failed',
      finishedAt: '2026-11-28T08:03:00.000Z',
      error: 'directoryImport.failed',
    });
    const fetchMock = api({
      'GET /api/directory/imports': () =>
        jsonResponse({ items: [failed, progress({ id: 'older', status: 'done', rejected: 0 })] }),
      [`GET /api/directory/imports/${IMPORT_ID}/rejected.csv`]: () =>
        new Response('\uFEFFLine;Reason;Line as read\n', { headers: { 'Content-Type': 'text/csv' } }),
    });
    class FakeUrl extends URL {
      static override createObjectURL = vi.fn(() => 'blob:rejected');
      static override revokeObjectURL = vi.fn();
    }
    vi.stubGlobal('URL', FakeUrl);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderPage();

    const table = await screen.findByTestId('past-imports');
    expect(
      within(table)
        .getAllByTestId('import-status')
        .map((tag) => tag.textContent),
    ).toEqual(['Failed', 'Done']);
    // Only the failed one had rejected lines.
    const reports = within(table).getAllByTestId('rejected-report');
    expect(reports).toHaveLength(1);
    await user.click(reports[0] as HTMLElement);
    await waitFor(() => {
      expect(click).toHaveBeenCalled();
    });
    expect(callsTo(fetchMock, `GET /api/directory/imports/${IMPORT_ID}/rejected.csv`)).toHaveLength(1);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe(`rpps-rejected-${IMPORT_ID}.csv`);
  });

  it('follows an import already running when the page opens, and names its error once failed', async () => {
    let polls = 0;
    api({
      'GET /api/directory/imports': () => jsonResponse({ items: [progress()] }),
      [`GET /api/directory/imports/${IMPORT_ID}`]: () => {
        polls += 1;
        return jsonResponse(polls === 1 ? progress() : progress({ status: 'failed', error: 'directoryImport.failed' }));
      },
    });
    await i18n.changeLanguage('fr');
    renderPage();
    expect(await screen.findByTestId('import-progress')).toHaveAttribute('data-status', 'running');
    expect(screen.getByTestId('start-import')).toBeDisabled();
    expect(await screen.findByTestId('import-error', {}, { timeout: 3000 })).toHaveTextContent(
      'L’import s’est arrêté sur une erreur : les lignes déjà lues sont gardées ; relancez-le',
    );
    expect(screen.getByTestId('count-rate')).toHaveTextContent(/40\s000 lignes\/s/);
  });
});
