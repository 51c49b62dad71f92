import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Doctor, DoctorSearchResult, DirectoryImportProgress, Office } from '@crm/shared';
import { systemClock } from '#server/core/clock.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { type Call, callerFor, signIn } from '#server/test/callers.ts';
import { createTestApp, engines, type TestApp } from '#server/test/harness.ts';
import { tableCounts } from '#server/test/table-counts.ts';
import { createCommandLineImports, createDirectoryImporter } from './create-importer.ts';
import type { ImportCounts } from './directory-importer.ts';
import { PERSONNE_ACTIVITE_COLUMNS } from './rpps-layout.ts';
import type { Rejection } from './rpps-records.ts';
import { type GeneratedFile, writeRppsFile } from './rpps-generator.ts';

const DIRECTORY_TABLES = [
  'doctors',
  'doctor_search_words',
  'doctor_search_prefixes',
  'doctor_prefix_counts',
  'offices',
  'office_search_prefixes',
  'office_prefix_counts',
  'doctor_offices',
  'office_specialties',
  'cache_generations',
  'audit_logs',
] as const;

/** PostgreSQL answers counts as text. */
const asNumber = (value: unknown) => Number(value);

/** One line of the combined layout from the columns given (the others empty). */
function line(values: Partial<Record<(typeof PERSONNE_ACTIVITE_COLUMNS)[number], string>>): string {
  return `${PERSONNE_ACTIVITE_COLUMNS.map((column) => values[column] ?? '').join('|')}|`;
}

const cabinet = {
  'Identifiant technique de la structure': 'R10100000999001',
  'Raison sociale site': 'CABINET DU DOCTEUR ÉLOÏSE',
  'Numéro Voie (coord. structure)': '12',
  'Indice répétition voie (coord. structure)': 'B',
  'Libellé type de voie (coord. structure)': 'rue',
  'Libellé Voie (coord. structure)': 'de la République',
  'Code postal (coord. structure)': '69002',
  'Code commune (coord. structure)': '69382',
  'Libellé commune (coord. structure)': 'LYON',
  'Téléphone (coord. structure)': '0478000000',
  'Adresse e-mail (coord. structure)': 'cabinet@exemple.fr',
  "Code secteur d'activité": 'SA07',
} as const;
const clinic = {
  'Identifiant technique de la structure': '1690000012',
  'Raison sociale site': 'CLINIQUE DU PARC',
  'Libellé Voie (coord. structure)': 'avenue du Parc',
  'Code postal (coord. structure)': '69006',
  'Code commune (coord. structure)': '69386',
  'Libellé commune (coord. structure)': 'LYON',
  "Code secteur d'activité": 'SA01',
} as const;
const doctorA = {
  "Type d'identifiant PP": '8',
  'Identifiant PP': '10101234567',
  'Identification nationale PP': '810101234567',
  "Code civilité d'exercice": 'DR',
  'Code civilité': 'MME',
  "Nom d'exercice": 'ÉLOÏSE-DUPRÉ',
  "Prénom d'exercice": 'Anaïs',
  'Code profession': '10',
  'Code type savoir-faire': 'S',
  'Code savoir-faire': 'SM04',
} as const;

/** A small hand-written file: a cardiologist in two places, a pharmacist, an ADELI doctor, bad lines. */
const HAND_WRITTEN = [
  PERSONNE_ACTIVITE_COLUMNS.join('|') + '|',
  line({ ...doctorA, ...cabinet }),
  line({ ...doctorA, ...clinic }),
  line({ ...doctorA, 'Code savoir-faire': 'SM54', ...clinic }),
  line({
    ...doctorA,
    'Identifiant PP': '10109999999',
    'Identification nationale PP': '810109999999',
    'Code profession': '21',
    ...cabinet,
  }),
  line({
    ...doctorA,
    "Type d'identifiant PP": '0',
    'Identifiant PP': '691234567',
    'Identification nationale PP': '0691234567',
    "Nom d'exercice": 'MARTIN',
    'Code savoir-faire': 'SM54',
    ...clinic,
  }),
  line({
    ...doctorA,
    "Type d'identifiant PP": '0',
    'Identifiant PP': '2A1234567',
    'Identification nationale PP': '02A1234567',
    ...clinic,
  }),
  line({
    ...doctorA,
    'Identifiant PP': '10105555555',
    'Identification nationale PP': '810105555555',
    "Nom d'exercice": '',
  }),
  'ceci|n’est|pas|une|ligne|',
  '',
].join('\n');

describe.each(engines())('national directory import on %s', (engine) => {
  let t: TestApp;
  let admin: Call;
  let rep: Call;
  let adminAuthorization: string;
  let repAuthorization: string;
  let dir: string;
  const files = { hand: '', base: '', changed: '', newer: '', newerSf: '', notRpps: '' };
  let generated: { base: GeneratedFile; changed: GeneratedFile };

  beforeAll(async () => {
    t = await createTestApp(engine);
    const adminUser = await t.factory.user({ isAdmin: true });
    const repUser = await t.factory.user({ readWrite: true });
    admin = await callerFor(t, adminUser);
    rep = await callerFor(t, repUser);
    adminAuthorization = (await signIn(t.app, adminUser.email, adminUser.password)).authorization;
    repAuthorization = (await signIn(t.app, repUser.email, repUser.password)).authorization;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-rpps-'));
    files.hand = path.join(dir, 'PS_LibreAcces_Personne_activite_202611010000.txt');
    fs.writeFileSync(files.hand, HAND_WRITTEN);
    files.base = path.join(dir, 'PS_LibreAcces_Personne_activite_202611020000.txt');
    files.changed = path.join(dir, 'PS_LibreAcces_Personne_activite_202611030000.txt');
    files.newer = path.join(dir, 'newer.txt');
    files.newerSf = path.join(dir, 'sf.txt');
    files.notRpps = path.join(dir, 'people.csv');
    fs.writeFileSync(files.notRpps, 'nom;prénom\nDupont;Marie\n');
    generated = {
      base: await writeRppsFile(files.base, { lines: 1_200, seed: 3, malformedEvery: 300 }),
      changed: await writeRppsFile(files.changed, {
        lines: 1_200,
        seed: 3,
        malformedEvery: 300,
        changeShare: 0.03,
        dropShare: 0.02,
      }),
    };
    await writeRppsFile(files.newer, { lines: 1_200, seed: 3, malformedEvery: 300, savoirFaireFile: files.newerSf });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const importFile = async (file: string, savoirFaireFile?: string, on: DatabaseHandle = t.database) => {
    const rejected: Rejection[] = [];
    const counts = await createDirectoryImporter(on.db, { ugaFile: t.config.ugaFile, clock: systemClock }).run({
      file,
      savoirFaireFile: savoirFaireFile ?? null,
      onRejected: (rejection) => {
        rejected.push(rejection);
      },
    });
    return { counts, rejected };
  };
  const directoryCounts = () => tableCounts(t.database.db, DIRECTORY_TABLES);
  const search = async (query: string) =>
    (await rep('GET', `/api/doctors/search?search=${encodeURIComponent(query)}&limit=100`)).body as DoctorSearchResult;
  const doctorByRpps = async (rpps: string) => {
    const { doctors } = await search(rpps);
    const found = doctors.find((doctor) => doctor.rpps === rpps);
    if (!found) throw new Error(`no doctor ${rpps}`);
    return (await rep('GET', `/api/doctors/${found.id}`)).body as Doctor;
  };
  /** The kept counts equal the rows they count (decisions 0012 and 0013). */
  const expectCountsKept = async () => {
    const db = t.database.db;
    const rows = await db
      .selectFrom('doctor_search_prefixes')
      .select((eb) => ['prefix', eb.fn.countAll<number>().as('doctors')])
      .groupBy('prefix')
      .execute();
    const kept = await db
      .selectFrom('doctor_prefix_counts')
      .select(['prefix', 'doctors'])
      .where('doctors', '<>', 0)
      .execute();
    const byPrefix = (a: { prefix: string }, b: { prefix: string }) => (a.prefix < b.prefix ? -1 : 1);
    expect(kept.map((row) => ({ ...row, doctors: asNumber(row.doctors) })).sort(byPrefix)).toEqual(
      rows.map((row) => ({ ...row, doctors: asNumber(row.doctors) })).sort(byPrefix),
    );
  };

  it('maps a doctor, their places and specialty; skips other professions; rejects bad lines with their reason', async () => {
    const { counts, rejected } = await importFile(files.hand);
    expect(counts).toMatchObject<Partial<ImportCounts>>({ linesRead: 8, kept: 4, created: 4, rejected: 3 });
    expect(rejected.map(({ lineNumber, reason }) => [lineNumber, reason])).toEqual([
      [7, 'identifierFormat'],
      [8, 'nameMissing'],
      [9, 'columnCount'],
    ]);
    expect(rejected[2]?.content).toBe('ceci|n’est|pas|une|ligne|');
    const doctor = await doctorByRpps('10101234567');
    expect(doctor).toMatchObject({
      firstName: 'Anaïs',
      lastName: 'ÉLOÏSE-DUPRÉ',
      prefix: 'Dr',
      gender: 'F',
      primarySpecialty: 'Cardiology',
      secondarySpecialty: 'SM54',
      updatedBy: 'annuaire.sante.fr',
      inactiveSince: null,
    });
    expect(doctor.offices.map((office) => [office.name, office.is_primary])).toEqual([
      ['CABINET DU DOCTEUR ÉLOÏSE', true],
      ['CLINIQUE DU PARC', false],
    ]);
    expect(doctor.primaryOffice).toMatchObject({
      address: '12 B rue de la République',
      postal_code: '69002',
      city: 'LYON',
      phone: '0478000000',
      email: 'cabinet@exemple.fr',
      sector: 'SA07',
    });
    expect(doctor.primaryOffice?.latitude).not.toBeNull();
    // An ADELI doctor whose number is digits only is kept by it (decision 0055).
    expect((await doctorByRpps('691234567')).primarySpecialty).toBe('SM54');
    expect((await search('10109999999')).total).toBe(0);
  });

  it('imports a generated file; the search, its totals and the kept counts follow at once', async () => {
    const before = (await search('m')).total;
    const { counts, rejected } = await importFile(files.base);
    expect(counts.linesRead).toBe(generated.base.lines);
    expect(rejected.filter((r) => r.reason === 'columnCount')).toHaveLength(generated.base.malformed);
    expect(counts.kept + rejected.filter((r) => r.reason !== 'columnCount').length).toBe(generated.base.doctorLines);
    expect(counts.created).toBeGreaterThan(0);
    expect((await search('m')).total).toBeGreaterThan(before);
    await expectCountsKept();
    // The hand-written file's doctors are not in this one: no longer listed, out of the search, still readable.
    const cardiologist = await t.database.db
      .selectFrom('doctors')
      .select(['id', 'inactive_since'])
      .where('rpps', '=', '10101234567')
      .executeTakeFirstOrThrow();
    expect(cardiologist.inactive_since).toBe('2026-11-02T00:00:00.000Z');
    expect((await search('10101234567')).total).toBe(0);
    expect(((await rep('GET', `/api/doctors/${cardiologist.id}`)).body as Doctor).inactiveSince).toBe(
      '2026-11-02T00:00:00.000Z',
    );
  });

  it('imports the same file again without writing anything', async () => {
    const before = await directoryCounts();
    const stamps = await t.database.db.selectFrom('doctors').select(['id', 'updated_at']).orderBy('id').execute();
    const generations = await t.database.db.selectFrom('cache_generations').selectAll().orderBy('name').execute();
    const { counts } = await importFile(files.base);
    expect(counts).toMatchObject({ created: 0, updated: 0, inactivated: 0 });
    expect(await directoryCounts()).toEqual(before);
    expect(await t.database.db.selectFrom('doctors').select(['id', 'updated_at']).orderBy('id').execute()).toEqual(
      stamps,
    );
    expect(await t.database.db.selectFrom('cache_generations').selectAll().orderBy('name').execute()).toEqual(
      generations,
    );
  });

  it('keeps what a person edited; a changed file updates exactly the changed doctors and retires the missing', async () => {
    const renamed = await t.database.db
      .selectFrom('doctors')
      .select(['id', 'rpps', 'first_name'])
      .where('inactive_since', 'is', null)
      .orderBy('rpps')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(
      (await rep('PUT', `/api/doctors/${renamed.id}`, { firstName: 'Prénom-Corrigé', primarySpecialty: 'Neurology' }))
        .status,
    ).toBe(200);
    const { counts } = await importFile(files.changed);
    const changedDoctors = generated.changed.changedDoctors;
    expect(changedDoctors).toBeGreaterThan(0);
    // Renamed doctors only: their offices are the same, so nothing else is written.
    expect(counts.updated).toBe(changedDoctors);
    expect(counts.inactivated).toBeGreaterThan(0);
    const after = await t.database.db
      .selectFrom('doctors')
      .selectAll()
      .where('id', '=', renamed.id)
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({ first_name: 'Prénom-Corrigé', primary_specialty: 'Neurology' });
    await expectCountsKept();
    const inactive = await t.database.db
      .selectFrom('doctors')
      .select('rpps')
      .where('inactive_since', '=', '2026-11-03T00:00:00.000Z')
      .execute();
    expect(inactive.length).toBeGreaterThan(0);
    for (const { rpps } of inactive.slice(0, 3)) expect((await search(rpps)).total).toBe(0);
    // Back in the next file: active again, in the search again.
    const { counts: again } = await importFile(files.base);
    expect(again.updated).toBeGreaterThanOrEqual(inactive.length);
    const [first] = inactive;
    if (first) expect((await search(first.rpps)).total).toBe(1);
    await expectCountsKept();
  });

  it('reads the newer layout, with the savoir-faire in their own file, as the combined one', async () => {
    const { counts } = await importFile(files.newer, files.newerSf);
    // Same people, places and specialties as the combined file last imported: nothing to change (one line per
    // place instead of one per place and savoir-faire, so the same number of lines reaches a few more people).
    expect(counts.updated).toBe(0);
  });

  it('imports from another process on the same database while the server serves: the server sees it at once', async () => {
    // As the command line does: the server's imports service on its own connection, with no user.
    const other = t.database.openAnother();
    try {
      const file = path.join(dir, 'PS_LibreAcces_Personne_activite_202611040000.txt');
      await writeRppsFile(file, { lines: 600, seed: 11, malformedEvery: 250 });
      const serving = search('a');
      const commandLine = createCommandLineImports(other.db, {
        ugaFile: t.config.ugaFile,
        dataDir: dir,
        clock: systemClock,
      });
      const printed: number[] = [];
      const { id, counts } = await commandLine.importFiles(
        { user: null, name: 'npm run import:rpps' },
        { file, fileName: path.basename(file), savoirFaireFile: null, savoirFaireFileName: null },
        { onRejected: (rejection) => printed.push(rejection.lineNumber) },
      );
      await serving;
      expect(counts.created).toBeGreaterThan(0);
      const doctor = await other.db
        .selectFrom('doctors')
        .select('rpps')
        .where('directory_digest', 'is not', null)
        .where('inactive_since', 'is', null)
        .orderBy('rpps', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow();
      expect((await search(doctor.rpps)).total).toBe(1);

      // Listed and audited beside the screen's imports, its rejected lines kept for the screen's report.
      const listed = ((await admin('GET', '/api/directory/imports')).body as { items: DirectoryImportProgress[] })
        .items[0];
      expect(listed).toMatchObject({
        id,
        status: 'done',
        created: counts.created,
        rejected: counts.rejected,
        startedBy: { name: 'npm run import:rpps' },
      });
      expect(printed).toHaveLength(counts.rejected);
      const report = await t.app.inject({
        method: 'GET',
        url: `/api/directory/imports/${id}/rejected.csv`,
        headers: { authorization: adminAuthorization },
      });
      expect(report.body).toEqual(expect.stringContaining(`\r\n${printed[0]};`));
      const audit = await t.database.db
        .selectFrom('audit_logs')
        .select(['action', 'user_id'])
        .where('entity_id', '=', id)
        .orderBy('created_at')
        .execute();
      expect(audit).toEqual([
        { action: 'import_start', user_id: null },
        { action: 'import_end', user_id: null },
      ]);
    } finally {
      await other.close();
    }
  });

  it('waits for a write another process holds, instead of failing a batch that read before it was committed', async () => {
    // SQLite's (WAL) busy snapshot: PostgreSQL's writers do not conflict so.
    if (engine !== 'sqlite') return;
    const file = path.join(dir, 'PS_LibreAcces_Personne_activite_202611060000.txt');
    await writeRppsFile(file, { lines: 300, seed: 17 });
    // The running server, as another process (the driver waits for a lock synchronously): it holds a write that
    // changes pages for a second, then commits it.
    const holder = spawn(
      process.execPath,
      [
        '-e',
        `const db = new (require('better-sqlite3'))(process.argv[1]);
         db.exec('begin immediate; update users set updated_at = updated_at');
         process.stdout.write('holding\\n');
         Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);
         db.exec('commit');`,
        t.database.location,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = once(holder, 'exit');
    await once(holder.stdout, 'data');
    const { counts } = await importFile(file);
    expect(counts.created).toBeGreaterThan(0);
    expect((await exited)[0]).toBe(0);
  });

  describe('routes', () => {
    const upload = (authorization: string, file: string, name = path.basename(file)) =>
      t.app.inject({
        method: 'POST',
        url: '/api/directory/import-files',
        headers: {
          authorization,
          'accept-language': 'en',
          'content-type': 'application/octet-stream',
          'x-file-name': encodeURIComponent(name),
        },
        payload: fs.readFileSync(file),
      });

    it('are for administrators only, and refuse a file that is not the directory’s', async () => {
      const before = await tableCounts(t.database.db, ['directory_imports', 'audit_logs']);
      expect((await upload(repAuthorization, files.hand)).statusCode).toBe(403);
      for (const [method, url] of [
        ['GET', '/api/directory/imports'],
        ['POST', '/api/directory/imports'],
        ['GET', '/api/directory/imports/01a22000-0000-7000-8000-000000000000'],
        ['GET', '/api/directory/imports/01a22000-0000-7000-8000-000000000000/rejected.csv'],
      ] as const) {
        expect(
          (
            await rep(
              method,
              url,
              method === 'POST' ? { personneActiviteFileId: '01a22000-0000-7000-8000-000000000000' } : undefined,
            )
          ).status,
        ).toBe(403);
      }
      const refused = await upload(adminAuthorization, files.notRpps);
      expect(refused.statusCode).toBe(400);
      const body = refused.json<{ code: string; fields: { file: string } }>();
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.fields.file).toContain('not an RPPS extract');
      expect(await tableCounts(t.database.db, ['directory_imports', 'audit_logs'])).toEqual(before);
    });

    it('upload a file, run its import in the background, answer its progress and its rejected lines', async () => {
      const uploaded = await upload(adminAuthorization, files.hand, 'PS_LibreAcces_Personne_activite_202611050000.txt');
      expect(uploaded.statusCode).toBe(201);
      const { fileId, bytes } = uploaded.json<{ fileId: string; bytes: number }>();
      expect(bytes).toBe(Buffer.byteLength(HAND_WRITTEN));
      const started = await admin('POST', '/api/directory/imports', { personneActiviteFileId: fileId });
      expect(started.status).toBe(202);
      const { id } = started.body as DirectoryImportProgress;
      expect((await admin('POST', '/api/directory/imports', { personneActiviteFileId: fileId })).status).toBe(409);
      let progress = (await admin('GET', `/api/directory/imports/${id}`)).body as DirectoryImportProgress;
      for (let tries = 0; progress.status === 'running' && tries < 200; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        progress = (await admin('GET', `/api/directory/imports/${id}`)).body as DirectoryImportProgress;
      }
      expect(progress).toMatchObject({ status: 'done', linesRead: 8, kept: 4, rejected: 3, error: null });
      expect(
        ((await admin('GET', '/api/directory/imports')).body as { items: DirectoryImportProgress[] }).items[0]?.id,
      ).toBe(id);
      const report = await t.app.inject({
        method: 'GET',
        url: `/api/directory/imports/${id}/rejected.csv`,
        headers: { authorization: adminAuthorization, 'accept-language': 'fr' },
      });
      expect(report.statusCode).toBe(200);
      expect(report.body.split('\r\n')).toEqual([
        '\uFEFFLigne;Motif;Ligne lue',
        expect.stringMatching(/^7;Identifiant qui n’est pas fait de 1 à 12 chiffres;0\|2A1234567\|/),
        expect.stringMatching(/^8;Pas de nom;8\|10105555555\|/),
        '9;Nombre de colonnes incorrect;ceci|n’est|pas|une|ligne|',
        '',
      ]);
      const audit = await t.database.db
        .selectFrom('audit_logs')
        .select('action')
        .where('entity_id', '=', id)
        .orderBy('created_at')
        .execute();
      expect(audit.map((entry) => entry.action)).toEqual(['import_start', 'import_end']);
      // The uploaded file is gone once imported.
      expect((await admin('POST', '/api/directory/imports', { personneActiviteFileId: fileId })).status).toBe(404);
    });
  });
});

export type { Office };
