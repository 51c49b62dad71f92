import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Office, OfficeDoctorsResult, OfficeListResult } from '@crm/shared';
import { directoryCounts } from '#server/test/table-counts.ts';
import { type Call, callerFor } from '#server/test/callers.ts';
import { createTestApp, engines, type TestApp } from '#server/test/harness.ts';

const validOffice = {
  name: 'Maison de santé des Tilleuls',
  sector: 'Libéral',
  address: '8 avenue des Tilleuls',
  postal_code: '69003',
  city: 'Lyon',
  uga: '69B',
  uga_name: 'Lyon Est',
  latitude: 45.76,
  longitude: 4.85,
  phone: '04 78 12 34 56',
  email: 'contact@tilleuls.fr',
};

describe.each(engines())('offices on %s', (engine) => {
  let t: TestApp;
  let rep: Call;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const user = await t.factory.user({ email: 'rep@t.fr' });
    rep = await callerFor(t, user);
  });
  afterAll(() => t.close());

  it('creates, reads, updates and deletes an office, auditing each write', async () => {
    const created = await rep('POST', '/api/offices', validOffice);
    expect(created.status).toBe(201);
    const office = created.body as Office;
    expect(office).toMatchObject({ ...validOffice, doctorCount: 0, updatedBy: 'rep@t.fr' });

    expect((await rep('GET', `/api/offices/${office.id}`)).body).toEqual(office);
    const updated = await rep('PUT', `/api/offices/${office.id}`, { phone: '0478123457' });
    expect(updated.body).toMatchObject({ phone: '0478123457', name: validOffice.name });

    expect((await rep('DELETE', `/api/offices/${office.id}`)).status).toBe(204);
    expect((await rep('GET', `/api/offices/${office.id}`)).status).toBe(404);
    const actions = await t.database.db
      .selectFrom('audit_logs')
      .select('action')
      .where('entity_id', '=', office.id)
      .orderBy('created_at')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
  });

  it.each([
    [{ name: '' }, 'name', 'This field is required'],
    [{ address: undefined }, 'address', 'This field is required'],
    [{ postal_code: '6900' }, 'postal_code', 'The postal code must have 5 digits'],
    [{ city: ' ' }, 'city', 'This field is required'],
    [{ uga: '' }, 'uga', 'This field is required'],
    [
      { phone: '4 78 12 34 56' },
      'phone',
      'The phone must be in French format: 0 followed by 9 digits (0123456789 or 01 23 45 67 89)',
    ],
    [
      { phone: '04-78-12-34-56' },
      'phone',
      'The phone must be in French format: 0 followed by 9 digits (0123456789 or 01 23 45 67 89)',
    ],
    [{ email: 'contact@' }, 'email', 'Please enter a valid email address'],
  ])('refuses %j naming the field, writing nothing', async (change, field, message) => {
    const before = await directoryCounts(t.database.db);
    const { status, body } = await rep('POST', '/api/offices', { ...validOffice, ...change });
    expect(status).toBe(400);
    expect((body as { fields: Record<string, string> }).fields[field]).toBe(message);
    expect(await directoryCounts(t.database.db)).toEqual(before);
  });

  it('accepts both French phone forms and no phone at all', async () => {
    for (const phone of ['0478123456', '04 78 12 34 56', '', null]) {
      expect((await rep('POST', '/api/offices', { ...validOffice, phone })).status).toBe(201);
    }
  });

  describe('list, filters and the office’s doctors', () => {
    let cardio: { id: string };
    let mixed: { id: string };

    beforeAll(async () => {
      cardio = await t.factory.office({ name: 'Zz Cabinet Cœur', city: 'Nantes', postal_code: '44000' });
      mixed = await t.factory.office({ name: 'Zz Centre Mixte', city: 'Nantes', postal_code: '44100' });
      const heart = await t.factory.doctor({ firstName: 'Anne', lastName: 'Cœur', primarySpecialty: 'Cardiology' });
      const skin = await t.factory.doctor({
        firstName: 'Basile',
        lastName: 'Peau',
        primarySpecialty: 'Dermatology',
        secondarySpecialty: 'Pediatrics',
      });
      const brain = await t.factory.doctor({ firstName: 'Chloé', lastName: 'Neurone', primarySpecialty: 'Neurology' });
      await t.factory.officeLink(heart.id, cardio.id);
      await t.factory.officeLink(heart.id, mixed.id);
      await t.factory.officeLink(skin.id, mixed.id);
      await t.factory.officeLink(brain.id, mixed.id);
      await t.factory.target('A – Prioritaire');
      await rep('PUT', `/api/doctors/${skin.id}/user-data`, { target: 'A – Prioritaire' });
    });

    it('searches by words of name and city, with doctor counts', async () => {
      const { body } = await rep('GET', '/api/offices?search=zz%20nantes');
      const list = body as OfficeListResult;
      expect(list.offices.map((o) => [o.name, o.doctorCount])).toEqual([
        ['Zz Cabinet Cœur', 1],
        ['Zz Centre Mixte', 3],
      ]);
      expect(list.total).toBe(2);
    });

    it('filters by the specialties of the office’s doctors (primary or secondary)', async () => {
      const names = async (query: string) =>
        ((await rep('GET', `/api/offices?search=zz&${query}`)).body as OfficeListResult).offices.map((o) => o.name);
      expect(await names('specialty=Cardiology')).toEqual(['Zz Cabinet Cœur', 'Zz Centre Mixte']);
      expect(await names('specialty=Pediatrics')).toEqual(['Zz Centre Mixte']);
      expect(await names('specialty=Neurology&specialty=Dermatology')).toEqual(['Zz Centre Mixte']);
      expect(await names('specialty=Psychiatry')).toEqual([]);
      expect((await rep('GET', '/api/offices?specialty=Surgery')).status).toBe(400);
      const all = (await rep('GET', '/api/offices?specialty=Pediatrics')).body as OfficeListResult;
      expect(all.total).toBe(1);
    });

    it('lists the specialties practised in some office', async () => {
      const { body } = await rep('GET', '/api/offices/specialties');
      expect(body).toEqual({ specialties: ['Cardiology', 'Dermatology', 'Neurology', 'Pediatrics'] });
    });

    it('pages the list with totals', async () => {
      for (let i = 0; i < 12; i += 1) await t.factory.office({ name: `Yy Page ${String(i).padStart(2, '0')}` });
      const page2 = (await rep('GET', '/api/offices?search=yy&limit=5&page=2')).body as OfficeListResult;
      expect(page2).toMatchObject({ total: 12, pages: 3 });
      expect(page2.offices.map((o) => o.name)).toEqual([
        'Yy Page 05',
        'Yy Page 06',
        'Yy Page 07',
        'Yy Page 08',
        'Yy Page 09',
      ]);
    });

    it('lists an office’s doctors with search, specialty and target filters, 10 per page by default', async () => {
      const names = async (query = '') =>
        ((await rep('GET', `/api/offices/${mixed.id}/doctors?${query}`)).body as OfficeDoctorsResult).doctors.map(
          (d) => d.lastName,
        );
      expect(await names()).toEqual(['Cœur', 'Neurone', 'Peau']);
      expect(await names('search=chlo')).toEqual(['Neurone']);
      expect(await names('specialty=Pediatrics')).toEqual(['Peau']);
      expect(await names(`target=${encodeURIComponent('A – Prioritaire')}`)).toEqual(['Peau']);
      const paged = (await rep('GET', `/api/offices/${mixed.id}/doctors?limit=10`)).body as OfficeDoctorsResult;
      expect(paged).toMatchObject({ total: 3, pages: 1 });
      expect((await rep('GET', `/api/offices/${mixed.id}/doctors?limit=3`)).status).toBe(400);
      expect((await rep('GET', '/api/offices/01900000-0000-7000-8000-000000000000/doctors')).status).toBe(404);
    });

    it('removing a doctor from an office updates its specialties and counts', async () => {
      const { body } = await rep('GET', `/api/offices/${mixed.id}/doctors?search=peau`);
      const skinId = (body as OfficeDoctorsResult).doctors[0]?.id ?? '';
      expect((await rep('DELETE', `/api/offices/${mixed.id}/doctors/${skinId}`)).status).toBe(204);
      expect((await rep('DELETE', `/api/offices/${mixed.id}/doctors/${skinId}`)).status).toBe(404);
      expect((await rep('GET', `/api/offices/${mixed.id}`)).body).toMatchObject({ doctorCount: 2 });
      const pediatrics = (await rep('GET', '/api/offices?search=zz&specialty=Pediatrics')).body as OfficeListResult;
      expect(pediatrics.offices).toEqual([]);
    });
  });

  it('reads active targets for the selects', async () => {
    // 'A – Prioritaire' was configured with the office's doctors above.
    await t.factory.target('Z – Ancienne', false);
    const active = (await rep('GET', '/api/configuration/targets?active=true')).body as { targets: { name: string }[] };
    expect(active.targets.map((target) => target.name)).toEqual(['A – Prioritaire']);
    const all = (await rep('GET', '/api/configuration/targets')).body as { targets: { name: string }[] };
    expect(all.targets.map((target) => target.name).sort()).toEqual(['A – Prioritaire', 'Z – Ancienne']);
  });
});
