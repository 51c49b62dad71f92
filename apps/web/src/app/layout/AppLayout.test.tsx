import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/router';
import { clearSession, getSession, setSession } from '@/app/session';
import { i18n } from '@/lib/i18n';
import { setSimulatedOffline } from '@/offline/engine/network-monitor';
import { syncNow } from '@/offline/engine/sync-triggers';
import { countPendingItems } from '@/offline/store/db';
import { callsTo, jsonResponse, stubFetch, type FetchHandler } from '@/test/fetch';
import { renderRoutes } from '@/test/render';
import { DEMO_ADMIN_USER, REP_USER } from '@/test/tokens';

// Load the lazy pages up front, so the findBy timeouts measure rendering rather than the first transform.
import '@/app/layout/AppLayout';
import '@/modules/activities/pages/ActivityListPage';
import '@/modules/auth/pages/LoginPage';
import '@/modules/configuration/pages/ConfigurationPage';
import '@/modules/dashboard/pages/DashboardPage';
import '@/modules/doctors/pages/DoctorListPage';

// jsdom has no IndexedDB; the pending count is what matters here.
vi.mock('@/offline/store/db', () => ({ countPendingItems: vi.fn(() => Promise.resolve(0)) }));
vi.mock('@/offline/engine/sync-triggers', () => ({
  syncNow: vi.fn(() => Promise.resolve({ sent: 2, failed: 0, refused: 0, stopped: null, waiting: 0 })),
}));

const ONLINE_ENTRIES = ['Dashboard', 'My plan', 'Doctors', 'Offices', 'Mail', 'Campaigns', 'Calendar', 'Activities'];
const ADMIN_ENTRIES = ['Users', 'Logs', 'Transparence Santé', 'Directory import', 'Cycles', 'Configuration'];
/** The dashboard's heading greets the user by the hour. */
const GREETING = /^Good (morning|afternoon|evening)/;

function apiAs(user: typeof REP_USER, extra: Record<string, FetchHandler> = {}) {
  return stubFetch({
    'GET /api/auth/me': () => jsonResponse({ ...user, managees: [] }),
    'GET /api/meta': () => jsonResponse({ demoMode: true, version: '1.0.0' }),
    'GET /api/auth/sso-config': () => jsonResponse({ enabled: false }),
    'POST /api/auth/logout': () => jsonResponse({ providerLogoutUrl: null }),
    ...extra,
  });
}

async function menuEntries() {
  const menu = await screen.findByTestId('side-menu');
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  vi.mocked(countPendingItems).mockResolvedValue(0);
});

afterEach(() => {
  setSimulatedOffline(false);
  clearSession();
  vi.unstubAllGlobals();
});

describe('application shell', () => {
  it('sends a signed-out visitor to /login', async () => {
    apiAs(REP_USER);
    const { router } = renderRoutes(routes, '/doctors');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows a representative the online menu, their e-mail and the dashboard', async () => {
    apiAs(REP_USER);
    setSession('token', REP_USER);
    renderRoutes(routes, '/');

    expect(await screen.findByRole('heading', { name: GREETING })).toBeInTheDocument();
    expect(await menuEntries()).toEqual(ONLINE_ENTRIES);
    expect(screen.getByTestId('user-email')).toHaveTextContent('rep@demo-crm.fr');
    expect(screen.getByTestId('connectivity-indicator')).toHaveTextContent('Online');
    for (const testId of ['admin-tag', 'demo-tag', 'simulate-offline-switch', 'offline-tag']) {
      expect(screen.queryByTestId(testId)).not.toBeInTheDocument();
    }
    expect(screen.getByTestId('language-switch')).toBeInTheDocument();
  });

  it("opens the user's own account page from the e-mail in the header", async () => {
    apiAs(REP_USER, {
      'GET /api/account': () =>
        jsonResponse({
          ...REP_USER,
          hasPassword: true,
          identities: [],
          createdAt: '2026-01-05T09:00:00.000Z',
          lastLogin: null,
        }),
      'GET /api/account/sessions': () => jsonResponse({ sessions: [] }),
    });
    setSession('token', REP_USER);
    const { user, router } = renderRoutes(routes, '/');
    await user.click(await screen.findByTestId('account-link'));
    expect(await screen.findByRole('heading', { name: 'My account' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account');
  });

  it('sends a non-admin away from /configuration', async () => {
    apiAs(REP_USER);
    setSession('token', REP_USER);
    const { router } = renderRoutes(routes, '/configuration');
    expect(await screen.findByRole('heading', { name: GREETING })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('navigates from the menu', async () => {
    apiAs(REP_USER);
    setSession('token', REP_USER);
    const { user, router } = renderRoutes(routes, '/');
    await user.click(within(await screen.findByTestId('side-menu')).getByText('Doctors'));
    expect(await screen.findByRole('heading', { name: 'Doctors' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/doctors');
  });

  it('shows the demo administrator the admin entries, the Admin and Demo tags and the offline simulation', async () => {
    apiAs(DEMO_ADMIN_USER);
    setSession('token', DEMO_ADMIN_USER);
    const { user, router } = renderRoutes(routes, '/configuration');

    expect(await screen.findByRole('heading', { name: 'Configuration' })).toBeInTheDocument();
    expect(await menuEntries()).toEqual([...ONLINE_ENTRIES, ...ADMIN_ENTRIES]);
    expect(screen.getByTestId('admin-tag')).toHaveTextContent('Admin');
    expect(screen.getByTestId('demo-tag')).toHaveTextContent('Demo');

    await user.click(screen.getByTestId('simulate-offline-switch'));

    // Offline: only activities and calendar, and online-only pages give way to /activities.
    expect(await screen.findByRole('heading', { name: 'Activities' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/activities');
    expect(await menuEntries()).toEqual(['Calendar', 'Activities']);
    expect(screen.getByTestId('offline-tag')).toHaveTextContent('Working offline');
    expect(screen.getByTestId('connectivity-indicator')).toHaveTextContent('Offline');
  });

  it('offers Sync now when online with pending changes', async () => {
    vi.mocked(countPendingItems).mockResolvedValue(2);
    apiAs(REP_USER);
    setSession('token', REP_USER);
    const { user } = renderRoutes(routes, '/');

    await user.hover(await screen.findByTestId('connectivity-indicator'));
    expect(await screen.findByText('Pending changes: 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Sync now/ }));
    expect(syncNow).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('All changes are synchronised')).toBeInTheDocument();
  });

  it('logs out through the server and returns to /login', async () => {
    const fetchMock = apiAs(REP_USER);
    setSession('token', REP_USER);
    const { user, router } = renderRoutes(routes, '/');
    await user.click(await screen.findByTestId('logout-button'));

    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(getSession().isAuthenticated).toBe(false);
    expect(callsTo(fetchMock, 'POST /api/auth/logout')).toHaveLength(1);
  });

  it('asks before logging out with changes not yet synchronised', async () => {
    vi.mocked(countPendingItems).mockResolvedValue(3);
    apiAs(REP_USER);
    setSession('token', REP_USER);
    const { user } = renderRoutes(routes, '/');
    await screen.findByRole('heading', { name: GREETING });
    await waitFor(() => {
      expect(countPendingItems).toHaveBeenCalledWith(REP_USER.id);
    });

    await user.click(screen.getByTestId('logout-button'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('3 changes made on this device have not reached the server.');
    expect(getSession().isAuthenticated).toBe(true);

    await user.click(within(dialog).getByRole('button', { name: 'Keep them for my next sign-in' }));
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  it('refreshes the stored user from GET /api/auth/me', async () => {
    apiAs({ ...REP_USER, displayName: 'Julien L.' });
    setSession('token', REP_USER);
    renderRoutes(routes, '/');
    await waitFor(() => {
      expect(getSession().user?.displayName).toBe('Julien L.');
    });
    expect(getSession().user?.managees).toEqual([]);
  });
});
