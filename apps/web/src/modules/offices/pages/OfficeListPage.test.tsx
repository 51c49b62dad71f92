import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OfficeListPage } from '@/modules/offices/pages/OfficeListPage';
import { office } from '@/test/directory';
import { callsTo, jsonResponse, stubFetchWith } from '@/test/fetch';
import { SLOW_TEST_TIMEOUT, renderRoutes } from '@/test/render';
import { emulatePhoneScreen } from '@/test/screen-width';
import { signedInAsRepInEnglish } from '@/test/signed-in';

const BELLECOUR = office({ doctorCount: 3 });
const EMPTY = office({
  id: '0190a0c4-0000-7000-8000-000000000302',
  name: 'Cabinet des Pentes',
  sector: null,
  uga_name: null,
  doctorCount: 0,
});

const api = stubFetchWith({
  'GET /api/offices/specialties': () => jsonResponse({ specialties: [] }),
  'GET /api/offices?page=1&limit=50': () => jsonResponse({ offices: [BELLECOUR, EMPTY], total: 2, pages: 1 }),
});

function renderList() {
  return renderRoutes(
    [
      { path: '/offices', element: <OfficeListPage /> },
      { path: '/offices/new', element: <p>New office form</p> },
    ],
    '/offices',
  );
}

async function chooseSpecialty(user: UserEvent, specialty: string) {
  await user.click(screen.getByRole('combobox', { name: 'Filter by specialty' }));
  const option = (await screen.findAllByTitle(specialty)).find((element) =>
    element.classList.contains('ant-select-item-option'),
  );
  if (option === undefined) throw new Error(`No option ${specialty}`);
  await user.click(option);
}

signedInAsRepInEnglish();

describe('OfficeListPage', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it('shows the spec columns: name, address, city, postal code, UGA with its name, doctor count', async () => {
    api();
    renderList();
    const table = await screen.findByTestId('offices-table');
    const row = within((await within(table).findByText('Centre médical Bellecour')).closest('tr') as HTMLElement);
    for (const text of ['Lyon centre', '3 place Bellecour', '69002', '69123', '3']) {
      expect(row.getByText(text)).toBeInTheDocument();
    }
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Name', 'Address', 'City', 'Postal code', 'UGA', 'Doctors']);
  });

  it('shows each office as a two-line row on a phone, with every column of the spec', async () => {
    const restoreScreen = emulatePhoneScreen();
    try {
      api();
      renderList();
      const table = await screen.findByTestId('offices-table');
      const row = (await within(table).findByText('Centre médical Bellecour')).closest('tr') as HTMLElement;
      expect(row.querySelectorAll('td')).toHaveLength(1);
      expect(row).toHaveTextContent('Centre médical Bellecour · Lyon centre');
      expect(row).toHaveTextContent('3 place Bellecour, 69002 Lyon · UGA 69123 Lyon');
      expect(within(row).getByTitle('Doctors')).toHaveTextContent('3');
      const pentes = (await within(table).findByText('Cabinet des Pentes')).closest('tr') as HTMLElement;
      expect(pentes).toHaveTextContent('3 place Bellecour, 69002 Lyon · UGA 69123');
      expect(within(pentes).getByTitle('Doctors')).toHaveTextContent('0');
      expect(table.querySelector('thead')).toBeNull();
    } finally {
      restoreScreen();
    }
  });

  it('filters by several specialties at once, asking for the offices of any of them', async () => {
    const fetchMock = api({
      'GET /api/offices/specialties': () => jsonResponse({ specialties: ['Cardiology', 'Neurology', 'Pediatrics'] }),
      'GET /api/offices?page=1&limit=50&specialty=Cardiology': () =>
        jsonResponse({ offices: [BELLECOUR, EMPTY], total: 2, pages: 1 }),
      'GET /api/offices?page=1&limit=50&specialty=Cardiology,Neurology': () =>
        jsonResponse({ offices: [BELLECOUR], total: 1, pages: 1 }),
    });
    const { user, router } = renderList();
    const table = await screen.findByTestId('offices-table');
    expect(await within(table).findByText('Cabinet des Pentes')).toBeInTheDocument();

    await chooseSpecialty(user, 'Cardiology');
    await chooseSpecialty(user, 'Neurology');

    await waitFor(() => {
      expect(within(table).queryByText('Cabinet des Pentes')).not.toBeInTheDocument();
    });
    expect(within(table).getByText('Centre médical Bellecour')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/offices?page=1&limit=50&specialty=Cardiology,Neurology')).toHaveLength(1);
    expect(router.state.location.search).toBe('?specialty=Cardiology%2CNeurology');
  });

  it('shows a writer the add-office button, which opens the new office form', async () => {
    api();
    const { user, router } = renderList();
    await user.click(await screen.findByRole('button', { name: /Add office/ }));
    expect(await screen.findByText('New office form')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/offices/new');
  });
});
