import type { Channel, Product, Target } from '@crm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setSession } from '@/app/session';
import { ConfigurationPage } from '@/modules/configuration/pages/ConfigurationPage';
import { callsTo, jsonBody, jsonResponse, stubFetchWith } from '@/test/fetch';
import { SLOW_TEST_TIMEOUT, renderRoutes } from '@/test/render';
import { signedInAsRepInEnglish } from '@/test/signed-in';
import { DEMO_ADMIN_USER } from '@/test/tokens';

const id = (n: number) => `0190a0c4-0000-7000-8000-${String(n).padStart(12, '0')}`;

const PRODUCTS: Product[] = Array.from({ length: 12 }, (_, index) => ({
  id: id(index + 1),
  name: `Produit ${String(index + 1).padStart(2, '0')}`,
  description: index === 0 ? 'Antihypertenseur' : null,
  active: index !== 1,
}));
const CHANNELS: Channel[] = [
  {
    id: id(101),
    name: 'Call',
    description: null,
    color: '#1677ff',
    active: true,
    isTimeOff: false,
    needsBudgetApproval: false,
  },
  {
    id: id(102),
    name: 'Time-off',
    description: null,
    color: '#8c8c8c',
    active: true,
    isTimeOff: true,
    needsBudgetApproval: false,
  },
  {
    id: id(103),
    name: 'Salon',
    description: 'Stands',
    color: '#13c2c2',
    active: false,
    isTimeOff: false,
    needsBudgetApproval: true,
  },
];
const TARGETS: Target[] = [
  { id: id(201), name: 'A – Prioritaire', description: null, color: '#f5222d', priority: 100, active: true },
];

const api = stubFetchWith({
  'GET /api/configuration/products': () => jsonResponse({ products: PRODUCTS }),
  'GET /api/configuration/channels': () => jsonResponse({ channels: CHANNELS }),
  'GET /api/configuration/targets': () => jsonResponse({ targets: TARGETS }),
});

const renderPage = (path = '/configuration') =>
  renderRoutes([{ path: '/configuration', element: <ConfigurationPage /> }], path);

signedInAsRepInEnglish();

describe('ConfigurationPage', { timeout: SLOW_TEST_TIMEOUT }, () => {
  const asAdmin = () => setSession('token', DEMO_ADMIN_USER);

  it('lists products 10 a page with x-y of N, inactive rows marked', async () => {
    asAdmin();
    api();
    renderPage();
    const table = await screen.findByTestId('products-table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    expect(screen.getByText('1-10 of 12')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('Produit 01Antihypertenseur');
    expect(rows[1]).toHaveTextContent('Produit 02—Inactive');
    expect(rows[1]).toHaveClass('configuration-row-inactive');
    expect(rows[0]).not.toHaveClass('configuration-row-inactive');
  });

  it('shows the channels with their colour, time-off and budget approval', async () => {
    asAdmin();
    api();
    renderPage('/configuration?tab=channels');
    const table = await screen.findByTestId('channels-table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Call—Active——EditDelete',
      'Time-off—ActiveYes—EditDelete',
      'SalonStandsInactive—YesEditDelete',
    ]);
    expect(rows[2]?.querySelector('[data-color="#13c2c2"]')).not.toBeNull();
  });

  it('creates a product through the modal, with the spec’s messages', async () => {
    asAdmin();
    const fetchMock = api({
      'POST /api/configuration/products': () =>
        jsonResponse({ id: id(99), name: 'Tensiozen', description: 'Antihypertenseur', active: true }, 201),
    });
    const { user } = renderPage();
    await screen.findByTestId('products-table');
    await user.click(screen.getByTestId('add-products'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('New product');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Product name is required')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/configuration/products')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Name'), 'Tensiozen');
    await user.type(within(dialog).getByLabelText('Description'), 'Antihypertenseur');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Product created successfully')).toBeInTheDocument();
    const [call] = callsTo(fetchMock, 'POST /api/configuration/products');
    expect(jsonBody(call?.[1])).toEqual({ name: 'Tensiozen', description: 'Antihypertenseur', active: true });
  });

  it('updates a channel, and says why a save failed', async () => {
    asAdmin();
    const fetchMock = api({
      [`PUT /api/configuration/channels/${id(103)}`]: () =>
        jsonResponse(
          { message: 'This name is already used', code: 'CONFLICT', fields: { name: 'This name is already used' } },
          409,
        ),
    });
    const { user } = renderPage('/configuration?tab=channels');
    const table = await screen.findByTestId('channels-table');
    await user.click(within(table).getByRole('button', { name: 'Edit Salon' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Edit channel');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Failed to update channel: This name is already used')).toBeInTheDocument();
    expect(await within(dialog).findByText('This name is already used')).toBeInTheDocument();
    const [call] = callsTo(fetchMock, `PUT /api/configuration/channels/${id(103)}`);
    expect(jsonBody(call?.[1])).toEqual({
      name: 'Salon',
      description: 'Stands',
      color: '#13c2c2',
      active: false,
      isTimeOff: false,
      needsBudgetApproval: true,
    });
  });

  it('asks before deleting, and says when the entry is still in use', async () => {
    asAdmin();
    const inUse = 'This product is still used by activities or assigned to users: deactivate it instead of deleting it';
    const fetchMock = api({
      [`DELETE /api/configuration/products/${id(1)}`]: () => jsonResponse({ message: inUse, code: 'IN_USE' }, 409),
      [`DELETE /api/configuration/products/${id(3)}`]: () => new Response(null, { status: 204 }),
    });
    const { user } = renderPage();
    const table = await screen.findByTestId('products-table');
    await user.click(within(table).getByRole('button', { name: 'Delete Produit 01' }));
    const confirm = await screen.findByText('Are you sure you want to delete this item?');
    const popover = confirm.closest('.ant-popover') as HTMLElement;
    await user.click(within(popover).getByRole('button', { name: 'No' }));
    expect(callsTo(fetchMock, `DELETE /api/configuration/products/${id(1)}`)).toHaveLength(0);

    await user.click(within(table).getByRole('button', { name: 'Delete Produit 01' }));
    await user.click(within(popover).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(`Failed to delete product: ${inUse}`)).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Delete Produit 03' }));
    const second = (await screen.findAllByText('Are you sure you want to delete this item?')).at(-1);
    await user.click(within(second?.closest('.ant-popover') as HTMLElement).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Product deleted successfully')).toBeInTheDocument();
  });

  it('keeps a target priority within 0-100', async () => {
    asAdmin();
    const fetchMock = api();
    const { user } = renderPage('/configuration?tab=targets');
    await screen.findByTestId('targets-table');
    await user.click(screen.getByTestId('add-targets'));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Name'), 'Cible test');
    const priority = within(dialog).getByLabelText('Priority');
    await user.clear(priority);
    await user.type(priority, '150');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/configuration/targets')).toHaveLength(1));
    // The input clamps to 100 as it loses focus: the payload stays in range.
    expect(jsonBody(callsTo(fetchMock, 'POST /api/configuration/targets')[0]?.[1])).toMatchObject({ priority: 100 });
  });
});
