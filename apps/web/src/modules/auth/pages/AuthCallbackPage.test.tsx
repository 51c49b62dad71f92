import { screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getSession } from '@/app/session';
import { i18n } from '@/lib/i18n';
import { AuthCallbackPage } from '@/modules/auth/pages/AuthCallbackPage';
import { callsTo, jsonResponse, stubFetch } from '@/test/fetch';
import { renderRoutes } from '@/test/render';
import { makeToken, REP_USER } from '@/test/tokens';
import { CurrentLocation } from '@/test/location';

/** The browser's address is what the page reads and cleans; the memory router follows where it navigates. */
function renderCallback(search: string) {
  window.history.replaceState(null, '', `/auth/callback${search}`);
  return renderRoutes(
    [
      { path: '/auth/callback', element: <AuthCallbackPage /> },
      { path: '*', element: <CurrentLocation /> },
    ],
    `/auth/callback${search}`,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

const SESSION_TOKEN = makeToken({ ...REP_USER, jti: 'session-1' });

describe('AuthCallbackPage', () => {
  it('exchanges a good token for the session, stores it and its user, then goes to /', async () => {
    stubFetch({ 'POST /api/auth/sso/exchange': () => jsonResponse({ token: SESSION_TOKEN, user: REP_USER }) });
    renderCallback(`?token=${makeToken(REP_USER)}`);
    expect(await screen.findByTestId('location')).toHaveTextContent(/^At \/$/);
    expect(getSession()).toEqual({ token: SESSION_TOKEN, user: REP_USER, isAuthenticated: true });
    expect(localStorage.getItem('token')).toBe(SESSION_TOKEN);
  });

  it('goes to /login?error=sso_failed when the server refuses the exchange', async () => {
    stubFetch({
      'POST /api/auth/sso/exchange': () => jsonResponse({ message: 'Expired', code: 'UNAUTHORIZED' }, 401),
    });
    renderCallback(`?token=${makeToken(REP_USER)}`);
    expect(await screen.findByTestId('location')).toHaveTextContent('/login?error=sso_failed');
    expect(getSession().isAuthenticated).toBe(false);
  });

  it('removes the token from the address bar', async () => {
    stubFetch({ 'POST /api/auth/sso/exchange': () => jsonResponse({ token: SESSION_TOKEN, user: REP_USER }) });
    renderCallback(`?token=${makeToken(REP_USER)}`);
    await screen.findByTestId('location');
    expect(window.location.pathname).toBe('/auth/callback');
    expect(window.location.search).toBe('');
    expect(window.location.href).not.toContain('token');
  });

  it.each([
    ['a malformed token', '?token=not-a-jwt'],
    ['a token whose payload is not a user', `?token=${makeToken({ sub: '1' })}`],
    ['an error', `?error=access_denied&token=${makeToken(REP_USER)}`],
    ['no token', '?state=x'],
  ])('goes to /login?error=sso_failed on %s, without asking the server', async (_case, search) => {
    // A server that would exchange anything: the page alone must refuse.
    const fetchMock = stubFetch({
      'POST /api/auth/sso/exchange': () => jsonResponse({ token: SESSION_TOKEN, user: REP_USER }),
    });
    renderCallback(search);
    expect(await screen.findByTestId('location')).toHaveTextContent('/login?error=sso_failed');
    expect(getSession().isAuthenticated).toBe(false);
    expect(window.location.search).toBe('');
    expect(callsTo(fetchMock, 'POST /api/auth/sso/exchange')).toHaveLength(0);
  });

  it('tells the user what is happening', () => {
    // Rendered without running effects: in the browser this shows until the sign-in completes.
    const html = renderToStaticMarkup(
      <MemoryRouter initialEntries={['/auth/callback']}>
        <AuthCallbackPage />
      </MemoryRouter>,
    );
    expect(html).toContain('Completing authentication...');
    expect(html).toContain('Please wait while we complete your sign-in process.');
  });
});
