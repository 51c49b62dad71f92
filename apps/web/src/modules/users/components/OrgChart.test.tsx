import { screen, waitFor, within } from '@testing-library/react';
import { useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { OrgChart } from '@/modules/users/components/OrgChart';
import { jsonResponse, stubFetch } from '@/test/fetch';
import { SLOW_TEST_TIMEOUT, renderRoutes } from '@/test/render';
import { signedInAsRepInEnglish } from '@/test/signed-in';
import { DEMO_ADMIN_USER, REP_USER } from '@/test/tokens';
import { orgChartUser, userId } from '@/test/users';

const ADMIN = orgChartUser({
  id: DEMO_ADMIN_USER.id,
  email: DEMO_ADMIN_USER.email,
  firstName: 'Camille',
  lastName: 'Durand',
  displayName: 'Camille Durand',
  isAdmin: true,
});
const MANAGER = orgChartUser({
  id: REP_USER.managerId ?? '',
  email: 'manager@demo-crm.fr',
  firstName: 'Marc',
  lastName: 'Bernard',
  displayName: null,
  managerId: ADMIN.id,
});
const REP = orgChartUser({
  id: REP_USER.id,
  email: REP_USER.email,
  firstName: 'Julien',
  lastName: 'Lefèvre',
  displayName: 'Julien Lefèvre',
  managerId: MANAGER.id,
});
const SOPHIE = orgChartUser({
  id: userId(30),
  email: 'sophie.lefort@demo-crm.fr',
  firstName: 'Sophie',
  lastName: 'Lefort',
  displayName: null,
  managerId: MANAGER.id,
});
const ZOE = orgChartUser({
  id: userId(31),
  email: 'zoe@demo-crm.fr',
  firstName: null,
  lastName: null,
  displayName: null,
  readWrite: false,
});
const USERS = [ADMIN, MANAGER, REP, SOPHIE, ZOE];

function UserStub() {
  const { id } = useParams();
  return <p>User page {id}</p>;
}

const renderChart = () =>
  renderRoutes(
    [
      { path: '/users', element: <OrgChart /> },
      { path: '/users/:id', element: <UserStub /> },
    ],
    '/users',
  );

const nodeOf = (email: string) =>
  screen.getAllByTestId('org-node').find((node) => node.textContent.includes(email)) as HTMLElement;
const shownEmails = () =>
  screen.getAllByTestId('org-node').map((node) => node.querySelector('.org-email')?.textContent);

signedInAsRepInEnglish();

describe('OrgChart', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it('shows the top of the hierarchy collapsed with initials, Admin and Write tags and team sizes; nodes expand', async () => {
    stubFetch({ 'GET /api/users/org-chart': () => jsonResponse({ users: USERS }) });
    const { user } = renderChart();
    expect(await screen.findByText('5 users. Expand a manager to see their team, or search.')).toBeInTheDocument();
    expect(shownEmails()).toEqual([ADMIN.email, ZOE.email]);
    expect(nodeOf(ADMIN.email)).toHaveTextContent(/^CDCamille Durand.*AdminWrite1 in team$/);
    // Neither admin nor writer: no tag; no name: the address, and its initials.
    expect(nodeOf(ZOE.email)).toHaveTextContent(/^ZDzoe@demo-crm\.frzoe@demo-crm\.fr$/);

    const adminItem = nodeOf(ADMIN.email).closest('.ant-tree-treenode') as HTMLElement;
    await user.click(adminItem.querySelector('.ant-tree-switcher') as HTMLElement);
    await waitFor(() => expect(shownEmails()).toEqual([ADMIN.email, MANAGER.email, ZOE.email]));
    expect(nodeOf(MANAGER.email)).toHaveTextContent(/^MBMarc Bernard.*Write2 in team$/);

    await user.click(screen.getByRole('button', { name: /Expand all/ }));
    await waitFor(() =>
      expect(shownEmails()).toEqual([ADMIN.email, MANAGER.email, REP.email, SOPHIE.email, ZOE.email]),
    );
    await user.click(screen.getByRole('button', { name: /Collapse all/ }));
    await waitFor(() => expect(shownEmails()).toEqual([ADMIN.email, ZOE.email]));
  });

  it('opens the branches down to what a search finds, marks it, and a click opens that user', async () => {
    stubFetch({ 'GET /api/users/org-chart': () => jsonResponse({ users: USERS }) });
    const { user, router } = renderChart();
    await user.type(await screen.findByRole('textbox', { name: 'Search the org chart by name or e-mail' }), 'lef');

    // By name: Lefèvre and Lefort, both under Marc, whose branch opens.
    expect(await screen.findByText('2 users found')).toBeInTheDocument();
    await waitFor(() => expect(nodeOf(REP.email)).toHaveClass('org-node-match'));
    expect(nodeOf(SOPHIE.email)).toHaveClass('org-node-match');
    expect(nodeOf(MANAGER.email)).not.toHaveClass('org-node-match');
    expect(shownEmails()).toEqual([ADMIN.email, MANAGER.email, REP.email, SOPHIE.email, ZOE.email]);
    // One match reads in the singular (issue 29).
    await user.type(screen.getByRole('textbox', { name: 'Search the org chart by name or e-mail' }), 'o');
    expect(await screen.findByText('1 user found')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Search the org chart by name or e-mail' }));
    await user.type(screen.getByRole('textbox', { name: 'Search the org chart by name or e-mail' }), 'lef');
    expect(await screen.findByText('2 users found')).toBeInTheDocument();

    await user.click(nodeOf(REP.email));
    expect(await screen.findByText(`User page ${REP.id}`)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/users/${REP.id}`);
  });

  it('says when the chart could not be loaded', async () => {
    stubFetch({
      'GET /api/users/org-chart': () => jsonResponse({ message: 'Unexpected', code: 'INTERNAL_ERROR' }, 500),
    });
    renderChart();
    expect(await screen.findByText('Failed to load users')).toBeInTheDocument();
    expect(screen.queryByTestId('org-chart')).not.toBeInTheDocument();
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    stubFetch({ 'GET /api/users/org-chart': () => jsonResponse({ users: USERS }) });
    renderChart();
    expect(
      await screen.findByText('5 utilisateurs. Dépliez un responsable pour voir son équipe, ou cherchez.'),
    ).toBeInTheDocument();
    expect(nodeOf(ADMIN.email)).toHaveTextContent(/AdminÉcriture1 dans l'équipe$/);
    expect(within(screen.getByTestId('org-chart')).getByRole('button', { name: /Tout déplier/ })).toBeInTheDocument();
  });
});
