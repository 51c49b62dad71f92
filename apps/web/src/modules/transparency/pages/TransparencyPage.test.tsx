import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '@/app/session';
import { i18n } from '@/lib/i18n';
import { TransparencyPage } from '@/modules/transparency/pages/TransparencyPage';
import { convention, declarationLine, semesterOverview, TS_DOCTOR } from '@/modules/transparency/test/fixtures';
import { callsTo, jsonResponse, stubFetchWith } from '@/test/fetch';
import { renderRoutes, SLOW_TEST_TIMEOUT } from '@/test/render';
import { emulatePhoneScreen } from '@/test/screen-width';
import { DEMO_ADMIN_USER } from '@/test/tokens';

const OVERDUE = convention({
  id: '0190a0c4-0000-7000-8000-0000000c0002',
  startDate: '2026-03-10',
  status: 'draft',
  doctorId: TS_DOCTOR.id,
});
// Its deadline has passed too, but it was filed: it waits for the authority, and is not late.
const FILED = convention({ id: '0190a0c4-0000-7000-8000-0000000c0004', startDate: '2026-03-12', status: 'filed' });
const LATER = convention({ id: '0190a0c4-0000-7000-8000-0000000c0003', startDate: '2099-03-10', status: 'filed' });
const OVERVIEW = semesterOverview({
  lines: [
    declarationLine(),
    declarationLine({
      id: '0190a0c4-0000-7000-8000-0000000d0002',
      kind: 'convention',
      status: 'changed',
      firstExportedAt: '2026-07-02T09:00:00.000Z',
      exportedAt: '2026-07-02T09:00:00.000Z',
    }),
  ],
  total: 2,
  waitingConventions: [
    { ...OVERDUE, doctorName: 'Jean Martin' },
    { ...FILED, doctorName: 'Paul Durand' },
    { ...LATER, doctorName: 'Claire Petit' },
  ],
  exports: [
    {
      id: 'e1',
      exportedAt: '2026-07-02T08:00:00.000Z',
      exportedBy: { id: DEMO_ADMIN_USER.id, name: 'Camille Durand' },
      newLines: 11,
      corrections: 1,
    },
  ],
});

const api = stubFetchWith({
  'GET /api/transparency/semesters/2026-S1?page=1': () => jsonResponse(OVERVIEW),
  'GET /api/transparency/declarations.csv?semester=2026-S1': () =>
    new Response('id;lien_interet\n1;avantage\n', { headers: { 'Content-Type': 'text/csv; charset=utf-8' } }),
});

function renderPage(path = '/transparency?semester=2026-S1') {
  return renderRoutes([{ path: '/transparency', element: <TransparencyPage /> }], path);
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

describe('TransparencyPage', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it("lists the semester's lines with their status, and the conventions waiting, the draft past its deadline in red", async () => {
    api();
    renderPage();
    const lines = await screen.findByTestId('declaration-lines');
    expect(lines).toHaveTextContent("The semester's lines (2)");
    const statuses = within(lines)
      .getAllByTestId('line-status')
      .map((tag) => tag.textContent);
    expect(statuses).toEqual(['New', 'Changed: to correct']);
    expect(lines).toHaveTextContent('€25');
    expect(lines).toHaveTextContent('10001234567');

    const waiting = screen.getByTestId('waiting-conventions');
    const overdue = within(waiting).getByTestId('convention-overdue');
    expect(overdue).toHaveTextContent(/^Overdue: /);
    expect(overdue.closest('tr')).toHaveClass('transparency-overdue-row');
    expect(overdue.closest('tr')).toHaveTextContent('Jean Martin');
    expect(within(waiting).getAllByTestId('convention-overdue')).toHaveLength(1);
    expect(screen.getByTestId('semester-exports')).toHaveTextContent(
      'by Camille Durand: 12 line(s), 1 of them correction(s)',
    );
  });

  it('lists the conventions waiting as rows on a phone, each with its deadline', async () => {
    const restore = emulatePhoneScreen();
    try {
      api();
      renderPage();
      const waiting = await screen.findByTestId('waiting-conventions');
      const rows = within(waiting).getAllByRole('row');
      expect(rows).toHaveLength(3);
      expect(within(waiting).queryByRole('columnheader')).toBeNull();
      expect(rows[0]).toHaveTextContent('Jean Martin');
      expect(within(rows[0] as HTMLElement).getByTestId('convention-overdue')).toHaveTextContent(/^Overdue: /);
      expect(rows[1]).toHaveTextContent(/File by /);
      expect(rows[2]).toHaveTextContent(/File by /);
    } finally {
      restore();
    }
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    api();
    renderPage();
    const lines = await screen.findByTestId('declaration-lines');
    expect(
      within(lines)
        .getAllByTestId('line-status')
        .map((tag) => tag.textContent),
    ).toEqual(['Nouvelle', 'Modifiée : à rectifier']);
    expect(screen.getByTestId('semester-select')).toHaveTextContent('2026 – 1er semestre (janvier à juin)');
    expect(screen.getByTestId('waiting-conventions')).toHaveTextContent('Conventions à déposer ou en attente');
  });

  it("downloads the semester's declaration file", async () => {
    const fetchMock = api();
    // jsdom has no object URLs: a subclass stands in for the page's URL while the test runs.
    class FakeUrl extends URL {
      static override createObjectURL = vi.fn(() => 'blob:declarations');
      static override revokeObjectURL = vi.fn();
    }
    vi.stubGlobal('URL', FakeUrl);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderPage();
    await user.click(await screen.findByTestId('declaration-download'));

    await waitFor(() => {
      expect(click).toHaveBeenCalled();
    });
    expect(callsTo(fetchMock, 'GET /api/transparency/declarations.csv?semester=2026-S1')).toHaveLength(1);
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('declarations-2026-S1.csv');
    expect(link.href).toBe('blob:declarations');
  });
});
