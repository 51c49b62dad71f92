import type { Product } from '@crm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ProductAccessCard } from '@/modules/users/components/ProductAccessCard';
import { callsTo, type FetchHandler, jsonBody, jsonResponse, stubFetch } from '@/test/fetch';
import { SLOW_TEST_TIMEOUT, renderRoutes } from '@/test/render';
import { signedInAsRepInEnglish } from '@/test/signed-in';
import { userDetail } from '@/test/users';

const productId = (n: number) => `0190a0c4-0000-7000-8000-${String(n).padStart(12, '0')}`;
const PRODUCTS: Product[] = [
  { id: productId(1), name: 'Tensiozen', description: null, active: true },
  { id: productId(2), name: 'Cardiolix', description: null, active: true },
  { id: productId(3), name: 'Ancien sirop', description: null, active: false },
  { id: productId(4), name: 'Retiré', description: null, active: false },
];
/** Assigned an active product and one since made inactive. */
const ANNE = userDetail({
  products: [
    { id: productId(1), name: 'Tensiozen', active: true },
    { id: productId(3), name: 'Ancien sirop', active: false },
  ],
});
const SAVE_CALL = `POST /api/users/${ANNE.id}/products`;

function renderCard(handlers: Record<string, FetchHandler> = {}) {
  const fetchMock = stubFetch({
    'GET /api/users/products/all': () => jsonResponse({ products: PRODUCTS }),
    ...handlers,
  });
  const rendered = renderRoutes(
    [{ path: '/users/:id', element: <ProductAccessCard user={ANNE} /> }],
    `/users/${ANNE.id}`,
  );
  return { ...rendered, fetchMock, card: screen.getByTestId('user-products-card') };
}

/** The options of the open select's list. */
const optionTitles = () =>
  [...document.querySelectorAll('.ant-select-item-option')].map((option) => option.getAttribute('title'));

async function choose(user: UserEvent, card: HTMLElement, name: string) {
  await user.click(within(card).getByRole('combobox', { name: 'Product access' }));
  const option = (await screen.findAllByTitle(name)).find((element) =>
    element.classList.contains('ant-select-item-option'),
  );
  if (option === undefined) throw new Error(`No option ${name}`);
  await user.click(option);
}

signedInAsRepInEnglish();

describe('ProductAccessCard', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it('offers the active products and keeps an assigned inactive one, marked; Save waits for a change', async () => {
    const { user, card } = renderCard();
    const save = within(card).getByRole('button', { name: 'Save' });
    expect(await within(card).findByText('Ancien sirop (inactive)')).toBeInTheDocument();
    expect(within(card).getByText('Tensiozen')).toBeInTheDocument();
    expect(save).toBeDisabled();

    await user.click(within(card).getByRole('combobox', { name: 'Product access' }));
    await waitFor(() => expect(optionTitles()).toEqual(['Tensiozen', 'Cardiolix', 'Ancien sirop (inactive)']));
    await choose(user, card, 'Cardiolix');
    expect(save).toBeEnabled();
  });

  it('saves the chosen products and says so', async () => {
    const { user, card, fetchMock } = renderCard({ [SAVE_CALL]: () => jsonResponse(ANNE) });
    await within(card).findByText('Ancien sirop (inactive)');
    await choose(user, card, 'Cardiolix');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Product access saved')).toBeInTheDocument();
    expect(jsonBody(callsTo(fetchMock, SAVE_CALL)[0]?.[1])).toEqual({
      productIds: [productId(1), productId(3), productId(2)],
    });
  });

  it('says why the products could not be saved, keeping the choice', async () => {
    const { user, card } = renderCard({
      [SAVE_CALL]: () => jsonResponse({ message: 'One of the products does not exist', code: 'NOT_FOUND' }, 404),
    });
    await within(card).findByText('Ancien sirop (inactive)');
    await choose(user, card, 'Cardiolix');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('One of the products does not exist')).toBeInTheDocument();
    const selected = [...card.querySelectorAll('.ant-select-selection-item')].map((item) => item.getAttribute('title'));
    expect(selected).toEqual(['Tensiozen', 'Ancien sirop (inactive)', 'Cardiolix']);
    expect(within(card).getByRole('button', { name: 'Save' })).toBeEnabled();
  });
});
