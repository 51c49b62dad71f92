import type { UserList } from '@crm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { setSession } from '@/app/session';
import { i18n } from '@/lib/i18n';
import { UserListPage } from '@/modules/users/pages/UserListPage';
import { callsTo, type FetchHandler, jsonResponse, stubFetch } from '@/test/fetch';
import { SLOW_TEST_TIMEOUT, renderRoutes } from '@/test/render';
import { signedInAsRepInEnglish } from '@/test/signed-in';
import { DEMO_ADMIN_USER } from '@/test/tokens';
import { orgChartUser, userId, userSummary } from '@/test/users';

const ANNE = userSummary();
const PAUL = userSummary({
  id: userId(11),
  email: 'paul.durand@labo.fr',
  firstName: 'Paul',
  lastName: 'Durand',
  displayName: null,
  isAdmin: true,
  readWrite: false,
  lastLogin: null,
});
const INVITED = userSummary({
  id: userId(12),
  email: 'invite@labo.fr',
  firstName: null,
  lastName: null,
  displayName: null,
  lastLogin: null,
  invitationPending: true,
});
const FIRST_PAGE: UserList = { users: [ANNE, PAUL, INVITED], total: 45 };
const LIST_CALL = 'GET /api/users?page=1&limit=20';

function UserStub() {
  const { id } = useParams();
  return <p>User page {id}</p>;
}

function api(extra: Record<string, FetchHandler> = {}) {
  return stubFetch({ [LIST_CALL]: () => jsonResponse(FIRST_PAGE), ...extra });
}

const renderList = (path = '/users') =>
  renderRoutes(
    [
      { path: '/users', element: <UserListPage /> },
      { path: '/users/:id', element: <UserStub /> },
    ],
    path,
  );

const rowOf = async (table: HTMLElement, text: string) =>
  (await within(table).findByText(text)).closest('tr') as HTMLElement;

signedInAsRepInEnglish();

describe('UserListPage', { timeout: SLOW_TEST_TIMEOUT }, () => {
  const asAdmin = () => setSession('token', DEMO_ADMIN_USER);

  it('shows the spec’s columns with the admin, access and invitation tags, Never without a login, and a row opens the user', async () => {
    asAdmin();
    api();
    const { user, router } = renderList();
    const table = await screen.findByTestId('users-table');
    const anne = await rowOf(table, 'anne.martin@labo.fr');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['First name', 'Last name', 'E-mail', 'Admin', 'Doctors & offices', 'Last login']);
    expect(anne).toHaveTextContent(/^AnneMartinanne\.martin@labo\.fr WriteNovember 20, 2026 \d{2}:30$/);
    expect(await rowOf(table, 'paul.durand@labo.fr')).toHaveTextContent(
      'PaulDurandpaul.durand@labo.fr AdminRead onlyNever',
    );
    expect(await rowOf(table, 'invite@labo.fr')).toHaveTextContent('——invite@labo.fr Invitation pendingWriteNever');
    // Pages without a size changer (spec 001 §2), 20 a page.
    expect(screen.getByText('1-20 of 45')).toBeInTheDocument();
    expect(document.querySelector('.ant-pagination-options')).toBeNull();

    await user.click(within(anne).getByText('Anne'));
    expect(await screen.findByText(`User page ${ANNE.id}`)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/users/${ANNE.id}`);
  });

  it('asks for another page and keeps it in the address', async () => {
    asAdmin();
    const fetchMock = api({
      'GET /api/users?page=2&limit=20': () =>
        jsonResponse({ users: [userSummary({ email: 'page2@labo.fr' })], total: 45 }),
    });
    const { user, router } = renderList();
    const table = await screen.findByTestId('users-table');
    await within(table).findByText('anne.martin@labo.fr');
    await user.click(screen.getByTitle('2'));
    expect(await within(table).findByText('page2@labo.fr')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/users?page=2&limit=20')).toHaveLength(1);
    expect(router.state.location.search).toBe('?page=2&limit=20');
    expect(screen.getByText('21-40 of 45')).toBeInTheDocument();
  });

  it('searches once typing pauses, keeps the search in the address, and says when no user matches', async () => {
    asAdmin();
    const fetchMock = api({
      'GET /api/users?page=1&limit=20&search=zorglub': () => jsonResponse({ users: [], total: 0 }),
    });
    const { user, router } = renderList();
    const table = await screen.findByTestId('users-table');
    await within(table).findByText('anne.martin@labo.fr');
    await user.type(screen.getByRole('textbox', { name: 'Search by name or e-mail' }), 'zorglub');

    expect(await within(table).findByText('No users')).toBeInTheDocument();
    expect(within(table).queryByText('anne.martin@labo.fr')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/users', { anyParams: true })).toHaveLength(2);
    expect(router.state.location.search).toBe('?search=zorglub');
    expect(screen.getByRole('textbox', { name: 'Search by name or e-mail' })).toHaveValue('zorglub');
  });

  it('says when the users could not be loaded', async () => {
    asAdmin();
    api({ [LIST_CALL]: () => jsonResponse({ message: 'Unexpected', code: 'INTERNAL_ERROR' }, 500) });
    renderList();
    const table = await screen.findByTestId('users-table');
    expect(await within(table).findByText('Failed to load users')).toBeInTheDocument();
  });

  it('refreshes the list, and the add-user and batch buttons open their dialogs', async () => {
    asAdmin();
    const fetchMock = api();
    const { user } = renderList();
    const table = await screen.findByTestId('users-table');
    await within(table).findByText('anne.martin@labo.fr');

    await user.click(screen.getByTestId('users-refresh'));
    await waitFor(() => expect(callsTo(fetchMock, LIST_CALL)).toHaveLength(2));

    await user.click(screen.getByTestId('users-add'));
    expect(await screen.findByRole('dialog', { name: 'Add user' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add user' })).not.toBeInTheDocument());

    await user.click(screen.getByTestId('users-batch'));
    expect(await screen.findByRole('dialog', { name: 'Create users in a batch' })).toBeInTheDocument();
  });

  it('switches to the org chart and keeps the view in the address', async () => {
    asAdmin();
    api({ 'GET /api/users/org-chart': () => jsonResponse({ users: [orgChartUser()] }) });
    const { user, router } = renderList();
    await screen.findByTestId('users-table');
    await user.click(screen.getByRole('tab', { name: /Org chart/ }));
    expect(await screen.findByTestId('org-chart')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?view=chart');
  });

  it('speaks French: headers, tags and Jamais', async () => {
    await i18n.changeLanguage('fr');
    asAdmin();
    api();
    renderList();
    const table = await screen.findByTestId('users-table');
    expect(await rowOf(table, 'invite@labo.fr')).toHaveTextContent(
      'invite@labo.fr Invitation en attenteÉcritureJamais',
    );
    expect(await rowOf(table, 'paul.durand@labo.fr')).toHaveTextContent('AdminLecture seuleJamais');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Prénom', 'Nom', 'E-mail', 'Admin', 'Médecins et cabinets', 'Dernière connexion']);
    expect(screen.getByText('1-20 sur 45')).toBeInTheDocument();
  });

  it('shows a non-administrator the warning and the empty-state text, in French, without asking for users', async () => {
    await i18n.changeLanguage('fr');
    const fetchMock = api();
    renderList();
    const panel = screen.getByTestId('users-admin-required');
    expect(panel).toHaveTextContent('Accès administrateur requis');
    expect(panel).toHaveTextContent('Seuls les administrateurs peuvent consulter et gérer les utilisateurs.');
    expect(panel).toHaveTextContent('Rien à afficher');
    expect(screen.queryByTestId('users-table')).not.toBeInTheDocument();
    expect(screen.queryByTestId('users-add')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
