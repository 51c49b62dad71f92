import type { UserDetail } from '@crm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { HierarchyCard } from '@/modules/users/components/HierarchyCard';
import { callsTo, type FetchHandler, jsonBody, jsonResponse, stubFetch } from '@/test/fetch';
import { SLOW_TEST_TIMEOUT, renderRoutes } from '@/test/render';
import { signedInAsRepInEnglish } from '@/test/signed-in';
import { ADMIN_DETAIL, userDetail, userId, userRef } from '@/test/users';

const CAMILLE = userRef(ADMIN_DETAIL);
const PAUL = { id: userId(41), displayName: 'Paul Durand', email: 'paul.durand@labo.fr' };
const JULIEN = { id: userId(42), displayName: 'Julien Lefèvre', email: 'rep@demo-crm.fr' };
const SOPHIE = { id: userId(43), displayName: null, email: 'sophie.lefort@labo.fr' };
/** Marc reports to Camille and manages Julien. */
const MARC = userDetail({
  id: userId(40),
  email: 'manager@demo-crm.fr',
  firstName: 'Marc',
  lastName: 'Bernard',
  displayName: 'Marc Bernard',
  manager: CAMILLE,
  managees: [JULIEN],
});
const candidates = (kind: 'manager' | 'managee', search = '') =>
  `GET /api/users/${MARC.id}/${kind}-candidates?limit=50${search === '' ? '' : `&search=${search}`}`;

function renderCard(shown: UserDetail = MARC, handlers: Record<string, FetchHandler> = {}) {
  const fetchMock = stubFetch({
    [candidates('manager')]: () => jsonResponse({ users: [CAMILLE, PAUL] }),
    [candidates('manager', 'dur')]: () => jsonResponse({ users: [PAUL] }),
    [candidates('managee')]: () => jsonResponse({ users: [JULIEN, SOPHIE] }),
    ...handlers,
  });
  const rendered = renderRoutes(
    [{ path: '/users/:id', element: <HierarchyCard user={shown} /> }],
    `/users/${shown.id}`,
  );
  return { ...rendered, fetchMock, card: screen.getByTestId('user-hierarchy-card') };
}

/** The options of the open select's list, by their label. */
const optionTitles = () =>
  [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].map(
    (option) => option.getAttribute('title'),
  );

async function pick(user: UserEvent, title: string) {
  const option = (await screen.findAllByTitle(title)).find((element) =>
    element.classList.contains('ant-select-item-option'),
  );
  if (option === undefined) throw new Error(`No option ${title}`);
  await user.click(option);
}

signedInAsRepInEnglish();

describe('HierarchyCard', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it('offers the server’s manager candidates, searched as typed, and saves the one chosen', async () => {
    const { user, card, fetchMock } = renderCard(MARC, {
      [`PUT /api/users/${MARC.id}`]: () => jsonResponse({ ...MARC, manager: PAUL }),
    });
    const manager = within(card).getByRole('combobox', { name: 'No manager' });
    expect(within(card).getByTitle('Camille Durand · demo@demo-crm.fr')).toBeInTheDocument();

    await user.click(manager);
    await waitFor(() =>
      expect(optionTitles()).toEqual(['Camille Durand · demo@demo-crm.fr', 'Paul Durand · paul.durand@labo.fr']),
    );
    await user.type(manager, 'dur');
    await waitFor(() => expect(callsTo(fetchMock, candidates('manager', 'dur'))).toHaveLength(1));
    // The current manager stays offered, first, whatever the search found.
    await waitFor(() =>
      expect(optionTitles()).toEqual(['Camille Durand · demo@demo-crm.fr', 'Paul Durand · paul.durand@labo.fr']),
    );
    await pick(user, 'Paul Durand · paul.durand@labo.fr');
    expect(await screen.findByText('Manager saved')).toBeInTheDocument();
    expect(jsonBody(callsTo(fetchMock, `PUT /api/users/${MARC.id}`)[0]?.[1])).toEqual({ managerId: PAUL.id });
  });

  it('removes the manager', async () => {
    const { user, card, fetchMock } = renderCard(MARC, {
      [`PUT /api/users/${MARC.id}`]: () => jsonResponse({ ...MARC, manager: null }),
    });
    const select = within(card).getByTestId('manager-select');
    await user.click(select.querySelector('.ant-select-clear') as HTMLElement);
    expect(await screen.findByText('Manager removed')).toBeInTheDocument();
    expect(jsonBody(callsTo(fetchMock, `PUT /api/users/${MARC.id}`)[0]?.[1])).toEqual({ managerId: null });
  });

  it('says why the server refused a manager', async () => {
    const cycle = 'Julien Lefèvre reports to this user, directly or not: choosing them as manager would make a loop';
    const { user, card } = renderCard(MARC, {
      [candidates('manager')]: () => jsonResponse({ users: [CAMILLE, JULIEN] }),
      [`PUT /api/users/${MARC.id}`]: () => jsonResponse({ message: cycle, code: 'MANAGER_CYCLE' }, 409),
    });
    await user.click(within(card).getByRole('combobox', { name: 'No manager' }));
    await pick(user, 'Julien Lefèvre · rep@demo-crm.fr');
    expect(await screen.findByText(cycle)).toBeInTheDocument();
    // The page still shows the manager as stored.
    expect(within(card).getByTitle('Camille Durand · demo@demo-crm.fr')).toBeInTheDocument();
  });

  it('offers as managees the candidates not already in the team, and adds one', async () => {
    const { user, card, fetchMock } = renderCard(MARC, {
      [`PATCH /api/users/${MARC.id}/managees`]: () => jsonResponse({ ...MARC, managees: [JULIEN, SOPHIE] }),
    });
    expect(card).toHaveTextContent('Managees (1)');
    await user.click(within(card).getByRole('combobox', { name: 'Add a managee…' }));
    await waitFor(() => expect(optionTitles()).toEqual(['sophie.lefort@labo.fr · sophie.lefort@labo.fr']));
    await pick(user, 'sophie.lefort@labo.fr · sophie.lefort@labo.fr');
    expect(await screen.findByText('Managee added')).toBeInTheDocument();
    expect(jsonBody(callsTo(fetchMock, `PATCH /api/users/${MARC.id}/managees`)[0]?.[1])).toEqual({
      manageeIds: [JULIEN.id, SOPHIE.id],
    });
  });

  it('removes a managee after confirming that they will have no manager', async () => {
    const { user, card, fetchMock } = renderCard(MARC, {
      [`PATCH /api/users/${MARC.id}/managees`]: () => jsonResponse({ ...MARC, managees: [] }),
    });
    const list = within(card).getByTestId('managee-list');
    await user.click(within(list).getByRole('button', { name: 'Remove' }));
    const question = await screen.findByText('Remove Julien Lefèvre from the managees? They will have no manager.');
    const popover = question.closest('.ant-popover') as HTMLElement;
    expect(callsTo(fetchMock, `PATCH /api/users/${MARC.id}/managees`)).toHaveLength(0);
    await user.click(within(popover).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Managee removed')).toBeInTheDocument();
    expect(jsonBody(callsTo(fetchMock, `PATCH /api/users/${MARC.id}/managees`)[0]?.[1])).toEqual({ manageeIds: [] });
  });

  it('says why removing a managee failed', async () => {
    const { user, card } = renderCard(MARC, {
      [`PATCH /api/users/${MARC.id}/managees`]: () =>
        jsonResponse({ message: 'One of the managees does not exist', code: 'NOT_FOUND' }, 404),
    });
    await user.click(within(within(card).getByTestId('managee-list')).getByRole('button', { name: 'Remove' }));
    const question = await screen.findByText('Remove Julien Lefèvre from the managees? They will have no manager.');
    await user.click(within(question.closest('.ant-popover') as HTMLElement).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('One of the managees does not exist')).toBeInTheDocument();
  });

  it('opens a managee’s page from their name', async () => {
    const { user, card, router } = renderCard();
    await user.click(within(within(card).getByTestId('managee-list')).getByText('Julien Lefèvre'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/users/${JULIEN.id}`));
  });

  it('says, in French, that a user has no manager and no managees', async () => {
    await i18n.changeLanguage('fr');
    const { card } = renderCard(userDetail({ id: MARC.id, manager: null, managees: [] }));
    expect(card).toHaveTextContent('Responsable et équipe');
    expect(within(card).getByRole('combobox', { name: 'Aucun responsable' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Équipe (0)');
    expect(within(card).getByText("Aucun membre dans l'équipe")).toBeInTheDocument();
    expect(within(card).queryByTestId('managee-list')).not.toBeInTheDocument();
  });
});
