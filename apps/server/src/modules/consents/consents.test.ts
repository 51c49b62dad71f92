import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ConsentHistory,
  type ConsentRecord,
  type CurrentConsent,
  DEVICE_CLOCK_SKEW_MS,
  SIGNATURE_MAX_LENGTH,
  SIGNATURE_MIN_LENGTH,
  type SyncChangesResult,
} from '@crm/shared';
import { buildApp } from '#server/app.ts';
import type { Db } from '#server/db/database.ts';
import { openDatabase } from '#server/db/database.ts';
import { isPostgres } from '#server/db/dialect.ts';
import { newId } from '#server/db/ids.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { type Call, caller, callerFor, signIn } from '#server/test/callers.ts';
import { createFactory } from '#server/test/factory.ts';
import { createTestApp, engines, type TestApp, testConfig } from '#server/test/harness.ts';
import {
  dataUrlBytes,
  forgedPngDataUrl,
  jpegDataUrl,
  pngDataUrl,
  pngDataUrlOfLength,
  signaturePng,
} from '#server/test/signature-images.ts';
import { steppingClock } from '#server/test/stepping-clock.ts';
import { tableCounts } from '#server/test/table-counts.ts';
import { systemClock } from '#server/core/clock.ts';
import { DoctorsRepository } from '#server/modules/doctors/doctors.repository.ts';
import { IdempotencyKeysRepository } from '#server/modules/idempotency/idempotency.repository.ts';
import { LogsRepository } from '#server/modules/logs/logs.repository.ts';
import { ConsentsRepository } from './consents.repository.ts';
import { ConsentsService } from './consents.service.ts';
import { verifyConsentChains } from './consents-verifier.ts';

type ErrorBody = { code: string; message: string; fields?: Record<string, string> };

const CONSENT_TABLES = ['consent_records', 'audit_logs', 'idempotency_keys', 'doctors'] as const;
const signaturesOf = (doctorId: string) => `/api/doctors/${doctorId}/signatures`;
const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

/** A valid consent body: a real PNG, professional and general communication given. */
function consentBody(overrides: Record<string, unknown> = {}) {
  return {
    signatureImage: pngDataUrl(),
    professionalConsent: true,
    congressConsent: false,
    generalConsent: true,
    signatureDate: '2026-11-20T10:15:00.000Z',
    email: 'dr.vidal@example.fr',
    phone: '06 12 34 56 78',
    language: 'fr',
    ...overrides,
  };
}

/** The row counts of the tables a consent write touches: what a refused one must leave as they were. */
async function consentCounts(db: Db) {
  const rows = await tableCounts(db, CONSENT_TABLES);
  return Object.fromEntries(CONSENT_TABLES.map((table) => [table, rows[table] ?? 0])) as Record<
    (typeof CONSENT_TABLES)[number],
    number
  >;
}

/** Drops the append-only triggers, as someone with direct access to the database could. */
async function dropAppendOnlyTriggers(db: Db): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger consent_records_no_change on consent_records`.execute(db);
  } else {
    await sql`drop trigger consent_records_no_update`.execute(db);
    await sql`drop trigger consent_records_no_delete`.execute(db);
  }
}

describe.each(engines())('consents on %s', (engine) => {
  let t: TestApp;
  let rep: Call;
  let reader: Call;
  let colleague: Call;
  let repUser: { id: string; email: string };
  let readerUser: { id: string; email: string };

  beforeAll(async () => {
    t = await createTestApp(engine);
    const repAccount = await t.factory.user({ firstName: 'Rémi', lastName: 'Représentant' });
    const readerAccount = await t.factory.user({ firstName: 'Lucie', lastName: 'Lectrice', readWrite: false });
    const colleagueAccount = await t.factory.user({ firstName: 'Claire', lastName: 'Collègue' });
    repUser = repAccount;
    readerUser = readerAccount;
    rep = await callerFor(t, repAccount);
    reader = await callerFor(t, readerAccount);
    colleague = await callerFor(t, colleagueAccount);
  });
  afterAll(() => t.close());

  const counts = () => consentCounts(t.database.db);
  const recordsOf = (doctorId: string) =>
    t.database.db.selectFrom('consent_records').selectAll().where('doctor_id', '=', doctorId).orderBy('seq').execute();
  const consentAudit = (doctorId: string) =>
    t.database.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('entity_type', '=', 'consent')
      .where('entity_id', '=', doctorId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  /** A file route (image, PDF) as the rep: the raw answer. */
  const download = async (url: string, language = 'en') =>
    t.app.inject({
      method: 'GET',
      url,
      headers: {
        authorization: (await signIn(t.app, repUser.email, 'Secret-Password-1')).authorization,
        'accept-language': language,
      },
    });
  const newDoctor = () => t.factory.doctor({ firstName: 'Hélène', lastName: 'Vidal' });
  const sign = (call: Call, doctorId: string, body: Record<string, unknown> = consentBody(), key?: string) =>
    call('POST', signaturesOf(doctorId), body, key);

  describe('collecting a consent', () => {
    it('records it as evidence: choices, both times, collector, the doctor then, the image as bytes and hashes', async () => {
      const doctor = await newDoctor();
      const before = await counts();
      const image = signaturePng(2);
      const response = await sign(rep, doctor.id, consentBody({ signatureImage: pngDataUrl(image) }));

      expect(response.status).toBe(201);
      const record = response.body as ConsentRecord;
      expect(record).toMatchObject({
        doctorId: doctor.id,
        kind: 'signature',
        professionalConsent: true,
        professional_consent: true,
        congressConsent: false,
        congress_consent: false,
        generalConsent: true,
        general_consent: true,
        signatureDate: '2026-11-20T10:15:00.000Z',
        signature_date: '2026-11-20T10:15:00.000Z',
        email: 'dr.vidal@example.fr',
        phone: '06 12 34 56 78',
        language: 'fr',
        collectedBy: { id: repUser.id, email: repUser.email, displayName: 'Rémi Représentant' },
        doctorRpps: doctor.rpps,
        doctorFirstName: 'Hélène',
        doctorLastName: 'Vidal',
        imageSha256: sha256(image),
        previousHash: null,
        withdrawalRequestedBy: null,
        withdrawalReason: null,
      });
      // The answer leaves the megabytes out; GET …/signatures has them.
      expect(record.signatureImage).toBeNull();
      expect(Date.parse(record.recordedAt)).toBeGreaterThan(Date.parse('2026-11-20T10:15:00.000Z'));
      expect(record.recordHash).toMatch(/^[0-9a-f]{64}$/);

      const [row] = await recordsOf(doctor.id);
      expect(Buffer.isBuffer(row?.signature_image)).toBe(true);
      expect(row?.signature_image?.equals(image)).toBe(true);
      expect(row).toMatchObject({ seq: 1, signature_mime_type: 'image/png', collector_email: repUser.email });
      expect(await counts()).toEqual({
        ...before,
        consent_records: before.consent_records + 1,
        audit_logs: before.audit_logs + 1,
      });
    });

    it('answers the current consent with its signature as the data URL sent, in both spellings', async () => {
      const doctor = await newDoctor();
      const image = signaturePng(3);
      await sign(rep, doctor.id, consentBody({ signatureImage: pngDataUrl(image) }));

      const current = await rep('GET', signaturesOf(doctor.id));
      expect(current.status).toBe(200);
      const consent = current.body as NonNullable<CurrentConsent>;
      expect(consent.signatureImage).toBe(pngDataUrl(image));
      expect(consent.signature_image).toBe(consent.signatureImage);
      expect(consent).toMatchObject({ professionalConsent: true, professional_consent: true, congressConsent: false });
    });

    it('answers null for a doctor without consent, and 404 for an unknown doctor', async () => {
      const doctor = await newDoctor();
      expect(await rep('GET', signaturesOf(doctor.id))).toMatchObject({ status: 200, body: null });
      expect(await rep('GET', signaturesOf(newId()))).toMatchObject({
        status: 404,
        body: { message: 'Doctor not found' },
      });
    });

    it('accepts the snake_case spelling of every field, camelCase winning when both come', async () => {
      const doctor = await newDoctor();
      const image = signaturePng(4);
      const response = await sign(rep, doctor.id, {
        signature_image: pngDataUrl(image),
        professional_consent: false,
        congress_consent: true,
        general_consent: false,
        generalConsent: true,
        signature_date: '2026-11-21T08:00:00+01:00',
        email: null,
        phone: '',
      });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        professionalConsent: false,
        congressConsent: true,
        congress_consent: true,
        generalConsent: true,
        general_consent: true,
        // The device's time with its offset, kept in UTC.
        signatureDate: '2026-11-21T07:00:00.000Z',
        signature_date: '2026-11-21T07:00:00.000Z',
        email: null,
        phone: null,
        imageSha256: sha256(image),
      });
    });

    it("takes the request's language when the body names none, and the server's time when the device gives none", async () => {
      const doctor = await newDoctor();
      const { signatureDate: _date, language: _language, ...body } = consentBody();
      const response = await sign(rep, doctor.id, body);
      const record = response.body as ConsentRecord;
      // The test caller speaks English.
      expect(record.language).toBe('en');
      expect(record.signatureDate).toBe(record.recordedAt);
    });

    it('lets a read-only rep collect consent, but not save the contact to the doctor', async () => {
      const doctor = await newDoctor();
      const response = await sign(reader, doctor.id, consentBody({ email: 'contact@cabinet-vidal.fr' }));
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        email: 'contact@cabinet-vidal.fr',
        collectedBy: { id: readerUser.id, email: readerUser.email },
      });

      // The contact auto-save is a doctor edit: readWrite only, refused with nothing changed.
      const before = await counts();
      const edit = await reader('PUT', `/api/doctors/${doctor.id}`, { email: 'contact@cabinet-vidal.fr' });
      expect(edit.status).toBe(403);
      expect(await counts()).toEqual(before);
      const row = await t.database.db
        .selectFrom('doctors')
        .select(['email', 'phone'])
        .where('id', '=', doctor.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ email: null, phone: null });
    });

    it('saves the contact to the doctor for a rep with readWrite, audited as a doctor edit', async () => {
      const doctor = await newDoctor();
      const edit = await rep('PUT', `/api/doctors/${doctor.id}`, { email: 'h.vidal@example.fr', phone: '0612345678' });
      expect(edit.status).toBe(200);
      expect(edit.body).toMatchObject({ email: 'h.vidal@example.fr', phone: '0612345678', updatedBy: repUser.email });
      const audit = await t.database.db
        .selectFrom('audit_logs')
        .selectAll()
        .where('entity_type', '=', 'doctor')
        .where('entity_id', '=', doctor.id)
        .execute();
      expect(audit).toHaveLength(1);
      expect(JSON.parse(audit[0]?.changes ?? '{}')).toMatchObject({
        email: { before: null, after: 'h.vidal@example.fr' },
      });
    });

    it('writes an audit entry naming the doctor and the record, linking the log to the consent tab', async () => {
      const doctor = await newDoctor();
      const record = (await sign(rep, doctor.id)).body as ConsentRecord;
      const [entry] = await consentAudit(doctor.id);
      expect(entry).toMatchObject({ action: 'create', entity_type: 'consent', entity_id: doctor.id });
      expect(entry?.user_id).toBe(repUser.id);
      expect(JSON.parse(entry?.metadata ?? '{}')).toEqual({
        consentId: record.id,
        doctorName: 'Hélène Vidal',
        firstName: 'Hélène',
        lastName: 'Vidal',
        kind: 'signature',
        professionalConsent: true,
        congressConsent: false,
        generalConsent: true,
        signatureDate: record.signatureDate,
        recordHash: record.recordHash,
      });
      // No image and no contact details in the log: the record holds them.
      expect(entry?.metadata).not.toContain('base64');
      expect(entry?.metadata).not.toContain('dr.vidal@example.fr');
    });

    it('writes neither the record nor its audit entry when the audit fails (one transaction)', async () => {
      const doctor = await newDoctor();
      const before = await counts();
      // An audit_logs row that the entry can't be written next to: a trigger makes its insert fail.
      if (isPostgres(t.database.db)) {
        await sql`create function refuse_consent_audit() returns trigger language plpgsql as $$
          begin raise exception 'audit refused'; end $$`.execute(t.database.db);
        await sql`create trigger refuse_consent_audit before insert on audit_logs for each row
          when (new.entity_type = 'consent') execute function refuse_consent_audit()`.execute(t.database.db);
      } else {
        await sql`create trigger refuse_consent_audit before insert on audit_logs when new.entity_type = 'consent'
          begin select raise(abort, 'audit refused'); end`.execute(t.database.db);
      }
      try {
        const response = await sign(rep, doctor.id);
        expect(response.status).toBe(500);
      } finally {
        await sql`drop trigger refuse_consent_audit${sql.raw(isPostgres(t.database.db) ? ' on audit_logs' : '')}`.execute(
          t.database.db,
        );
        if (isPostgres(t.database.db)) await sql`drop function refuse_consent_audit()`.execute(t.database.db);
      }
      expect(await counts()).toEqual(before);
    });

    it('records a consent given through a doctor alias on the canonical doctor', async () => {
      const doctor = await newDoctor();
      const alias = newId();
      await t.database.db
        .insertInto('doctor_aliases')
        .values({ alias_id: alias, doctor_id: doctor.id, created_at: new Date().toISOString() })
        .execute();
      const response = await sign(rep, alias);
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ doctorId: doctor.id });
      expect(await recordsOf(doctor.id)).toHaveLength(1);
    });
  });

  describe('validation', () => {
    /** A refused save names the field with the spec's message and changes nothing. */
    async function expectRefused(
      body: Record<string, unknown>,
      status: number,
      fields: Record<string, string>,
      call: Call = rep,
    ) {
      const doctor = await newDoctor();
      const before = await counts();
      const response = await sign(call, doctor.id, body);
      expect(response.status).toBe(status);
      expect((response.body as ErrorBody).fields).toEqual(fields);
      expect(await counts()).toEqual(before);
      return response.body as ErrorBody;
    }

    it("says 'Please provide a signature' without one, or with an empty one", async () => {
      const { signatureImage: _image, ...withoutImage } = consentBody();
      await expectRefused(withoutImage, 400, { signatureImage: 'Please provide a signature' });
      await expectRefused(consentBody({ signatureImage: '' }), 400, { signatureImage: 'Please provide a signature' });
    });

    it("refuses image data of 99 characters with 'Please provide a valid signature', and takes 100", async () => {
      await expectRefused(consentBody({ signatureImage: pngDataUrlOfLength(SIGNATURE_MIN_LENGTH - 2) }), 400, {
        signatureImage: 'Please provide a valid signature',
      });
      await expectRefused(consentBody({ signatureImage: 'x'.repeat(SIGNATURE_MIN_LENGTH - 1) }), 400, {
        signatureImage: 'Please provide a valid signature',
      });
      const doctor = await newDoctor();
      const atMinimum = pngDataUrlOfLength(SIGNATURE_MIN_LENGTH);
      expect(atMinimum).toHaveLength(100);
      const response = await sign(rep, doctor.id, consentBody({ signatureImage: atMinimum }));
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ imageSha256: sha256(dataUrlBytes(atMinimum)) });
    });

    it('takes image data of exactly 5 × 1024 × 1024 characters, and keeps its bytes exactly', async () => {
      const doctor = await newDoctor();
      const atMaximum = pngDataUrlOfLength(SIGNATURE_MAX_LENGTH);
      expect(atMaximum).toHaveLength(5 * 1024 * 1024);
      const response = await sign(rep, doctor.id, consentBody({ signatureImage: atMaximum }));
      expect(response.status).toBe(201);
      const [row] = await recordsOf(doctor.id);
      expect(row?.signature_image?.equals(dataUrlBytes(atMaximum))).toBe(true);
      expect(row?.image_sha256).toBe(sha256(dataUrlBytes(atMaximum)));
    });

    it('answers 413 with the redraw message one character over, in the language asked for', async () => {
      const overByOne = `${pngDataUrlOfLength(SIGNATURE_MAX_LENGTH)}A`;
      expect(overByOne).toHaveLength(5 * 1024 * 1024 + 1);
      const body = await expectRefused(consentBody({ signatureImage: overByOne }), 413, {
        signatureImage: 'Signature image is too large. Please redraw with fewer strokes.',
      });
      expect(body).toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
        message: 'Signature image is too large. Please redraw with fewer strokes.',
      });

      const doctor = await newDoctor();
      const { authorization } = await signIn(t.app, repUser.email, 'Secret-Password-1');
      const french = await t.app.inject({
        method: 'POST',
        url: signaturesOf(doctor.id),
        headers: { authorization, 'accept-language': 'fr-FR' },
        payload: consentBody({ signatureImage: overByOne }),
      });
      expect(french.statusCode).toBe(413);
      expect(french.json()).toMatchObject({
        message: "L'image de la signature est trop volumineuse. Veuillez la refaire avec moins de traits.",
      });
    });

    it('answers the same 413 when the body is over the route limit before it is even read', async () => {
      const sixMegabytes = `data:image/png;base64,${'A'.repeat(6 * 1024 * 1024)}`;
      await expectRefused(consentBody({ signatureImage: sixMegabytes }), 413, {
        signatureImage: 'Signature image is too large. Please redraw with fewer strokes.',
      });
    });

    it('refuses a data URL whose bytes are not the image it claims', async () => {
      const invalid = { signatureImage: 'Please provide a valid signature' };
      // PNG by its prefix, SVG with a script by its bytes.
      await expectRefused(consentBody({ signatureImage: forgedPngDataUrl() }), 400, invalid);
      // A JPEG's bytes under a PNG prefix, and the other way round.
      await expectRefused(
        consentBody({ signatureImage: `data:image/png;base64,${jpegDataUrl().split(',')[1]}` }),
        400,
        invalid,
      );
      await expectRefused(
        consentBody({ signatureImage: `data:image/jpeg;base64,${pngDataUrl().split(',')[1]}` }),
        400,
        invalid,
      );
      // Other types, other encodings, characters outside base64 (which a lax decoder would skip).
      await expectRefused(
        consentBody({ signatureImage: `data:image/svg+xml;base64,${pngDataUrl().split(',')[1]}` }),
        400,
        invalid,
      );
      await expectRefused(consentBody({ signatureImage: `data:image/png,${'%89PNG'.repeat(30)}` }), 400, invalid);
      const png = pngDataUrl();
      await expectRefused(consentBody({ signatureImage: `${png.slice(0, 60)}<script>${png.slice(60)}` }), 400, invalid);
      await expectRefused(consentBody({ signatureImage: `${png}=` }), 400, invalid);
    });

    it('takes a real JPEG', async () => {
      const doctor = await newDoctor();
      const response = await sign(rep, doctor.id, consentBody({ signatureImage: jpegDataUrl() }));
      expect(response.status).toBe(201);
      const image = await download(`${signaturesOf(doctor.id)}/${(response.body as ConsentRecord).id}/image`);
      expect(image.headers['content-type']).toBe('image/jpeg');
      expect(image.rawPayload.equals(dataUrlBytes(jpegDataUrl()))).toBe(true);
    });

    it('refuses choices that are not booleans, an invalid date, a too long contact, naming each field', async () => {
      await expectRefused(
        consentBody({
          professionalConsent: 'yes',
          signatureDate: 'yesterday',
          phone: '0'.repeat(31),
          language: 'de',
        }),
        400,
        {
          professionalConsent: 'Invalid value',
          signatureDate: 'Invalid value',
          phone: 'This field is too long',
          language: 'Invalid value',
        },
      );
    });

    it('answers 404 for an unknown doctor, 400 for an id that is none, with nothing written', async () => {
      const before = await counts();
      expect(await sign(rep, newId())).toMatchObject({ status: 404, body: { message: 'Doctor not found' } });
      expect(await sign(rep, 'not-an-id')).toMatchObject({
        status: 400,
        body: { fields: { id: 'Invalid identifier' } },
      });
      expect(await counts()).toEqual(before);
    });

    it('answers 401 without a session, and for a session that expired, with nothing written', async () => {
      const doctor = await newDoctor();
      const account = await t.factory.user();
      const { token, authorization } = await signIn(t.app, account.email, account.password);
      const before = await counts();
      const anonymous = await t.app.inject({ method: 'POST', url: signaturesOf(doctor.id), payload: consentBody() });
      expect(anonymous.statusCode).toBe(401);
      const sessionId = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { jti: string };
      await t.database.db
        .updateTable('sessions')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', sessionId.jti)
        .execute();
      expect((await sign(caller(t.app, authorization), doctor.id)).status).toBe(401);
      expect(await counts()).toEqual(before);
    });
  });

  describe('append-only', () => {
    it('keeps every save as a new record chained to the previous one; the current consent is the latest', async () => {
      const doctor = await newDoctor();
      const first = (await sign(rep, doctor.id)).body as ConsentRecord;
      const second = (
        await sign(
          colleague,
          doctor.id,
          consentBody({ professionalConsent: false, congressConsent: true, signatureDate: '2026-11-22T09:00:00.000Z' }),
        )
      ).body as ConsentRecord;

      const rows = await recordsOf(doctor.id);
      expect(rows.map((row) => row.seq)).toEqual([1, 2]);
      expect(second.previousHash).toBe(first.recordHash);
      const current = (await rep('GET', signaturesOf(doctor.id))).body as ConsentRecord;
      expect(current).toMatchObject({ id: second.id, professionalConsent: false, congressConsent: true });
      expect((await consentAudit(doctor.id)).map((entry) => entry.action)).toEqual(['create', 'create']);
    });

    it('offers no route to change or remove a record', async () => {
      const doctor = await newDoctor();
      const record = (await sign(rep, doctor.id)).body as ConsentRecord;
      const before = await recordsOf(doctor.id);
      for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
        for (const url of [signaturesOf(doctor.id), `${signaturesOf(doctor.id)}/${record.id}`]) {
          const response = await rep(method, url, method === 'DELETE' ? undefined : consentBody());
          expect(response.status, `${method} ${url}`).toBe(404);
        }
      }
      expect(await recordsOf(doctor.id)).toEqual(before);
    });

    it('has no repository method that could update or delete one', () => {
      const methods = Object.getOwnPropertyNames(ConsentsRepository.prototype);
      expect(methods.filter((name) => /update|delete|remove|set|replace|upsert/i.test(name))).toEqual([]);
    });

    it('refuses an UPDATE, a DELETE, in the database itself', async () => {
      const doctor = await newDoctor();
      await sign(rep, doctor.id);
      const before = await recordsOf(doctor.id);
      await expect(
        t.database.db
          .updateTable('consent_records')
          .set({ professional_consent: 0 })
          .where('doctor_id', '=', doctor.id)
          .execute(),
      ).rejects.toThrow(/append-only/);
      await expect(
        t.database.db.deleteFrom('consent_records').where('doctor_id', '=', doctor.id).execute(),
      ).rejects.toThrow(/append-only/);
      if (isPostgres(t.database.db)) {
        await expect(sql`truncate consent_records`.execute(t.database.db)).rejects.toThrow(/append-only/);
      }
      expect(await recordsOf(doctor.id)).toEqual(before);
    });

    it('chains saves racing for one doctor without a gap or a fork', async () => {
      // More saves at once than the pool has connections, and than any bounded number of retries would cover.
      const seeds = Array.from({ length: 10 }, (_, index) => index + 1);
      const doctor = await newDoctor();
      const responses = await Promise.all(
        seeds.map((seed) => sign(rep, doctor.id, consentBody({ signatureImage: pngDataUrl(signaturePng(seed)) }))),
      );
      expect(responses.map((response) => response.status)).toEqual(seeds.map(() => 201));
      const rows = await recordsOf(doctor.id);
      expect(rows.map((row) => row.seq)).toEqual(seeds);
      for (const [index, row] of rows.entries()) {
        expect(row.previous_hash).toBe(index === 0 ? null : rows[index - 1]?.record_hash);
      }
      expect(await consentAudit(doctor.id)).toHaveLength(seeds.length);
    });

    it('keeps one record per client id sent twice at once, for one doctor or for two', async () => {
      const [doctor, other] = [await newDoctor(), await newDoctor()];
      // The queue sending a consent again while its first send is still running: one record, answered twice.
      const id = newId();
      const twice = await Promise.all([1, 2].map(() => sign(rep, doctor.id, consentBody({ id }), newId())));
      expect(twice.map((response) => response.status)).toEqual([201, 201]);
      expect(twice[1]?.body).toMatchObject({ id, recordHash: (twice[0]?.body as ConsentRecord).recordHash });
      expect(await recordsOf(doctor.id)).toHaveLength(1);
      // The same id for two doctors (two chains, not serialised): one record, the other refused as taken.
      const shared = newId();
      const both = await Promise.all(
        [doctor.id, other.id].map((doctorId) => sign(rep, doctorId, consentBody({ id: shared }), newId())),
      );
      expect(both.map((response) => response.status).sort()).toEqual([201, 409]);
      expect(both.find((response) => response.status === 409)?.body).toMatchObject({
        code: 'CONFLICT',
        fields: { id: 'A different consent already exists with this identifier' },
      });
      expect([...(await recordsOf(doctor.id)), ...(await recordsOf(other.id))]).toHaveLength(2);
    });

    it("keeps a deleted doctor's records readable, and refuses a new one", async () => {
      const doctor = await newDoctor();
      const record = (await sign(rep, doctor.id)).body as ConsentRecord;
      expect((await rep('DELETE', `/api/doctors/${doctor.id}`)).status).toBe(204);
      expect(await rep('GET', signaturesOf(doctor.id))).toMatchObject({ status: 200, body: { id: record.id } });
      expect((await rep('GET', `${signaturesOf(doctor.id)}/history`)).body).toMatchObject({
        items: [{ id: record.id }],
      });
      expect((await download(`${signaturesOf(doctor.id)}/${record.id}/certificate`)).statusCode).toBe(200);
      expect((await sign(rep, doctor.id)).status).toBe(404);
      expect(await recordsOf(doctor.id)).toHaveLength(1);
    });
  });

  describe('withdrawal', () => {
    const withdraw = (call: Call, doctorId: string, body: Record<string, unknown>, key?: string) =>
      call('POST', `${signaturesOf(doctorId)}/withdrawal`, body, key);

    it('records a new record with every choice withdrawn, who asked and why, without a drawing', async () => {
      const doctor = await newDoctor();
      const signed = (await sign(rep, doctor.id)).body as ConsentRecord;
      const response = await withdraw(reader, doctor.id, {
        requestedBy: 'doctor',
        reason: "Le médecin a demandé par téléphone de ne plus recevoir d'e-mails",
      });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        kind: 'withdrawal',
        professionalConsent: false,
        congressConsent: false,
        generalConsent: false,
        signatureImage: null,
        imageSha256: null,
        email: null,
        withdrawalRequestedBy: 'doctor',
        withdrawalReason: "Le médecin a demandé par téléphone de ne plus recevoir d'e-mails",
        collectedBy: { id: readerUser.id },
        previousHash: signed.recordHash,
      });
      expect((await rep('GET', signaturesOf(doctor.id))).body).toMatchObject({ kind: 'withdrawal' });
      expect((await consentAudit(doctor.id)).map((entry) => entry.action)).toEqual(['create', 'withdraw']);
      expect(await recordsOf(doctor.id)).toHaveLength(2);
    });

    it('withdraws only the choices named, keeping the others', async () => {
      const doctor = await newDoctor();
      await sign(rep, doctor.id);
      const response = await withdraw(rep, doctor.id, {
        requestedBy: 'rep',
        reason: 'Plus de congrès',
        choices: ['general'],
      });
      expect(response.body).toMatchObject({ professionalConsent: true, congressConsent: false, generalConsent: false });
    });

    it('refuses a withdrawal with nothing to withdraw (409), and one without reason or requester (400)', async () => {
      const doctor = await newDoctor();
      const before = await counts();
      expect(await withdraw(rep, doctor.id, { requestedBy: 'doctor', reason: 'Demande du médecin' })).toMatchObject({
        status: 409,
        body: { message: 'This doctor has no consent in force to withdraw' },
      });
      await sign(rep, doctor.id, consentBody({ professionalConsent: false, generalConsent: false }));
      const afterRefusal = await counts();
      expect(afterRefusal.consent_records).toBe(before.consent_records + 1);
      expect(
        await withdraw(rep, doctor.id, { requestedBy: 'doctor', reason: 'Demande du médecin', choices: ['congress'] }),
      ).toMatchObject({ status: 409 });
      expect(await withdraw(rep, doctor.id, { requestedBy: 'someone', reason: '  ' })).toMatchObject({
        status: 400,
        body: { fields: { requestedBy: 'This field is required', reason: 'This field is required' } },
      });
      expect(await withdraw(rep, doctor.id, { requestedBy: 'doctor', reason: 'x', choices: [] })).toMatchObject({
        status: 400,
        body: { fields: { choices: 'This field is required' } },
      });
      expect(await counts()).toEqual(afterRefusal);
    });
  });

  describe('history, images and certificates', () => {
    it('lists every record newest first, without images; each image and certificate on its own', async () => {
      const doctor = await newDoctor();
      const first = (await sign(rep, doctor.id, consentBody({ signatureImage: pngDataUrl(signaturePng(5)) })))
        .body as ConsentRecord;
      const withdrawal = (
        await rep('POST', `${signaturesOf(doctor.id)}/withdrawal`, { requestedBy: 'doctor', reason: 'Demande' })
      ).body as ConsentRecord;
      const last = (await sign(colleague, doctor.id, consentBody({ signatureImage: pngDataUrl(signaturePng(6)) })))
        .body as ConsentRecord;

      const history = (await reader('GET', `${signaturesOf(doctor.id)}/history`)).body as ConsentHistory;
      expect(history.items.map((item) => item.id)).toEqual([last.id, withdrawal.id, first.id]);
      expect(history.items.every((item) => item.signatureImage === null && item.signature_image === null)).toBe(true);

      const image = await download(`${signaturesOf(doctor.id)}/${first.id}/image`);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.rawPayload.equals(signaturePng(5))).toBe(true);
      expect(await rep('GET', `${signaturesOf(doctor.id)}/${withdrawal.id}/image`)).toMatchObject({ status: 404 });
      const otherDoctor = await newDoctor();
      expect(await rep('GET', `${signaturesOf(otherDoctor.id)}/${first.id}/image`)).toMatchObject({ status: 404 });
      expect(await rep('GET', `${signaturesOf(otherDoctor.id)}/${first.id}/certificate`)).toMatchObject({
        status: 404,
      });
    });

    it('answers a doctor the caller may not read with the same 404 on every consent route, leaking no record', async () => {
      const doctor = await newDoctor();
      const record = (await sign(rep, doctor.id)).body as ConsentRecord;
      const deletedWithoutEvidence = await newDoctor();
      expect((await rep('DELETE', `/api/doctors/${deletedWithoutEvidence.id}`)).status).toBe(204);

      for (const unreadable of [newId(), deletedWithoutEvidence.id]) {
        const answers = await Promise.all(
          ['', '/history', `/${record.id}/image`, `/${record.id}/certificate`].map((route) =>
            download(`${signaturesOf(unreadable)}${route}`),
          ),
        );
        for (const answer of answers) {
          expect(answer.statusCode).toBe(404);
          expect(answer.headers['content-type']).toContain('application/json');
          expect(answer.json()).toEqual({ code: 'NOT_FOUND', message: 'Doctor not found' });
          expect(answer.body).not.toContain(record.id);
          expect(answer.body).not.toContain(doctor.rpps);
        }
      }
    });

    it('renders a certificate of one record in French or English, with its doctor, choices, collector and hash', async () => {
      const doctor = await newDoctor();
      const record = (await sign(rep, doctor.id)).body as ConsentRecord;
      const fetchPdf = async (query: string, language: string) => {
        const response = await download(`${signaturesOf(doctor.id)}/${record.id}/certificate${query}`, language);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('application/pdf');
        expect(response.headers['content-disposition']).toContain(`consent-${doctor.rpps}-2026-11-20.pdf`);
        expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
        return pdfText(response.rawPayload);
      };

      const french = await fetchPdf('', 'fr');
      expect(french).toContain('Certificat de consentement');
      expect(french).toContain('Hélène Vidal');
      expect(french).toContain(doctor.rpps);
      expect(french).toContain('20 novembre 2026 11:15');
      expect(french).toContain('Rémi Représentant');
      expect(french.replace(/\s/g, '')).toContain(record.recordHash);

      const english = await fetchPdf('?lang=en', 'fr');
      expect(english).toContain('Consent certificate');
      expect(english).toContain('Professional communication');
      expect(english).toContain('20 November 2026 11:15');
    });
  });

  describe('S5 of the offline research: the queue replaying a consent', () => {
    it('stores a 5 MB consent once, replays it, refuses another image under its key or id, keeps later ones', async () => {
      const doctor = await newDoctor();
      const id = newId();
      const key = newId();
      const c1 = consentBody({ id, signatureImage: pngDataUrlOfLength(SIGNATURE_MAX_LENGTH) });
      const first = await sign(rep, doctor.id, c1, key);
      expect(first.status).toBe(201);
      const [stored] = await recordsOf(doctor.id);
      expect(stored?.image_sha256).toBe(sha256(dataUrlBytes(c1.signatureImage)));
      expect(stored?.signature_image && sha256(stored.signature_image)).toBe(stored?.image_sha256);

      // The same key again: the first answer, nothing written.
      const before = await counts();
      const replay = await sign(rep, doctor.id, c1, key);
      expect(replay.status).toBe(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.body).toEqual(first.body);
      // The same id under a new key (its first answer was lost): the same record answered.
      const again = await sign(rep, doctor.id, c1, newId());
      expect(again).toMatchObject({ status: 201, body: { id, recordHash: (first.body as ConsentRecord).recordHash } });
      expect(await counts()).toEqual({ ...before, idempotency_keys: before.idempotency_keys + 1 });

      // Another image under the same key (422) or the same id (409): refused, nothing written.
      const otherImage = { ...c1, signatureImage: pngDataUrl(signaturePng(7)) };
      expect(await sign(rep, doctor.id, otherImage, key)).toMatchObject({
        status: 422,
        body: { code: 'IDEMPOTENCY_KEY_REUSED' },
      });
      expect(await sign(rep, doctor.id, otherImage, newId())).toMatchObject({
        status: 409,
        body: { fields: { id: 'A different consent already exists with this identifier' } },
      });
      // Another user sending that id: not theirs to replay.
      expect(await sign(colleague, doctor.id, c1, newId())).toMatchObject({ status: 409 });
      expect((await counts()).consent_records).toBe(before.consent_records);

      // c2, signed later on the device: both kept, the current is c2.
      const c2 = newId();
      const c2Body = consentBody({ id: c2, signatureDate: '2026-11-23T16:00:00.000Z', congressConsent: true });
      expect((await sign(rep, doctor.id, c2Body, newId())).status).toBe(201);
      expect((await recordsOf(doctor.id)).map((row) => row.id)).toEqual([id, c2]);
      expect((await rep('GET', signaturesOf(doctor.id))).body).toMatchObject({ id: c2, congressConsent: true });

      // 6 MB: 413, which the client classifies as refused for good; no row.
      const afterC2 = await counts();
      const large = consentBody({ id: newId(), signatureImage: `data:image/png;base64,${'A'.repeat(6_000_000)}` });
      expect((await sign(rep, doctor.id, large, newId())).status).toBe(413);
      expect(await counts()).toEqual(afterC2);
    });
  });

  describe('the doctors a campaign may reach', () => {
    it('are those with an e-mail whose current consent gives the choice, by name, paged and searchable', async () => {
      const db = t.database.db;
      const service = new ConsentsService({
        db,
        consents: new ConsentsRepository(),
        doctors: new DoctorsRepository(),
        keys: new IdempotencyKeysRepository(),
        logs: new LogsRepository(systemClock),
        clock: systemClock,
      });
      const auth = await authOf(repUser.id);
      const marker = `zz${crypto.randomBytes(3).toString('hex')}`;
      const make = async (lastName: string, email: string | null) => {
        const doctor = await t.factory.doctor({ firstName: 'Élise', lastName: `${marker} ${lastName}` });
        if (email !== null)
          await t.database.db.updateTable('doctors').set({ email }).where('id', '=', doctor.id).execute();
        return doctor;
      };
      const all = await make('Alpha', 'alpha@example.fr');
      const professionalOnly = await make('Bravo', 'bravo@example.fr');
      const noEmail = await make('Charlie', null);
      const consentEmail = await make('Delta', null);
      const withdrawn = await make('Echo', 'echo@example.fr');
      const refused = await make('Foxtrot', 'foxtrot@example.fr');
      const reSigned = await make('Golf', 'golf@example.fr');
      const deleted = await make('Hotel', 'hotel@example.fr');
      const everything = { professionalConsent: true, congressConsent: true, generalConsent: true };
      await sign(rep, all.id, consentBody({ ...everything, email: null }));
      await sign(
        rep,
        professionalOnly.id,
        consentBody({ professionalConsent: true, generalConsent: false, email: null }),
      );
      await sign(rep, noEmail.id, consentBody({ ...everything, email: null }));
      await sign(rep, consentEmail.id, consentBody({ ...everything, email: 'delta@cabinet.fr' }));
      await sign(rep, withdrawn.id, consentBody(everything));
      await rep('POST', `${signaturesOf(withdrawn.id)}/withdrawal`, { requestedBy: 'doctor', reason: 'Demande' });
      await sign(
        rep,
        refused.id,
        consentBody({ professionalConsent: false, congressConsent: false, generalConsent: false }),
      );
      await sign(
        rep,
        reSigned.id,
        consentBody({ professionalConsent: false, congressConsent: false, generalConsent: false }),
      );
      await sign(
        rep,
        reSigned.id,
        consentBody({ congressConsent: true, professionalConsent: false, generalConsent: false }),
      );
      await sign(rep, deleted.id, consentBody(everything));
      await rep('DELETE', `/api/doctors/${deleted.id}`);

      const names = async (choice: 'professional' | 'congress' | 'general', search = marker, page = 1, limit = 50) => {
        const list = await service.eligibleDoctors(auth, { choice, search, page, limit });
        return {
          names: list.doctors.map((doctor) => doctor.lastName.split(' ')[1]),
          total: list.total,
          pages: list.pages,
          list,
        };
      };
      expect((await names('professional')).names).toEqual(['Alpha', 'Bravo', 'Delta']);
      expect((await names('congress')).names).toEqual(['Alpha', 'Delta', 'Golf']);
      expect((await names('general')).names).toEqual(['Alpha', 'Delta']);

      const { list } = await names('professional');
      expect(list.doctors[2]).toMatchObject({
        id: consentEmail.id,
        firstName: 'Élise',
        email: 'delta@cabinet.fr',
        rpps: consentEmail.rpps,
        primarySpecialty: 'Cardiology',
        signature: {
          professionalConsent: true,
          professional_consent: true,
          congressConsent: true,
          general_consent: true,
        },
      });
      // Accents and case aside, every word must start a name, or the RPPS.
      expect((await names('professional', `${marker.toUpperCase()} BRAV`)).names).toEqual(['Bravo']);
      expect((await names('professional', `elise ${marker}`)).total).toBe(3);
      expect((await names('congress', professionalOnly.rpps.slice(0, 11))).names).toEqual([]);
      expect((await names('professional', all.rpps)).names).toEqual(['Alpha']);
      const paged = await names('professional', marker, 2, 10);
      expect(paged).toMatchObject({ names: [], total: 3, pages: 1 });

      const among = await t.database.db
        .transaction()
        .execute((trx) =>
          service.eligibleAmong(trx, [all.id, withdrawn.id, noEmail.id, consentEmail.id, deleted.id], 'general'),
        );
      expect(among.map((doctor) => doctor.id).sort()).toEqual([all.id, consentEmail.id].sort());
    });
  });

  /** The session a service method is called with, for the signed-in user. */
  async function authOf(userId: string) {
    const user = await t.database.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
    return {
      sessionId: newId(),
      user: {
        id: user.id,
        email: user.email,
        displayName: user.display_name,
        firstName: user.first_name,
        lastName: user.last_name,
        isAdmin: user.is_admin === 1,
        readWrite: user.read_write === 1,
        managerId: user.manager_id,
      },
    };
  }
});

describe.each(engines())('the consent chain verifier on %s', (engine) => {
  let t: TestApp;
  let rep: Call;
  let doctors: { id: string }[];
  let records: ConsentRecord[];

  beforeAll(async () => {
    // Its own database: the triggers are dropped to tamper with records as an intruder could.
    t = await createTestApp(engine);
    const account = await t.factory.user();
    rep = await callerFor(t, account);
    doctors = [await t.factory.doctor(), await t.factory.doctor(), await t.factory.doctor()];
    records = [];
    for (const doctor of doctors) {
      for (const seed of [1, 2, 3]) {
        const response = await rep(
          'POST',
          signaturesOf(doctor.id),
          consentBody({ signatureImage: pngDataUrl(signaturePng(seed)) }),
        );
        records.push(response.body as ConsentRecord);
      }
    }
  });
  afterAll(() => t.close());

  const verify = () => verifyConsentChains(t.database.db);

  it('verifies every chain of untouched records, and the audit entries naming them', async () => {
    expect(await verify()).toEqual({ records: 9, doctors: 3, auditEntries: 9, mismatches: [] });
  });

  it('names a record altered directly in the database, and what no longer matches', async () => {
    await dropAppendOnlyTriggers(t.database.db);
    const [, target] = records;
    await t.database.db
      .updateTable('consent_records')
      .set({ congress_consent: 1 })
      .where('id', '=', target?.id ?? '')
      .execute();
    const swapped = records[4];
    await t.database.db
      .updateTable('consent_records')
      .set({ signature_image: signaturePng(9) })
      .where('id', '=', swapped?.id ?? '')
      .execute();

    const { mismatches } = await verify();
    expect(mismatches).toEqual([
      expect.objectContaining({ id: target?.id, seq: 2, problems: ["record_hash does not match the record's fields"] }),
      expect.objectContaining({
        id: swapped?.id,
        seq: 2,
        problems: ['image_sha256 does not match the stored image bytes'],
      }),
    ]);
  });

  it('names a record whose hash was recomputed after a change, and records removed from a chain', async () => {
    // Doctor 3: its middle record removed, then its last record removed too.
    const [, middle, last] = records.slice(6);
    await t.database.db
      .deleteFrom('consent_records')
      .where('id', '=', middle?.id ?? '')
      .execute();
    const afterMiddle = await verify();
    expect(afterMiddle.mismatches).toContainEqual(
      expect.objectContaining({
        id: last?.id,
        problems: [
          'seq is 3, expected 2 (a record is missing)',
          "previous_hash does not match the previous record's record_hash",
        ],
      }),
    );
    expect(afterMiddle.mismatches).toContainEqual(
      expect.objectContaining({
        id: middle?.id,
        seq: null,
        problems: [expect.stringMatching(/^the record is missing: audit entry/)],
      }),
    );
    await t.database.db
      .deleteFrom('consent_records')
      .where('id', '=', last?.id ?? '')
      .execute();
    expect((await verify()).mismatches).toContainEqual(
      expect.objectContaining({ id: last?.id, seq: null, problems: [expect.stringMatching(/^the record is missing/)] }),
    );
  });

  it('is run by `npm run consents:verify`, which exits 1 naming the record', async () => {
    if (engine !== 'sqlite') return;
    // The script reads DATA_DIR/crm.sqlite: a database of its own, in a folder of its own.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-verify-'));
    const database = openDatabase({ sqliteFile: path.join(dir, 'crm.sqlite') });
    try {
      await migrateToLatest(database.db);
      const config = testConfig();
      const app = await buildApp({ config, db: database.db });
      const factory = createFactory(database.db);
      const account = await factory.user();
      const doctor = await factory.doctor();
      const call = caller(app, (await signIn(app, account.email, account.password)).authorization);
      const record = (await call('POST', signaturesOf(doctor.id), consentBody())).body as ConsentRecord;
      await call('POST', signaturesOf(doctor.id), consentBody({ congressConsent: true }));
      await app.close();

      const run = () =>
        spawnSync(process.execPath, ['--import', 'tsx', path.join(serverRoot, 'scripts/verify-consents.ts')], {
          cwd: serverRoot,
          env: { ...withoutDatabaseUrl(process.env), DATA_DIR: dir },
          encoding: 'utf8',
        });
      const clean = run();
      expect(clean.status, clean.stderr).toBe(0);
      expect(clean.stdout).toMatch(
        /2 consent records of 1 doctors and 2 audit entries checked .*: every chain verifies/,
      );

      await dropAppendOnlyTriggers(database.db);
      await database.db
        .updateTable('consent_records')
        .set({ phone: '0700000000' })
        .where('id', '=', record.id)
        .execute();
      const tampered = run();
      expect(tampered.status).toBe(1);
      expect(tampered.stdout).toContain(`MISMATCH consent ${record.id} of doctor ${doctor.id} (seq 1)`);
      expect(tampered.stdout).toContain('1 do not match');
    } finally {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

function withoutDatabaseUrl(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _url, ...rest } = env;
  return rest;
}

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The PDF's text as pdftotext reads it (poppler-utils, installed by .ci/run). */
function pdfText(pdf: Buffer): string {
  const run = spawnSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`pdftotext failed: ${run.stderr}`);
  return run.stdout;
}

describe.each(engines())('device times of the evidence on %s', (engine) => {
  // The server's clock stands still, so "ahead of it" is exact; the times sent are read from it.
  const clock = steppingClock();
  const FUTURE = 'This date is in the future: check the date and time set on the device';
  let t: TestApp;
  let authorization: string;
  let rep: Call;

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock });
    const account = await t.factory.user();
    authorization = (await signIn(t.app, account.email, account.password)).authorization;
    rep = caller(t.app, authorization);
  });
  afterAll(() => t.close());

  /** The server's time moved by `milliseconds`, as a device would send it. */
  const at = (milliseconds: number) => new Date(clock.now().getTime() + milliseconds).toISOString();
  const counts = () => consentCounts(t.database.db);
  const withdraw = (doctorId: string, withdrawnAt: string | undefined, key?: string) =>
    rep(
      'POST',
      `${signaturesOf(doctorId)}/withdrawal`,
      { requestedBy: 'doctor', reason: 'Demande du médecin', ...(withdrawnAt !== undefined && { withdrawnAt }) },
      key,
    );
  const signedDoctor = async () => {
    const doctor = await t.factory.doctor();
    expect((await rep('POST', signaturesOf(doctor.id), consentBody({ signatureDate: at(-3_600_000) }))).status).toBe(
      201,
    );
    return doctor;
  };

  it('refuses a signature dated beyond the skew with 400 naming signatureDate, in either spelling, writing nothing', async () => {
    const doctor = await t.factory.doctor();
    const before = await counts();
    const key = newId();
    const aYearAhead = consentBody({ signatureDate: at(365 * 86_400_000) });
    for (const body of [
      aYearAhead,
      consentBody({ signatureDate: undefined, signature_date: at(DEVICE_CLOCK_SKEW_MS + 1) }),
    ]) {
      expect(await rep('POST', signaturesOf(doctor.id), body, key)).toMatchObject({
        status: 400,
        body: {
          code: 'VALIDATION_ERROR',
          message: `Some values are invalid: signatureDate: ${FUTURE}`,
          fields: { signatureDate: FUTURE },
        },
      });
    }
    // With a bad image too, both fields are named.
    const both = await rep('POST', signaturesOf(doctor.id), { ...aYearAhead, signatureImage: forgedPngDataUrl() });
    expect((both.body as ErrorBody).fields).toEqual({
      signatureImage: 'Please provide a valid signature',
      signatureDate: FUTURE,
    });
    const french = await t.app.inject({
      method: 'POST',
      url: signaturesOf(doctor.id),
      headers: { authorization, 'accept-language': 'fr' },
      payload: aYearAhead,
    });
    expect(french.statusCode).toBe(400);
    expect(french.json<ErrorBody>().fields).toEqual({
      signatureDate: "Cette date est dans le futur : vérifiez la date et l'heure réglées sur l'appareil",
    });
    expect(await counts()).toEqual(before);
    expect((await rep('GET', signaturesOf(doctor.id))).body).toBeNull();
  });

  it('refuses a withdrawal dated beyond the skew with 400 naming withdrawnAt, writing nothing', async () => {
    const doctor = await signedDoctor();
    const before = await counts();
    for (const withdrawnAt of [at(365 * 86_400_000), at(DEVICE_CLOCK_SKEW_MS + 1)]) {
      expect(await withdraw(doctor.id, withdrawnAt, newId())).toMatchObject({
        status: 400,
        body: { code: 'VALIDATION_ERROR', fields: { withdrawnAt: FUTURE } },
      });
    }
    expect(await counts()).toEqual(before);
    expect((await rep('GET', signaturesOf(doctor.id))).body).toMatchObject({ kind: 'signature' });
  });

  it('takes a time up to the skew ahead, and one long past (an offline save sent later), beside the server time', async () => {
    const recordedAt = clock.now().toISOString();
    const cases = [
      { signatureDate: at(DEVICE_CLOCK_SKEW_MS), withdrawnAt: at(DEVICE_CLOCK_SKEW_MS) },
      { signatureDate: at(-30 * 86_400_000), withdrawnAt: at(-29 * 86_400_000) },
    ];
    for (const { signatureDate, withdrawnAt } of cases) {
      const doctor = await t.factory.doctor();
      const signed = await rep('POST', signaturesOf(doctor.id), consentBody({ signatureDate }));
      expect(signed).toMatchObject({ status: 201, body: { signatureDate, recordedAt } });
      expect(await withdraw(doctor.id, withdrawnAt)).toMatchObject({
        status: 201,
        body: { kind: 'withdrawal', signatureDate: withdrawnAt, recordedAt },
      });
    }
  });

  it('refuses a queued consent from the future in a batch, after applying one from the past', async () => {
    const [early, late, next] = [await t.factory.doctor(), await t.factory.doctor(), await t.factory.doctor()];
    const queued = (doctorId: string, signatureDate: string) => ({
      method: 'POST',
      path: `/doctors/${doctorId}/signatures`,
      idempotencyKey: newId(),
      body: consentBody({ id: newId(), signatureDate }),
    });
    const before = await counts();
    const changes = [
      queued(early.id, at(-7 * 86_400_000)),
      queued(late.id, at(2 * 3_600_000)),
      queued(next.id, at(-60_000)),
    ];
    const response = await rep('POST', '/api/sync/changes', { changes });
    const { results } = response.body as SyncChangesResult;
    expect(results.map((result) => [result.outcome, result.status])).toEqual([
      ['applied', 201],
      ['refused', 400],
      ['notTried', null],
    ]);
    expect(results[1]?.body).toMatchObject({ fields: { signatureDate: FUTURE } });
    expect(await counts()).toMatchObject({
      consent_records: before.consent_records + 1,
      idempotency_keys: before.idempotency_keys + 1,
    });

    // The refused change spent neither its key nor its id: sent again once its time has come (the device's
    // clock was two hours ahead), it is recorded, never later than the server's time plus the skew.
    clock.advance(2 * 3_600_000);
    const again = await rep('POST', '/api/sync/changes', { changes: changes.slice(1) });
    expect((again.body as SyncChangesResult).results.map((result) => result.outcome)).toEqual(['applied', 'applied']);
  });
});
