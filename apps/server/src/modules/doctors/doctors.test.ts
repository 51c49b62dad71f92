import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Doctor, DoctorSearchResult } from '@crm/shared';
import { directoryCounts, prefixCounts } from '#server/test/table-counts.ts';
import { type Call, callerFor } from '#server/test/callers.ts';
import { createTestApp, engines, type TestApp } from '#server/test/harness.ts';

const validDoctor = {
  rpps: '10101010101',
  firstName: 'Élodie',
  lastName: 'Fontaine',
  title: 'Cardiologue',
  prefix: 'Dr',
  gender: 'F',
  email: 'elodie.fontaine@example.fr',
  phone: '06 12 34 56 78',
  primarySpecialty: 'Cardiology',
  secondarySpecialty: 'Neurology',
};

describe.each(engines())('doctors on %s', (engine) => {
  let t: TestApp;
  let rep: Call;
  let manager: Call;
  let reader: Call;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const users = {
      rep: await t.factory.user({ email: 'rep@t.fr' }),
      manager: await t.factory.user({ email: 'manager@t.fr' }),
      reader: await t.factory.user({ email: 'reader@t.fr', readWrite: false }),
    };
    rep = await callerFor(t, users.rep);
    manager = await callerFor(t, users.manager);
    reader = await callerFor(t, users.reader);
    for (const name of ['A', 'B', 'C']) await t.factory.target(name);
    await t.factory.target('Z', false);
  });
  afterAll(() => t.close());

  describe('create and update', () => {
    it('creates a doctor, recording who and when, with an audit entry', async () => {
      const before = await directoryCounts(t.database.db);
      const { status, body } = await rep('POST', '/api/doctors', validDoctor);
      expect(status).toBe(201);
      const doctor = body as Doctor;
      expect(doctor).toMatchObject({
        ...validDoctor,
        updatedBy: 'rep@t.fr',
        offices: [],
        primaryOffice: null,
        target: null,
      });
      const after = await directoryCounts(t.database.db);
      expect(after.doctors).toBe((before.doctors ?? 0) + 1);
      expect(after.audit_logs).toBe((before.audit_logs ?? 0) + 1);
      const audit = await t.database.db
        .selectFrom('audit_logs')
        .selectAll()
        .where('entity_id', '=', doctor.id)
        .executeTakeFirstOrThrow();
      expect(audit).toMatchObject({ action: 'create', entity_type: 'doctor', user_email: 'rep@t.fr' });
      expect(JSON.parse(audit.changes ?? '{}')).toMatchObject({ previous: null, new: { rpps: '10101010101' } });
    });

    it.each([
      [{ rpps: 'abc' }, 'rpps', 'RPPS must be a numeric value up to 12 digits!'],
      [{ rpps: '1234567890123' }, 'rpps', 'RPPS must be a numeric value up to 12 digits!'],
      [{ rpps: '' }, 'rpps', 'This field is required'],
      [{ firstName: '  ' }, 'firstName', 'This field is required'],
      [{ lastName: undefined }, 'lastName', 'This field is required'],
      [{ primarySpecialty: undefined }, 'primarySpecialty', 'This field is required'],
      [{ primarySpecialty: 'Surgery' }, 'primarySpecialty', 'Unknown specialty'],
      [{ email: 'not-an-email' }, 'email', 'Invalid email format'],
      [{ prefix: 'Sir' }, 'prefix', 'Invalid value'],
    ])('refuses %j naming the field, and writes nothing', async (change, field, message) => {
      const before = await directoryCounts(t.database.db);
      const { status, body } = await rep('POST', '/api/doctors', { ...validDoctor, rpps: '10101010199', ...change });
      expect(status).toBe(400);
      expect((body as { fields: Record<string, string> }).fields[field]).toBe(message);
      expect(await directoryCounts(t.database.db)).toEqual(before);
    });

    it('refuses a duplicate RPPS with 409 and writes nothing', async () => {
      const before = await directoryCounts(t.database.db);
      const { status, body } = await rep('POST', '/api/doctors', { ...validDoctor, firstName: 'Autre' });
      expect(status).toBe(409);
      expect(body).toMatchObject({ code: 'CONFLICT', message: 'A doctor with this RPPS already exists' });
      expect(await directoryCounts(t.database.db)).toEqual(before);
    });

    it('updates one field inline, keeping the others, and audits before and after', async () => {
      const created = await t.factory.doctor({ firstName: 'Hugo', lastName: 'Bernard' });
      const { status, body } = await rep('PUT', `/api/doctors/${created.id}`, { phone: '0145454545' });
      expect(status).toBe(200);
      expect(body).toMatchObject({
        firstName: 'Hugo',
        lastName: 'Bernard',
        phone: '0145454545',
        updatedBy: 'rep@t.fr',
      });
      const audit = await t.database.db
        .selectFrom('audit_logs')
        .select('changes')
        .where('entity_id', '=', created.id)
        .where('action', '=', 'update')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(audit.changes ?? '{}')).toEqual({ phone: { before: null, after: '0145454545' } });
    });

    it('renaming re-indexes the search', async () => {
      const created = await t.factory.doctor({ firstName: 'Inès', lastName: 'Avant' });
      await rep('PUT', `/api/doctors/${created.id}`, { lastName: 'Après-Renommage' });
      const found = (await rep('GET', '/api/doctors/search?search=renommage')).body as DoctorSearchResult;
      expect(found.doctors.map((d) => d.id)).toEqual([created.id]);
      const old = (await rep('GET', '/api/doctors/search?search=avant')).body as DoctorSearchResult;
      expect(old.doctors.map((d) => d.id)).not.toContain(created.id);
    });

    it('counts a doctor created, renamed or deleted here at once (cached match counts are cleared)', async () => {
      const total = async (query: string) =>
        ((await rep('GET', `/api/doctors/search?search=${query}`)).body as DoctorSearchResult).total;
      expect([await total('zephyrine'), await total('zephyrinette')]).toEqual([0, 0]);
      const created = await rep('POST', '/api/doctors', { ...validDoctor, rpps: '10101010199', lastName: 'Zéphyrine' });
      expect(created.status).toBe(201);
      const id = (created.body as Doctor).id;
      expect(await total('zephyrine')).toBe(1);
      await rep('PUT', `/api/doctors/${id}`, { lastName: 'Zephyrinette' });
      expect([await total('zephyrine'), await total('zephyrinette')]).toEqual([1, 1]);
      await rep('PUT', `/api/doctors/${id}`, { lastName: 'Autrement' });
      expect([await total('zephyrine'), await total('zephyrinette')]).toEqual([0, 0]);
      expect((await rep('DELETE', `/api/doctors/${id}`)).status).toBe(204);
      expect(await total('autrement')).toBe(0);
    });

    it('refuses to take another doctor’s RPPS, an empty update, an unknown id and a malformed id', async () => {
      const a = await t.factory.doctor();
      const b = await t.factory.doctor();
      const before = await directoryCounts(t.database.db);
      expect((await rep('PUT', `/api/doctors/${a.id}`, { rpps: b.rpps })).status).toBe(409);
      expect((await rep('PUT', `/api/doctors/${a.id}`, {})).status).toBe(400);
      expect((await rep('PUT', '/api/doctors/01900000-0000-7000-8000-000000000000', { phone: '1' })).status).toBe(404);
      expect((await rep('GET', '/api/doctors/not-a-uuid')).status).toBe(400);
      expect(await directoryCounts(t.database.db)).toEqual(before);
    });

    it('deletes a doctor with its links, and audits it', async () => {
      const doctor = await t.factory.doctor();
      const office = await t.factory.office();
      await rep('POST', `/api/doctors/${doctor.id}/offices`, { officeId: office.id });
      expect((await rep('DELETE', `/api/doctors/${doctor.id}`)).status).toBe(204);
      expect((await rep('GET', `/api/doctors/${doctor.id}`)).status).toBe(404);
      const links = await t.database.db
        .selectFrom('doctor_offices')
        .selectAll()
        .where('doctor_id', '=', doctor.id)
        .execute();
      expect(links).toEqual([]);
      const specialties = await t.database.db
        .selectFrom('office_specialties')
        .selectAll()
        .where('office_id', '=', office.id)
        .execute();
      expect(specialties).toEqual([]);
    });
  });

  describe('readWrite', () => {
    it('refuses every write to a user without readWrite with 403, changing nothing', async () => {
      const doctor = await t.factory.doctor({ firstName: 'Lecture', lastName: 'Seule' });
      const office = await t.factory.office();
      const other = await t.factory.office();
      await rep('POST', `/api/doctors/${doctor.id}/offices`, { officeId: office.id });
      await rep('POST', `/api/doctors/${doctor.id}/offices`, { officeId: other.id });
      const before = await directoryCounts(t.database.db);
      const detailBefore = (await rep('GET', `/api/doctors/${doctor.id}`)).body as Doctor;
      const officeBefore = (await rep('GET', `/api/offices/${office.id}`)).body;

      const writes: [Parameters<Call>[0], string, object?][] = [
        ['POST', '/api/doctors', { ...validDoctor, rpps: '10101010177' }],
        ['PUT', `/api/doctors/${doctor.id}`, { firstName: 'Pirate' }],
        ['DELETE', `/api/doctors/${doctor.id}`],
        ['POST', `/api/doctors/${doctor.id}/offices`, { officeId: (await t.factory.office()).id }],
        ['PUT', `/api/doctors/${doctor.id}/offices/${other.id}/primary`],
        ['POST', '/api/offices', { name: 'X', address: '1 rue Y', postal_code: '75001', city: 'Paris', uga: '75A' }],
        ['PUT', `/api/offices/${office.id}`, { name: 'Pirate' }],
        ['DELETE', `/api/offices/${office.id}`],
        ['DELETE', `/api/offices/${office.id}/doctors/${doctor.id}`],
      ];
      const afterExtraOffice = await directoryCounts(t.database.db);
      for (const [method, url, payload] of writes) {
        const { status, body } = await reader(method, url, payload);
        expect(status, `${method} ${url}`).toBe(403);
        expect(body).toMatchObject({ code: 'FORBIDDEN' });
      }
      expect(await directoryCounts(t.database.db)).toEqual(afterExtraOffice);
      expect(afterExtraOffice.offices).toBe((before.offices ?? 0) + 1);
      expect((await rep('GET', `/api/doctors/${doctor.id}`)).body).toEqual(detailBefore);
      expect((await rep('GET', `/api/offices/${office.id}`)).body).toEqual(officeBefore);
    });

    it('still lets a reader read, keep recent doctors and set their own targets', async () => {
      const doctor = await t.factory.doctor();
      expect((await reader('GET', `/api/doctors/${doctor.id}`)).status).toBe(200);
      expect((await reader('POST', '/api/recent-doctors', { doctorId: doctor.id })).status).toBe(204);
      expect((await reader('PUT', `/api/doctors/${doctor.id}/user-data`, { target: 'A' })).status).toBe(200);
    });
  });

  describe('prefix counts', () => {
    const counts = () => prefixCounts(t.database.db);

    it("follow every doctor's creation, renaming and deletion, and give a one-word search its total", async () => {
      const created = (
        await rep('POST', '/api/doctors', { ...validDoctor, rpps: '30303030303', lastName: 'Quenouille' })
      ).body as Doctor;
      let { kept, counted } = await counts();
      expect(kept).toEqual(counted);
      const quen = kept.quen ?? 0;
      expect(quen).toBeGreaterThan(0);

      await rep('PUT', `/api/doctors/${created.id}`, { lastName: 'Zébulon-Quenelle', rpps: '30303030304' });
      ({ kept, counted } = await counts());
      expect(kept).toEqual(counted);
      expect(kept.quen).toBe(quen);
      const search = (await rep('GET', '/api/doctors/search?search=zeb')).body as DoctorSearchResult;
      expect(search.total).toBe(kept.zeb);
      expect(search.doctors.map((doctor) => doctor.id)).toContain(created.id);

      expect((await rep('DELETE', `/api/doctors/${created.id}`)).status).toBe(204);
      ({ kept, counted } = await counts());
      expect(kept).toEqual(counted);
      expect(kept['3030']).toBe(counted['3030']);
      expect((await rep('GET', '/api/doctors/search?search=zeb')).body).toMatchObject({ total: kept.zeb ?? 0 });
    });
  });

  describe('primary office', () => {
    it('makes the first linked office primary, and moves the flag on request', async () => {
      const doctor = await t.factory.doctor();
      const first = await t.factory.office({ name: 'Premier' });
      const second = await t.factory.office({ name: 'Second' });
      const linked = (await rep('POST', `/api/doctors/${doctor.id}/offices`, { officeId: first.id })).body as Doctor;
      expect(linked.primaryOffice?.id).toBe(first.id);
      const both = (await rep('POST', `/api/doctors/${doctor.id}/offices`, { officeId: second.id })).body as Doctor;
      expect(both.offices.filter((o) => o.is_primary).map((o) => o.id)).toEqual([first.id]);

      const moved = (await rep('PUT', `/api/doctors/${doctor.id}/offices/${second.id}/primary`)).body as Doctor;
      expect(moved.offices.filter((o) => o.is_primary).map((o) => o.id)).toEqual([second.id]);
      expect(moved.primaryOffice?.id).toBe(second.id);

      const search = (await rep('GET', `/api/doctors/search?search=${doctor.rpps}`)).body as DoctorSearchResult;
      expect(search.doctors[0]?.primaryOffice).toMatchObject({ id: second.id, name: 'Second' });
    });

    it('refuses a second link to the same office and a primary that is not linked', async () => {
      const doctor = await t.factory.doctor();
      const office = await t.factory.office();
      const stranger = await t.factory.office();
      await rep('POST', `/api/doctors/${doctor.id}/offices`, { officeId: office.id });
      const before = await directoryCounts(t.database.db);
      expect((await rep('POST', `/api/doctors/${doctor.id}/offices`, { officeId: office.id })).status).toBe(409);
      expect((await rep('PUT', `/api/doctors/${doctor.id}/offices/${stranger.id}/primary`)).status).toBe(404);
      expect(
        (await rep('POST', `/api/doctors/${doctor.id}/offices`, { officeId: '01900000-0000-7000-8000-000000000000' }))
          .status,
      ).toBe(404);
      expect(await directoryCounts(t.database.db)).toEqual(before);
    });

    it('gives the doctor another primary when the primary office is removed or deleted', async () => {
      const doctor = await t.factory.doctor();
      const [a, b, c] = [await t.factory.office(), await t.factory.office(), await t.factory.office()];
      for (const office of [a, b, c]) await rep('POST', `/api/doctors/${doctor.id}/offices`, { officeId: office.id });
      expect((await rep('DELETE', `/api/offices/${a.id}/doctors/${doctor.id}`)).status).toBe(204);
      let detail = (await rep('GET', `/api/doctors/${doctor.id}`)).body as Doctor;
      expect(detail.offices.map((o) => o.id).sort()).toEqual([b.id, c.id].sort());
      expect(detail.offices.filter((o) => o.is_primary)).toHaveLength(1);

      const primary = detail.primaryOffice?.id ?? '';
      expect((await rep('DELETE', `/api/offices/${primary}`)).status).toBe(204);
      detail = (await rep('GET', `/api/doctors/${doctor.id}`)).body as Doctor;
      expect(detail.offices).toHaveLength(1);
      expect(detail.offices[0]?.is_primary).toBe(true);
    });

    it("lists show the doctor's primary office as the detail does, through every change of links and offices", async () => {
      const doctor = await t.factory.doctor();
      const [a, b] = [await t.factory.office({ name: 'Alpha' }), await t.factory.office({ name: 'Beta' })];
      const listed = async () => {
        const detail = (await rep('GET', `/api/doctors/${doctor.id}`)).body as Doctor;
        const search = (await rep('GET', `/api/doctors/search?search=${doctor.rpps}`)).body as DoctorSearchResult;
        const expected = detail.primaryOffice && {
          id: detail.primaryOffice.id,
          name: detail.primaryOffice.name,
          address: detail.primaryOffice.address,
          postal_code: detail.primaryOffice.postal_code,
          city: detail.primaryOffice.city,
        };
        expect(search.doctors[0]?.primaryOffice ?? null).toEqual(expected);
        for (const office of detail.offices) {
          const { doctors } = (await rep('GET', `/api/offices/${office.id}/doctors`)).body as DoctorSearchResult;
          expect(doctors.find((item) => item.id === doctor.id)?.primaryOffice ?? null).toEqual(expected);
        }
        return expected;
      };

      expect(await listed()).toBeNull();
      await rep('POST', `/api/doctors/${doctor.id}/offices`, { officeId: a.id });
      await rep('POST', `/api/doctors/${doctor.id}/offices`, { officeId: b.id });
      expect(await listed()).toMatchObject({ id: a.id, name: 'Alpha' });
      await rep('PUT', `/api/doctors/${doctor.id}/offices/${b.id}/primary`);
      expect(await listed()).toMatchObject({ id: b.id, name: 'Beta' });
      const moved = { name: 'Beta Santé', address: '3 rue Neuve', postal_code: '69002', city: 'Lyon' };
      expect((await rep('PUT', `/api/offices/${b.id}`, moved)).status).toBe(200);
      expect(await listed()).toEqual({ id: b.id, ...moved });
      expect((await rep('DELETE', `/api/offices/${b.id}/doctors/${doctor.id}`)).status).toBe(204);
      expect(await listed()).toMatchObject({ id: a.id, name: 'Alpha' });
      expect((await rep('DELETE', `/api/offices/${a.id}`)).status).toBe(204);
      expect(await listed()).toBeNull();
    });

    it('the database itself refuses two primary offices for one doctor', async () => {
      const doctor = await t.factory.doctor();
      const [a, b] = [await t.factory.office(), await t.factory.office()];
      await rep('POST', `/api/doctors/${doctor.id}/offices`, { officeId: a.id });
      await expect(
        t.database.db
          .insertInto('doctor_offices')
          .values({ doctor_id: doctor.id, office_id: b.id, is_primary: 1, created_at: new Date().toISOString() })
          .execute(),
      ).rejects.toThrow();
    });
  });

  describe('per-user targets', () => {
    it('belong to the user who set them', async () => {
      const doctor = await t.factory.doctor({ lastName: 'Ciblage' });
      const mine = (await rep('PUT', `/api/doctors/${doctor.id}/user-data`, { target: 'A', potential_target: 'B' }))
        .body;
      expect(mine).toMatchObject({ target: 'A', potential_target: 'B' });
      expect((await manager('GET', `/api/doctors/${doctor.id}`)).body).toMatchObject({
        target: null,
        potential_target: null,
      });

      await manager('PUT', `/api/doctors/${doctor.id}/user-data`, { target: 'C' });
      expect((await rep('GET', `/api/doctors/${doctor.id}`)).body).toMatchObject({
        target: 'A',
        potential_target: 'B',
      });
      expect((await manager('GET', `/api/doctors/${doctor.id}`)).body).toMatchObject({
        target: 'C',
        potential_target: null,
      });

      const repSearch = (await rep('GET', '/api/doctors/search?search=ciblage')).body as DoctorSearchResult;
      const managerSearch = (await manager('GET', '/api/doctors/search?search=ciblage')).body as DoctorSearchResult;
      expect(repSearch.doctors[0]).toMatchObject({ target: 'A', potential_target: 'B' });
      expect(managerSearch.doctors[0]).toMatchObject({ target: 'C', potential_target: null });

      // Changing one field keeps the other.
      await rep('PUT', `/api/doctors/${doctor.id}/user-data`, { potential_target: null });
      expect((await rep('GET', `/api/doctors/${doctor.id}`)).body).toMatchObject({
        target: 'A',
        potential_target: null,
      });
    });

    it('refuses an empty body', async () => {
      const doctor = await t.factory.doctor();
      expect((await rep('PUT', `/api/doctors/${doctor.id}/user-data`, {})).status).toBe(400);
    });

    it('takes only names of configured targets, naming the field, and changes nothing otherwise', async () => {
      const doctor = await t.factory.doctor();
      await rep('PUT', `/api/doctors/${doctor.id}/user-data`, { target: 'A', potential_target: 'B' });
      const before = await directoryCounts(t.database.db);
      for (const body of [
        { target: 'Not a target' },
        { potential_target: 'a' },
        { target: 'C', potential_target: 'Nope' },
      ]) {
        const refused = await rep('PUT', `/api/doctors/${doctor.id}/user-data`, body);
        expect(refused.status).toBe(400);
        const field = Object.keys(body).find((key) => !['A', 'B', 'C'].includes(body[key as keyof typeof body] ?? ''));
        expect(refused.body).toMatchObject({ fields: { [field ?? '']: 'Not a configured target' } });
      }
      expect(await directoryCounts(t.database.db)).toEqual(before);
      expect((await rep('GET', `/api/doctors/${doctor.id}`)).body).toMatchObject({
        target: 'A',
        potential_target: 'B',
      });
      // An inactive target is still a configured one; empty clears.
      expect(
        (await rep('PUT', `/api/doctors/${doctor.id}/user-data`, { target: 'Z', potential_target: '' })).body,
      ).toMatchObject({ target: 'Z', potential_target: null });
    });
  });

  describe('search', () => {
    beforeAll(async () => {
      await t.factory.doctor({ firstName: 'Marie', lastName: 'Dupont', rpps: '30000000001' });
      await t.factory.doctor({ firstName: 'Marie-Claire', lastName: 'Dupontel', rpps: '30000000002' });
      await t.factory.doctor({ firstName: 'Jean', lastName: 'Dupont', rpps: '30000000003' });
      await t.factory.doctor({ firstName: 'Marie', lastName: 'Martin', rpps: '30000000004' });
      await t.factory.doctor({ firstName: 'Paul', lastName: 'Marie', rpps: '30000000005' });
      await t.factory.doctor({ firstName: 'Zoé', lastName: 'Zola', rpps: '31234567890' });
    });

    const names = async (query: string) => {
      const { body } = await rep('GET', `/api/doctors/search?search=${encodeURIComponent(query)}`);
      return (body as DoctorSearchResult).doctors.map((d) => `${d.firstName} ${d.lastName}`);
    };

    it('puts the exact name first (1000), then both names (100)', async () => {
      expect(await names('marie dupont')).toEqual(['Marie Dupont', 'Marie-Claire Dupontel']);
      expect(await names('Dupont Marie')).toEqual(['Marie Dupont', 'Marie-Claire Dupontel']);
      expect(await names('jean dupont')).toEqual(['Jean Dupont']);
    });

    it('orders single-name hits (10) by last name, then first name', async () => {
      expect(await names('marie')).toEqual(['Marie Dupont', 'Marie-Claire Dupontel', 'Paul Marie', 'Marie Martin']);
      expect(await names('dupont')).toEqual(['Jean Dupont', 'Marie Dupont', 'Marie-Claire Dupontel']);
    });

    it('finds an RPPS by its start (5), ignoring case and accents for names', async () => {
      expect(await names('3123')).toEqual(['Zoé Zola']);
      expect(await names('ZOE')).toEqual(['Zoé Zola']);
      expect(await names('zoé zola')).toEqual(['Zoé Zola']);
      expect(await names('claire')).toEqual(['Marie-Claire Dupontel']);
    });

    it('needs every word to match', async () => {
      expect(await names('marie zola')).toEqual([]);
      expect(await names('xyzzy')).toEqual([]);
    });

    it('answers nothing for an empty search', async () => {
      expect((await rep('GET', '/api/doctors/search?search=%20')).body).toEqual({ doctors: [], total: 0, pages: 1 });
    });

    it('pages with exact totals', async () => {
      for (let i = 0; i < 25; i += 1)
        await t.factory.doctor({ firstName: 'Pagination', lastName: `Nom${String(i).padStart(2, '0')}` });
      const page3 = (await rep('GET', '/api/doctors/search?search=pagination&limit=10&page=3'))
        .body as DoctorSearchResult;
      expect(page3.total).toBe(25);
      expect(page3.pages).toBe(3);
      expect(page3.doctors.map((d) => d.lastName)).toEqual(['Nom20', 'Nom21', 'Nom22', 'Nom23', 'Nom24']);
      const all = (await rep('GET', '/api/doctors/search?search=pagination')).body as DoctorSearchResult;
      expect(all.doctors).toHaveLength(25);
      expect(all.pages).toBe(1);
    });

    it('refuses page sizes other than 10, 20, 50, 100 and bad recentIds', async () => {
      const bad = await rep('GET', '/api/doctors/search?search=marie&limit=7');
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ fields: { limit: 'The page size must be 10, 20, 50 or 100' } });
      expect((await rep('GET', '/api/doctors/search?search=marie&recentIds=nope')).status).toBe(400);
    });

    it('flags recent doctors, from the list sent and the user’s own', async () => {
      const marie = (await rep('GET', '/api/doctors/search?search=marie%20martin')).body as DoctorSearchResult;
      const id = marie.doctors[0]?.id ?? '';
      expect(marie.doctors[0]?.isRecent).toBe(false);
      const flagged = (await rep('GET', `/api/doctors/search?search=marie%20martin&recentIds=${id}`))
        .body as DoctorSearchResult;
      expect(flagged.doctors[0]?.isRecent).toBe(true);
      await manager('POST', '/api/recent-doctors', { doctorId: id });
      const forManager = (await manager('GET', '/api/doctors/search?search=marie%20martin')).body as DoctorSearchResult;
      expect(forManager.doctors[0]?.isRecent).toBe(true);
    });

    it('GET /api/doctors answers the best matches for pickers', async () => {
      const { status, body } = await rep('GET', '/api/doctors?search=marie&limit=2');
      expect(status).toBe(200);
      expect((body as { doctors: { lastName: string }[] }).doctors.map((d) => d.lastName)).toEqual([
        'Dupont',
        'Dupontel',
      ]);
    });
  });

  describe('recent doctors', () => {
    it('keeps each user’s list, most recent first, with remove and clear', async () => {
      const [a, b, c] = [await t.factory.doctor(), await t.factory.doctor(), await t.factory.doctor()];
      const fresh = await t.factory.user();
      const mine = await callerFor(t, fresh);
      for (const doctor of [a, b, c, a])
        expect((await mine('POST', '/api/recent-doctors', { doctorId: doctor.id })).status).toBe(204);
      expect((await mine('GET', '/api/recent-doctors/ids')).body).toEqual({ ids: [a.id, c.id, b.id] });
      const list = (await mine('GET', '/api/recent-doctors')).body as DoctorSearchResult;
      expect(list.doctors.map((d) => d.id)).toEqual([a.id, c.id, b.id]);
      expect(list.doctors.every((d) => d.isRecent)).toBe(true);

      expect((await mine('DELETE', `/api/recent-doctors/${c.id}`)).status).toBe(204);
      expect((await mine('DELETE', `/api/recent-doctors/${c.id}`)).status).toBe(404);
      expect((await mine('GET', '/api/recent-doctors/ids')).body).toEqual({ ids: [a.id, b.id] });
      expect(((await manager('GET', '/api/recent-doctors/ids')).body as { ids: string[] }).ids).not.toContain(b.id);

      expect((await mine('DELETE', '/api/recent-doctors')).status).toBe(204);
      expect((await mine('GET', '/api/recent-doctors/ids')).body).toEqual({ ids: [] });
    });

    it('refuses an unknown doctor', async () => {
      expect(
        (await rep('POST', '/api/recent-doctors', { doctorId: '01900000-0000-7000-8000-000000000000' })).status,
      ).toBe(404);
      expect((await rep('POST', '/api/recent-doctors', { doctorId: 'x' })).status).toBe(400);
    });
  });
});
