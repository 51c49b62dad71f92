import { screen, waitFor, within } from '@testing-library/react';
import { useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { setSession } from '@/app/session';
import { RECENT_BANNER_STORAGE_KEY } from '@/modules/doctors/hooks/useRecentBanner';
import { DoctorListPage } from '@/modules/doctors/pages/DoctorListPage';
import { doctorListItem, TARGETS } from '@/test/directory';
import { callsTo, isRequest, jsonResponse, stubFetchWith } from '@/test/fetch';
import { SLOW_TEST_TIMEOUT, renderRoutes } from '@/test/render';
import { emulatePhoneScreen } from '@/test/screen-width';
import { REP_USER } from '@/test/tokens';
import { signedInAsRepInEnglish } from '@/test/signed-in';

const RECENT = doctorListItem({
  id: '0190a0c4-0000-7000-8000-000000000111',
  lastName: 'Lefebvre',
  firstName: 'Claire',
  rpps: '10009876543',
  isRecent: true,
});
const MARTIN = doctorListItem({ isRecent: true });
const MARCEAU = doctorListItem({
  id: '0190a0c4-0000-7000-8000-000000000102',
  lastName: 'Marceau',
  firstName: 'Sophie',
  rpps: '10001111111',
  target: null,
  potential_target: null,
  primaryOffice: null,
});

const SEARCH_PAGE_1 = 'GET /api/doctors/search?search=mar&page=1&limit=50';

function DoctorStub() {
  const { id } = useParams();
  return <p>Doctor page {id}</p>;
}

const api = stubFetchWith({
  'GET /api/configuration/targets': () => jsonResponse({ targets: TARGETS }),
  'GET /api/recent-doctors': () => jsonResponse({ doctors: [RECENT] }),
  [SEARCH_PAGE_1]: () => jsonResponse({ doctors: [MARTIN, MARCEAU], total: 120, pages: 3 }),
  'POST /api/recent-doctors': () => new Response(null, { status: 204 }),
});

function renderList(path = '/doctors') {
  return renderRoutes(
    [
      { path: '/doctors', element: <DoctorListPage /> },
      { path: '/doctors/:id', element: <DoctorStub /> },
    ],
    path,
  );
}

signedInAsRepInEnglish();

describe('DoctorListPage', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it('shows the recent doctors and the information banner when nothing is searched', async () => {
    const fetchMock = api();
    renderList();

    expect(screen.getByRole('heading', { name: 'Doctors' })).toBeInTheDocument();
    const table = await screen.findByTestId('recent-doctors-table');
    expect(await within(table).findByText('Lefebvre')).toBeInTheDocument();
    expect(within(table).getByText('Claire')).toBeInTheDocument();
    expect(within(table).getByText('Cabinet du Parc')).toBeInTheDocument();
    expect(screen.getByTestId('recent-banner')).toHaveTextContent('Recently viewed doctors');
    expect(screen.queryByTestId('doctor-results-table')).not.toBeInTheDocument();
    expect(screen.getByTestId('add-doctor-button')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/doctors/search', { anyParams: true })).toHaveLength(0);
  });

  it('remembers that the banner was dismissed', async () => {
    api();
    const { user } = renderList();
    const banner = await screen.findByTestId('recent-banner');
    await user.click(within(banner).getByRole('button', { name: "Don't show this again" }));

    await waitFor(() => {
      expect(screen.queryByTestId('recent-banner')).not.toBeInTheDocument();
    });
    expect(localStorage.getItem(RECENT_BANNER_STORAGE_KEY)).toBe('true');
  });

  it('does not show a banner dismissed before', async () => {
    localStorage.setItem(RECENT_BANNER_STORAGE_KEY, 'true');
    api();
    renderList();
    expect(await screen.findByText('Lefebvre')).toBeInTheDocument();
    expect(screen.queryByTestId('recent-banner')).not.toBeInTheDocument();
  });

  it('removes a doctor from the recent list', async () => {
    let recent = [RECENT];
    const fetchMock = api({
      'GET /api/recent-doctors': () => jsonResponse({ doctors: recent }),
      [`DELETE /api/recent-doctors/${RECENT.id}`]: () => {
        recent = [];
        return new Response(null, { status: 204 });
      },
    });
    const { user, router } = renderList();
    await user.click(await screen.findByTestId(`remove-recent-${RECENT.id}`));

    expect(await screen.findByText('No recently viewed doctor yet. Search the directory to open one.')).toBeVisible();
    expect(callsTo(fetchMock, `DELETE /api/recent-doctors/${RECENT.id}`)).toHaveLength(1);
    // The remove button doesn't open the doctor.
    expect(router.state.location.pathname).toBe('/doctors');
  });

  it('says so when removing from the recent list fails', async () => {
    api({
      [`DELETE /api/recent-doctors/${RECENT.id}`]: () =>
        jsonResponse({ message: 'Internal error', code: 'INTERNAL_ERROR' }, 500),
    });
    const { user } = renderList();
    await user.click(await screen.findByTestId(`remove-recent-${RECENT.id}`));
    expect(await screen.findByText('Failed to remove doctor from recent list')).toBeInTheDocument();
  });

  it('searches once typing pauses and shows the paged results with their columns', async () => {
    const fetchMock = api();
    const { user, router } = renderList();
    await user.type(screen.getByTestId('doctor-search-input'), 'mar');

    const table = await screen.findByTestId('doctor-results-table');
    expect(await within(table).findByText('Martin')).toBeInTheDocument();
    const searches = callsTo(fetchMock, 'GET /api/doctors/search', { anyParams: true });
    expect(
      searches.map(([input, init]) => isRequest('GET /api/doctors/search?search=mar&page=1&limit=50', input, init)),
    ).toEqual([true]);
    expect(router.state.location.search).toBe('?search=mar');

    const martinRow = within(table).getByText('Martin').closest('tr');
    expect(martinRow).not.toBeNull();
    const row = within(martinRow as HTMLElement);
    for (const text of ['10001234567', 'Jean', 'Médecin généraliste', 'Cabinet du Parc', 'Lyon', 'A', 'B']) {
      expect(row.getByText(text)).toBeInTheDocument();
    }
    expect(row.getByTestId('recent-marker')).toHaveTextContent('Recent');
    const swatches = (martinRow as HTMLElement).querySelectorAll('.color-swatch');
    expect([...swatches].map((swatch) => swatch.getAttribute('data-color'))).toEqual(['#f5222d', '#52c41a']);

    const marceauRow = within(within(table).getByText('Marceau').closest('tr') as HTMLElement);
    expect(marceauRow.queryByTestId('recent-marker')).not.toBeInTheDocument();
    expect(screen.getByText('1-50 of 120')).toBeInTheDocument();
    expect(screen.queryByTestId('recent-doctors-table')).not.toBeInTheDocument();
    expect(screen.queryByTestId('recent-banner')).not.toBeInTheDocument();
  });

  it('asks for the next page with the same search', async () => {
    const fetchMock = api({
      'GET /api/doctors/search?search=mar&page=2&limit=50': () =>
        jsonResponse({ doctors: [doctorListItem({ id: 'p2', lastName: 'Marchand' })], total: 120, pages: 3 }),
    });
    const { user } = renderList('/doctors?search=mar');
    const table = await screen.findByTestId('doctor-results-table');
    expect(await within(table).findByText('Martin')).toBeInTheDocument();
    await user.click(screen.getByTitle('2'));
    expect(await within(table).findByText('Marchand')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/doctors/search?search=mar&page=2&limit=50')).not.toHaveLength(0);
  });

  it('keeps the current page on screen while the next one loads', async () => {
    let answerPage2: (response: Response) => void = () => undefined;
    const fetchMock = api({
      'GET /api/doctors/search?search=mar&page=2&limit=50': () =>
        new Promise<Response>((resolve) => {
          answerPage2 = resolve;
        }),
    });
    const { user } = renderList('/doctors?search=mar');
    const table = await screen.findByTestId('doctor-results-table');
    expect(await within(table).findByText('Martin')).toBeInTheDocument();

    await user.click(screen.getByTitle('2'));
    await waitFor(() => {
      expect(callsTo(fetchMock, 'GET /api/doctors/search?search=mar&page=2&limit=50')).toHaveLength(1);
    });
    expect(within(table).getByText('Martin')).toBeInTheDocument();
    expect(screen.queryByText('No doctor matches “mar”.')).not.toBeInTheDocument();

    answerPage2(jsonResponse({ doctors: [doctorListItem({ id: 'p2', lastName: 'Marchand' })], total: 120, pages: 3 }));
    expect(await within(table).findByText('Marchand')).toBeInTheDocument();
    expect(within(table).queryByText('Martin')).not.toBeInTheDocument();
  });

  it('shows each doctor as a two-line row on a phone, with every column of the spec and no sideways scrolling', async () => {
    const restoreScreen = emulatePhoneScreen();
    try {
      api();
      renderList('/doctors?search=mar');
      const table = await screen.findByTestId('doctor-results-table');
      const martinRow = (await within(table).findByText('Martin')).closest('tr') as HTMLElement;
      expect(martinRow.querySelectorAll('td')).toHaveLength(1);
      expect(martinRow).toHaveTextContent('Jean · Médecin généraliste');
      expect(martinRow).toHaveTextContent('10001234567 · Cabinet du Parc, Lyon');
      expect(within(martinRow).getByTestId('recent-marker')).toHaveTextContent('Recent');
      expect(within(martinRow).getByTitle('Target')).toHaveTextContent('A');
      expect(within(martinRow).getByTitle('Potential target')).toHaveTextContent('Potential B');
      expect(table.querySelector('thead')).toBeNull();
      expect(table.querySelector('.ant-table-content')?.getAttribute('style') ?? '').not.toContain('overflow-x');
    } finally {
      restoreScreen();
    }
  });

  it('records the doctor as recent and opens it on a row click', async () => {
    const fetchMock = api();
    const { user, router } = renderList('/doctors?search=mar');
    await user.click(await screen.findByText('Marceau'));

    expect(await screen.findByText(`Doctor page ${MARCEAU.id}`)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/doctors/${MARCEAU.id}`);
    await waitFor(() => {
      const [post] = callsTo(fetchMock, 'POST /api/recent-doctors');
      expect(post?.[1]?.body).toBe(JSON.stringify({ doctorId: MARCEAU.id }));
    });
  });

  it('offers no add button to a read-only user', async () => {
    setSession('token', { ...REP_USER, readWrite: false });
    api();
    renderList();
    expect(await screen.findByText('Lefebvre')).toBeInTheDocument();
    expect(screen.queryByTestId('add-doctor-button')).not.toBeInTheDocument();
  });
});
