import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, callerFor, signIn } from '#server/test/callers.ts';
import type { CreatedUser } from '#server/test/factory.ts';
import { createTestApp, engines, type TestApp } from '#server/test/harness.ts';
import { tableCounts } from '#server/test/table-counts.ts';

const USER_TABLES = ['users', 'sessions', 'audit_logs', 'activities', 'user_products'] as const;

describe.each(engines())('deleting a user on %s', (engine) => {
  let t: TestApp;
  let admin: CreatedUser;
  let top: CreatedUser;

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await t.factory.user({ email: 'admin@t.fr', isAdmin: true });
    top = await t.factory.user({ email: 'top@t.fr', firstName: 'Tania', lastName: 'Top' });
  });
  afterAll(async () => {
    await t.close();
  });

  const userRow = (id: string) =>
    t.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('ends their sessions at once, refuses their sign-in, and keeps what they did attributed to them', async () => {
    const rep = await t.factory.user({ email: 'leaving@t.fr', managerId: top.id });
    const activity = await t.factory.activity({ ownerId: rep.id, title: 'Visite' });
    const { authorization } = await signIn(t.app, rep.email, rep.password);
    const asRep = caller(t.app, authorization);
    expect((await asRep('GET', '/api/auth/me')).status).toBe(200);

    const asAdmin = await callerFor(t, admin);
    expect(await asAdmin('DELETE', `/api/users/${rep.id}`)).toMatchObject({ status: 204, body: null });

    // The token signed before still verifies; the session check refuses it on the very next request.
    expect(await asRep('GET', '/api/auth/me')).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'accept-language': 'en' },
      payload: { email: rep.email, password: rep.password },
    });
    // The same answer as a wrong password: a deleted account is not revealed.
    expect(login.statusCode).toBe(401);
    expect(login.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' });

    const row = await userRow(rep.id);
    expect(row.deleted_at).not.toBeNull();
    expect(row.email).toBe('leaving@t.fr');
    const sessions = await t.database.db.selectFrom('sessions').selectAll().where('user_id', '=', rep.id).execute();
    expect(sessions.every((session) => session.revoked_at !== null)).toBe(true);
    const kept = await t.database.db
      .selectFrom('activities')
      .select('owner_id')
      .where('id', '=', activity.id)
      .executeTakeFirstOrThrow();
    expect(kept.owner_id).toBe(rep.id);
    const audit = await t.database.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('entity_id', '=', rep.id)
      .where('action', '=', 'delete')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ entity_type: 'user', user_email: admin.email });
    expect(JSON.parse(audit.metadata ?? '{}')).toMatchObject({ email: 'leaving@t.fr' });

    // Deleting again finds nobody.
    expect((await asAdmin('DELETE', `/api/users/${rep.id}`)).status).toBe(404);
  });

  it("hands the deleted manager's managees, and their waiting budgets, to the manager above", async () => {
    const middle = await t.factory.user({ email: 'middle@t.fr', managerId: top.id });
    const first = await t.factory.user({ email: 'first@t.fr', managerId: middle.id });
    const second = await t.factory.user({ email: 'second@t.fr', managerId: middle.id });
    const event = await t.factory.channelByName('Event');
    const budget = await t.factory.activity({
      ownerId: first.id,
      channelId: event.id,
      budgetCents: 12_000,
      approvalStatus: 'waiting_approval',
    });

    const asAdmin = await callerFor(t, admin);
    expect((await asAdmin('DELETE', `/api/users/${middle.id}`)).status).toBe(204);

    expect((await userRow(first.id)).manager_id).toBe(top.id);
    expect((await userRow(second.id)).manager_id).toBe(top.id);
    const asTop = await callerFor(t, top);
    const me = (await asTop('GET', '/api/auth/me')).body as { managees: { email: string }[] };
    expect(me.managees.map((managee) => managee.email)).toEqual(expect.arrayContaining(['first@t.fr', 'second@t.fr']));
    expect(me.managees.map((managee) => managee.email)).not.toContain('middle@t.fr');
    expect((await asTop('PUT', `/api/activities/${budget.id}/approve`, {})).status).toBe(200);

    const audit = await t.database.db
      .selectFrom('audit_logs')
      .select('changes')
      .where('entity_id', '=', middle.id)
      .where('action', '=', 'delete')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.changes ?? '{}')).toEqual({
      managees: { before: ['first@t.fr', 'second@t.fr'], after: [] },
      manageesMovedTo: { before: middle.id, after: top.id },
    });
  });

  it('leaves the managees of a deleted top manager without a manager', async () => {
    const boss = await t.factory.user({ email: 'boss@t.fr' });
    const report = await t.factory.user({ email: 'report@t.fr', managerId: boss.id });
    const asAdmin = await callerFor(t, admin);
    expect((await asAdmin('DELETE', `/api/users/${boss.id}`)).status).toBe(204);
    expect((await userRow(report.id)).manager_id).toBeNull();
  });

  it('refuses an admin deleting themself, and changes nothing', async () => {
    const asAdmin = await callerFor(t, admin);
    const before = await tableCounts(t.database.db, USER_TABLES);
    expect(await asAdmin('DELETE', `/api/users/${admin.id}`)).toMatchObject({
      status: 409,
      body: { code: 'CONFLICT', message: 'You cannot delete your own account' },
    });
    expect(await tableCounts(t.database.db, USER_TABLES)).toEqual(before);
    expect((await userRow(admin.id)).deleted_at).toBeNull();
  });

  it('refuses everyone but admins, and changes nothing', async () => {
    const target = await t.factory.user({ email: 'target@t.fr', managerId: top.id });
    const reader = await t.factory.user({ email: 'reader@t.fr', readWrite: false });
    const before = await tableCounts(t.database.db, USER_TABLES);
    for (const user of [top, reader, target]) {
      const as = await callerFor(t, user);
      const counts = await tableCounts(t.database.db, USER_TABLES);
      expect(await as('DELETE', `/api/users/${target.id}`)).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
      expect(await tableCounts(t.database.db, USER_TABLES)).toEqual(counts);
    }
    const anonymous = await t.app.inject({ method: 'DELETE', url: `/api/users/${target.id}` });
    expect(anonymous.statusCode).toBe(401);
    // Only the sign-ins above were written (a session and a login entry each).
    const after = await tableCounts(t.database.db, USER_TABLES);
    expect(after).toEqual({
      ...before,
      sessions: (before.sessions ?? 0) + 3,
      audit_logs: (before.audit_logs ?? 0) + 3,
    });
    expect((await userRow(target.id)).deleted_at).toBeNull();
  });

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    const asAdmin = await callerFor(t, admin);
    expect((await asAdmin('DELETE', '/api/users/0190f0a0-0000-7000-8000-000000000000')).status).toBe(404);
    expect(await asAdmin('DELETE', '/api/users/not-an-id')).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_ERROR' },
    });
  });
});
