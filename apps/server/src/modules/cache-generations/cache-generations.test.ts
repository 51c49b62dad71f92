import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Doctor, DoctorInput, DoctorSearchResult, OfficeListResult } from '@crm/shared';
import { buildApp } from '#server/app.ts';
import { systemClock } from '#server/core/clock.ts';
import { type Db, openDatabase } from '#server/db/database.ts';
import type { AuthContext } from '#server/modules/auth/auth.service.ts';
import { DoctorOfficesRepository } from '#server/modules/doctors/doctor-offices.repository.ts';
import { TargetsRepository } from '#server/modules/configuration/targets.repository.ts';
import { DoctorSearchRepository } from '#server/modules/doctors/doctor-search.repository.ts';
import { DoctorsRepository } from '#server/modules/doctors/doctors.repository.ts';
import { DoctorsService } from '#server/modules/doctors/doctors.service.ts';
import { IdempotencyKeysRepository } from '#server/modules/idempotency/idempotency.repository.ts';
import { LogsRepository } from '#server/modules/logs/logs.repository.ts';
import { OfficesRepository } from '#server/modules/offices/offices.repository.ts';
import { toSessionUser } from '#server/modules/users/users.mapper.ts';
import { type Call, caller, signIn } from '#server/test/callers.ts';
import { createTestApp, engines, type TestApp } from '#server/test/harness.ts';
import { CacheGenerationsRepository } from './cache-generations.repository.ts';

/**
 * Two processes on one database, as a deployment runs them (DESIGN §2): the figures a process keeps in memory
 * (doctor match counts, office filter totals) follow a change made by the other at once (decision 0014).
 * The second app has its own services, hence its own caches; on SQLite it also has its own connection.
 */
describe.each(engines())('figures kept in memory, across processes, on %s', (engine) => {
  let t: TestApp;
  let otherDb: { db: Db; close: () => Promise<void> };
  let otherApp: FastifyInstance;
  let one: Call;
  let other: Call;
  let auth: AuthContext;

  beforeAll(async () => {
    t = await createTestApp(engine);
    otherDb =
      engine === 'sqlite'
        ? openDatabase({ sqliteFile: t.database.location })
        : { db: t.database.db, close: () => Promise.resolve() };
    otherApp = await buildApp({ config: t.config, db: otherDb.db });
    await otherApp.ready();
    const user = await t.factory.user({ email: 'rep@t.fr' });
    // Sessions and the signing secret are rows: a session opened through one app is valid in the other.
    const { authorization } = await signIn(t.app, user.email, user.password);
    one = caller(t.app, authorization);
    other = caller(otherApp, authorization);
    const row = await t.database.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    auth = { user: toSessionUser(row), sessionId: 'test' };
  });
  afterAll(async () => {
    await otherApp.close();
    await otherDb.close();
    await t.close();
  });

  const searchTotal = async (api: Call, search: string) => {
    const { status, body } = await api('GET', `/api/doctors/search?search=${encodeURIComponent(search)}`);
    expect(status).toBe(200);
    return (body as DoctorSearchResult).total;
  };
  const doctorInput = (rpps: string, firstName: string, lastName: string): DoctorInput => ({
    rpps,
    firstName,
    lastName,
    title: null,
    prefix: 'Dr',
    gender: null,
    email: null,
    phone: null,
    primarySpecialty: 'Cardiology',
    secondarySpecialty: null,
  });

  it("a doctor created, renamed or deleted through one process moves the other's search totals at once", async () => {
    await t.factory.doctor({ firstName: 'Jeanne', lastName: 'Marchetti' });
    // A long word (its count is cached), several short words (their count is cached), a long and a short one.
    const searches = ['marchetti', 'ma je', 'marchetti j'];
    const totals = async () => Promise.all(searches.map((search) => searchTotal(other, search)));
    expect(await totals()).toEqual([1, 1, 1]);

    const created = await one('POST', '/api/doctors', doctorInput('30303030303', 'Jean', 'Marchetti'));
    expect(created.status).toBe(201);
    const id = (created.body as Doctor).id;
    expect(await totals()).toEqual([2, 2, 2]);

    expect((await one('PUT', `/api/doctors/${id}`, { lastName: 'Zanetti' })).status).toBe(200);
    expect(await totals()).toEqual([1, 1, 1]);
    expect(await searchTotal(other, 'zanetti')).toBe(1);

    expect((await one('DELETE', `/api/doctors/${id}`)).status).toBe(204);
    expect(await searchTotal(other, 'zanetti')).toBe(0);
  });

  it("an office created, linked or deleted through one process moves the other's filter totals at once", async () => {
    // Only totals above a thousand are kept in memory: make the Cardiology list that long.
    const offices = [];
    for (let i = 0; i < 1001; i += 1) offices.push((await t.factory.office()).id);
    await t.database.db
      .insertInto('office_specialties')
      .values(offices.map((office_id) => ({ office_id, specialty: 'Cardiology' })))
      .execute();
    const filtered = async (api: Call) => {
      const { status, body } = await api('GET', '/api/offices?specialty=Cardiology');
      expect(status).toBe(200);
      return (body as OfficeListResult).total;
    };
    const unfiltered = async (api: Call) => ((await api('GET', '/api/offices')).body as OfficeListResult).total;
    expect(await filtered(other)).toBe(1001);
    const all = await unfiltered(other);
    expect(all).toBeGreaterThan(1000);

    const office = await one('POST', '/api/offices', {
      name: 'Cabinet du Port',
      address: '1 quai du Port',
      postal_code: '13002',
      city: 'Marseille',
      uga: '13A',
    });
    expect(office.status).toBe(201);
    const officeId = (office.body as { id: string }).id;
    expect(await unfiltered(other)).toBe(all + 1);

    const doctor = await one('POST', '/api/doctors', doctorInput('40404040404', 'Paul', 'Cardi'));
    const doctorId = (doctor.body as Doctor).id;
    expect((await one('POST', `/api/doctors/${doctorId}/offices`, { officeId })).status).toBe(200);
    expect(await filtered(other)).toBe(1002);

    expect((await one('DELETE', `/api/offices/${officeId}/doctors/${doctorId}`)).status).toBe(204);
    expect(await filtered(other)).toBe(1001);

    expect((await one('DELETE', `/api/offices/${offices[0]}`)).status).toBe(204);
    expect(await filtered(other)).toBe(1000);
    expect(await unfiltered(other)).toBe(all);
  });

  it('a count made while a change is not yet committed is not served after the commit', async () => {
    await t.factory.doctor({ firstName: 'Lucie', lastName: 'Bellavista' });
    // The writing process, paused inside its transaction after every write (the old code had cleared its
    // cache there), before the commit.
    let reached = () => {};
    let release = () => {};
    const paused = new Promise<void>((resolve) => (reached = resolve));
    const gate = new Promise<void>((resolve) => (release = resolve));
    class PausingDoctors extends DoctorsRepository {
      override async findForUser(...args: Parameters<DoctorsRepository['findForUser']>) {
        reached();
        await gate;
        return super.findForUser(...args);
      }
    }
    const db = t.database.db;
    const writer = new DoctorsService({
      db,
      doctors: new PausingDoctors(),
      links: new DoctorOfficesRepository(),
      offices: new OfficesRepository(),
      search: new DoctorSearchRepository(),
      targets: new TargetsRepository(),
      logs: new LogsRepository(systemClock),
      generations: new CacheGenerationsRepository(),
      keys: new IdempotencyKeysRepository(),
      clock: systemClock,
    });
    const writerTotal = async () =>
      (await writer.search(auth, { search: 'bellavista', page: 1, limit: 10, recentIds: [] })).total;
    expect(await writerTotal()).toBe(1);
    expect(await searchTotal(other, 'bellavista')).toBe(1);

    const creating = writer.create(auth, doctorInput('50505050505', 'Marc', 'Bellavista'), null);
    await paused;
    // The other process counts the committed rows meanwhile; so does the writer itself on PostgreSQL (on SQLite
    // its one connection is held by the transaction, so its own search could only wait for the commit).
    expect(await searchTotal(other, 'bellavista')).toBe(1);
    if (engine === 'postgres') expect(await writerTotal()).toBe(1);
    release();
    await creating;

    expect(await searchTotal(other, 'bellavista')).toBe(2);
    expect(await writerTotal()).toBe(2);
  });
});
