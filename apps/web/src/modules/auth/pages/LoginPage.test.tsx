import { DEMO_PASSWORD } from '@crm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ArrivalNotice } from '@/app/layout/ArrivalNotice';
import { startServiceWorker } from '@/app/pwa/start-service-worker';
import { clearSession, getSession, setSession } from '@/app/session';
import { apiRequest } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { leavePage } from '@/lib/leave-page';
import { LoginPage } from '@/modules/auth/pages/LoginPage';
import { callsTo, jsonResponse, stubFetch, type FetchHandler } from '@/test/fetch';
import { renderRoutes } from '@/test/render';
import { REP_USER } from '@/test/tokens';

vi.mock('@/app/pwa/start-service-worker', () => ({ startServiceWorker: vi.fn() }));

const publicCalls: Record<string, FetchHandler> = {
  'GET /api/meta': () => jsonResponse({ demoMode: false, version: '1.2.3' }),
  'GET /api/auth/sso-config': () => jsonResponse({ enabled: false }),
};

/** The login page once its form shows (after the public settings have answered). */
async function renderLogin(path = '/login') {
  const rendered = renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      // The signed-in screen tells the success the login page left it.
      {
        path: '/',
        element: (
          <>
            <ArrivalNotice />
            <p>Dashboard stub</p>
          </>
        ),
      },
    ],
    path,
  );
  await screen.findByLabelText('E-mail');
  return rendered;
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('LoginPage', () => {
  it('asks for the e-mail and the password', async () => {
    stubFetch(publicCalls);
    const { user } = await renderLogin();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please input your email!')).toBeInTheDocument();
    expect(await screen.findByText('Please input your password!')).toBeInTheDocument();
    // Each message belongs to its field, for a screen reader too.
    expect(screen.getByLabelText('E-mail')).toBeInvalid();
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('Please input your email!');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Please input your password!');
    expect(screen.getByLabelText('E-mail')).toHaveFocus();
  });

  it('asks for the service worker once drawn, so that the shell is precached while the rep signs in', async () => {
    vi.mocked(startServiceWorker).mockClear();
    stubFetch(publicCalls);
    await renderLogin();
    expect(startServiceWorker).toHaveBeenCalledTimes(1);
  });

  it('asks for a valid e-mail address', async () => {
    stubFetch(publicCalls);
    const { user } = await renderLogin();
    await user.type(screen.getByLabelText('E-mail'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
  });

  it('asks the user whose session the server ended to sign in again, their e-mail filled in', async () => {
    setSession('expired-token', REP_USER);
    stubFetch({
      ...publicCalls,
      'GET /api/activities/stats': () => jsonResponse({ message: 'Session expired', code: 'UNAUTHORIZED' }, 401),
    });
    await expect(apiRequest('/activities/stats')).rejects.toMatchObject({ status: 401 });
    expect(getSession().isAuthenticated).toBe(false);

    await renderLogin();

    expect(await screen.findByTestId('session-ended')).toHaveTextContent('Your session has ended');
    expect(screen.getByLabelText('E-mail')).toHaveValue(REP_USER.email);
  });

  it('says nothing of the kind after a logout', async () => {
    setSession('token', REP_USER);
    clearSession();
    stubFetch(publicCalls);
    await renderLogin();
    await screen.findByRole('button', { name: 'Log in' });
    expect(screen.queryByTestId('session-ended')).not.toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveValue('');
  });

  it('says it in French too', async () => {
    await i18n.changeLanguage('fr');
    stubFetch(publicCalls);
    const { user } = await renderLogin();
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('Veuillez saisir votre e-mail !')).toBeInTheDocument();
    expect(await screen.findByText('Veuillez saisir votre mot de passe !')).toBeInTheDocument();
  });

  it("shows the server's message when signing in fails, and stays signed out", async () => {
    const fetchMock = stubFetch({
      ...publicCalls,
      'POST /api/auth/login': () =>
        jsonResponse(
          { message: 'Too many sign-in attempts. Try again in 60 seconds.', code: 'TOO_MANY_ATTEMPTS' },
          429,
        ),
    });
    const { user, router } = await renderLogin();
    await user.type(screen.getByLabelText('E-mail'), 'rep@demo-crm.fr');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Too many sign-in attempts. Try again in 60 seconds.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(getSession().isAuthenticated).toBe(false);
    const [loginCall] = callsTo(fetchMock, 'POST /api/auth/login');
    expect(loginCall?.[1]?.body).toBe(JSON.stringify({ email: 'rep@demo-crm.fr', password: 'wrong' }));
  });

  it("shows 'Invalid email or password' when the server gives no message", async () => {
    stubFetch({ ...publicCalls, 'POST /api/auth/login': () => new Response(null, { status: 401 }) });
    const { user } = await renderLogin();
    await user.type(screen.getByLabelText('E-mail'), 'rep@demo-crm.fr');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
  });

  it('signs in, says so and goes to the dashboard', async () => {
    stubFetch({ ...publicCalls, 'POST /api/auth/login': () => jsonResponse({ token: 'a.b.c', user: REP_USER }) });
    const { user, router } = await renderLogin();
    await user.type(screen.getByLabelText('E-mail'), ' rep@demo-crm.fr ');
    await user.type(screen.getByLabelText('Password'), DEMO_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Dashboard stub')).toBeInTheDocument();
    expect(await screen.findByText('Login successful')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(getSession()).toEqual({ token: 'a.b.c', user: REP_USER, isAuthenticated: true });
  });

  it('shows the demo warning with the demo credentials in demo mode, and fills the form from it', async () => {
    stubFetch({ ...publicCalls, 'GET /api/meta': () => jsonResponse({ demoMode: true, version: '1.2.3' }) });
    const { user } = await renderLogin();
    expect(await screen.findByText('Demo mode')).toBeInTheDocument();
    expect(screen.getByText(DEMO_PASSWORD)).toBeInTheDocument();
    for (const email of ['demo@demo-crm.fr', 'manager@demo-crm.fr', 'rep@demo-crm.fr', 'reader@demo-crm.fr']) {
      expect(screen.getByRole('button', { name: email })).toBeInTheDocument();
    }
    expect(screen.getByText('demo administrator')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'manager@demo-crm.fr' }));
    expect(screen.getByLabelText('E-mail')).toHaveValue('manager@demo-crm.fr');
    expect(screen.getByLabelText('Password')).toHaveValue(DEMO_PASSWORD);
  });

  it('shows no demo warning outside demo mode', async () => {
    stubFetch(publicCalls);
    await renderLogin();
    expect(await screen.findByText('Version 1.2.3')).toBeInTheDocument();
    expect(screen.queryByText('Demo mode')).not.toBeInTheDocument();
  });

  it('says when single sign-on failed', async () => {
    stubFetch(publicCalls);
    await renderLogin('/login?error=sso_failed');
    expect(await screen.findByText('Single Sign-On authentication failed. Please try again.')).toBeInTheDocument();
  });

  it('hides the single-sign-on button unless single sign-on is enabled', async () => {
    stubFetch(publicCalls);
    await renderLogin();
    await screen.findByText('Version 1.2.3');
    expect(screen.queryByRole('button', { name: /single sign-on/ })).not.toBeInTheDocument();
  });

  it('sends the browser to the server, which starts single sign-on at the provider', async () => {
    stubFetch({
      ...publicCalls,
      'GET /api/auth/sso-config': () => jsonResponse({ enabled: true, loginUrl: '/api/auth/sso/login' }),
    });
    const leave = vi.spyOn(leavePage, 'to').mockImplementation(() => undefined);
    const { user } = await renderLogin();
    await user.click(await screen.findByRole('button', { name: /Sign in with single sign-on/ }));
    await waitFor(() => {
      expect(leave).toHaveBeenCalledWith('/api/auth/sso/login');
    });
  });

  it('says single sign-on is not available when it became unavailable', async () => {
    let isEnabled = true;
    stubFetch({
      ...publicCalls,
      'GET /api/auth/sso-config': () =>
        jsonResponse(isEnabled ? { enabled: true, loginUrl: '/api/auth/sso' } : { enabled: false }),
    });
    const { user } = await renderLogin();
    const ssoButton = await screen.findByRole('button', { name: /single sign-on/ });
    isEnabled = false;
    await user.click(ssoButton);
    expect(await screen.findByText('Single sign-on is not available')).toBeInTheDocument();
  });

  it('switches language on the login page', async () => {
    stubFetch(publicCalls);
    const { user } = await renderLogin();
    await user.click(screen.getByText('FR'));
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeInTheDocument();
    await waitFor(() => {
      expect(localStorage.getItem('i18nextLng')).toBe('fr');
    });
  });

  it('shows the form only once the public settings have answered, with the demo notice already above it', async () => {
    let answerMeta: (response: Response) => void = () => undefined;
    const fetchMock = stubFetch({
      ...publicCalls,
      'GET /api/meta': () =>
        new Promise<Response>((resolve) => {
          answerMeta = resolve;
        }),
    });
    renderRoutes([{ path: '/login', element: <LoginPage /> }], '/login');
    expect(await screen.findByRole('heading', { name: 'Sign in to your account' })).toBeInTheDocument();
    await waitFor(() => {
      expect(callsTo(fetchMock, 'GET /api/meta')).toHaveLength(1);
    });
    // Nothing to push down yet: what the answer adds comes with the form, in one frame.
    expect(screen.queryByLabelText('E-mail')).not.toBeInTheDocument();

    answerMeta(jsonResponse({ demoMode: true, version: '1.2.3' }));
    const email = await screen.findByLabelText('E-mail');
    const notice = screen.getByTestId('demo-warning');
    expect(notice.compareDocumentPosition(email) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('asks for a new password link in a dialog, with the e-mail typed so far', async () => {
    const fetchMock = stubFetch({
      ...publicCalls,
      'POST /api/auth/forgot-password': () =>
        jsonResponse({ message: 'If the address has an account, a link is sent.' }),
    });
    const { user } = await renderLogin();
    await user.type(screen.getByLabelText('E-mail'), 'rep@demo-crm.fr');
    await user.click(screen.getByTestId('forgot-password'));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('E-mail')).toHaveValue('rep@demo-crm.fr');
    await user.click(within(dialog).getByRole('button', { name: 'Send the link' }));
    expect(await within(dialog).findByTestId('forgot-sent')).toHaveTextContent('If the address has an account');
    const [forgotCall] = callsTo(fetchMock, 'POST /api/auth/forgot-password');
    expect(forgotCall?.[1]?.body).toBe(JSON.stringify({ email: 'rep@demo-crm.fr' }));
  });

  it('shows the password typed on demand', async () => {
    stubFetch(publicCalls);
    const { user } = await renderLogin();
    await user.type(screen.getByLabelText('Password'), 'secret');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password', pressed: false }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Show password', pressed: true })).toBeInTheDocument();
  });
});
