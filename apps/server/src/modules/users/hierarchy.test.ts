import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Call, callerFor } from '#server/test/callers.ts';
import { createTestApp, engines, type TestApp } from '#server/test/harness.ts';
import { tableCounts } from '#server/test/table-counts.ts';

type Ref = { id: string; email: string };

/*
 * The crafted tree:
 *   a ─┬─ b ─┬─ d ── f ── g
 *      │     └─ e
 *      └─ c
 *   h ── i
 *   j
 *   x (deleted)          admin (no manager)
 */
describe.each(engines())('the manager hierarchy on %s', (engine) => {
  let t: TestApp;
  let asAdmin: Call;
  const u: Record<string, Ref> = {};

  beforeAll(async () => {
    t = await createTestApp(engine);
    const admin = await t.factory.user({ email: 'admin@h.fr', isAdmin: true });
    u.admin = admin;
    asAdmin = await callerFor(t, admin);
    const make = async (name: string, manager?: string) => {
      u[name] = await t.factory.user({
        email: `${name}@h.fr`,
        firstName: name.toUpperCase(),
        lastName: 'Test',
        managerId: manager ? u[manager]?.id : null,
      });
    };
    await make('a');
    await make('b', 'a');
    await make('c', 'a');
    await make('d', 'b');
    await make('e', 'b');
    await make('f', 'd');
    await make('g', 'f');
    await make('h');
    await make('i', 'h');
    await make('j');
    await make('x');
    expect((await asAdmin('DELETE', `/api/users/${u.x?.id}`)).status).toBe(204);
  });
  afterAll(async () => {
    await t.close();
  });

  const id = (name: string) => u[name]?.id ?? '';
  const managerOf = async (name: string) =>
    (await t.database.db.selectFrom('users').select('manager_id').where('id', '=', id(name)).executeTakeFirstOrThrow())
      .manager_id;
  const snapshot = async () => ({
    counts: await tableCounts(t.database.db, ['users', 'audit_logs']),
    managers: await t.database.db
      .selectFrom('users')
      .select(['id', 'manager_id', 'updated_at'])
      .orderBy('id')
      .execute(),
  });
  const names = (users: Ref[]) =>
    users.map((user) => Object.entries(u).find(([, ref]) => ref.id === user.id)?.[0] ?? user.email).sort();

  /** A refused change answers 409 with its message and leaves every manager and the audit log as they were. */
  async function expectRefused(call: Promise<{ status: number; body: unknown }>, message: string) {
    const before = await snapshot();
    const { status, body } = await call;
    expect(status).toBe(409);
    expect(body).toMatchObject({ code: 'CONFLICT', message });
    expect(await snapshot()).toEqual(before);
  }

  it('refuses a cycle of length 1: nobody is their own manager', async () => {
    await expectRefused(
      asAdmin('PUT', `/api/users/${id('b')}`, { managerId: id('b') }),
      'A user cannot be their own manager',
    );
    await expectRefused(
      asAdmin('PATCH', `/api/users/${id('b')}/managees`, { manageeIds: [id('d'), id('e'), id('b')] }),
      'A user cannot be their own managee',
    );
  });

  it('refuses a cycle of length 2', async () => {
    await expectRefused(
      asAdmin('PUT', `/api/users/${id('a')}`, { managerId: id('b') }),
      'B Test reports to this user, directly or not: choosing them as manager would make a loop',
    );
    await expectRefused(
      asAdmin('PATCH', `/api/users/${id('b')}/managees`, { manageeIds: [id('d'), id('e'), id('a')] }),
      'A Test is above this user in the hierarchy and cannot become their managee',
    );
  });

  it('refuses a cycle of length 5, however deep the descendant', async () => {
    await expectRefused(
      asAdmin('PUT', `/api/users/${id('a')}`, { managerId: id('g') }),
      'G Test reports to this user, directly or not: choosing them as manager would make a loop',
    );
    await expectRefused(
      asAdmin('PATCH', `/api/users/${id('g')}/managees`, { manageeIds: [id('a')] }),
      'A Test is above this user in the hierarchy and cannot become their managee',
    );
  });

  it('answers the exact candidate lists of the rules', async () => {
    const managerCandidates = await asAdmin('GET', `/api/users/${id('d')}/manager-candidates?limit=1000`);
    // Everyone but d and the people below d (f, g); the deleted x is nobody.
    expect(names((managerCandidates.body as { users: Ref[] }).users)).toEqual([
      'a',
      'admin',
      'b',
      'c',
      'e',
      'h',
      'i',
      'j',
    ]);
    const manageeCandidates = await asAdmin('GET', `/api/users/${id('d')}/managee-candidates?limit=1000`);
    // Not d, not above d (b, a), nobody with another manager (c, e, g, i); d's own managee f stays.
    expect(names((manageeCandidates.body as { users: Ref[] }).users)).toEqual(['admin', 'f', 'h', 'j']);
    const searched = await asAdmin('GET', `/api/users/${id('d')}/managee-candidates?search=j`);
    expect(names((searched.body as { users: Ref[] }).users)).toEqual(['j']);
    const candidates = async (name: string, kind: string) =>
      names(
        ((await asAdmin('GET', `/api/users/${id(name)}/${kind}-candidates?limit=1000`)).body as { users: Ref[] }).users,
      );
    // The bottom of the chain may report to anyone but themself.
    expect(await candidates('g', 'manager')).toEqual(['a', 'admin', 'b', 'c', 'd', 'e', 'f', 'h', 'i', 'j']);
    // The top of the chain may manage the users without a manager and its own managees.
    expect(await candidates('a', 'managee')).toEqual(['admin', 'b', 'c', 'h', 'j']);
  });

  it('refuses a managee who has another manager, naming them, and changes nothing', async () => {
    await expectRefused(
      asAdmin('PATCH', `/api/users/${id('h')}/managees`, { manageeIds: [id('i'), id('c')] }),
      'C Test already has another manager: change their manager first',
    );
    expect(await managerOf('i')).toBe(id('h'));
  });

  it('removing a managee clears their manager; their own team stays with them', async () => {
    const answer = await asAdmin('PATCH', `/api/users/${id('b')}/managees`, { manageeIds: [id('e')] });
    expect(answer.status).toBe(200);
    expect((answer.body as { managees: Ref[] }).managees.map((m) => m.id)).toEqual([id('e')]);
    expect(await managerOf('d')).toBeNull();
    expect(await managerOf('f')).toBe(id('d'));
    const audit = await t.database.db
      .selectFrom('audit_logs')
      .select(['entity_id', 'action', 'changes'])
      .where('action', 'in', ['update_managees', 'update_manager'])
      .orderBy('created_at')
      .execute();
    expect(audit.map((entry) => [entry.action, entry.entity_id, JSON.parse(entry.changes ?? '{}') as unknown])).toEqual(
      [
        ['update_managees', id('b'), { managees: { before: ['d@h.fr', 'e@h.fr'], after: ['e@h.fr'] } }],
        ['update_manager', id('d'), { manager: { before: 'b@h.fr', after: null } }],
      ],
    );
  });

  it('moves a user under a new manager, and back to none', async () => {
    const moved = await asAdmin('PUT', `/api/users/${id('d')}`, { managerId: id('h') });
    expect(moved).toMatchObject({ status: 200, body: { managerId: id('h'), manager: { email: 'h@h.fr' } } });
    expect((await asAdmin('PATCH', `/api/users/${id('j')}/managees`, { manageeIds: [id('a')] })).status).toBe(200);
    expect(await managerOf('a')).toBe(id('j'));
    const cleared = await asAdmin('PUT', `/api/users/${id('a')}`, { managerId: null });
    expect(cleared).toMatchObject({ status: 200, body: { managerId: null, manager: null } });
    // The chain g → f → d → h: h can't go under g now either.
    await expectRefused(
      asAdmin('PUT', `/api/users/${id('h')}`, { managerId: id('g') }),
      'G Test reports to this user, directly or not: choosing them as manager would make a loop',
    );
  });

  it('refuses unknown or deleted users as manager or managee', async () => {
    const before = await snapshot();
    expect(await asAdmin('PUT', `/api/users/${id('c')}`, { managerId: id('x') })).toMatchObject({
      status: 400,
      body: { fields: { managerId: 'Unknown manager' } },
    });
    expect(await asAdmin('PATCH', `/api/users/${id('c')}/managees`, { manageeIds: [id('x')] })).toMatchObject({
      status: 400,
      body: { fields: { manageeIds: 'One of the managees does not exist' } },
    });
    expect((await asAdmin('GET', `/api/users/${id('x')}/manager-candidates`)).status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});
