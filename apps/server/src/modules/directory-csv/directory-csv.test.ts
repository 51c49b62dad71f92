import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CsvImportReport, DoctorSearchResult } from '@crm/shared';
import { parseCsv } from '#server/core/csv.ts';
import { signIn } from '#server/test/callers.ts';
import { createTestApp, engines, type TestApp } from '#server/test/harness.ts';
import { directoryCounts } from '#server/test/table-counts.ts';

const BOM = '\uFEFF';
const DOCTOR_HEADER = 'RPPS;Nom;Prénom;Spécialité principale;E-mail;Téléphone';

/*
 * Issue 32: the directory's lists as CSV, and administrators' imports of doctors and offices (decision 0057).
 * Imports are tried to be broken: a caller without the right, invalid lines (nothing written), the same file
 * twice (nothing more written).
 */
describe.each(engines())('directory CSV on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let writer: string;
  let reader: string;

  const send = async (
    authorization: string,
    method: 'GET' | 'POST',
    url: string,
    body?: string | Buffer,
    language = 'en',
  ) => {
    const response = await t.app.inject({
      method,
      url,
      headers: {
        authorization,
        'accept-language': language,
        ...(body !== undefined && { 'content-type': 'text/csv' }),
      },
      ...(body !== undefined && { payload: body }),
    });
    return { status: response.statusCode, text: response.body, headers: response.headers };
  };
  const report = async (authorization: string, url: string, body: string | Buffer) => {
    const response = await send(authorization, 'POST', url, body);
    return { status: response.status, body: JSON.parse(response.text) as CsvImportReport & { message: string } };
  };
  const auditActions = async () =>
    (await t.database.db.selectFrom('audit_logs').select('action').execute()).map((row) => row.action);

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = (await signIn(t.app, (await t.factory.user({ isAdmin: true })).email, 'Secret-Password-1')).authorization;
    writer = (await signIn(t.app, (await t.factory.user()).email, 'Secret-Password-1')).authorization;
    reader = (await signIn(t.app, (await t.factory.user({ readWrite: false })).email, 'Secret-Password-1'))
      .authorization;
  });
  afterAll(() => t.close());

  it('exports the doctors list as filtered: BOM, `;`, headers in the language, quoting and formulas made text', async () => {
    await t.factory.doctor({ lastName: 'Zolaexport', firstName: '=HYPERLINK("x";"y")', rpps: '30000000001' });
    await t.factory.doctor({ lastName: 'Zolaexport', firstName: 'Émile', rpps: '30000000002' });
    await t.factory.doctor({ lastName: 'Autre', rpps: '30000000003' });

    const french = await send(writer, 'GET', '/api/doctors/export.csv?search=zolaexport', undefined, 'fr');
    expect(french.status).toBe(200);
    expect(french.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(french.headers['content-disposition']).toMatch(/^attachment; filename="doctors-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(french.text.startsWith(BOM)).toBe(true);
    const [header, ...lines] = parseCsv(french.text.slice(1), ';').map((record) => record.fields);
    expect(header?.slice(0, 4)).toEqual(['RPPS', 'Nom', 'Prénom', 'Titre']);
    expect(lines.map((line) => line.slice(0, 3)).sort()).toEqual([
      ['30000000001', 'Zolaexport', `'=HYPERLINK("x";"y")`],
      ['30000000002', 'Zolaexport', 'Émile'],
    ]);
    // The quote and the separator inside the cell are quoted, not split.
    expect(french.text).toContain(`;"'=HYPERLINK(""x"";""y"")";`);

    const english = await send(writer, 'GET', '/api/doctors/export.csv?search=zolaexport');
    expect(parseCsv(english.text.slice(1), ';')[0]?.fields.slice(0, 3)).toEqual(['RPPS', 'Last name', 'First name']);

    // No search text: the whole directory.
    const all = await send(writer, 'GET', '/api/doctors/export.csv');
    expect(parseCsv(all.text.slice(1), ';')).toHaveLength(1 + 3);
  });

  it('exports the offices list as filtered by words and specialties, decimals in the language', async () => {
    const office = await t.factory.office({ name: 'Cabinet Exportable', city: 'Nantes', postal_code: '44000' });
    await t.database.db
      .updateTable('offices')
      .set({ latitude: 47.2184, longitude: -1.5536 })
      .where('id', '=', office.id)
      .execute();
    const { status, text } = await send(writer, 'GET', '/api/offices/export.csv?search=exportable', undefined, 'fr');
    expect(status).toBe(200);
    const [header, line] = parseCsv(text.slice(1), ';').map((record) => record.fields);
    expect(header?.slice(0, 3)).toEqual(['Identifiant', 'Nom', 'Secteur']);
    expect(line?.slice(0, 2)).toEqual([office.id, 'Cabinet Exportable']);
    // A number is no formula: the negative longitude keeps its sign, with a French decimal comma.
    expect(line?.slice(8, 10)).toEqual(['47,2184', '-1,5536']);
    const none = await send(writer, 'GET', '/api/offices/export.csv?search=exportable&specialty=Neurology');
    expect(parseCsv(none.text.slice(1), ';')).toHaveLength(1);
  });

  it('lets only writers export, and audits each export', async () => {
    const before = await auditActions();
    expect((await send(reader, 'GET', '/api/doctors/export.csv')).status).toBe(403);
    expect((await send(reader, 'GET', '/api/offices/export.csv')).status).toBe(403);
    expect(await auditActions()).toEqual(before);
    await send(writer, 'GET', '/api/offices/export.csv');
    expect((await auditActions()).filter((action) => action === 'export')).toHaveLength(
      before.filter((a) => a === 'export').length + 1,
    );
  });

  it('refuses imports to anyone but administrators, reading and writing nothing', async () => {
    const file = `${DOCTOR_HEADER}\n40000000001;Martin;Jeanne;Cardiology;;\n`;
    const before = await directoryCounts(t.database.db);
    for (const url of ['/api/doctors/import/preview', '/api/doctors/import', '/api/offices/import']) {
      expect((await send(writer, 'POST', url, file)).status).toBe(403);
      expect((await send(reader, 'POST', url, file)).status).toBe(403);
    }
    expect(await directoryCounts(t.database.db)).toEqual(before);
  });

  it('previews a file line by line, naming each problem, and writes nothing', async () => {
    const existing = await t.factory.doctor({ lastName: 'Existant', firstName: 'Paul', rpps: '40000000010' });
    const file = [
      DOCTOR_HEADER,
      '40000000011;Nouvelle;Anne;Neurology;anne@exemple.fr;',
      `${existing.rpps};Existant;Paul;Dermatology;;`,
      '4000000001A;Mauvais;Rpps;Cardiology;;',
      '40000000012;;Sans nom;Oncology;pas-un-email;',
      '40000000011;Doublon;Anne;Neurology;;',
      '',
      '"40000000013";"Guillemets; et point-virgule";"Line',
      'break";Pediatrics;;',
    ].join('\r\n');
    const before = await directoryCounts(t.database.db);
    const { status, body } = await report(admin, '/api/doctors/import/preview', file);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      kind: 'doctors',
      lines: 6,
      created: 2,
      updated: 1,
      unchanged: 0,
      invalid: 3,
      written: false,
    });
    expect(body.columns).toEqual(['rpps', 'lastName', 'firstName', 'primarySpecialty', 'email', 'phone']);
    expect(body.problems.map((problem) => [problem.line, problem.field, problem.code, problem.message])).toEqual([
      [4, 'rpps', 'doctors.rppsFormat', 'RPPS must be a numeric value up to 12 digits!'],
      [5, 'lastName', 'validation.required', 'This field is required'],
      [5, 'email', 'doctors.invalidEmail', 'Invalid email format'],
      [5, 'primarySpecialty', 'doctors.specialtyInvalid', 'Unknown specialty'],
      [6, 'rpps', 'directoryCsv.duplicateKey', 'This key is already on an earlier line of the file'],
    ]);
    expect(body.preview.map((line) => [line.line, line.action, line.values.lastName])).toEqual([
      [2, 'create', 'Nouvelle'],
      [3, 'update', 'Existant'],
      [8, 'create', 'Guillemets; et point-virgule'],
    ]);
    expect(await directoryCounts(t.database.db)).toEqual(before);

    // Confirming a file with invalid lines writes none of them, not even the valid ones.
    const refused = await report(admin, '/api/doctors/import', file);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'CSV_INVALID_LINES' });
    expect(refused.body.message).toBe(
      'The file has 3 invalid line(s): nothing was imported. Fix them and send it again.',
    );
    expect(await directoryCounts(t.database.db)).toEqual(before);
  });

  it('imports every line in one transaction, audited, and the same file twice changes nothing more', async () => {
    const existing = await t.factory.doctor({ lastName: 'Relu', firstName: 'Marc', rpps: '50000000001' });
    // Windows-1252, as Excel writes "CSV (séparateur : point-virgule)", with the English headers.
    const file = Buffer.from(
      [
        'RPPS;Last name;First name;Primary specialty;Title',
        '50000000002;Hérault;Zoé;Pediatrics;',
        `${existing.rpps};Relu;Marc;Psychiatry;Chef`,
      ].join('\n'),
      'latin1',
    );
    const first = await report(admin, '/api/doctors/import', file);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ created: 1, updated: 1, unchanged: 0, invalid: 0, written: true });
    const created = await t.database.db
      .selectFrom('doctors')
      .selectAll()
      .where('rpps', '=', '50000000002')
      .executeTakeFirstOrThrow();
    expect(created).toMatchObject({
      last_name: 'Hérault',
      first_name: 'Zoé',
      primary_specialty: 'Pediatrics',
      title: null,
    });
    const updated = await t.database.db
      .selectFrom('doctors')
      .selectAll()
      .where('id', '=', existing.id)
      .executeTakeFirstOrThrow();
    expect(updated).toMatchObject({ primary_specialty: 'Psychiatry', title: 'Chef', prefix: 'Dr' });
    // Found by the search at once: the search rows were written with the doctor.
    const search = await send(admin, 'GET', '/api/doctors/search?search=herault');
    expect((JSON.parse(search.text) as DoctorSearchResult).doctors.map((doctor) => doctor.rpps)).toEqual([
      '50000000002',
    ]);
    const entries = await t.database.db
      .selectFrom('audit_logs')
      .select(['action', 'entity_id'])
      .where('action', 'in', ['create', 'update', 'import'])
      .where('entity_type', '=', 'doctor')
      .execute();
    expect(entries).toEqual(
      expect.arrayContaining([
        { action: 'create', entity_id: created.id },
        { action: 'update', entity_id: existing.id },
        { action: 'import', entity_id: expect.any(String) as unknown },
      ]),
    );

    const before = await directoryCounts(t.database.db);
    const again = await report(admin, '/api/doctors/import', file);
    expect(again.body).toMatchObject({ created: 0, updated: 0, unchanged: 2, written: true });
    // Only the import's own entry.
    expect(await directoryCounts(t.database.db)).toEqual({ ...before, audit_logs: (before.audit_logs ?? 0) + 1 });
  });

  it('imports offices by id or, without one, by name and address; an export imports back unchanged', async () => {
    const header = 'Nom;Adresse;Code postal;Ville;UGA;Téléphone;Latitude';
    const file = `${BOM}${header}\nCentre Médical Import;3 place du Marché;33000;Bordeaux;33A;05 56 00 00 00;44,84\n`;
    const first = await report(admin, '/api/offices/import', file);
    expect(first.body).toMatchObject({ created: 1, updated: 0, invalid: 0 });
    const again = await report(admin, '/api/offices/import', file);
    expect(again.body).toMatchObject({ created: 0, unchanged: 1 });
    const rows = await t.database.db
      .selectFrom('offices')
      .selectAll()
      .where('name', '=', 'Centre Médical Import')
      .execute();
    expect(rows).toMatchObject([{ latitude: 44.84, phone: '05 56 00 00 00', uga: '33A' }]);

    const exported = await send(admin, 'GET', '/api/offices/export.csv?search=import', undefined, 'fr');
    const back = await report(admin, '/api/offices/import/preview', exported.text);
    expect(back.body).toMatchObject({ lines: 1, created: 0, updated: 0, unchanged: 1, invalid: 0 });
    expect(back.body.ignoredColumns).toEqual(['Nombre de médecins', 'Modifié le']);

    const bad = await report(
      admin,
      '/api/offices/import/preview',
      `Identifiant;${header}\nnot-an-id;Cabinet;1 rue;3300;Bordeaux;33A;01;nord\n`,
    );
    expect(bad.body.problems.map((problem) => [problem.line, problem.field, problem.code])).toEqual([
      [2, 'id', 'validation.id'],
      [2, 'postal_code', 'offices.postalCodeFormat'],
      [2, 'latitude', 'validation.invalid'],
      [2, 'phone', 'offices.phoneFormat'],
    ]);
  });

  it('refuses a file it cannot read, naming why', async () => {
    const missing = await report(admin, '/api/doctors/import/preview', 'RPPS;Nom\n1;Martin\n');
    expect(missing).toMatchObject({
      status: 400,
      body: { message: 'Required columns missing: First name, Primary specialty' },
    });
    const unclosed = await report(
      admin,
      '/api/doctors/import/preview',
      `${DOCTOR_HEADER}\n1;"Martin;Jeanne;Cardiology;;\n`,
    );
    expect(unclosed).toMatchObject({
      status: 400,
      body: { message: 'Unclosed quote from line 2 on: the file cannot be read' },
    });
    const empty = await report(admin, '/api/doctors/import/preview', '');
    expect(empty.status).toBe(400);
  });
});
