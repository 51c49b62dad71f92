import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getSession } from '@/app/session';
import { completeSsoSignIn, SSO_FAILED_PATH, takeSsoCallbackParams } from '@/modules/auth/sso-callback';
import { callsTo, jsonBody, jsonResponse, stubFetch } from '@/test/fetch';
import { makeToken, REP_USER } from '@/test/tokens';

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

/** The session the server answers for a good handoff: another token than the one of the address. */
const SESSION_TOKEN = makeToken({ ...REP_USER, jti: 'session-1' });

describe('takeSsoCallbackParams', () => {
  it('reads token and error and removes them from the address bar', () => {
    window.history.replaceState(null, '', '/auth/callback?token=a.b.c&error=denied');
    expect(takeSsoCallbackParams()).toEqual({ token: 'a.b.c', error: 'denied' });
    expect(window.location.pathname).toBe('/auth/callback');
    expect(window.location.search).toBe('');
  });

  it('hands the parameters out once', () => {
    window.history.replaceState(null, '', '/auth/callback?token=a.b.c');
    takeSsoCallbackParams();
    expect(takeSsoCallbackParams()).toEqual({ token: null, error: null });
  });

  it('leaves other pages alone', () => {
    window.history.replaceState(null, '', '/login?error=sso_failed');
    expect(takeSsoCallbackParams()).toEqual({ token: null, error: null });
    expect(window.location.search).toBe('?error=sso_failed');
  });
});

describe('completeSsoSignIn', () => {
  it('exchanges the one-time token for the session, stores it and its user, then goes to /', async () => {
    const token = makeToken(REP_USER);
    const fetchMock = stubFetch({
      'POST /api/auth/sso/exchange': () => jsonResponse({ token: SESSION_TOKEN, user: REP_USER }),
    });
    expect(await completeSsoSignIn({ token, error: null })).toBe('/');
    const [call] = callsTo(fetchMock, 'POST /api/auth/sso/exchange');
    expect(jsonBody(call?.[1])).toEqual({ token });
    expect(getSession()).toEqual({ token: SESSION_TOKEN, user: REP_USER, isAuthenticated: true });
    expect(localStorage.getItem('token')).toBe(SESSION_TOKEN);
  });

  it.each([
    ['refuses the exchange', () => jsonResponse({ message: 'Expired', code: 'UNAUTHORIZED' }, 401)],
    ['cannot be reached', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('goes to /login?error=sso_failed when the server %s', async (_case, answer) => {
    stubFetch({ 'POST /api/auth/sso/exchange': answer });
    expect(await completeSsoSignIn({ token: makeToken(REP_USER), error: null })).toBe(SSO_FAILED_PATH);
    expect(getSession().isAuthenticated).toBe(false);
  });

  it.each([
    ['an error is present', { token: makeToken(REP_USER), error: 'access_denied' }],
    ['an empty error is present', { token: makeToken(REP_USER), error: '' }],
    ['the token is missing', { token: null, error: null }],
    ['the token is empty', { token: '', error: null }],
    ['the token has two parts', { token: 'abc.def', error: null }],
    ['the token has four parts', { token: 'a.b.c.d', error: null }],
    ['the payload is not JSON', { token: 'aGVhZGVy.bm90IGpzb24.c2ln', error: null }],
    ['the payload is not a user', { token: makeToken({ sub: 'x' }), error: null }],
  ])('goes to /login?error=sso_failed when %s, without asking the server', async (_case, params) => {
    const fetchMock = stubFetch({});
    expect(await completeSsoSignIn(params)).toBe(SSO_FAILED_PATH);
    expect(SSO_FAILED_PATH).toBe('/login?error=sso_failed');
    expect(getSession().isAuthenticated).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
