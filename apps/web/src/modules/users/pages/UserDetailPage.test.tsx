import type { UserDetail } from '@crm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setSession } from '@/app/session';
import { i18n } from '@/lib/i18n';
import { UserDetailPage } from '@/modules/users/pages/UserDetailPage';
import { callsTo, type FetchHandler, jsonResponse, stubFetch } from '@/test/fetch';
import { SLOW_TEST_TIMEOUT, renderRoutes } from '@/test/render';
import { signedInAsRepInEnglish } from '@/test/signed-in';
import { DEMO_ADMIN_USER } from '@/test/tokens';
import { ADMIN_DETAIL, userDetail } from '@/test/users';

/** Another user: standard, read only, invited and never signed in. */
const ANNE = userDetail({
  displayName: null,
  readWrite: false,
  lastLogin: null,
  invitationPending: true,
  accountType: 'invited',
});
const UNKNOWN_ID = '0190f0a0-0000-7000-8000-000000000000';

/** The user's answer, and what the four cards ask for on mount. */
function api(shown: UserDetail, extra: Record<string, FetchHandler> = {}) {
  return stubFetch({
    [`GET /api/users/${shown.id}`]: () => jsonResponse(shown),
    'GET /api/users/products/all': () => jsonResponse({ products: [] }),
    [`GET /api/users/${shown.id}/manager-candidates?limit=50`]: () => jsonResponse({ users: [] }),
    [`GET /api/users/${shown.id}/managee-candidates?limit=50`]: () => jsonResponse({ users: [] }),
    ...extra,
  });
}

const renderDetail = (id: string) =>
  renderRoutes(
    [
      { path: '/users', element: <p>Users list</p> },
      { path: '/users/:id', element: <UserDetailPage /> },
    ],
    `/users/${id}`,
  );

signedInAsRepInEnglish();

describe('UserDetailPage', { timeout: SLOW_TEST_TIMEOUT }, () => {
  const asAdmin = () => setSession('token', DEMO_ADMIN_USER);

  it('shows another user’s header: name, Standard and Read Only tags, Never, account type and id; the four cards; and Delete', async () => {
    asAdmin();
    api(ANNE);
    renderDetail(ANNE.id);
    const header = await screen.findByTestId('user-header');
    // No display name: the full name.
    expect(within(header).getByRole('heading', { level: 1, name: 'Anne Martin' })).toBeInTheDocument();
    for (const text of ['AM', 'Standard', 'Read Only', 'Invitation pending', ANNE.email, 'Never']) {
      expect(within(header).getByText(text)).toBeInTheDocument();
    }
    expect(within(header).getByText('Invited, no password yet')).toBeInTheDocument();
    expect(within(header).getByText(ANNE.id)).toBeInTheDocument();
    expect(within(header).queryByText('Admin')).not.toBeInTheDocument();
    expect(within(header).getByTestId('user-send-link')).toHaveTextContent('Resend invitation');
    expect(within(header).getByTestId('user-delete')).toHaveTextContent('Delete user');
    for (const card of ['user-info-card', 'user-permissions-card', 'user-products-card', 'user-hierarchy-card']) {
      expect(screen.getByTestId(card)).toBeInTheDocument();
    }
  });

  it('shows an administrator’s own page, in French, without Delete', async () => {
    await i18n.changeLanguage('fr');
    asAdmin();
    api(ADMIN_DETAIL);
    renderDetail(ADMIN_DETAIL.id);
    const header = await screen.findByTestId('user-header');
    expect(within(header).getByRole('heading', { level: 1, name: 'Camille Durand' })).toBeInTheDocument();
    for (const text of ['Admin', 'Accès complet', 'Mot de passe', 'Dernière connexion', 'Type de compte']) {
      expect(within(header).getByText(text)).toBeInTheDocument();
    }
    expect(within(header).getByText(/^20 novembre 2026 \d{2}:30$/)).toBeInTheDocument();
    expect(within(header).getByTestId('user-send-link')).toHaveTextContent('Envoyer un lien de mot de passe');
    expect(within(header).queryByTestId('user-delete')).not.toBeInTheDocument();
  });

  it('deletes another user after confirming, says so and returns to the list', async () => {
    asAdmin();
    const fetchMock = api(ANNE, { [`DELETE /api/users/${ANNE.id}`]: () => new Response(null, { status: 204 }) });
    const { user, router } = renderDetail(ANNE.id);
    await user.click(await screen.findByTestId('user-delete'));
    const question = await screen.findByText('Delete this user?');
    const popover = question.closest('.ant-popover') as HTMLElement;
    expect(popover).toHaveTextContent('Anne Martin will no longer be able to sign in.');
    expect(callsTo(fetchMock, `DELETE /api/users/${ANNE.id}`)).toHaveLength(0);

    await user.click(within(popover).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Users list')).toBeInTheDocument();
    expect(await screen.findByText('Anne Martin was deleted')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/users');
    expect(callsTo(fetchMock, `DELETE /api/users/${ANNE.id}`)).toHaveLength(1);
  });

  it('says why a delete was refused and stays on the user', async () => {
    asAdmin();
    api(ANNE, {
      [`DELETE /api/users/${ANNE.id}`]: () =>
        jsonResponse({ message: 'At least one administrator must remain', code: 'LAST_ADMIN' }, 409),
    });
    const { user, router } = renderDetail(ANNE.id);
    await user.click(await screen.findByTestId('user-delete'));
    const question = await screen.findByText('Delete this user?');
    await user.click(within(question.closest('.ant-popover') as HTMLElement).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('At least one administrator must remain')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/users/${ANNE.id}`);
    expect(screen.getByTestId('user-header')).toBeInTheDocument();
  });

  it('warns that the password link went to the server log when SMTP is not configured', async () => {
    asAdmin();
    const logged = `SMTP is not configured: the link for ${ANNE.email} was written to the server log. Check server logs.`;
    const fetchMock = api(ANNE, {
      [`POST /api/users/${ANNE.id}/invitation`]: () => jsonResponse({ message: logged, delivery: 'log' }),
    });
    const { user } = renderDetail(ANNE.id);
    await user.click(await screen.findByTestId('user-send-link'));
    const notice = await screen.findByText(logged);
    expect(notice.closest('.ant-message-notice')).toHaveClass('ant-message-notice-warning');
    expect(callsTo(fetchMock, `POST /api/users/${ANNE.id}/invitation`)).toHaveLength(1);
  });

  it('shows the not-found panel for an unknown user, and Back returns to the list', async () => {
    asAdmin();
    stubFetch({
      [`GET /api/users/${UNKNOWN_ID}`]: () => jsonResponse({ message: 'User not found', code: 'NOT_FOUND' }, 404),
    });
    const { user, router } = renderDetail(UNKNOWN_ID);
    expect(await screen.findByText('User not found')).toBeInTheDocument();
    expect(document.querySelector('.ant-result-404')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Users list')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/users');
  });

  it('says when the user could not be loaded, with the server’s message, and Try again asks again', async () => {
    asAdmin();
    let answer: FetchHandler = () => jsonResponse({ message: 'Database unavailable', code: 'INTERNAL_ERROR' }, 500);
    const fetchMock = api(ANNE, { [`GET /api/users/${ANNE.id}`]: (init) => answer(init) });
    const { user } = renderDetail(ANNE.id);
    // One user, not the list's 'Failed to load users' (issue 29).
    expect(await screen.findByText('The user could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();

    answer = () => jsonResponse(ANNE);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('user-header')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, `GET /api/users/${ANNE.id}`).length).toBeGreaterThanOrEqual(2));
  });

  it('shows a non-administrator the access-denied panel, in French, without asking for the user; Back returns to the list', async () => {
    await i18n.changeLanguage('fr');
    const fetchMock = stubFetch({});
    const { user, router } = renderDetail(UNKNOWN_ID);
    expect(screen.getByText('Accès refusé')).toBeInTheDocument();
    expect(
      screen.getByText('Seuls les administrateurs peuvent consulter et gérer les utilisateurs.'),
    ).toBeInTheDocument();
    expect(document.querySelector('.ant-result-403')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Retour' }));
    expect(await screen.findByText('Users list')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/users');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
