import { compareSearchResults, type DoctorSearchResult, searchScore } from '@crm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existingRpps, insertDirectory } from '#server/demo/directory/bulk-insert.ts';
import { generateDirectory } from '#server/demo/directory/generator.ts';
import { type Call, callerFor } from '#server/test/callers.ts';
import { createTestApp, engines, type TestApp } from '#server/test/harness.ts';
import { RANKED_SEARCH_CAP } from './doctors.service.ts';

type Named = { id: string; firstName: string; lastName: string; rpps: string };

/** Names that put every rule of the score and every plan of the search to work. */
const TRICKY_DOCTORS: Omit<Named, 'id'>[] = [
  { firstName: 'Marie', lastName: 'Martin', rpps: '40000000001' },
  { firstName: 'Martin', lastName: 'Marie', rpps: '40000000002' },
  { firstName: 'Marielle', lastName: 'Marie', rpps: '40000000003' },
  { firstName: 'Marie Marielle', lastName: 'Dupont', rpps: '40000000004' },
  { firstName: 'Anne-Marie', lastName: 'Martineau', rpps: '40000000005' },
  { firstName: 'Jean', lastName: 'Jeanne', rpps: '40000000006' },
  { firstName: 'Jeanne', lastName: 'Le Jean', rpps: '40000000007' },
  { firstName: 'Marie', lastName: 'Marie', rpps: '40000000008' },
  { firstName: 'Élodie', lastName: 'Fontaine-Martin', rpps: '40012345678' },
  { firstName: 'Léa', lastName: "D'Arc", rpps: '41000000000' },
  { firstName: 'Zoé', lastName: 'Zola', rpps: '40000000010' },
  // A name that starts like RPPS numbers: for "4" it scores 10, above every RPPS-only match (5).
  { firstName: 'Anne', lastName: '4 Saisons', rpps: '50000000001' },
];

const QUERIES = [
  'm',
  'ma',
  'mar',
  'mari',
  'marie',
  'mariel',
  'marie martin',
  'martin marie',
  'marie m',
  'm marie',
  'ma ma',
  'jean',
  'jeanne',
  'jean jeanne',
  'le',
  'le jean',
  'fontaine martin',
  'd arc',
  'arc',
  '4',
  '40',
  '400',
  '4000',
  '40000',
  '4001',
  '40012345678',
  '400 marie',
  'zola 4',
  'xyz',
  'marie xyz',
];

describe.each(engines())('doctor search on %s', (engine) => {
  let t: TestApp;
  let rep: Call;
  let everyone: Named[];

  /** Every page of a search, in order, and the totals each page announced. */
  async function allPages(query: string, limit = 50) {
    const ids: string[] = [];
    const totals = new Set<number>();
    for (let page = 1; ; page += 1) {
      const { status, body } = await rep(
        'GET',
        `/api/doctors/search?search=${encodeURIComponent(query)}&limit=${limit}&page=${page}`,
      );
      expect(status).toBe(200);
      const result = body as DoctorSearchResult;
      totals.add(result.total);
      ids.push(...result.doctors.map((doctor) => doctor.id));
      if (page >= result.pages) return { ids, totals: [...totals] };
    }
  }

  /** The spec's order, computed from the shared score over the whole directory: score, names, then id. */
  function expected(query: string): string[] {
    return everyone
      .map((doctor) => ({ ...doctor, score: searchScore(doctor, query) }))
      .filter((doctor) => doctor.score > 0)
      .sort((a, b) => compareSearchResults(a, b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((doctor) => doctor.id);
  }

  beforeAll(async () => {
    t = await createTestApp(engine);
    const user = await t.factory.user({ email: 'rep@search.fr' });
    rep = await callerFor(t, user);
    for (const doctor of TRICKY_DOCTORS) await t.factory.doctor(doctor);
    // Enough generated doctors for one-letter words to pass the ranking cap (name-order pages).
    await insertDirectory(
      t.database.db,
      generateDirectory({ doctors: 10_000, offices: 1_000, seed: 11, takenRpps: await existingRpps(t.database.db) }),
    );
    const rows = await t.database.db.selectFrom('doctors').select(['id', 'first_name', 'last_name', 'rpps']).execute();
    everyone = rows.map((row) => ({ id: row.id, firstName: row.first_name, lastName: row.last_name, rpps: row.rpps }));
  }, 120_000);
  afterAll(() => t.close());

  it('has one-letter words beyond the ranking cap, so both plans are tried', () => {
    expect(expected('m').length, 'matches of m').toBeGreaterThan(RANKED_SEARCH_CAP);
    expect(expected('mar').length).toBeLessThan(RANKED_SEARCH_CAP);
  });

  it.each(QUERIES)('answers "%s" in the spec’s order, every page, with the exact total', async (query) => {
    const want = expected(query);
    if (want.length > RANKED_SEARCH_CAP) {
      // Name-order pages of a short word: the first three pages are checked, not all 50-odd.
      const pages = [];
      for (let page = 1; page <= 3; page += 1) {
        const { body } = await rep(
          'GET',
          `/api/doctors/search?search=${encodeURIComponent(query)}&limit=100&page=${page}`,
        );
        const result = body as DoctorSearchResult;
        expect(result.total).toBe(want.length);
        pages.push(...result.doctors.map((doctor) => doctor.id));
      }
      expect(pages).toEqual(want.slice(0, 300));
      return;
    }
    const { ids, totals } = await allPages(query);
    expect(ids).toEqual(want);
    expect(totals).toEqual([want.length]);
  });

  it.each(['marie', 'mar', 'm', 'marie m'])(
    'answers a page of "%s" past the end with no doctors and the real total',
    async (query) => {
      const { body } = await rep('GET', `/api/doctors/search?search=${encodeURIComponent(query)}&limit=100&page=999`);
      expect(body).toMatchObject({ doctors: [], total: expected(query).length });
      expect(expected(query).length).toBeGreaterThan(0);
    },
  );

  it('pickers get the same first matches', async () => {
    const { body } = await rep('GET', '/api/doctors?search=marie%20m&limit=10');
    expect((body as { doctors: { id: string }[] }).doctors.map((doctor) => doctor.id)).toEqual(
      expected('marie m').slice(0, 10),
    );
  });
});
