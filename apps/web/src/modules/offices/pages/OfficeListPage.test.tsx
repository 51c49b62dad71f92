import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OfficeListPage } from '@/modules/offices/pages/OfficeListPage';
import { office } from '@/test/directory';
import { jsonResponse, stubFetch } from '@/test/fetch';
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

function api() {
  return stubFetch({
    'GET /api/offices/specialties': () => jsonResponse({ specialties: [] }),
    'GET /api/offices?page=1&limit=50': () => jsonResponse({ offices: [BELLECOUR, EMPTY], total: 2, pages: 1 }),
  });
}

function renderList() {
  return renderRoutes([{ path: '/offices', element: <OfficeListPage /> }], '/offices');
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
});
