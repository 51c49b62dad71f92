import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Clock } from '#server/core/clock.ts';
import { createTestApp, engines, type TestApp } from '#server/test/harness.ts';
import { startTestOidcProvider, type TestOidcProvider } from '#server/test/oidc-provider.ts';
import {
  callback,
  exchange,
  logCapture,
  newBrowser,
  signInAtProvider,
  signInThroughSso,
  startSignIn,
} from '#server/test/sso-browser.ts';
import { callerFor } from '#server/test/callers.ts';
import { tableCounts } from '#server/test/table-counts.ts';

const REDIRECT_URI = 'http://localhost:4017/api/auth/sso/callback';
const CLIENT = {
  clientId: 'praxis-crm',
  clientSecret: 'test-client-secret-0123456789',
  redirectUri: REDIRECT_URI,
  postLogoutRedirectUri: 'http://localhost:4017/login',
};

const ssoEnv = (provider: TestOidcProvider, extra: Record<string, string> = {}) => ({
  OIDC_ISSUER: provider.issuer,
  OIDC_CLIENT_ID: CLIENT.clientId,
  OIDC_CLIENT_SECRET: CLIENT.clientSecret,
  OIDC_REDIRECT_URI: REDIRECT_URI,
  ...extra,
});

/** Discovery runs in the background after start-up; the tests wait for sso-config to say so. */
async function ssoEnabled(t: TestApp, timeoutMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/sso-config' });
    if (response.json<{ enabled: boolean }>().enabled) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}

/** A clock the test can move forward; openid-client keeps the real one. */
function steppingClock(): Clock & { advance: (ms: number) => void } {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      offset += ms;
    },
  };
}

const FAILED = '/login?error=sso_failed';
const SIGN_IN_TABLES = ['users', 'user_identities', 'sessions', 'sso_handoffs', 'audit_logs'] as const;

describe.each(engines())('single sign-on on %s', (engine) => {
  let provider: TestOidcProvider;
  let t: TestApp;
  const log = logCapture();
  const clock = steppingClock();

  let sequence = 0;
  /** A person at the provider, and (unless `user: false`) the product's user with the same e-mail. */
  async function person(options: { verified?: boolean; user?: boolean; readWrite?: boolean } = {}) {
    sequence += 1;
    const email = `sso.${sequence}.${engine}@hopital-test.fr`;
    const sub = `subject-${sequence}-${Math.random().toString(36).slice(2, 8)}`;
    provider.addAccount({
      sub,
      email,
      email_verified: options.verified ?? true,
      given_name: 'Camille',
      family_name: `Bernard${sequence}`,
    });
    const user = options.user === false ? null : await t.factory.user({ email, readWrite: options.readWrite });
    return { sub, email, user };
  }

  const reasons = () =>
    log.lines
      .map((line) => JSON.parse(line) as { msg: string; reason?: string })
      .filter((line) => line.msg === 'single sign-on refused')
      .map((line) => line.reason);

  beforeAll(async () => {
    provider = await startTestOidcProvider({ clients: [CLIENT] });
    t = await createTestApp(engine, ssoEnv(provider), { logger: { level: 'info', stream: log.stream }, clock });
    expect(await ssoEnabled(t)).toBe(true);
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  describe('GET /api/auth/sso-config', () => {
    it('says single sign-on is on, with the URL that starts it', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/auth/sso-config' });
      expect(response.json()).toEqual({ enabled: true, loginUrl: '/api/auth/sso/login' });
    });
  });

  describe('a sign-in', () => {
    it('starts at the provider with PKCE, state and nonce, and binds the browser with a scoped cookie', async () => {
      const browser = newBrowser();
      const start = await startSignIn(t.app, browser);
      expect(start.statusCode).toBe(302);
      const location = new URL(String(start.headers.location));
      expect(location.origin).toBe(provider.issuer);
      expect(Object.fromEntries(location.searchParams)).toMatchObject({
        client_id: CLIENT.clientId,
        redirect_uri: REDIRECT_URI,
        response_type: 'code',
        scope: 'openid email profile',
        code_challenge_method: 'S256',
      });
      for (const name of ['state', 'nonce', 'code_challenge']) {
        expect(location.searchParams.get(name)).toMatch(/^[\w-]{43}$/);
      }
      const [cookie] = start.cookies;
      expect(cookie).toMatchObject({ name: 'crm_sso', path: '/api/auth/sso', httpOnly: true, sameSite: 'Lax' });
      expect(cookie?.maxAge).toBe(600);
    });

    it('links an existing user by verified e-mail, then signs them in with a session token', async () => {
      const { sub, email, user } = await person();
      const { browser, answer, token } = await signInThroughSso(t.app, sub, REDIRECT_URI);
      expect(answer.statusCode).toBe(302);
      expect(token?.split('.')).toHaveLength(3);
      // The callback page decodes the one-time token as the user (spec 000 §2).
      expect(decodeJwt(token ?? '')).toMatchObject({ id: user?.id, email, isAdmin: false, readWrite: true });

      const exchanged = await exchange(t.app, browser, token ?? '');
      expect(exchanged.statusCode).toBe(200);
      const result = exchanged.json<{ token: string; user: { id: string; email: string } }>();
      expect(result.user).toMatchObject({ id: user?.id, email });
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${result.token}` },
      });
      expect(me.statusCode).toBe(200);
      expect(me.json<{ email: string }>().email).toBe(email);

      const identity = await t.database.db
        .selectFrom('user_identities')
        .selectAll()
        .where('user_id', '=', user?.id ?? '')
        .executeTakeFirstOrThrow();
      expect(identity).toMatchObject({ issuer: provider.issuer, subject: sub, email });
      const session = await t.database.db
        .selectFrom('sessions')
        .select(['auth_method', 'sso_id_token'])
        .where('user_id', '=', user?.id ?? '')
        .executeTakeFirstOrThrow();
      expect(session.auth_method).toBe('sso');
      expect(session.sso_id_token).toMatch(/^ey/);
      const audit = await t.database.db
        .selectFrom('audit_logs')
        .select(['action', 'metadata'])
        .where('entity_id', '=', user?.id ?? '')
        .orderBy('created_at')
        .execute();
      expect(audit.map((entry) => entry.action)).toEqual(['link_identity', 'login']);
      expect(JSON.parse(audit[1]?.metadata ?? '{}')).toMatchObject({ method: 'sso' });
    });

    it('signs a linked identity in again without linking anew, and shows the one-time token is no bearer', async () => {
      const { sub, user } = await person();
      const first = await signInThroughSso(t.app, sub, REDIRECT_URI);
      expect((await exchange(t.app, first.browser, first.token ?? '')).statusCode).toBe(200);
      const second = await signInThroughSso(t.app, sub, REDIRECT_URI);
      const asBearer = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${second.token ?? ''}` },
      });
      expect(asBearer.statusCode).toBe(401);
      expect((await exchange(t.app, second.browser, second.token ?? '')).statusCode).toBe(200);
      const links = await t.database.db
        .selectFrom('user_identities')
        .select('id')
        .where('user_id', '=', user?.id ?? '')
        .execute();
      expect(links).toHaveLength(1);
    });

    it('keeps profile claims the provider gives only through userinfo', async () => {
      const userinfoOnly = await startTestOidcProvider({ clients: [CLIENT] });
      const other = await createTestApp(engine, ssoEnv(userinfoOnly));
      try {
        expect(await ssoEnabled(other)).toBe(true);
        const user = await other.factory.user({ email: 'userinfo.only@hopital-test.fr' });
        userinfoOnly.addAccount({ sub: 'userinfo-sub', email: 'userinfo.only@hopital-test.fr', email_verified: true });
        const { browser, token } = await signInThroughSso(other.app, 'userinfo-sub', REDIRECT_URI);
        const exchanged = await exchange(other.app, browser, token ?? '');
        expect(exchanged.json<{ user: { id: string } }>().user.id).toBe(user.id);
      } finally {
        await other.close();
        await userinfoOnly.close();
      }
    });
  });

  describe('the one-time token of /auth/callback', () => {
    it('is exchanged once', async () => {
      const { sub } = await person();
      const { browser, token } = await signInThroughSso(t.app, sub, REDIRECT_URI);
      expect((await exchange(t.app, browser, token ?? '')).statusCode).toBe(200);
      const again = await exchange(t.app, browser, token ?? '');
      expect(again.statusCode).toBe(401);
      expect(again.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Your session has expired, please sign in again' });
      expect(reasons()).toContain('the handoff token was already used');
    });

    it('is refused from another browser', async () => {
      const { sub } = await person();
      const { browser, token } = await signInThroughSso(t.app, sub, REDIRECT_URI);
      const before = await tableCounts(t.database.db, ['sessions']);
      const thief = newBrowser();
      expect((await exchange(t.app, thief, token ?? '')).statusCode).toBe(401);
      thief.cookie = 'A'.repeat(43);
      expect((await exchange(t.app, thief, token ?? '')).statusCode).toBe(401);
      expect(await tableCounts(t.database.db, ['sessions'])).toEqual(before);
      // A refused exchange changes nothing: the browser that signed in still can, within the minute.
      expect((await exchange(t.app, browser, token ?? '')).statusCode).toBe(200);
      expect(reasons()).toContain('the handoff token was presented by another browser');
    });

    it('expires after a minute', async () => {
      const { sub } = await person();
      const { browser, token } = await signInThroughSso(t.app, sub, REDIRECT_URI);
      clock.advance(61_000);
      expect((await exchange(t.app, browser, token ?? '')).statusCode).toBe(401);
      expect(reasons()).toContain('the handoff token is not valid or has expired');
    });

    it('refuses a token of the right shape that the server did not sign', async () => {
      const { sub } = await person();
      const { browser, token } = await signInThroughSso(t.app, sub, REDIRECT_URI);
      const [header, payload] = (token ?? '').split('.');
      expect((await exchange(t.app, browser, `${header}.${payload}.forged`)).statusCode).toBe(401);
    });
  });

  describe('the callback refuses', () => {
    /** Runs the flow to the provider's redirect, changes the callback's query, and answers the callback. */
    async function tamperedCallback(username: string, change: (query: URLSearchParams) => void) {
      const browser = newBrowser();
      const start = await startSignIn(t.app, browser);
      const query = new URLSearchParams(
        await signInAtProvider(browser, String(start.headers.location), username, REDIRECT_URI),
      );
      change(query);
      return callback(t.app, browser, `?${query.toString()}`);
    }

    async function expectRefused(run: () => Promise<{ statusCode: number; headers: Record<string, unknown> }>) {
      const before = await tableCounts(t.database.db, SIGN_IN_TABLES);
      const answer = await run();
      expect(answer.statusCode).toBe(302);
      expect(answer.headers.location).toBe(FAILED);
      expect(await tableCounts(t.database.db, SIGN_IN_TABLES)).toEqual(before);
    }

    it('a tampered state', async () => {
      const { sub } = await person();
      await expectRefused(() => tamperedCallback(sub, (query) => query.set('state', `${query.get('state') ?? ''}x`)));
      expect(reasons().at(-1)).toBe('unknown or already used state');
    });

    it('a state started by another browser, or no cookie at all', async () => {
      const { sub } = await person();
      const browser = newBrowser();
      const start = await startSignIn(t.app, browser);
      const query = await signInAtProvider(browser, String(start.headers.location), sub, REDIRECT_URI);
      const attacker = newBrowser();
      await startSignIn(t.app, attacker);
      await expectRefused(() => callback(t.app, attacker, query));
      expect(reasons().at(-1)).toBe('the sign-in was started by another browser');

      const other = newBrowser();
      const otherStart = await startSignIn(t.app, other);
      const otherQuery = await signInAtProvider(other, String(otherStart.headers.location), sub, REDIRECT_URI);
      await expectRefused(() => callback(t.app, newBrowser(), otherQuery));
      expect(reasons().at(-1)).toMatch(/^no single-sign-on cookie/);
    });

    it('a replayed callback, and a replayed code under a fresh state', async () => {
      const { sub } = await person();
      const first = await signInThroughSso(t.app, sub, REDIRECT_URI);
      expect(first.token).not.toBeNull();
      await expectRefused(() => callback(t.app, first.browser, first.query));
      expect(reasons().at(-1)).toBe('unknown or already used state');

      const used = new URLSearchParams(first.query);
      const fresh = newBrowser();
      const start = await startSignIn(t.app, fresh);
      const freshQuery = new URLSearchParams(
        await signInAtProvider(fresh, String(start.headers.location), sub, REDIRECT_URI),
      );
      freshQuery.set('code', used.get('code') ?? '');
      await expectRefused(() => callback(t.app, fresh, `?${freshQuery.toString()}`));
      expect(reasons().at(-1)).toMatch(/invalid_grant/);
    });

    it("the provider's error (the user cancelled)", async () => {
      const browser = newBrowser();
      const start = await startSignIn(t.app, browser);
      const state = new URL(String(start.headers.location)).searchParams.get('state') ?? '';
      const query = new URLSearchParams({ error: 'access_denied', state, iss: provider.issuer });
      await expectRefused(() => callback(t.app, browser, `?${query.toString()}`));
      expect(reasons().at(-1)).toMatch(/access_denied/);
    });

    it('a response naming another issuer', async () => {
      const { sub } = await person();
      await expectRefused(() => tamperedCallback(sub, (query) => query.set('iss', 'https://evil.example')));
      expect(reasons().at(-1)).toMatch(/"iss"/);
    });

    describe('an ID token', () => {
      afterAll(() => provider.tamperIdTokens(null));

      it.each([
        ['for another audience', { claims: { aud: 'another-client' } }, /"aud"/],
        ['from another issuer', { claims: { iss: 'https://evil.example' } }, /"iss"/],
        ['that has expired', { claims: { exp: Math.floor(Date.now() / 1000) - 3600 } }, /"exp"/],
        ['with another nonce', { claims: { nonce: 'replayed-nonce' } }, /"nonce"/],
        ['that is unsigned', { unsigned: true } as const, /alg|signature|JWS/i],
        ['signed with a key the provider does not publish', { signedWithAnotherKey: true } as const, /signature/i],
      ])('%s', async (_name, tamper, reason) => {
        const { sub } = await person();
        provider.tamperIdTokens(tamper);
        try {
          await expectRefused(() => tamperedCallback(sub, () => undefined));
        } finally {
          provider.tamperIdTokens(null);
        }
        expect(reasons().at(-1)).toMatch(reason);
      });
    });

    it('an attempt older than ten minutes', async () => {
      const { sub } = await person();
      const browser = newBrowser();
      const start = await startSignIn(t.app, browser);
      const query = await signInAtProvider(browser, String(start.headers.location), sub, REDIRECT_URI);
      clock.advance(10 * 60_000 + 1000);
      await expectRefused(() => callback(t.app, browser, query));
      expect(reasons().at(-1)).toBe('the sign-in at the provider took too long');
    });
  });

  describe('identity', () => {
    it('refuses the same e-mail under another subject once the user is linked', async () => {
      const { sub, email, user } = await person();
      const first = await signInThroughSso(t.app, sub, REDIRECT_URI);
      expect(first.token).not.toBeNull();
      provider.addAccount({ sub: `${sub}-impostor`, email, email_verified: true });
      const before = await tableCounts(t.database.db, SIGN_IN_TABLES);
      const impostor = await signInThroughSso(t.app, `${sub}-impostor`, REDIRECT_URI);
      expect(impostor.answer.headers.location).toBe(FAILED);
      expect(await tableCounts(t.database.db, SIGN_IN_TABLES)).toEqual(before);
      expect(reasons().at(-1)).toBe('the user with this e-mail is linked to another subject of this provider');
      const links = await t.database.db
        .selectFrom('user_identities')
        .select('subject')
        .where('user_id', '=', user?.id ?? '')
        .execute();
      expect(links).toEqual([{ subject: sub }]);
    });

    describe('a deleted user', () => {
      /** Deletes the user as an administrator does (DELETE /api/users/{id}). */
      async function deleteUser(id: string) {
        const admin = await callerFor(t, await t.factory.user({ isAdmin: true }));
        expect((await admin('DELETE', `/api/users/${id}`)).status).toBe(204);
      }

      it('can no longer sign in through the identity linked to them', async () => {
        const { sub, user } = await person();
        const first = await signInThroughSso(t.app, sub, REDIRECT_URI);
        expect((await exchange(t.app, first.browser, first.token ?? '')).statusCode).toBe(200);
        await deleteUser(user?.id ?? '');
        const before = await tableCounts(t.database.db, SIGN_IN_TABLES);
        const again = await signInThroughSso(t.app, sub, REDIRECT_URI);
        expect(again.answer.headers.location).toBe(FAILED);
        expect(await tableCounts(t.database.db, SIGN_IN_TABLES)).toEqual(before);
        expect(reasons().at(-1)).toBe('the linked user has been deleted');
      });

      it('is not linked by their e-mail, nor created anew', async () => {
        const { sub, user } = await person();
        await deleteUser(user?.id ?? '');
        const before = await tableCounts(t.database.db, SIGN_IN_TABLES);
        const { answer } = await signInThroughSso(t.app, sub, REDIRECT_URI);
        expect(answer.headers.location).toBe(FAILED);
        expect(await tableCounts(t.database.db, SIGN_IN_TABLES)).toEqual(before);
        expect(reasons().at(-1)).toBe('the user with this e-mail has been deleted');
      });

      it('deleted between the callback and the exchange gets no session', async () => {
        const { sub, user } = await person();
        const { browser, token } = await signInThroughSso(t.app, sub, REDIRECT_URI);
        await deleteUser(user?.id ?? '');
        const before = await tableCounts(t.database.db, ['sessions']);
        expect((await exchange(t.app, browser, token ?? '')).statusCode).toBe(401);
        expect(await tableCounts(t.database.db, ['sessions'])).toEqual(before);
        expect(reasons().at(-1)).toBe('the user was deleted after signing in at the provider');
      });
    });

    it('does not link by an e-mail the provider does not say is verified', async () => {
      const { sub } = await person({ verified: false });
      const before = await tableCounts(t.database.db, SIGN_IN_TABLES);
      const { answer } = await signInThroughSso(t.app, sub, REDIRECT_URI);
      expect(answer.headers.location).toBe(FAILED);
      expect(await tableCounts(t.database.db, SIGN_IN_TABLES)).toEqual(before);
      expect(reasons().at(-1)).toBe('the provider does not say the e-mail is verified');
    });

    it('refuses an unknown user while automatic creation is off', async () => {
      const { sub } = await person({ user: false });
      const before = await tableCounts(t.database.db, SIGN_IN_TABLES);
      const { answer } = await signInThroughSso(t.app, sub, REDIRECT_URI);
      expect(answer.headers.location).toBe(FAILED);
      expect(await tableCounts(t.database.db, SIGN_IN_TABLES)).toEqual(before);
      expect(reasons().at(-1)).toBe('no user has this e-mail and automatic creation is off');
    });

    it('creates an unknown user when automatic creation is on: read-only, not admin, no password, audited', async () => {
      const autoCreate = await createTestApp(engine, ssoEnv(provider, { OIDC_AUTO_CREATE_USERS: 'true' }));
      try {
        expect(await ssoEnabled(autoCreate)).toBe(true);
        provider.addAccount({
          sub: `new-${engine}`,
          email: `Nouvelle.Recrue.${engine}@Hopital-Test.fr`,
          email_verified: true,
          given_name: 'Élodie',
          family_name: 'Faure',
        });
        const { browser, token } = await signInThroughSso(autoCreate.app, `new-${engine}`, REDIRECT_URI);
        const exchanged = await exchange(autoCreate.app, browser, token ?? '');
        expect(exchanged.statusCode).toBe(200);
        const { user } = exchanged.json<{ user: Record<string, unknown> }>();
        expect(user).toMatchObject({
          email: `nouvelle.recrue.${engine}@hopital-test.fr`,
          firstName: 'Élodie',
          lastName: 'Faure',
          displayName: 'Élodie Faure',
          isAdmin: false,
          readWrite: false,
          managerId: null,
        });
        const row = await autoCreate.database.db
          .selectFrom('users')
          .select('password_hash')
          .where('id', '=', String(user.id))
          .executeTakeFirstOrThrow();
        expect(row.password_hash).toBeNull();
        const created = await autoCreate.database.db
          .selectFrom('audit_logs')
          .select(['action', 'metadata', 'user_id'])
          .where('entity_id', '=', String(user.id))
          .where('action', '=', 'create')
          .executeTakeFirstOrThrow();
        expect(JSON.parse(created.metadata ?? '{}')).toMatchObject({
          source: 'sso',
          issuer: provider.issuer,
          subject: `new-${engine}`,
          isAdmin: false,
          readWrite: false,
        });

        const again = await signInThroughSso(autoCreate.app, `new-${engine}`, REDIRECT_URI);
        const second = await exchange(autoCreate.app, again.browser, again.token ?? '');
        expect(second.json<{ user: { id: string } }>().user.id).toBe(user.id);
      } finally {
        await autoCreate.close();
      }
    });
  });

  describe('sign-out', () => {
    it("ends the session and answers the provider's sign-out with the ID token as hint", async () => {
      const { sub } = await person();
      const { browser, token } = await signInThroughSso(t.app, sub, REDIRECT_URI);
      const { token: session } = (await exchange(t.app, browser, token ?? '')).json<{ token: string }>();
      const authorization = `Bearer ${session}`;
      const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization } });
      expect(logout.statusCode).toBe(200);
      const url = new URL(logout.json<{ providerLogoutUrl: string }>().providerLogoutUrl);
      expect(`${url.origin}${url.pathname}`).toBe(`${provider.issuer}/session/end`);
      expect(url.searchParams.get('post_logout_redirect_uri')).toBe('http://localhost:4017/login');
      expect(decodeJwt(url.searchParams.get('id_token_hint') ?? '')).toMatchObject({ sub, aud: CLIENT.clientId });
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization } });
      expect(me.statusCode).toBe(401);
    });
  });

  it('writes why in the log, and never a code, state, token or the client secret', async () => {
    const { sub } = await person();
    const { browser, query, token } = await signInThroughSso(t.app, sub, REDIRECT_URI);
    const cookie = browser.cookie;
    const session = (await exchange(t.app, browser, token ?? '')).json<{ token: string }>().token;
    // Replayed, so that the callback's refusal is logged too.
    await callback(t.app, browser, query);
    await t.app.inject({ method: 'GET', url: `/auth/callback?token=${token ?? ''}` });
    const params = new URLSearchParams(query);
    const text = log.lines.join('\n');
    expect(text).toContain('/api/auth/sso/callback?code=redacted&state=redacted');
    expect(text).toContain('/auth/callback?token=redacted');
    for (const secret of [params.get('code'), params.get('state'), token, session, CLIENT.clientSecret, cookie]) {
      expect(secret).toBeTruthy();
      expect(text).not.toContain(secret);
    }
  });
});

describe.each(engines())('single sign-on without its provider on %s', (engine) => {
  it('starts the server all the same, says single sign-on is off, and logs why', async () => {
    const log = logCapture();
    const t = await createTestApp(
      engine,
      {
        OIDC_ISSUER: 'http://127.0.0.1:9',
        OIDC_CLIENT_ID: CLIENT.clientId,
        OIDC_CLIENT_SECRET: CLIENT.clientSecret,
        OIDC_REDIRECT_URI: REDIRECT_URI,
      },
      { logger: { level: 'info', stream: log.stream } },
    );
    try {
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(await ssoEnabled(t, 300)).toBe(false);
      const start = await t.app.inject({ method: 'GET', url: '/api/auth/sso/login' });
      expect(start.statusCode).toBe(302);
      expect(start.headers.location).toBe(FAILED);
      const lines = log.lines.map((line) => JSON.parse(line) as { msg: string; issuer?: string; reason?: string });
      const unavailable = lines.find((line) => line.msg.startsWith('single sign-on unavailable'));
      expect(unavailable).toMatchObject({ issuer: 'http://127.0.0.1:9' });
      expect(unavailable?.reason).toBeTruthy();
    } finally {
      await t.close();
    }
  });
});
