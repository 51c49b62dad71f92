import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Activity,
  type Doctor,
  SIGNATURE_MAX_LENGTH,
  SYNC_BATCH_MAX_BYTES,
  SYNC_BATCH_MAX_CHANGES,
  type SyncChange,
  type SyncChangesResult,
} from '@crm/shared';
import { buildApp } from '#server/app.ts';
import { newId } from '#server/db/ids.ts';
import { activityCast, type ActivityCast } from '#server/test/activity-cast.ts';
import { type Call, caller, callerFor, signIn } from '#server/test/callers.ts';
import { DiesAtKey } from '#server/test/dies-at-key.ts';
import { createTestApp, engines, type TestApp } from '#server/test/harness.ts';
import { pngDataUrlOfLength } from '#server/test/signature-images.ts';
import { tableCounts } from '#server/test/table-counts.ts';

const TABLES = [
  'activities',
  'activity_products',
  'doctors',
  'consent_records',
  'audit_logs',
  'idempotency_keys',
] as const;

let rppsSeq = 0;
/** A doctor as the offline queue creates it: with its client-made id. */
function queuedDoctor() {
  rppsSeq += 1;
  return {
    id: newId(),
    rpps: String(40_000_000_000 + rppsSeq),
    firstName: 'Xavier',
    lastName: `Lot${rppsSeq}`,
    primarySpecialty: 'Cardiology',
  };
}

/** A consent as the offline queue sends it, with a signature of `length` characters. */
function queuedConsent(length = 4_000) {
  return {
    id: newId(),
    signatureImage: pngDataUrlOfLength(length),
    professionalConsent: true,
    congressConsent: false,
    generalConsent: true,
    signatureDate: '2026-11-20T10:15:00.000Z',
    language: 'fr',
  };
}

const change = (method: SyncChange['method'], path: string, body?: unknown): SyncChange => ({
  method,
  path,
  idempotencyKey: newId(),
  ...(body !== undefined && { body }),
});

describe.each(engines())('queued changes in batches on %s', (engine) => {
  let t: TestApp;
  let cast: ActivityCast;
  let rep: Call;

  beforeAll(async () => {
    t = await createTestApp(engine);
    cast = await activityCast(t);
    rep = cast.api.rep;
  });
  afterAll(() => t.close());

  const counts = () => tableCounts(t.database.db, TABLES);
  /** The counts after `added` more rows in some tables. */
  const plus = (before: Record<string, number>, added: Partial<Record<(typeof TABLES)[number], number>>) =>
    Object.fromEntries(
      Object.entries(before).map(([table, count]) => [table, count + (added[table as keyof typeof added] ?? 0)]),
    );

  async function send(call: Call, changes: SyncChange[]) {
    const response = await call('POST', '/api/sync/changes', { changes });
    expect(response.status).toBe(200);
    const { results } = response.body as SyncChangesResult;
    expect(results.map((result) => result.idempotencyKey)).toEqual(changes.map((item) => item.idempotencyKey));
    return results;
  }

  const outcomes = (results: SyncChangesResult['results']) => results.map((result) => result.outcome);

  it('applies the changes in their order, each with its own answer', async () => {
    const doctor = queuedDoctor();
    const visit = newId();
    const other = newId();
    const before = await counts();
    const results = await send(rep, [
      change('POST', '/doctors', doctor),
      change('POST', '/activities', cast.validCall({ id: visit, doctorId: doctor.id, title: 'Un' })),
      change('PUT', `/activities/${visit}`, { title: 'Deux' }),
      change('POST', '/activities', cast.validCall({ id: other })),
      change('DELETE', `/activities/${other}`),
      change('POST', `/doctors/${doctor.id}/signatures`, queuedConsent()),
    ]);
    expect(outcomes(results)).toEqual(['applied', 'applied', 'applied', 'applied', 'applied', 'applied']);
    expect(results.map((result) => result.status)).toEqual([201, 201, 200, 201, 204, 201]);
    expect(results[0]?.body).toMatchObject({ id: doctor.id, lastName: doctor.lastName });
    expect(results[1]?.body).toMatchObject({ id: visit, doctorId: doctor.id, title: 'Un' });
    expect(results[2]?.body).toMatchObject({ id: visit, title: 'Deux' });
    expect(results[4]?.body).toBeNull();

    const stored = (await rep('GET', `/api/activities/${visit}`)).body as Activity;
    expect(stored.title).toBe('Deux');
    expect((await rep('GET', `/api/activities/${other}`)).status).toBe(404);
    expect(await counts()).toEqual(
      plus(before, {
        doctors: 1,
        activities: 1,
        activity_products: 1,
        consent_records: 1,
        audit_logs: 6,
        idempotency_keys: 6,
      }),
    );
  });

  it('stops at a refused change: nothing after it is applied, and its error is its own call’s', async () => {
    const first = newId();
    const later = newId();
    const before = await counts();
    const results = await send(rep, [
      change('POST', '/activities', cast.validCall({ id: first })),
      change('PUT', `/activities/${first}`, { duration: -5 }),
      change('PUT', `/activities/${first}`, { title: 'Jamais' }),
      change('POST', '/activities', cast.validCall({ id: later })),
    ]);
    expect(outcomes(results)).toEqual(['applied', 'refused', 'notTried', 'notTried']);
    expect(results[1]).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
    expect(Object.keys((results[1]?.body as { fields: object }).fields)).toEqual(['duration']);
    expect(results[2]).toMatchObject({ status: null, body: null });
    expect(((await rep('GET', `/api/activities/${first}`)).body as Activity).title).toBe('Présentation Cardiovex');
    expect((await rep('GET', `/api/activities/${later}`)).status).toBe(404);
    expect(await counts()).toEqual(
      plus(before, { activities: 1, activity_products: 1, audit_logs: 1, idempotency_keys: 1 }),
    );
  });

  it('answers a conflict for an edit of a done activity, and stops there', async () => {
    const done = await t.factory.activity({ ownerId: cast.users.rep.id, done: true });
    const next = newId();
    const results = await send(rep, [
      change('PUT', `/activities/${done.id}`, { title: 'Trop tard' }),
      change('POST', '/activities', cast.validCall({ id: next })),
    ]);
    expect(outcomes(results)).toEqual(['conflict', 'notTried']);
    expect(results[0]).toMatchObject({ status: 409, body: { code: 'ACTIVITY_LOCKED' } });
    expect((await rep('GET', `/api/activities/${next}`)).status).toBe(404);
  });

  it('replays a whole batch sent again: every change replayed with its first answer, nothing written twice', async () => {
    const doctor = queuedDoctor();
    const visit = newId();
    const changes = [
      change('POST', '/doctors', doctor),
      change('POST', '/activities', cast.validCall({ id: visit, doctorId: doctor.id })),
      change('PUT', `/activities/${visit}`, { title: 'Revu' }),
      change('DELETE', `/activities/${visit}`),
    ];
    const first = await send(rep, changes);
    expect(outcomes(first)).toEqual(['applied', 'applied', 'applied', 'applied']);
    const before = await counts();
    const again = await send(rep, changes);
    expect(outcomes(again)).toEqual(['replayed', 'replayed', 'replayed', 'replayed']);
    expect(again.map((result) => [result.status, result.body])).toEqual(
      first.map((result) => [result.status, result.body]),
    );
    expect(await counts()).toEqual(before);
  });

  it('refuses a key used again with another body, as a call of its own would', async () => {
    const reused = change('POST', '/activities', cast.validCall({ id: newId(), title: 'Premier' }));
    expect(outcomes(await send(rep, [reused]))).toEqual(['applied']);
    const before = await counts();
    const results = await send(rep, [
      { ...reused, body: cast.validCall({ id: newId(), title: 'Autre' }) },
      change('POST', '/activities', cast.validCall({ id: newId() })),
    ]);
    expect(outcomes(results)).toEqual(['refused', 'notTried']);
    expect(results[0]).toMatchObject({ status: 422, body: { code: 'IDEMPOTENCY_KEY_REUSED' } });
    expect(await counts()).toEqual(before);
  });

  it('keeps each route’s access rules: another rep’s activity and a read-only user are refused, nothing changes', async () => {
    const theirs = await t.factory.activity({ ownerId: cast.users.colleague.id, title: 'À eux' });
    const reader = await callerFor(t, await t.factory.user({ readWrite: false }));
    const before = await counts();
    const results = await send(rep, [
      change('PUT', `/activities/${theirs.id}`, { title: 'Piraté' }),
      change('POST', '/activities', cast.validCall({ id: newId() })),
    ]);
    expect(outcomes(results)).toEqual(['refused', 'notTried']);
    expect(results[0]?.status).toBe(404);
    expect(((await cast.api.colleague('GET', `/api/activities/${theirs.id}`)).body as Activity).title).toBe('À eux');

    const refused = await send(reader, [change('POST', '/doctors', queuedDoctor())]);
    expect(refused[0]).toMatchObject({ outcome: 'refused', status: 403, body: { code: 'FORBIDDEN' } });
    expect(await counts()).toEqual(before);
  });

  it('refuses a call the queue does not make, in the caller’s language, and stops there', async () => {
    const target = await t.factory.user();
    const { authorization } = await signIn(t.app, cast.users.rep.email, cast.users.rep.password);
    const before = await counts();
    for (const refusedChange of [
      change('DELETE', `/users/${target.id}`),
      change('PUT', `/activities/${newId()}/approval`, { approved: true }),
      change('POST', '/activities?as=other', cast.validCall({ id: newId() })),
      change('POST', '/activities/../users', {}),
      change('DELETE', `/doctors/${cast.doctor.id}`),
    ]) {
      const results = await send(rep, [refusedChange, change('POST', '/activities', cast.validCall({ id: newId() }))]);
      expect(outcomes(results)).toEqual(['refused', 'notTried']);
      expect(results[0]).toMatchObject({ status: 400, body: { code: 'SYNC_CHANGE_NOT_ALLOWED' } });
    }
    const french = await t.app.inject({
      method: 'POST',
      url: '/api/sync/changes',
      headers: { authorization, 'accept-language': 'fr-FR' },
      payload: { changes: [change('DELETE', `/users/${target.id}`)] },
    });
    expect(french.json<SyncChangesResult>().results[0]?.body).toEqual({
      code: 'SYNC_CHANGE_NOT_ALLOWED',
      message: `Cette modification ne peut pas être envoyée avec les modifications en attente : DELETE /users/${target.id}`,
    });
    expect(await counts()).toEqual(before);
    const user = await t.database.db.selectFrom('users').select('id').where('id', '=', target.id).executeTakeFirst();
    expect(user?.id).toBe(target.id);
  });

  it('applies a batch cut by a crash exactly once when the whole batch comes again to another process', async () => {
    const doctor = queuedDoctor();
    const visits = [newId(), newId(), newId()];
    const changes = [
      change('POST', '/doctors', doctor),
      ...visits.map((id) => change('POST', '/activities', cast.validCall({ id, doctorId: doctor.id }))),
      change('PUT', `/activities/${visits[0] ?? ''}`, { title: 'Après la panne' }),
    ];
    const { authorization } = await signIn(t.app, cast.users.rep.email, cast.users.rep.password);
    const before = await counts();

    // A process that dies while writing the third change: the first two committed, the third rolled back.
    const dying = await buildApp({
      config: t.config,
      db: t.database.db.withPlugin(new DiesAtKey(3)),
      startJobs: false,
    });
    try {
      await dying.ready();
      const cut = await caller(dying, authorization)('POST', '/api/sync/changes', { changes });
      // Its answer is lost with it; what it left in the database is what counts.
      expect(outcomes((cut.body as SyncChangesResult).results)).toEqual([
        'applied',
        'applied',
        'failed',
        'notTried',
        'notTried',
      ]);
    } finally {
      await dying.close();
    }
    expect(await counts()).toEqual(
      plus(before, { doctors: 1, activities: 1, activity_products: 1, audit_logs: 2, idempotency_keys: 2 }),
    );

    // The device sends the same batch to the next process.
    const results = await send(caller(t.app, authorization), changes);
    expect(outcomes(results)).toEqual(['replayed', 'replayed', 'applied', 'applied', 'applied']);
    expect(await counts()).toEqual(
      plus(before, { doctors: 1, activities: 3, activity_products: 3, audit_logs: 5, idempotency_keys: 5 }),
    );
    expect(((await rep('GET', `/api/activities/${visits[0] ?? ''}`)).body as Activity).title).toBe('Après la panne');
    expect(((await rep('GET', `/api/doctors/${doctor.id}`)).body as Doctor).id).toBe(doctor.id);

    // And once more: nothing left to apply.
    expect(outcomes(await send(caller(t.app, authorization), changes))).toEqual(Array(5).fill('replayed'));
    expect(await counts()).toEqual(
      plus(before, { doctors: 1, activities: 3, activity_products: 3, audit_logs: 5, idempotency_keys: 5 }),
    );
  });

  it('takes a consent with the largest signature, and caps a batch by count and by bytes', async () => {
    const largest = await send(rep, [
      change('POST', `/doctors/${cast.doctor.id}/signatures`, queuedConsent(SIGNATURE_MAX_LENGTH)),
    ]);
    expect(largest[0]).toMatchObject({ outcome: 'applied', status: 201 });

    const tooMany = Array.from({ length: SYNC_BATCH_MAX_CHANGES + 1 }, () =>
      change('DELETE', `/activities/${newId()}`),
    );
    expect((await rep('POST', '/api/sync/changes', { changes: tooMany })).status).toBe(400);
    const tooLarge = await rep('POST', '/api/sync/changes', {
      changes: [change('POST', '/activities', { title: 'x'.repeat(SYNC_BATCH_MAX_BYTES) })],
    });
    expect(tooLarge).toMatchObject({ status: 413, body: { code: 'PAYLOAD_TOO_LARGE' } });
  });

  it('asks for a session', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sync/changes',
      payload: { changes: [change('POST', '/activities', cast.validCall({ id: newId() }))] },
    });
    expect(response.statusCode).toBe(401);
  });
});
