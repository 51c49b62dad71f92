import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Call, caller, callerFor, signIn } from '#server/test/callers.ts';
import type { CreatedUser } from '#server/test/factory.ts';
import { createTestApp, engines, type TestApp } from '#server/test/harness.ts';
import { SmtpSink } from '#server/test/smtp-sink.ts';
import { tableCounts } from '#server/test/table-counts.ts';

type Summary = { id: string; email: string; firstName: string | null; lastLogin: string | null };
type Detail = Summary & { products: { id: string; name: string; active: boolean }[]; accountType: string };

const WRITE_TABLES = ['users', 'audit_logs', 'user_products', 'password_tokens', 'mail_outbox'] as const;

describe.each(engines())('users administration on %s', (engine) => {
  let t: TestApp;
  let sink: SmtpSink;
  let admin: CreatedUser;
  let asAdmin: Call;

  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await createTestApp(engine, { SMTP_URL: sink.url });
    admin = await t.factory.user({ email: 'admin@labo.fr', firstName: 'Alice', lastName: 'Admin', isAdmin: true });
    asAdmin = await callerFor(t, admin);
    for (let index = 0; index < 25; index += 1) {
      await t.factory.user({
        email: `delegue${String(index).padStart(2, '0')}@labo.fr`,
        firstName: index % 2 === 0 ? 'Élodie' : 'Bruno',
        lastName: `Délégué ${index}`,
      });
    }
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  it('lists users by page with their total, searching names and addresses', async () => {
    const first = (await asAdmin('GET', '/api/users')).body as { users: Summary[]; total: number };
    expect(first.total).toBe(26);
    expect(first.users).toHaveLength(20);
    const second = (await asAdmin('GET', '/api/users?page=2')).body as { users: Summary[]; total: number };
    expect(second.users).toHaveLength(6);
    expect(new Set([...first.users, ...second.users].map((user) => user.id)).size).toBe(26);
    const all = (await asAdmin('GET', '/api/users?limit=1000')).body as { users: Summary[] };
    expect(all.users).toHaveLength(26);

    const elodies = (await asAdmin('GET', '/api/users?search=elodie%20DELEG')).body as {
      users: Summary[];
      total: number;
    };
    expect(elodies.total).toBe(13);
    expect(elodies.users.every((user) => user.firstName === 'Élodie')).toBe(true);
    const byAddress = (await asAdmin('GET', '/api/users?search=delegue07')).body as { users: Summary[] };
    expect(byAddress.users.map((user) => user.email)).toEqual(['delegue07@labo.fr']);
    expect((await asAdmin('GET', '/api/users?limit=1001')).status).toBe(400);
  });

  it('creates users in a batch: one result per address, in order', async () => {
    const before = await tableCounts(t.database.db, ['users']);
    const answer = await asAdmin('POST', '/api/users/bulk', {
      emails: ' new1@labo.fr, not-an-address ,delegue01@labo.fr,NEW2@labo.fr, new1@labo.fr ,, ',
    });
    expect(answer).toMatchObject({
      status: 200,
      body: {
        created: 2,
        failed: 3,
        delivery: 'smtp',
        message: '2 users created successfully. 3 failed.',
        results: [
          { email: 'new1@labo.fr', status: 'success', outcome: 'created' },
          { email: 'not-an-address', status: 'error', outcome: 'invalid', message: 'Invalid e-mail address' },
          {
            email: 'delegue01@labo.fr',
            status: 'error',
            outcome: 'exists',
            message: 'A user with this e-mail already exists',
          },
          { email: 'new2@labo.fr', status: 'success', outcome: 'created' },
          {
            email: 'new1@labo.fr',
            status: 'error',
            outcome: 'exists',
            message: 'This address is listed more than once',
          },
        ],
      },
    });
    expect((await tableCounts(t.database.db, ['users'])).users).toBe((before.users ?? 0) + 2);
    await sink.waitFor(2);
    expect(sink.received.map((mail) => mail.to[0]).sort()).toEqual(['new1@labo.fr', 'new2@labo.fr']);
    const created = (await asAdmin('GET', '/api/users?search=new1')).body as {
      users: (Summary & { isAdmin: boolean; readWrite: boolean })[];
    };
    expect(created.users[0]).toMatchObject({ isAdmin: false, readWrite: false, invitationPending: true });

    expect(await asAdmin('POST', '/api/users/bulk', { emails: ' , ' })).toMatchObject({
      status: 400,
      body: { fields: { emails: 'This field is required' } },
    });
    const tooMany = Array.from({ length: 201 }, (_, index) => `x${index}@labo.fr`).join(',');
    expect(await asAdmin('POST', '/api/users/bulk', { emails: tooMany })).toMatchObject({
      status: 400,
      body: { fields: { emails: 'At most 200 addresses at a time' } },
    });
  });

  it('refuses an address already used, and an invalid one, changing nothing', async () => {
    const before = await tableCounts(t.database.db, WRITE_TABLES);
    expect(await asAdmin('POST', '/api/users', { email: 'DELEGUE02@labo.fr' })).toMatchObject({
      status: 409,
      body: {
        message: 'A user with this e-mail already exists',
        fields: { email: 'A user with this e-mail already exists' },
      },
    });
    expect(await asAdmin('POST', '/api/users', { email: 'nope' })).toMatchObject({
      status: 400,
      body: { fields: { email: 'Please enter a valid email address' } },
    });
    expect(await tableCounts(t.database.db, WRITE_TABLES)).toEqual(before);
  });

  it('edits the personal information; an empty display name becomes first plus last', async () => {
    const user = await t.factory.user({ email: 'edit.me@labo.fr' });
    const answer = await asAdmin('PUT', `/api/users/${user.id}`, {
      email: 'Edited@Labo.fr',
      firstName: ' Hélène ',
      lastName: 'Vidal',
      displayName: '',
    });
    expect(answer).toMatchObject({
      status: 200,
      body: { email: 'edited@labo.fr', firstName: 'Hélène', lastName: 'Vidal', displayName: 'Hélène Vidal' },
    });
    const found = (await asAdmin('GET', '/api/users?search=helene%20vidal')).body as { users: Summary[] };
    expect(found.users.map((row) => row.id)).toEqual([user.id]);
    const audit = await t.database.db
      .selectFrom('audit_logs')
      .select('changes')
      .where('entity_id', '=', user.id)
      .where('action', '=', 'update')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.changes ?? '{}')).toMatchObject({
      email: { before: 'edit.me@labo.fr', after: 'edited@labo.fr' },
      displayName: { before: 'Marie Dupont', after: 'Hélène Vidal' },
    });

    const before = await tableCounts(t.database.db, WRITE_TABLES);
    expect(
      await asAdmin('PUT', `/api/users/${user.id}`, { email: 'x@labo.fr', firstName: '', lastName: 'V' }),
    ).toMatchObject({
      status: 400,
      body: { fields: { firstName: 'This field is required' } },
    });
    expect(
      await asAdmin('PUT', `/api/users/${user.id}`, { email: 'delegue03@labo.fr', firstName: 'H', lastName: 'V' }),
    ).toMatchObject({
      status: 409,
      body: { fields: { email: 'A user with this e-mail already exists' } },
    });
    expect(await asAdmin('PUT', `/api/users/${user.id}`, { isAdmin: true })).toMatchObject({ status: 400 });
    expect(await asAdmin('PUT', `/api/users/${user.id}`, {})).toMatchObject({ status: 400 });
    expect(await tableCounts(t.database.db, WRITE_TABLES)).toEqual(before);
  });

  it("applies a change of permissions from the user's next request", async () => {
    const other = await t.factory.user({ email: 'second.admin@labo.fr', isAdmin: true });
    const asOther = caller(t.app, (await signIn(t.app, other.email, other.password)).authorization);
    expect((await asOther('GET', '/api/users')).status).toBe(200);
    expect(
      (await asAdmin('PATCH', `/api/users/${other.id}/permissions`, { isAdmin: false, readWrite: false })).body,
    ).toMatchObject({
      isAdmin: false,
      readWrite: false,
    });
    // The same token, the very next request.
    expect((await asOther('GET', '/api/users')).status).toBe(403);
    expect((await asOther('GET', '/api/auth/me')).body).toMatchObject({ isAdmin: false, readWrite: false });
    const doctor = await t.factory.doctor();
    expect((await asOther('PUT', `/api/doctors/${doctor.id}`, { phone: '0102030405' })).status).toBe(403);
    await asAdmin('PATCH', `/api/users/${other.id}/permissions`, { isAdmin: true, readWrite: true });
    expect((await asOther('GET', '/api/users')).status).toBe(200);
  });

  it('keeps at least one admin', async () => {
    const lone = await createTestApp(engine);
    try {
      const only = await lone.factory.user({ email: 'only@labo.fr', isAdmin: true });
      const asOnly = await callerFor(lone, only);
      const before = await tableCounts(lone.database.db, WRITE_TABLES);
      expect(
        await asOnly('PATCH', `/api/users/${only.id}/permissions`, { isAdmin: false, readWrite: true }),
      ).toMatchObject({
        status: 409,
        body: { message: 'At least one administrator must remain' },
      });
      expect(await tableCounts(lone.database.db, WRITE_TABLES)).toEqual(before);
    } finally {
      await lone.close();
    }
  });

  it("assigns products, which count from the user's next request", async () => {
    const rep = await t.factory.user({ email: 'products.rep@labo.fr' });
    const cardio = await t.factory.product({ name: 'Cardiovex' });
    const neuro = await t.factory.product({ name: 'Neurolan' });
    const old = await t.factory.product({ name: 'Oldamine', active: false });
    const asRep = await callerFor(t, rep);
    expect(((await asRep('GET', '/api/auth/me/products')).body as { products: unknown[] }).products).toEqual([]);

    const answer = await asAdmin('POST', `/api/users/${rep.id}/products`, {
      productIds: [neuro.id, cardio.id, old.id],
    });
    expect((answer.body as Detail).products).toEqual([
      { id: cardio.id, name: 'Cardiovex', active: true },
      { id: neuro.id, name: 'Neurolan', active: true },
      { id: old.id, name: 'Oldamine', active: false },
    ]);
    // The activity form offers the active ones.
    const mine = (await asRep('GET', '/api/auth/me/products')).body as { products: { name: string }[] };
    expect(mine.products.map((product) => product.name)).toEqual(['Cardiovex', 'Neurolan']);

    await asAdmin('POST', `/api/users/${rep.id}/products`, { productIds: [cardio.id] });
    const after = (await asRep('GET', '/api/auth/me/products')).body as { products: { name: string }[] };
    expect(after.products.map((product) => product.name)).toEqual(['Cardiovex']);

    const before = await tableCounts(t.database.db, WRITE_TABLES);
    expect(
      await asAdmin('POST', `/api/users/${rep.id}/products`, { productIds: ['0190f0a0-0000-7000-8000-000000000000'] }),
    ).toMatchObject({ status: 400, body: { fields: { productIds: 'One of the products does not exist' } } });
    expect(await tableCounts(t.database.db, WRITE_TABLES)).toEqual(before);
  });

  it('shows a user with their manager, managees, products and account type', async () => {
    const boss = await t.factory.user({ email: 'boss@labo.fr', firstName: 'Bernard', lastName: 'Boss' });
    const rep = await t.factory.user({
      email: 'team.rep@labo.fr',
      managerId: boss.id,
      firstName: 'Tom',
      lastName: 'Team',
    });
    const detail = await asAdmin('GET', `/api/users/${boss.id}`);
    expect(detail).toMatchObject({
      status: 200,
      body: {
        email: 'boss@labo.fr',
        displayName: 'Bernard Boss',
        manager: null,
        managees: [{ id: rep.id, displayName: 'Tom Team', email: 'team.rep@labo.fr' }],
        products: [],
        accountType: 'local',
        invitationPending: false,
      },
    });
    expect((await asAdmin('GET', `/api/users/${rep.id}`)).body).toMatchObject({
      manager: { id: boss.id, displayName: 'Bernard Boss', email: 'boss@labo.fr' },
    });
    expect((await asAdmin('GET', '/api/users/0190f0a0-0000-7000-8000-000000000000')).status).toBe(404);
  });

  it('answers the org chart: every user with their manager', async () => {
    const chart = (await asAdmin('GET', '/api/users/org-chart')).body as {
      users: { id: string; managerId: string | null }[];
    };
    const all = (await asAdmin('GET', '/api/users?limit=1000')).body as { users: Summary[]; total: number };
    expect(chart.users).toHaveLength(all.total);
    const boss = chart.users.find((user) => user.id === all.users.find((row) => row.email === 'boss@labo.fr')?.id);
    expect(chart.users.filter((user) => user.managerId === boss?.id)).toHaveLength(1);
  });

  it('restores a deleted user when their address is invited again, with their history', async () => {
    const leaver = await t.factory.user({ email: 'comeback@labo.fr', firstName: 'Carla', lastName: 'Retour' });
    const activity = await t.factory.activity({ ownerId: leaver.id });
    expect((await asAdmin('DELETE', `/api/users/${leaver.id}`)).status).toBe(204);
    expect((await asAdmin('GET', '/api/users?search=comeback')).body).toMatchObject({ total: 0 });
    const again = await asAdmin('POST', '/api/users', { email: 'comeback@labo.fr', readWrite: true });
    expect(again).toMatchObject({
      status: 201,
      body: { user: { id: leaver.id, invitationPending: true, readWrite: true } },
    });
    const owner = await t.database.db
      .selectFrom('activities')
      .select('owner_id')
      .where('id', '=', activity.id)
      .executeTakeFirstOrThrow();
    expect(owner.owner_id).toBe(leaver.id);
    // The old password is gone: the invitation sets a new one.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: leaver.email, password: leaver.password },
    });
    expect(login.statusCode).toBe(401);
    const audit = await t.database.db
      .selectFrom('audit_logs')
      .select('action')
      .where('entity_id', '=', leaver.id)
      .orderBy('created_at')
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(['delete', 'restore']);
  });
});
