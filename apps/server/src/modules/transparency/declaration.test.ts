import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Benefit, Convention, SemesterOverview } from '@crm/shared';
import { parseCsv } from '#server/core/csv.ts';
import type { Db } from '#server/db/database.ts';
import { type Call, callerFor } from '#server/test/callers.ts';
import { createTestApp, engines, type TestApp } from '#server/test/harness.ts';
import { tableCounts } from '#server/test/table-counts.ts';
import { DECLARATION_COLUMNS } from './declaration-file.ts';

const COMPANY = {
  TRANSPARENCY_COMPANY_ID: 'ABCD1234',
  TRANSPARENCY_COMPANY_NAME: 'Laboratoires Exemple',
  TRANSPARENCY_COMPANY_SIREN: '123456789',
};

const csvRecords = (text: string) => parseCsv(text, ';').map((record) => record.fields);

const id = (suffix: string) => `0190a000-0000-7000-8000-0000000000${suffix}`;

/**
 * The semester's declaration on a database of its own: the lines of the fixture
 * (fixtures/declarations-2026-S1.csv, written by hand from the research note) and nothing else.
 */
describe.each(engines())('the declaration on %s', (engine) => {
  let t: TestApp;
  let rep: Call;
  let admin: Call;
  let adminAuthorization: string;
  let doctorId: string;

  const db = (): Db => t.database.db;

  async function recorded(body: object): Promise<Benefit> {
    const answer = await rep('POST', `/api/doctors/${doctorId}/benefits`, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body as Benefit;
  }

  async function filedConvention(body: object): Promise<Convention> {
    const created = await rep('POST', `/api/doctors/${doctorId}/conventions`, body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const filed = await rep('PUT', `/api/conventions/${(created.body as Convention).id}`, { status: 'filed' });
    expect(filed.status, JSON.stringify(filed.body)).toBe(200);
    return filed.body as Convention;
  }

  const exportCsv = async (query = 'semester=2026-S1') => {
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/transparency/declarations.csv?${query}`,
      headers: { authorization: adminAuthorization, 'accept-encoding': 'identity' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    return answer.body;
  };

  beforeAll(async () => {
    t = await createTestApp(engine, COMPANY);
    rep = await callerFor(t, await t.factory.user({ firstName: 'Rémi', lastName: 'Représentant' }));
    const adminAccount = await t.factory.user({ firstName: 'Anne', lastName: 'Admin', isAdmin: true });
    admin = await callerFor(t, adminAccount);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: adminAccount.email, password: adminAccount.password },
    });
    adminAuthorization = `Bearer ${login.json<{ token: string }>().token}`;

    doctorId = (await t.factory.doctor({ firstName: 'Hélène', lastName: 'Vidal', rpps: '10101010101' })).id;
    await db()
      .updateTable('doctors')
      .set({
        primary_office_name: 'Cabinet Vidal',
        primary_office_address: '12 rue de la République',
        primary_office_postal_code: '69002',
        primary_office_city: 'Lyon Cedex 02',
      })
      .where('id', '=', doctorId)
      .execute();
    await filedConvention({
      id: id('c1'),
      object: 'hospitality',
      signatureDate: '2026-02-02',
      startDate: '2026-03-18',
      endDate: '2026-03-20',
      event: {
        name: 'Journées de cardiologie',
        date: '2026-03-18',
        place: 'Lyon; Centre des congrès',
        organiser: 'Société "Cœur" de France',
      },
      items: [
        { kind: 'hotel_night', unitAmountCents: 14_000, quantity: 2 },
        { kind: 'transport', unitAmountCents: 25_050, quantity: 1 },
      ],
    });
    await filedConvention({
      id: id('c2'),
      object: 'speaking',
      signatureDate: '2026-04-01',
      startDate: '2026-04-20',
      items: [{ kind: 'fee_hour', unitAmountCents: 20_000, quantity: 2 }],
    });
    await rep('POST', `/api/doctors/${doctorId}/conventions`, {
      id: id('c3'),
      object: 'training',
      startDate: '2026-06-10',
      items: [{ kind: 'fee_flat', unitAmountCents: 50_000, quantity: 1 }],
    });
    await recorded({ id: id('b1'), nature: 'meal', amountCents: 2549, date: '2026-01-15' });
    await recorded({ id: id('b2'), nature: 'snack', amountCents: 950, date: '2026-02-01' });
    await recorded({
      id: id('b3'),
      nature: 'hotel_night',
      amountCents: 14_000,
      date: '2026-03-18',
      conventionId: id('c1'),
    });
    await recorded({ id: id('b4'), nature: 'fee', amountCents: 40_000, date: '2026-04-20', conventionId: id('c2') });
    await recorded({ id: id('b5'), nature: 'book_or_journal', amountCents: 2000, date: '2026-07-02' });
    await recorded({ id: id('b6'), nature: 'book_or_journal', amountCents: 1000, date: '2026-05-05' });
  });
  afterAll(() => t.close());

  it('a representative can neither export nor see the semester, and writes nothing trying', async () => {
    const tables = ['transparency_exports', 'transparency_exported_lines', 'audit_logs'] as const;
    const before = await tableCounts(db(), tables);
    expect((await rep('GET', '/api/transparency/declarations.csv?semester=2026-S1')).status).toBe(403);
    expect((await rep('GET', '/api/transparency/semesters/2026-S1')).status).toBe(403);
    expect((await admin('GET', '/api/transparency/declarations.csv?semester=2026-S3')).status).toBe(400);
    expect(await tableCounts(db(), tables)).toEqual(before);
  });

  it('matches the fixture written from the research note, column by column', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const fixture = fs
      .readFileSync(path.join(import.meta.dirname, 'fixtures', 'declarations-2026-S1.csv'), 'utf8')
      .replaceAll('{{doctorId}}', doctorId)
      .replaceAll('{{today}}', today);
    const expected = csvRecords(fixture);
    const actual = csvRecords(await exportCsv());
    expect(actual[0]).toEqual([...DECLARATION_COLUMNS]);
    expect(expected[0]).toEqual([...DECLARATION_COLUMNS]);
    expect(actual).toHaveLength(expected.length);
    for (const [row, line] of expected.entries()) {
      for (const [column, name] of DECLARATION_COLUMNS.entries()) {
        expect(actual[row]?.[column], `line ${row}, column ${name}`).toBe(line[column]);
      }
    }
  });

  it('a line corrected after its export goes again as a correction, not as a new line', async () => {
    const before = csvRecords(await exportCsv());
    const flag = DECLARATION_COLUMNS.indexOf('demande_de_rectification');
    const amount = DECLARATION_COLUMNS.indexOf('montant');
    expect(before.slice(1).every((line) => line[flag] === 'N')).toBe(true);
    expect(csvRecords(await exportCsv('semester=2026-S1&pending=true'))).toHaveLength(1);

    await rep('PUT', `/api/conventions/${id('c2')}`, {
      items: [{ kind: 'fee_hour', unitAmountCents: 20_000, quantity: 3 }],
    });
    await rep('PUT', `/api/conventions/${id('c2')}`, { status: 'filed' });
    // A correction of the meal: the year's other meal is counted, not the meal itself.
    const meal = await rep('PUT', `/api/benefits/${id('b1')}`, { amountCents: 2800 });
    expect(meal.body).toMatchObject({ amountCents: 2800 });
    const overview = (await admin('GET', '/api/transparency/semesters/2026-S1?limit=10')).body as SemesterOverview;
    expect(overview.total).toBe(6);
    expect(overview.lines.map((line) => [line.id, line.status])).toEqual([
      [id('c1'), 'exported'],
      [id('c2'), 'changed'],
      [id('b1'), 'changed'],
      [id('b3'), 'exported'],
      [id('b4'), 'exported'],
      [id('b6'), 'exported'],
    ]);
    expect(overview.waitingConventions.map((one) => one.id)).toEqual([id('c3')]);

    const pending = csvRecords(await exportCsv('semester=2026-S1&pending=true'));
    expect(pending).toHaveLength(3);
    expect(pending[1]).toMatchObject({ 0: id('c2'), [amount]: '600', [flag]: 'O' });
    expect(pending[2]).toMatchObject({ 0: id('b1'), [amount]: '28', [flag]: 'O' });
    const after = csvRecords(await exportCsv());
    expect(after.map((line) => line[0])).toEqual(before.map((line) => line[0]));
    expect(after.filter((line) => line[flag] === 'O').map((line) => line[0])).toEqual([id('c2'), id('b1')]);

    const exported = await db()
      .selectFrom('transparency_exported_lines')
      .selectAll()
      .where('line_id', '=', id('c2'))
      .executeTakeFirstOrThrow();
    expect(exported).toMatchObject({ kind: 'convention', semester: '2026-S1', corrections: 1 });
    const last = (await admin('GET', '/api/transparency/semesters/2026-S1?limit=10')).body as SemesterOverview;
    expect(last.lines.find((line) => line.id === id('c2'))).toMatchObject({ status: 'exported', corrections: 1 });
    expect(last.exports).toHaveLength(5);
    const audit = await db()
      .selectFrom('audit_logs')
      .select(['action', 'entity_type'])
      .where('entity_type', '=', 'transparency_declaration')
      .execute();
    expect(audit).toHaveLength(5);
  });
});
