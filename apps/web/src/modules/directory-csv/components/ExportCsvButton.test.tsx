import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '@/app/session';
import { i18n } from '@/lib/i18n';
import { ExportCsvButton, type ExportCsvButtonProps } from '@/modules/directory-csv/components/ExportCsvButton';
import { callsTo, jsonResponse, stubFetch } from '@/test/fetch';
import { renderRoutes, SLOW_TEST_TIMEOUT } from '@/test/render';
import { REP_USER } from '@/test/tokens';

const csv = () => new Response('\uFEFFRPPS;Nom\n', { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });

function renderButton(props: ExportCsvButtonProps) {
  return renderRoutes([{ path: '/', element: <ExportCsvButton {...props} /> }], '/');
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  setSession('token', REP_USER);
});

/** jsdom has no object URLs: a subclass stands in for the page's URL while the test runs. */
function stubObjectUrls() {
  class FakeUrl extends URL {
    static override createObjectURL = vi.fn(() => 'blob:export');
    static override revokeObjectURL = vi.fn();
  }
  vi.stubGlobal('URL', FakeUrl);
}

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ExportCsvButton', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it('exports the offices list with its filter, saving the file', async () => {
    stubObjectUrls();
    const fetchMock = stubFetch({ 'GET /api/offices/export.csv?search=parc&specialty=Cardiology,Neurology': csv });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderButton({
      kind: 'offices',
      filter: { search: 'parc', specialty: ['Cardiology', 'Neurology'] },
    });
    const button = await screen.findByTestId('export-offices-csv');
    expect(button).toHaveTextContent('Export the list (CSV)');
    await user.click(button);
    await waitFor(() => {
      expect(click).toHaveBeenCalled();
    });
    expect(callsTo(fetchMock, 'GET /api/offices/export.csv?search=parc&specialty=Cardiology,Neurology')).toHaveLength(
      1,
    );
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toMatch(/^offices-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it('says the whole directory goes when nothing is typed, in both languages, and why an export failed', async () => {
    stubFetch({
      'GET /api/doctors/export.csv': () =>
        jsonResponse({ message: 'You do not have the rights', code: 'FORBIDDEN' }, 403),
    });
    const { user } = renderButton({ kind: 'doctors', filter: { search: '' } });
    expect(await screen.findByTestId('export-doctors-csv')).toHaveTextContent('Export the whole directory (CSV)');
    await user.click(screen.getByTestId('export-doctors-csv'));
    expect(await screen.findByText('Export failed: You do not have the rights')).toBeInTheDocument();
    await i18n.changeLanguage('fr');
    await waitFor(() => {
      expect(screen.getByTestId('export-doctors-csv')).toHaveTextContent("Exporter tout l'annuaire (CSV)");
    });
  });
});
