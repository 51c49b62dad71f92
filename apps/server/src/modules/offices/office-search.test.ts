import { CompiledQuery, type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Office, type OfficeListResult, pagesFor, searchTerms } from '@crm/shared';
import type { Db } from '#server/db/database.ts';
import * as officeSearchIndex from '#server/db/migrations/202611260300_index_office_search.ts';
import * as everyWordStart from '#server/db/migrations/202611270910_count_every_office_word_start.ts';
import { insertDirectory } from '#server/demo/directory/bulk-insert.ts';
import { generateDirectory } from '#server/demo/directory/generator.ts';
import { type Call, callerFor } from '#server/test/callers.ts';
import { createTestApp, engines, type TestApp } from '#server/test/harness.ts';
import { OfficesRepository } from './offices.repository.ts';

const office = (fields: Partial<Office> & { name: string }) => ({
  sector: 'Libéral',
  address: '8 avenue des Tilleuls',
  postal_code: '69003',
  city: 'Lyon',
  uga: '69B',
  uga_name: 'Lyon Est',
  latitude: null,
  longitude: null,
  phone: null,
  email: null,
  ...fields,
});

/** Offices whose words are tricky: accents, hyphens, apostrophes, digits, shared starts. */
const TRICKY_OFFICES = [
  office({ name: 'Cabinet Hélène Éluard', address: "3 rue de l'Église", city: 'Saint-Étienne', postal_code: '42000' }),
  office({ name: 'Centre Médical Œuvre', address: '12 bis quai Émile Zola', city: 'Évreux', postal_code: '27000' }),
  office({ name: 'Maison de Santé Paré', address: '1 place Pasteur', city: 'Paris', postal_code: '75015' }),
  office({ name: 'Cabinet Parisien', address: '75 rue de Paris', city: 'Pantin', postal_code: '93500' }),
  office({ name: 'Pôle Santé 2000', address: '2000 route de Lyon', city: 'Lyon', postal_code: '69003', uga: '6903' }),
];

/** Searches that reach every plan: one letter, prefixes of every length, several words, digits, no match. */
const SEARCHES = [
  'p',
  'pa',
  'par',
  'pari',
  'paris',
  'parisien',
  'e',
  'é',
  'Église',
  'saint-étienne',
  'st',
  '7',
  '75',
  '75015',
  '2000',
  'c',
  'cabinet',
  'cabinet paris',
  'paris cabinet',
  'p c',
  'sante lyon',
  'santé pole 2000',
  'de la',
  'l eglise',
  'maison de sante pare',
  'ly ly',
  'zz',
  'paris zzz',
  'q',
];

const LIMIT = 7;

/** The offices of a search as the old query found them: every word starts a word of the search text. */
function expectedIds(all: readonly { id: string; search_text: string }[], search: string): string[] {
  const terms = searchTerms(search);
  return all.filter((o) => terms.every((term) => o.search_text.includes(` ${term}`))).map((o) => o.id);
}

describe.each(engines())('office search on %s', (engine) => {
  let t: TestApp;
  let rep: Call;
  let db: Db;
  /** Every office in list order (the engine's own order of name_norm, then id). */
  let all: { id: string; search_text: string }[] = [];

  const list = async (query: string) => {
    const { status, body } = await rep('GET', `/api/offices?${query}`);
    expect(status).toBe(200);
    return body as OfficeListResult;
  };

  beforeAll(async () => {
    t = await createTestApp(engine);
    db = t.database.db;
    const user = await t.factory.user({ email: 'rep@t.fr' });
    rep = await callerFor(t, user);
    await insertDirectory(db, generateDirectory({ doctors: 300, offices: 600, seed: 12, takenRpps: new Set() }));
    for (const fields of TRICKY_OFFICES) expect((await rep('POST', '/api/offices', fields)).status).toBe(201);
    all = await db.selectFrom('offices').select(['id', 'search_text']).orderBy('name_norm').orderBy('id').execute();
  }, 120_000);
  afterAll(() => t.close());

  it.each(SEARCHES)('"%s" finds what every word starting a word found, in the same order and total', async (search) => {
    const expected = expectedIds(all, search);
    const first = await list(`search=${encodeURIComponent(search)}&limit=${LIMIT}&page=1`);
    expect(first.total).toBe(expected.length);
    expect(first.pages).toBe(pagesFor(expected.length, LIMIT));
    expect(first.offices.map((o) => o.id)).toEqual(expected.slice(0, LIMIT));
    // A later page, and the last one.
    for (const page of new Set([2, Math.max(1, first.pages)])) {
      const later = await list(`search=${encodeURIComponent(search)}&limit=${LIMIT}&page=${page}`);
      expect(later.total).toBe(expected.length);
      expect(later.offices.map((o) => o.id)).toEqual(expected.slice((page - 1) * LIMIT, page * LIMIT));
    }
  });

  it('every page of a one-letter search, 100 at a time, is the whole answer once', async () => {
    const expected = expectedIds(all, 'c');
    expect(expected.length).toBeGreaterThan(200);
    const seen: string[] = [];
    for (let page = 1; seen.length < expected.length; page += 1) {
      const { offices } = await list(`search=c&limit=100&page=${page}`);
      expect(offices.length).toBeGreaterThan(0);
      seen.push(...offices.map((o) => o.id));
    }
    expect(seen).toEqual(expected);
  });

  it('a search with a specialty keeps both filters', async () => {
    const practising = new Set(
      (
        await db.selectFrom('office_specialties').select('office_id').where('specialty', '=', 'Cardiology').execute()
      ).map((row) => row.office_id),
    );
    for (const search of ['c', 'cabinet', 'paris cabinet']) {
      const expected = expectedIds(all, search).filter((id) => practising.has(id));
      const result = await list(`search=${encodeURIComponent(search)}&specialty=Cardiology&limit=100`);
      expect(result.total).toBe(expected.length);
      expect(result.offices.map((o) => o.id)).toEqual(expected.slice(0, 100));
    }
  });

  it('an office is found after it is created, under its new words after a change, and not after deletion', async () => {
    const ids = async (search: string) =>
      (await list(`search=${encodeURIComponent(search)}&limit=100`)).offices.map((o) => o.id);
    const created = (await rep('POST', '/api/offices', office({ name: 'Cabinet Quokka', city: 'Quimper' })))
      .body as Office;
    expect(await ids('quokka')).toEqual([created.id]);
    expect(await ids('q qui')).toContain(created.id);

    expect((await rep('PUT', `/api/offices/${created.id}`, { name: 'Cabinet Wombat' })).status).toBe(200);
    expect(await ids('quok')).toEqual([]);
    expect(await ids('wombat quimper')).toEqual([created.id]);
    expect((await list('search=wom')).total).toBe(1);
    expect((await list('search=wombat')).total).toBe(1);
    expect((await list('search=quokka')).total).toBe(0);

    expect((await rep('PUT', `/api/offices/${created.id}`, { city: 'Vannes', postal_code: '56000' })).status).toBe(200);
    expect(await ids('wombat quimper')).toEqual([]);
    expect(await ids('wombat 56000 vannes')).toEqual([created.id]);

    expect((await rep('DELETE', `/api/offices/${created.id}`)).status).toBe(204);
    expect(await ids('wombat')).toEqual([]);
    expect((await list('search=wom')).total).toBe(0);
    const left = await db
      .selectFrom('office_search_prefixes')
      .select('prefix')
      .where('office_id', '=', created.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('the kept counts equal every word start of the offices, and the rows hold the offices’ words', async () => {
    expect(await keptCounts(db)).toEqual(await wordStartsFromSearchText(db));
    expect(await indexRows(db)).toEqual(await rowsFromSearchText(db));
  });

  it('the migration fills the index from the offices already there, as the writes keep it', async () => {
    const written = await indexRows(db);
    const kept = await keptCounts(db);
    await officeSearchIndex.down(db as unknown as Kysely<unknown>);
    await officeSearchIndex.up(db as unknown as Kysely<unknown>);
    expect(await indexRows(db)).toEqual(written);
    await everyWordStart.up(db as unknown as Kysely<unknown>);
    expect(await keptCounts(db)).toEqual(kept);
  });

  it('reads an index range for every plan, never every office', async () => {
    const statements: CompiledQuery[] = [];
    const repository = new OfficesRepository();
    const recorded = recording(db, statements);
    for (const search of ['p', 'paris', 'cabinet paris', 'p c 75']) {
      for (const specialties of [[], ['Cardiology' as const]]) {
        statements.length = 0;
        const filter = { terms: searchTerms(search), specialties };
        await repository.page(recorded, filter, 0, 50);
        await repository.count(recorded, filter);
        expect(statements.length).toBeGreaterThan(0);
        for (const statement of statements) await expectIndexedPlan(db, engine, statement);
      }
    }
  });
});

/** A view of `db` that records the compiled statements it runs as such (the repository's prepared queries). */
function recording(db: Db, statements: CompiledQuery[]): Db {
  return new Proxy(db, {
    get(target, property) {
      if (property === 'executeQuery') {
        return (query: CompiledQuery) => {
          statements.push(query);
          return target.executeQuery(query);
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value.bind(target) as unknown) : value;
    },
  });
}

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Cond'?: string;
  'Recheck Cond'?: string;
  Plans?: PlanNode[];
};

/** How each table may be entered: a condition on another column of an index would still read all of it. */
const ENTERED_BY: Record<string, RegExp> = {
  offices: /^\(+id = /,
  office_search_prefixes: /^\(+prefix = /,
  office_specialties: /^\(+(office_id|specialty) = /,
  doctor_offices: /^\(+office_id = /,
};

const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];

/**
 * SQLite: the plan searches a key and scans nothing but the page it built. PostgreSQL (sequential scans
 * disabled, since a test's small tables make them the right choice): offices are read by id only, and every
 * search table through an index condition.
 */
async function expectIndexedPlan(db: Db, engine: string, statement: CompiledQuery) {
  if (engine === 'sqlite') {
    const plan = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${statement.sql}`, [...statement.parameters]),
    );
    const details = plan.rows.map((row) => row.detail);
    expect(details.filter((detail) => /^SCAN (?!page\b)/.test(detail))).toEqual([]);
    expect(details.some((detail) => detail.startsWith('SEARCH'))).toBe(true);
    return;
  }
  // The plan must not depend on whether autovacuum has analysed what the earlier tests wrote: fresh statistics,
  // and joins as a page of rows takes them at the nominal tier (a nested loop by id). On a test's few rows the
  // planner otherwise prefers hashing a whole table, which it did once autovacuum had run.
  await sql`analyze offices, office_search_prefixes, office_specialties, doctor_offices`.execute(db);
  await db.connection().execute(async (connection) => {
    await sql`set enable_seqscan = off`.execute(connection);
    await sql`set enable_hashjoin = off`.execute(connection);
    await sql`set enable_mergejoin = off`.execute(connection);
    try {
      const explained = await connection.executeQuery<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
        CompiledQuery.raw(`explain (format json) ${statement.sql}`, [...statement.parameters]),
      );
      const nodes = flatten(explained.rows[0]?.['QUERY PLAN'][0]?.Plan ?? { 'Node Type': 'none' });
      const tables = nodes.filter((node) => node['Relation Name'] !== undefined);
      expect(tables.length).toBeGreaterThan(0);
      for (const node of tables) {
        const table = node['Relation Name'] ?? '';
        const condition = node['Index Cond'] ?? node['Recheck Cond'] ?? '';
        const entry = ENTERED_BY[table];
        expect(entry, `${table} is a table a search may read`).toBeDefined();
        expect(node['Node Type'], `${table} in ${statement.sql}`).not.toBe('Seq Scan');
        expect(condition, `${table} in ${statement.sql}`).toMatch(entry ?? /^$/);
      }
    } finally {
      await sql`reset enable_seqscan`.execute(connection);
      await sql`reset enable_hashjoin`.execute(connection);
      await sql`reset enable_mergejoin`.execute(connection);
    }
  });
}

async function keptCounts(db: Db) {
  const rows = await db.selectFrom('office_prefix_counts').select(['prefix', 'offices']).execute();
  return Object.fromEntries(rows.filter((row) => row.offices > 0).map((row) => [row.prefix, row.offices]));
}

/** What the kept counts must be, computed here from each office's search_text: every start of every word. */
async function wordStartsFromSearchText(db: Db) {
  const offices = await db.selectFrom('offices').select('search_text').execute();
  const counts: Record<string, number> = {};
  for (const o of offices) {
    const words = o.search_text.split(' ').filter(Boolean);
    const starts = new Set(
      words.flatMap((word) => Array.from({ length: word.length }, (_, i) => word.slice(0, i + 1))),
    );
    for (const start of starts) counts[start] = (counts[start] ?? 0) + 1;
  }
  return counts;
}

/** The prefix rows, as sorted text lines (the engines order text differently). */
async function indexRows(db: Db) {
  const rows = await db.selectFrom('office_search_prefixes').selectAll().execute();
  return rows.map((row) => `${row.prefix}|${row.name_norm}|${row.office_id}|${row.words}`).sort();
}

/** What the prefix rows must be, computed here from each office's search_text. */
async function rowsFromSearchText(db: Db) {
  const offices = await db.selectFrom('offices').select(['id', 'name_norm', 'search_text']).execute();
  const rows: string[] = [];
  for (const o of offices) {
    const words = [...new Set(o.search_text.trim().split(' '))].sort();
    const prefixes = new Set(words.flatMap((word) => [1, 2, 3, 4].map((n) => word.slice(0, n))));
    for (const prefix of prefixes) {
      const kept = prefix.length === 4 ? words.filter((word) => word.startsWith(prefix)) : [];
      rows.push(`${prefix}|${o.name_norm}|${o.id}|${kept.map((word) => ` ${word}`).join('')}`);
    }
  }
  return rows.sort();
}
