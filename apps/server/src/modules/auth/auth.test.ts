import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { systemClock } from '#server/core/clock.ts';
import { TokenService } from '#server/modules/auth/tokens.ts';
import { signIn } from '#server/test/callers.ts';
import { createTestApp, engines, type TestApp } from '#server/test/harness.ts';
import type { CreatedUser } from '#server/test/factory.ts';

describe.each(engines())('authentication on %s', (engine) => {
  let t: TestApp;
  let rep: CreatedUser;

  beforeAll(async () => {
    t = await createTestApp(engine);
    rep = await t.factory.user({ email: 'rep@test-crm.fr', firstName: 'Julien', lastName: 'Lefèvre' });
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, options: { ip?: string; language?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: options.ip ?? '10.0.0.1',
      headers: options.language ? { 'accept-language': options.language } : {},
    });

  const auditCount = async (action: string) =>
    (await t.database.db.selectFrom('audit_logs').select('id').where('action', '=', action).execute()).length;

  describe('POST /api/auth/login', () => {
    it('answers a token whose payload is the user, and the user', async () => {
      const response = await login(rep.email, rep.password);
      expect(response.statusCode).toBe(200);
      const body = response.json<{ token: string; user: Record<string, unknown> }>();
      expect(body.user).toEqual({
        id: rep.id,
        email: 'rep@test-crm.fr',
        displayName: 'Julien Lefèvre',
        firstName: 'Julien',
        lastName: 'Lefèvre',
        isAdmin: false,
        readWrite: true,
        managerId: null,
      });
      expect(body.token.split('.')).toHaveLength(3);
      expect(decodeJwt(body.token)).toMatchObject(body.user);
    });

    it('records the sign-in: last login and an audit entry', async () => {
      const before = await auditCount('login');
      await login(rep.email, rep.password);
      const row = await t.database.db
        .selectFrom('users')
        .select('last_login')
        .where('id', '=', rep.id)
        .executeTakeFirstOrThrow();
      expect(row.last_login).not.toBeNull();
      expect(await auditCount('login')).toBe(before + 1);
    });

    it('accepts the e-mail in any case', async () => {
      expect((await login('REP@Test-CRM.fr', rep.password)).statusCode).toBe(200);
    });

    it('refuses a wrong password and an unknown account with the same answer', async () => {
      const wrong = await login(rep.email, 'not-the-password', { ip: '10.0.1.1', language: 'en' });
      const unknown = await login('nobody@test-crm.fr', 'whatever', { ip: '10.0.1.2', language: 'en' });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' });
      expect(unknown.json()).toEqual(wrong.json());
    });

    it('answers in French by default', async () => {
      const response = await login(rep.email, 'not-the-password', { ip: '10.0.1.3' });
      expect(response.json()).toEqual({ message: 'E-mail ou mot de passe invalide', code: 'INVALID_CREDENTIALS' });
    });

    it('names each invalid field, translated', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'accept-language': 'en-GB,en;q=0.9' },
        payload: { email: 'not-an-email', password: '' },
      });
      expect(response.statusCode).toBe(400);
      const body = response.json<{ code: string; message: string; fields: Record<string, string> }>();
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.fields).toEqual({
        email: 'Please enter a valid email address',
        password: 'Please input your password!',
      });
      expect(body.message).toContain('email');
    });

    it('refuses a missing field and malformed JSON as validation errors', async () => {
      const missing = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { password: 'x' } });
      expect(missing.statusCode).toBe(400);
      expect(missing.json<{ fields: Record<string, string> }>().fields).toEqual({ email: 'Ce champ est obligatoire' });

      const malformed = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": ',
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json<{ code: string }>().code).toBe('VALIDATION_ERROR');
    });

    it('refuses a body over 1 MiB with 413', async () => {
      const response = await login(rep.email, 'x'.repeat(1024 * 1024 + 10));
      expect(response.statusCode).toBe(413);
      expect(response.json<{ code: string }>().code).toBe('PAYLOAD_TOO_LARGE');
    });
  });

  describe('sign-in throttling', () => {
    it('answers 429 to the 11th wrong password in a minute, and refuses the right one while throttled', async () => {
      const victim = await t.factory.user();
      for (let attempt = 1; attempt <= 10; attempt += 1) {
        const response = await login(victim.email, `wrong-${attempt}`, { ip: `10.1.0.${attempt}` });
        expect(response.statusCode).toBe(401);
      }
      const eleventh = await login(victim.email, 'wrong-11', { ip: '10.1.0.11', language: 'en' });
      expect(eleventh.statusCode).toBe(429);
      const retryAfter = Number(eleventh.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(eleventh.json<{ code: string; message: string }>()).toEqual({
        code: 'TOO_MANY_ATTEMPTS',
        message: `Too many sign-in attempts. Try again in ${retryAfter} seconds.`,
      });

      const rightPassword = await login(victim.email, victim.password, { ip: '10.1.0.12' });
      expect(rightPassword.statusCode).toBe(429);
      expect(rightPassword.json()).not.toHaveProperty('token');
    });

    it('does not lock out other accounts', async () => {
      const other = await t.factory.user();
      expect((await login(other.email, other.password, { ip: '10.1.0.13' })).statusCode).toBe(200);
    });

    it('throttles one address trying many accounts', async () => {
      const limited = await createTestApp(engine, { LOGIN_MAX_FAILURES_PER_ADDRESS: '5' });
      try {
        const user = await limited.factory.user();
        const attempt = (email: string, password: string) =>
          limited.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email, password },
            remoteAddress: '10.2.0.1',
          });
        for (let i = 1; i <= 5; i += 1) expect((await attempt(`guess${i}@test-crm.fr`, 'x')).statusCode).toBe(401);
        expect((await attempt(user.email, user.password)).statusCode).toBe(429);
        const elsewhere = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: user.email, password: user.password },
          remoteAddress: '10.2.0.2',
        });
        expect(elsewhere.statusCode).toBe(200);
      } finally {
        await limited.close();
      }
    });
  });

  describe('sessions', () => {
    it('GET /api/auth/me answers the signed-in user', async () => {
      const { authorization } = await signIn(t.app, rep.email, rep.password);
      const response = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: rep.id, email: rep.email, isAdmin: false, readWrite: true });
    });

    it('GET /api/auth/me lists the users the caller manages, and none to a user who manages nobody', async () => {
      const manager = await t.factory.user({ email: 'lead@test-crm.fr', firstName: 'Hélène', lastName: 'Moreau' });
      const second = await t.factory.user({
        email: 'zoe@test-crm.fr',
        firstName: 'Zoé',
        lastName: 'Petit',
        managerId: manager.id,
      });
      const first = await t.factory.user({
        email: 'anne@test-crm.fr',
        firstName: 'Anne',
        lastName: 'Blanc',
        managerId: manager.id,
      });
      // Managed by the managee, not by the manager: not theirs.
      await t.factory.user({ email: 'below@test-crm.fr', managerId: first.id });

      const { authorization } = await signIn(t.app, manager.email, manager.password);
      const response = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization } });
      expect(response.statusCode).toBe(200);
      expect(response.json<{ managees: unknown }>().managees).toEqual([
        { id: first.id, displayName: 'Anne Blanc', email: 'anne@test-crm.fr' },
        { id: second.id, displayName: 'Zoé Petit', email: 'zoe@test-crm.fr' },
      ]);

      const asRep = await signIn(t.app, rep.email, rep.password);
      const mine = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: asRep.authorization },
      });
      expect(mine.json<{ managees: unknown }>().managees).toEqual([]);
    });

    it('documents the managees in the OpenAPI answer of GET /api/auth/me', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
      type Answer = {
        content: Record<string, { schema: { properties: Record<string, unknown>; required: string[] } }>;
      };
      const document = response.json<{ paths: Record<string, { get: { responses: Record<string, Answer> } }> }>();
      const schema = document.paths['/api/auth/me']?.get.responses['200']?.content['application/json']?.schema;
      expect(schema?.required).toContain('managees');
      expect(schema?.properties.managees).toMatchObject({
        type: 'array',
        items: { required: ['id', 'displayName', 'email'] },
      });
    });

    it('keeps the managees out of the sign-in answer and the token', async () => {
      const response = await login(rep.email, rep.password);
      const body = response.json<{ token: string; user: Record<string, unknown> }>();
      expect(body.user).not.toHaveProperty('managees');
      expect(decodeJwt(body.token)).not.toHaveProperty('managees');
    });

    it('refuses a missing or malformed bearer with 401', async () => {
      for (const headers of [
        {},
        { authorization: 'Bearer' },
        { authorization: 'Basic abc' },
        { authorization: 'Bearer a.b.c' },
      ]) {
        const response = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
        expect(response.statusCode).toBe(401);
        expect(response.json<{ code: string }>().code).toBe('UNAUTHORIZED');
      }
    });

    it('logout revokes the session at once', async () => {
      const { authorization } = await signIn(t.app, rep.email, rep.password);
      const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization } });
      expect(logout.statusCode).toBe(200);
      // A password session has no provider to sign out of.
      expect(logout.json()).toEqual({ providerLogoutUrl: null });
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization } });
      expect(me.statusCode).toBe(401);
      const again = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization } });
      expect(again.statusCode).toBe(401);
    });

    it('logging out one session leaves the others', async () => {
      const first = await signIn(t.app, rep.email, rep.password);
      const second = await signIn(t.app, rep.email, rep.password);
      await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: first.authorization } });
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: second.authorization },
      });
      expect(me.statusCode).toBe(200);
    });

    it('refuses a token signed with another secret', async () => {
      const { token } = await signIn(t.app, rep.email, rep.password);
      const claims = decodeJwt(token);
      const forger = new TokenService(TokenService.generateSecret(), systemClock);
      const forged = await forger.sign(
        {
          id: rep.id,
          email: rep.email,
          displayName: null,
          firstName: null,
          lastName: null,
          isAdmin: true,
          readWrite: true,
          managerId: null,
        },
        String(claims.jti),
        new Date(Date.now() + 3_600_000),
      );
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${forged}` },
      });
      expect(response.statusCode).toBe(401);
    });

    it('refuses a token whose payload was altered', async () => {
      const { token } = await signIn(t.app, rep.email, rep.password);
      const [header, payload, signature] = token.split('.') as [string, string, string];
      const altered = Buffer.from(
        JSON.stringify({ ...(JSON.parse(Buffer.from(payload, 'base64url').toString()) as object), isAdmin: true }),
      ).toString('base64url');
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${header}.${altered}.${signature}` },
      });
      expect(response.statusCode).toBe(401);
    });

    it('refuses an expired token, even for a live session', async () => {
      const { token } = await signIn(t.app, rep.email, rep.password);
      const claims = decodeJwt(token);
      const secret = await t.database.db
        .selectFrom('app_settings')
        .select('value')
        .where('key', '=', 'jwt_secret')
        .executeTakeFirstOrThrow();
      const expired = await new TokenService(secret.value, systemClock).sign(
        {
          id: rep.id,
          email: rep.email,
          displayName: null,
          firstName: null,
          lastName: null,
          isAdmin: false,
          readWrite: true,
          managerId: null,
        },
        String(claims.jti),
        new Date(Date.now() - 1000),
      );
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${expired}` },
      });
      expect(response.statusCode).toBe(401);
    });

    it('refuses a token whose session has expired on the server', async () => {
      const { token, authorization } = await signIn(t.app, rep.email, rep.password);
      await t.database.db
        .updateTable('sessions')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', String(decodeJwt(token).jti))
        .execute();
      const response = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization } });
      expect(response.statusCode).toBe(401);
    });

    it('reads permissions fresh, so a change counts at once', async () => {
      const user = await t.factory.user({ readWrite: true });
      const { authorization } = await signIn(t.app, user.email, user.password);
      await t.database.db.updateTable('users').set({ read_write: 0 }).where('id', '=', user.id).execute();
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization } });
      expect(me.json()).toMatchObject({ readWrite: false });
    });

    it('GET /api/auth/me/products answers an empty list when no product is assigned', async () => {
      const { authorization } = await signIn(t.app, rep.email, rep.password);
      const response = await t.app.inject({ method: 'GET', url: '/api/auth/me/products', headers: { authorization } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ products: [] });
    });

    it('GET /api/auth/sso-config says single sign-on is off when no provider is configured, without a session', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/auth/sso-config' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ enabled: false });
    });
  });
});
