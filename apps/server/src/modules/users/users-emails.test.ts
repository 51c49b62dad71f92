import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Call, callerFor } from '#server/test/callers.ts';
import { createTestApp, engines, type TestApp } from '#server/test/harness.ts';

type Found = { users: { email: string; displayName: string | null }[] };

describe.each(engines())('the recipient search GET /api/users/emails on %s', (engine) => {
  let t: TestApp;
  let callers: Record<'admin' | 'manager' | 'rep' | 'reader', Call>;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const { factory } = t;
    const admin = await factory.user({ email: 'admin@labo.fr', firstName: 'Alice', lastName: 'Admin', isAdmin: true });
    const manager = await factory.user({ email: 'manager@labo.fr', firstName: 'Marc', lastName: 'Manager' });
    const rep = await factory.user({
      email: 'helene.dupre@labo.fr',
      firstName: 'Hélène',
      lastName: 'Dupré',
      managerId: manager.id,
    });
    const reader = await factory.user({
      email: 'reader@labo.fr',
      firstName: 'Rémi',
      lastName: 'Lecteur',
      readWrite: false,
    });
    await factory.user({ email: 'herve.dupont@labo.fr', firstName: 'Hervé', lastName: 'Dupont' });
    const gone = await factory.user({ email: 'dupuis.gone@labo.fr', firstName: 'Denis', lastName: 'Dupuis' });
    callers = {
      admin: await callerFor(t, admin),
      manager: await callerFor(t, manager),
      rep: await callerFor(t, rep),
      reader: await callerFor(t, reader),
    };
    expect((await callers.admin('DELETE', `/api/users/${gone.id}`)).status).toBe(204);
  });
  afterAll(async () => {
    await t.close();
  });

  const search = async (as: Call, query: string) => {
    const { status, body } = await as('GET', `/api/users/emails?${query}`);
    expect(status).toBe(200);
    return (body as Found).users;
  };

  it('answers every signed-in user with addresses and names only', async () => {
    for (const as of Object.values(callers)) {
      const users = await search(as, 'search=dup');
      expect(users).toEqual([
        { email: 'helene.dupre@labo.fr', displayName: 'Hélène Dupré' },
        { email: 'herve.dupont@labo.fr', displayName: 'Hervé Dupont' },
      ]);
      for (const user of users) expect(Object.keys(user).sort()).toEqual(['displayName', 'email']);
    }
  });

  it('ignores accents and case, and needs every word to start a name or a part of the address', async () => {
    expect((await search(callers.rep, 'search=HELENE')).map((user) => user.email)).toEqual(['helene.dupre@labo.fr']);
    expect((await search(callers.rep, 'search=dupré%20hél')).map((user) => user.email)).toEqual([
      'helene.dupre@labo.fr',
    ]);
    expect((await search(callers.rep, 'search=helene.dupre%40labo')).map((user) => user.email)).toEqual([
      'helene.dupre@labo.fr',
    ]);
    // A word must start a word: 'pre' is inside 'dupre', not at its start.
    expect(await search(callers.rep, 'search=pre')).toEqual([]);
  });

  it('leaves deleted users out, answers nothing to a blank search, and honours the limit', async () => {
    expect(await search(callers.rep, 'search=dupuis')).toEqual([]);
    expect(await search(callers.rep, 'search=%20%20')).toEqual([]);
    expect(await search(callers.rep, '')).toEqual([]);
    expect(await search(callers.rep, 'search=labo&limit=2')).toHaveLength(2);
    expect(await search(callers.rep, 'search=labo')).toHaveLength(5);
  });

  it('refuses a bad limit and anonymous callers', async () => {
    expect(await callers.rep('GET', '/api/users/emails?search=a&limit=51')).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_ERROR', fields: { limit: 'Invalid value' } },
    });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/users/emails?search=dup' });
    expect(anonymous.statusCode).toBe(401);
  });
});
