import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '#server/core/clock.ts';
import { caller, type Call } from '#server/test/callers.ts';
import { createTestApp, engines, type TestApp } from '#server/test/harness.ts';
import { tableCounts } from '#server/test/table-counts.ts';

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) Version/18.5 Mobile/15E148 Safari/604.1';
const LAPTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/140.0.0.0 Safari/537.36';
const NEW_PASSWORD = 'visite-cabinet-lyon-2026';

/** A clock the test moves forward (the sessions' last use is written at most every five minutes). */
function steppingClock(): Clock & { advance: (ms: number) => void } {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      offset += ms;
    },
  };
}

describe.each(engines())('the account of the signed-in user on %s', (engine) => {
  let t: TestApp;
  const clock = steppingClock();

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock });
  });
  afterAll(() => t.close());

  /** Signs in from a device: answers the API as that session, its token and its session id. */
  async function signInFrom(user: { email: string; password: string }, userAgent = LAPTOP, ip = '10.9.0.1') {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
      headers: { 'user-agent': userAgent },
      remoteAddress: ip,
    });
    expect(response.statusCode).toBe(200);
    const { token } = response.json<{ token: string }>();
    const sessionId = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { jti: string };
    return { api: caller(t.app, `Bearer ${token}`), token, sessionId: sessionId.jti };
  }

  const userTables = ['users', 'sessions', 'audit_logs'] as const;
  const passwordHashOf = async (id: string) =>
    (await t.database.db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow())
      .password_hash;

  describe('GET /api/account', () => {
    it("answers the caller's profile, that they have a password, and no provider yet", async () => {
      const user = await t.factory.user({ firstName: 'Julien', lastName: 'Lefèvre', readWrite: false });
      const { api } = await signInFrom(user);
      const { status, body } = await api('GET', '/api/account');
      expect(status).toBe(200);
      expect(body).toMatchObject({
        id: user.id,
        email: user.email,
        firstName: 'Julien',
        lastName: 'Lefèvre',
        displayName: 'Julien Lefèvre',
        isAdmin: false,
        readWrite: false,
        hasPassword: true,
        identities: [],
      });
      expect((body as { lastLogin: string | null }).lastLogin).not.toBeNull();
    });

    it('needs a session', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/account' })).statusCode).toBe(401);
    });
  });

  describe('PUT /api/account/profile', () => {
    it('changes the names, and the display name with them, audited', async () => {
      const user = await t.factory.user();
      const { api } = await signInFrom(user);
      const { status, body } = await api('PUT', '/api/account/profile', { firstName: ' Anne ', lastName: 'Rolland' });
      expect(status).toBe(200);
      expect(body).toMatchObject({ firstName: 'Anne', lastName: 'Rolland', displayName: 'Anne Rolland' });
      const me = await api('GET', '/api/auth/me');
      expect(me.body).toMatchObject({ firstName: 'Anne', displayName: 'Anne Rolland' });
      const audit = await t.database.db
        .selectFrom('audit_logs')
        .select('changes')
        .where('entity_id', '=', user.id)
        .where('action', '=', 'update')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(audit.changes ?? '{}')).toMatchObject({ firstName: { before: 'Marie', after: 'Anne' } });
    });

    it('takes nothing but the names: no e-mail, no rights', async () => {
      const user = await t.factory.user({ readWrite: false });
      const { api } = await signInFrom(user);
      const { status, body } = await api('PUT', '/api/account/profile', {
        firstName: 'Marie',
        lastName: 'Dupont',
        email: 'boss@test-crm.fr',
        isAdmin: true,
        readWrite: true,
      });
      expect(status).toBe(200);
      expect(body).toMatchObject({ email: user.email, isAdmin: false, readWrite: false });
    });

    it('names each invalid field and changes nothing', async () => {
      const user = await t.factory.user();
      const { api } = await signInFrom(user);
      const before = await tableCounts(t.database.db, userTables);
      const { status, body } = await api('PUT', '/api/account/profile', { firstName: '  ', lastName: 'x'.repeat(101) });
      expect(status).toBe(400);
      expect((body as { fields: Record<string, string> }).fields).toEqual({
        firstName: 'This field is required',
        lastName: 'This field is too long',
      });
      expect(await tableCounts(t.database.db, userTables)).toEqual(before);
    });
  });

  describe('POST /api/account/password', () => {
    it('changes the password and ends every other session, keeping this one', async () => {
      const user = await t.factory.user();
      const here = await signInFrom(user, LAPTOP);
      const phone = await signInFrom(user, PHONE);
      const tablet = await signInFrom(user, PHONE);
      const { status, body } = await here.api('POST', '/api/account/password', {
        currentPassword: user.password,
        newPassword: NEW_PASSWORD,
      });
      expect(status).toBe(200);
      expect(body).toEqual({ ended: 2 });
      expect((await phone.api('GET', '/api/auth/me')).status).toBe(401);
      expect((await tablet.api('GET', '/api/auth/me')).status).toBe(401);
      expect((await here.api('GET', '/api/auth/me')).status).toBe(200);

      const signIn = (password: string) =>
        t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password } });
      expect((await signIn(user.password)).statusCode).toBe(401);
      expect((await signIn(NEW_PASSWORD)).statusCode).toBe(200);
      const audit = await t.database.db
        .selectFrom('audit_logs')
        .select('metadata')
        .where('entity_id', '=', user.id)
        .where('action', '=', 'change_password')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(audit.metadata ?? '{}')).toMatchObject({ endedSessions: 2 });
      expect(audit.metadata).not.toContain(NEW_PASSWORD);
    });

    it('refuses a wrong current password, naming the field, and changes nothing', async () => {
      const user = await t.factory.user();
      const here = await signInFrom(user);
      const other = await signInFrom(user, PHONE);
      const hash = await passwordHashOf(user.id);
      const before = await tableCounts(t.database.db, userTables);
      const { status, body } = await here.api('POST', '/api/account/password', {
        currentPassword: 'not-my-password',
        newPassword: NEW_PASSWORD,
      });
      expect(status).toBe(400);
      expect((body as { fields: Record<string, string> }).fields).toEqual({
        currentPassword: 'The current password is not right',
      });
      expect(await passwordHashOf(user.id)).toBe(hash);
      expect(await tableCounts(t.database.db, userTables)).toEqual(before);
      expect((await other.api('GET', '/api/auth/me')).status).toBe(200);
    });

    it.each([
      ['too short', 'Kx9!vTq2#mL', 'The password must have at least 12 characters'],
      ['common', 'Password2024!', 'This password is too common and easy to guess: choose another one'],
      ['the current one', 'Secret-Password-1', 'The new password must differ from the current one'],
      ['missing', undefined, 'This field is required'],
    ])('refuses a new password that is %s', async (_case, newPassword, message) => {
      const user = await t.factory.user();
      const { api } = await signInFrom(user);
      const hash = await passwordHashOf(user.id);
      const { status, body } = await api('POST', '/api/account/password', {
        currentPassword: user.password,
        newPassword,
      });
      expect(status).toBe(400);
      expect((body as { fields: Record<string, string> }).fields).toEqual({ newPassword: message });
      expect(await passwordHashOf(user.id)).toBe(hash);
    });

    it('counts wrong current passwords with the sign-ins: 429 beyond the limit', async () => {
      const user = await t.factory.user();
      const { api } = await signInFrom(user);
      for (let attempt = 1; attempt <= 10; attempt += 1) {
        const wrong = await api('POST', '/api/account/password', {
          currentPassword: `wrong-${attempt}`,
          newPassword: NEW_PASSWORD,
        });
        expect(wrong.status).toBe(400);
      }
      const throttled = await api('POST', '/api/account/password', {
        currentPassword: user.password,
        newPassword: NEW_PASSWORD,
      });
      expect(throttled.status).toBe(429);
      expect(await passwordHashOf(user.id)).not.toBeNull();
    });

    it('says a user who signs in only through single sign-on has no password to change', async () => {
      const user = await t.factory.user();
      const { api } = await signInFrom(user);
      await t.database.db.updateTable('users').set({ password_hash: null }).where('id', '=', user.id).execute();
      expect((await api('GET', '/api/account')).body).toMatchObject({ hasPassword: false });
      const { status, body } = await api('POST', '/api/account/password', {
        currentPassword: 'anything',
        newPassword: NEW_PASSWORD,
      });
      expect(status).toBe(409);
      expect(body).toEqual({
        code: 'NO_PASSWORD',
        message: "Your account signs in through your organisation's single sign-on: it has no password to change",
      });
      expect(await passwordHashOf(user.id)).toBeNull();
    });
  });

  describe('sessions', () => {
    it('lists the open sessions with their device, address and method, this one marked, and nobody else’s', async () => {
      const user = await t.factory.user();
      const stranger = await t.factory.user();
      await signInFrom(stranger);
      const laptop = await signInFrom(user, LAPTOP, '10.9.1.1');
      const phone = await signInFrom(user, PHONE, '10.9.1.2');
      const ended = await signInFrom(user, PHONE, '10.9.1.3');
      await ended.api('POST', '/api/auth/logout');

      const { status, body } = await laptop.api('GET', '/api/account/sessions');
      expect(status).toBe(200);
      const { sessions } = body as { sessions: Record<string, unknown>[] };
      expect(sessions).toHaveLength(2);
      expect(sessions).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ id: laptop.sessionId, current: true, userAgent: LAPTOP, ip: '10.9.1.1' }),
          expect.objectContaining({ id: phone.sessionId, current: false, userAgent: PHONE, method: 'password' }),
        ]),
      );
    });

    it('records the last use at most every five minutes, and lists the latest used first', async () => {
      const user = await t.factory.user();
      const first = await signInFrom(user);
      const second = await signInFrom(user, PHONE);
      const lastUsed = async (sessionId: string) =>
        (
          await t.database.db
            .selectFrom('sessions')
            .select('last_used_at')
            .where('id', '=', sessionId)
            .executeTakeFirstOrThrow()
        ).last_used_at;
      const signedIn = await lastUsed(first.sessionId);

      await first.api('GET', '/api/auth/me');
      expect(await lastUsed(first.sessionId)).toBe(signedIn);
      clock.advance(6 * 60_000);
      await first.api('GET', '/api/auth/me');
      const touched = await lastUsed(first.sessionId);
      expect(Date.parse(touched ?? '')).toBeGreaterThan(Date.parse(signedIn ?? ''));
      clock.advance(60_000);
      await first.api('GET', '/api/auth/me');
      expect(await lastUsed(first.sessionId)).toBe(touched);

      const { body } = await second.api('GET', '/api/account/sessions');
      // The second session's own request to list them touched it (its last use was six minutes old).
      const ids = (body as { sessions: { id: string }[] }).sessions.map((session) => session.id);
      expect(ids).toEqual([second.sessionId, first.sessionId]);
    });

    it('ends one session: its token answers 401 at once, the others stay', async () => {
      const user = await t.factory.user();
      const here = await signInFrom(user);
      const lost = await signInFrom(user, PHONE);
      const response = await here.api('DELETE', `/api/account/sessions/${lost.sessionId}`);
      expect(response.status).toBe(204);
      expect((await lost.api('GET', '/api/auth/me')).status).toBe(401);
      expect((await here.api('GET', '/api/auth/me')).status).toBe(200);
      const { body } = await here.api('GET', '/api/account/sessions');
      expect((body as { sessions: { id: string }[] }).sessions.map((session) => session.id)).toEqual([here.sessionId]);
      expect((await here.api('DELETE', `/api/account/sessions/${lost.sessionId}`)).status).toBe(404);
    });

    it("cannot end another user's session, nor one that doesn't exist", async () => {
      const user = await t.factory.user();
      const stranger = await t.factory.user();
      const mine = await signInFrom(user);
      const theirs = await signInFrom(stranger);
      const before = await tableCounts(t.database.db, userTables);
      expect((await mine.api('DELETE', `/api/account/sessions/${theirs.sessionId}`)).status).toBe(404);
      expect((await mine.api('DELETE', '/api/account/sessions/01900000-0000-7000-8000-000000000000')).status).toBe(404);
      expect((await theirs.api('GET', '/api/auth/me')).status).toBe(200);
      expect(await tableCounts(t.database.db, userTables)).toEqual(before);
    });

    it('ends this session when asked, like signing out', async () => {
      const user = await t.factory.user();
      const here = await signInFrom(user);
      expect((await here.api('DELETE', `/api/account/sessions/${here.sessionId}`)).status).toBe(204);
      expect((await here.api('GET', '/api/auth/me')).status).toBe(401);
    });

    it('ends all the others, keeping this one, audited', async () => {
      const user = await t.factory.user();
      const here = await signInFrom(user);
      const others: Call[] = [];
      for (const agent of [PHONE, PHONE, LAPTOP]) others.push((await signInFrom(user, agent)).api);
      const { status, body } = await here.api('DELETE', '/api/account/sessions/others');
      expect(status).toBe(200);
      expect(body).toEqual({ ended: 3 });
      for (const api of others) expect((await api('GET', '/api/auth/me')).status).toBe(401);
      expect((await here.api('GET', '/api/auth/me')).status).toBe(200);
      const audit = await t.database.db
        .selectFrom('audit_logs')
        .select('action')
        .where('entity_id', '=', user.id)
        .where('action', '=', 'end_other_sessions')
        .execute();
      expect(audit).toHaveLength(1);
    });
  });

  it('answers 401 to every account route without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/account'],
      ['PUT', '/api/account/profile'],
      ['POST', '/api/account/password'],
      ['GET', '/api/account/sessions'],
      ['DELETE', '/api/account/sessions/others'],
      ['DELETE', '/api/account/sessions/01900000-0000-7000-8000-000000000000'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
