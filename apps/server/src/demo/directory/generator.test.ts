import path from 'node:path';
import { FRENCH_PHONE_PATTERN, GENDERS, normalizeForSearch, PREFIXES, SPECIALTIES } from '@crm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/db/database.ts';
import { DEMO_DIRECTORY, seedDemoDataIfEmpty } from '#server/demo/seed-demo.ts';
import { UgaBoundaries } from '#server/modules/geo/uga-boundaries.ts';
import { createTestDatabase, engines } from '#server/test/harness.ts';
import { rowCount } from '#server/test/table-counts.ts';
import { COMMUNES } from './communes.ts';
import { type DirectoryBatch, emptyBatch, generateDirectory } from './generator.ts';

const SAMPLE_UGA_FILE = path.resolve(import.meta.dirname, '../../../data/uga/uga-sample.topojson');

function collect(batches: Iterable<DirectoryBatch>): DirectoryBatch {
  const all = emptyBatch();
  for (const batch of batches) {
    for (const key of Object.keys(all) as (keyof DirectoryBatch)[]) (all[key] as unknown[]).push(...batch[key]);
  }
  return all;
}

describe('the directory generator', () => {
  const now = new Date('2026-11-22T08:00:00Z');

  it('generates the same directory for the same seed, the ids aside', () => {
    const withoutIds = (batch: DirectoryBatch) => ({
      doctors: batch.doctors.map(({ id: _id, primary_office_id: _office, ...doctor }) => doctor),
      offices: batch.offices.map(({ id: _id, ...office }) => office),
    });
    const first = collect(generateDirectory({ doctors: 300, offices: 200, seed: 7, now }));
    const second = collect(generateDirectory({ doctors: 300, offices: 200, seed: 7, now }));
    const other = collect(generateDirectory({ doctors: 300, offices: 200, seed: 8, now }));
    expect(withoutIds(second)).toEqual(withoutIds(first));
    expect(withoutIds(other)).not.toEqual(withoutIds(first));
  });

  it('streams in batches of the asked size, offices first', () => {
    const batches = [...generateDirectory({ doctors: 250, offices: 120, batchSize: 100, now })];
    const kinds = batches.map((batch) =>
      (Object.keys(batch) as (keyof DirectoryBatch)[]).filter((key) => batch[key].length > 0).join('+'),
    );
    expect(kinds.slice(0, 5)).toEqual([
      'offices',
      'offices',
      'doctors+doctorSearchWords+doctorSearchPrefixes+doctorOffices',
      'doctors+doctorSearchWords+doctorSearchPrefixes+doctorOffices',
      'doctors+doctorSearchWords+doctorSearchPrefixes+doctorOffices',
    ]);
    expect(batches.slice(0, 2).map((batch) => batch.offices.length)).toEqual([100, 20]);
    expect(batches.slice(2, 5).map((batch) => batch.doctors.length)).toEqual([100, 100, 50]);
    expect(kinds.slice(5).length).toBeGreaterThan(0);
    expect(new Set(kinds.slice(5))).toEqual(new Set(['officeSpecialties']));
  });

  it('never generates an RPPS already taken', () => {
    const taken = new Set(
      collect(generateDirectory({ doctors: 500, offices: 10, seed: 3 })).doctors.map((d) => d.rpps),
    );
    const next = collect(generateDirectory({ doctors: 500, offices: 10, seed: 3, takenRpps: taken })).doctors;
    expect(next).toHaveLength(500);
    expect(next.filter((doctor) => taken.has(doctor.rpps))).toEqual([]);
  });

  it('places each office in the UGA zone of the sample file that its commune has', async () => {
    const boundaries = new UgaBoundaries(SAMPLE_UGA_FILE);
    const { offices } = collect(generateDirectory({ doctors: 0, offices: 1_500, seed: 11, now }));
    for (const office of offices) {
      const zone = await boundaries.find({ latitude: office.latitude ?? 0, longitude: office.longitude ?? 0 });
      expect(zone, `${office.city} ${office.postal_code}`).toEqual({ code: office.uga, name: office.uga_name });
    }
  });
});

describe.each(engines())('the demo directory on %s', (engine) => {
  let database: DatabaseHandle;
  const realCommunes = new Set(COMMUNES.flatMap((c) => c.postalCodes.map((code) => `${code} ${c.name}`)));

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    expect(await seedDemoDataIfEmpty(database.db)).toBe(true);
  });
  afterAll(() => database.close());

  const count = (table: 'doctors' | 'offices' | 'doctor_offices' | 'targets' | 'doctor_user_data') =>
    rowCount(database.db, table);

  it('has about 2,000 doctors, 1,400 offices and the targets', async () => {
    expect(await count('doctors')).toBe(DEMO_DIRECTORY.doctors);
    expect(await count('offices')).toBe(DEMO_DIRECTORY.offices);
    const targets = await database.db.selectFrom('targets').select(['name', 'color', 'active']).execute();
    expect(targets).toHaveLength(5);
    expect(targets.filter((target) => target.active === 0)).toHaveLength(1);
    expect(targets.map((target) => target.name)).toContain('A – Prioritaire');
  });

  it('gives every doctor a unique 11-digit RPPS starting with 10', async () => {
    const doctors = await database.db.selectFrom('doctors').select('rpps').execute();
    expect(new Set(doctors.map((doctor) => doctor.rpps)).size).toBe(doctors.length);
    expect(doctors.filter((doctor) => !/^10\d{9}$/.test(doctor.rpps))).toEqual([]);
  });

  it('links about 1.4 offices to a doctor, exactly one of them primary', async () => {
    const links = await count('doctor_offices');
    expect(links / DEMO_DIRECTORY.doctors).toBeGreaterThan(1.3);
    expect(links / DEMO_DIRECTORY.doctors).toBeLessThan(1.5);
    const primaries = await database.db
      .selectFrom('doctor_offices')
      .select(['doctor_id', (eb) => eb.fn.sum<number>('is_primary').as('primaries')])
      .groupBy('doctor_id')
      .execute();
    expect(primaries.length).toBeGreaterThan(DEMO_DIRECTORY.doctors * 0.95);
    expect(primaries.filter((row) => row.primaries !== 1)).toEqual([]);
  });

  it('writes French-looking doctors: consistent prefix and gender, the five specialties, French phones', async () => {
    const doctors = await database.db.selectFrom('doctors').selectAll().execute();
    for (const doctor of doctors) {
      expect(PREFIXES).toContain(doctor.prefix);
      expect(GENDERS).toContain(doctor.gender);
      if (doctor.prefix === 'Mr') expect(doctor.gender).toBe('M');
      if (doctor.prefix === 'Mrs' || doctor.prefix === 'Ms') expect(doctor.gender).toBe('F');
      expect(SPECIALTIES).toContain(doctor.primary_specialty);
      expect([null, ...SPECIALTIES.filter((s) => s !== doctor.primary_specialty)]).toContain(
        doctor.secondary_specialty,
      );
      if (doctor.phone !== null) expect(doctor.phone).toMatch(FRENCH_PHONE_PATTERN);
      expect(doctor.first_name_norm).toBe(normalizeForSearch(doctor.first_name));
      expect(doctor.last_name_norm).toBe(normalizeForSearch(doctor.last_name));
    }
    const withEmail = doctors.filter((doctor) => doctor.email !== null).length / doctors.length;
    expect(withEmail).toBeGreaterThan(0.5);
    expect(withEmail).toBeLessThan(0.7);
    expect(doctors.some((doctor) => /[éèêëïôç]/i.test(doctor.first_name + doctor.last_name))).toBe(true);
  });

  it('indexes every doctor for search: each name word and the RPPS, and their first letters', async () => {
    const words = await database.db.selectFrom('doctor_search_words').select(['word', 'field', 'doctor_id']).execute();
    const rppsWords = words.filter((word) => word.field === 'r');
    expect(rppsWords).toHaveLength(DEMO_DIRECTORY.doctors);
    expect(new Set(words.filter((word) => word.field === 'l').map((word) => word.doctor_id)).size).toBe(
      DEMO_DIRECTORY.doctors,
    );
    const prefixes = await database.db
      .selectFrom('doctor_search_prefixes')
      .select('doctor_id')
      .where('prefix', '=', '10')
      .execute();
    expect(prefixes).toHaveLength(DEMO_DIRECTORY.doctors);
  });

  it('puts offices in real communes, with their postal codes, French phones and a UGA', async () => {
    const offices = await database.db.selectFrom('offices').selectAll().execute();
    for (const office of offices) {
      expect(office.postal_code).toMatch(/^\d{5}$/);
      expect(realCommunes.has(`${office.postal_code} ${office.city}`), `${office.postal_code} ${office.city}`).toBe(
        true,
      );
      if (office.phone !== null) expect(office.phone).toMatch(FRENCH_PHONE_PATTERN);
      expect(office.uga).toMatch(/^(\d{2}|2A|2B)\d{2}$/);
      expect(office.uga_name).not.toBe('');
      expect(office.search_text.startsWith(' ')).toBe(true);
      expect(office.name_norm).toBe(normalizeForSearch(office.name));
    }
    expect(new Set(offices.map((office) => office.city)).size).toBeGreaterThan(150);
  });

  it('lists in each office the primary and secondary specialties of its doctors, and no other', async () => {
    const stored = await database.db.selectFrom('office_specialties').select(['office_id', 'specialty']).execute();
    const links = await database.db
      .selectFrom('doctor_offices')
      .innerJoin('doctors', 'doctors.id', 'doctor_offices.doctor_id')
      .select(['doctor_offices.office_id', 'doctors.primary_specialty', 'doctors.secondary_specialty'])
      .execute();
    const expected = new Set(
      links.flatMap((link) =>
        [link.primary_specialty, link.secondary_specialty]
          .filter((specialty) => specialty !== null)
          .map((specialty) => `${link.office_id} ${specialty}`),
      ),
    );
    expect(new Set(stored.map((row) => `${row.office_id} ${row.specialty}`))).toEqual(expected);
  });

  it('gives the demo users their own targets on a share of the doctors, among the active targets', async () => {
    const active = new Set(
      (await database.db.selectFrom('targets').select('name').where('active', '=', 1).execute()).map((t) => t.name),
    );
    const rows = await database.db
      .selectFrom('doctor_user_data')
      .innerJoin('users', 'users.id', 'doctor_user_data.user_id')
      .select(['users.email', 'doctor_user_data.target', 'doctor_user_data.potential_target'])
      .execute();
    const rep = rows.filter((row) => row.email === 'rep@demo-crm.fr');
    expect(rep.length).toBeGreaterThan(DEMO_DIRECTORY.doctors * 0.1);
    expect(rep.length).toBeLessThan(DEMO_DIRECTORY.doctors * 0.2);
    for (const row of rows) {
      expect(active.has(row.target ?? '')).toBe(true);
      if (row.potential_target !== null) expect(active.has(row.potential_target)).toBe(true);
    }
  });

  it('seeds a database once: with users in it, it changes nothing', async () => {
    expect(await seedDemoDataIfEmpty(database.db)).toBe(false);
    expect(await count('doctors')).toBe(DEMO_DIRECTORY.doctors);
  });
});
