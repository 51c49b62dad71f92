import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, getSession } from '@/app/session';
import { completeSsoSignIn, SSO_FAILED_PATH, takeSsoCallbackParams } from '@/modules/auth/sso-callback';
import { makeToken, REP_USER } from '@/test/tokens';

afterEach(() => {
  clearSession();
  window.history.replaceState(null, '', '/');
});

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
  it('stores the token and the user it carries, then goes to /', () => {
    const token = makeToken(REP_USER);
    expect(completeSsoSignIn({ token, error: null })).toBe('/');
    expect(getSession()).toEqual({ token, user: REP_USER, isAuthenticated: true });
    expect(localStorage.getItem('token')).toBe(token);
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
  ])('goes to /login?error=sso_failed when %s', (_case, params) => {
    expect(completeSsoSignIn(params)).toBe(SSO_FAILED_PATH);
    expect(SSO_FAILED_PATH).toBe('/login?error=sso_failed');
    expect(getSession().isAuthenticated).toBe(false);
  });
});
