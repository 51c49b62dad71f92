import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Activity, Doctor, ExistingDoctor } from '@crm/shared';
import { newId } from '#server/db/ids.ts';
import { activityCast, type ActivityCast } from '#server/test/activity-cast.ts';
import { doctorInput } from '#server/test/doctor-input.ts';
import { createTestApp, engines, type TestApp } from '#server/test/harness.ts';
import { rowCount, tableCounts } from '#server/test/table-counts.ts';

/** A doctor as an offline queue sends it: with its client-made id. */
const queuedDoctor = (overrides: { rpps?: string; firstName?: string } = {}) => ({
  ...doctorInput(overrides),
  id: newId(),
});

const TABLES = ['doctors', 'doctor_aliases', 'audit_logs', 'idempotency_keys', 'activities'] as const;

describe.each(engines())('creating a doctor from an offline queue on %s', (engine) => {
  let t: TestApp;
  let cast: ActivityCast;

  beforeAll(async () => {
    t = await createTestApp(engine);
    cast = await activityCast(t);
  });
  afterAll(() => t.close());

  const counts = () => tableCounts(t.database.db, TABLES);

  it('keeps the client id, and replays the same key with the first answer, in sequence and 10× at once', async () => {
    const { rep } = cast.api;
    const body = queuedDoctor();
    const key = newId();
    const before = await counts();
    const first = await rep('POST', '/api/doctors', body, key);
    expect(first.status).toBe(201);
    expect((first.body as Doctor).id).toBe(body.id);
    const again = await rep('POST', '/api/doctors', body, key);
    expect(again).toMatchObject({ status: 201, body: first.body });
    expect(again.headers['idempotent-replayed']).toBe('true');
    const burst = await Promise.all(Array.from({ length: 10 }, () => rep('POST', '/api/doctors', body, key)));
    for (const answer of burst) expect(answer).toMatchObject({ status: 201, body: first.body });
    expect(await counts()).toEqual({
      ...before,
      doctors: (before.doctors ?? 0) + 1,
      audit_logs: (before.audit_logs ?? 0) + 1,
      idempotency_keys: (before.idempotency_keys ?? 0) + 1,
    });
  });

  it('creates once when 10 copies with one key race from the start', async () => {
    const body = queuedDoctor();
    const key = newId();
    const before = await counts();
    const burst = await Promise.all(Array.from({ length: 10 }, () => cast.api.rep('POST', '/api/doctors', body, key)));
    expect(new Set(burst.map((answer) => answer.status))).toEqual(new Set([201]));
    for (const answer of burst) expect(answer.body).toEqual(burst[0]?.body);
    const after = await counts();
    expect(after.doctors).toBe((before.doctors ?? 0) + 1);
    expect(after.audit_logs).toBe((before.audit_logs ?? 0) + 1);
  });

  it('answers 422 to the same key with another body, changing nothing', async () => {
    const body = queuedDoctor();
    const key = newId();
    expect((await cast.api.rep('POST', '/api/doctors', body, key)).status).toBe(201);
    const before = await counts();
    const other = await cast.api.rep('POST', '/api/doctors', { ...body, firstName: 'Autre' }, key);
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await counts()).toEqual(before);
    const stored = await t.database.db
      .selectFrom('doctors')
      .select('first_name')
      .where('id', '=', body.id)
      .executeTakeFirst();
    expect(stored?.first_name).toBe('Xavier');
  });

  it('answers a creation retried under a new key (its answer lost) with the doctor its id names', async () => {
    const body = queuedDoctor();
    const first = await cast.api.rep('POST', '/api/doctors', body, newId());
    const before = await counts();
    const retried = await cast.api.rep('POST', '/api/doctors', body, newId());
    expect(retried.status).toBe(201);
    expect(retried.body).toEqual(first.body);
    expect({ ...(await counts()), idempotency_keys: before.idempotency_keys }).toEqual(before);
  });

  it('refuses a taken id without a key, or with another RPPS, as a conflict, changing nothing', async () => {
    const body = queuedDoctor();
    expect((await cast.api.rep('POST', '/api/doctors', body, newId())).status).toBe(201);
    const before = await counts();
    const plain = await cast.api.rep('POST', '/api/doctors', body);
    expect(plain.status).toBe(409);
    expect(plain.body).toMatchObject({ fields: { id: 'A doctor with this identifier already exists' } });
    const otherRpps = await cast.api.rep('POST', '/api/doctors', { ...doctorInput(), id: body.id }, newId());
    expect(otherRpps.status).toBe(409);
    expect(await counts()).toEqual(before);
  });

  it('keeps refusing a taken RPPS for a plain creation (no client id or no key)', async () => {
    const existing = await t.factory.doctor();
    const before = await counts();
    for (const [body, key] of [
      [doctorInput({ rpps: existing.rpps }), newId()],
      [queuedDoctor({ rpps: existing.rpps }), undefined],
    ] as const) {
      const answer = await cast.api.rep('POST', '/api/doctors', body, key);
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ fields: { rpps: 'A doctor with this RPPS already exists' } });
    }
    expect(await counts()).toEqual(before);
  });

  it('still refuses a reader (no readWrite) a queued creation, writing nothing', async () => {
    const reader = await t.factory.user({ readWrite: false });
    const { callerFor } = await import('#server/test/callers.ts');
    const call = await callerFor(t, reader);
    const before = await counts();
    expect((await call('POST', '/api/doctors', queuedDoctor(), newId())).status).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it('S4: two reps create the same RPPS offline; one doctor, the second is an alias its activities follow', async () => {
    const { rep, colleague } = cast.api;
    const a = queuedDoctor();
    const b = { ...queuedDoctor(), rpps: a.rpps, firstName: 'X.' };
    const created = await rep('POST', '/api/doctors', a, newId());
    expect(created.status).toBe(201);
    const keyB = newId();
    const doctorsBefore = await rowCount(t.database.db, 'doctors');
    const second = await colleague('POST', '/api/doctors', b, keyB);
    expect(second.status).toBe(200);
    const existing = second.body as ExistingDoctor;
    expect(existing).toMatchObject({ id: a.id, rpps: a.rpps, firstName: 'Xavier', existing: true });
    expect(await rowCount(t.database.db, 'doctors')).toBe(doctorsBefore);
    const alias = await t.database.db.selectFrom('doctor_aliases').selectAll().where('alias_id', '=', b.id).execute();
    expect(alias).toEqual([expect.objectContaining({ alias_id: b.id, doctor_id: a.id })]);
    const audit = await t.database.db.selectFrom('audit_logs').select('action').where('entity_id', '=', a.id).execute();
    expect(audit.map((row) => row.action).sort()).toEqual(['alias', 'create']);

    // The activity queued after B's doctor names B's id and lands on A's doctor, as a create and as an edit.
    const activity = await colleague(
      'POST',
      '/api/activities',
      cast.validCall({ productIds: [], doctorId: b.id }),
      newId(),
    );
    expect(activity.status).toBe(201);
    expect((activity.body as Activity).doctorId).toBe(a.id);
    const other = await t.factory.doctor();
    const moved = await colleague('POST', '/api/activities', cast.validCall({ productIds: [], doctorId: other.id }));
    const edited = await colleague(
      'PUT',
      `/api/activities/${(moved.body as Activity).id}`,
      { doctorId: b.id },
      newId(),
    );
    expect(edited.status).toBe(200);
    expect(edited.body as Activity).toMatchObject({ doctorId: a.id, doctorName: `Xavier ${a.lastName}` });

    // An attendee named by the alias is stored as the canonical doctor, and the two names count once.
    const withAttendees = await colleague(
      'POST',
      '/api/activities',
      cast.validCall({
        productIds: [],
        attendees: [
          { id: b.id, name: 'Xavier (hors ligne)' },
          { id: a.id, name: `Xavier ${a.lastName}` },
        ],
      }),
      newId(),
    );
    expect(withAttendees.status).toBe(201);
    expect((withAttendees.body as Activity).attendees).toEqual([{ id: a.id, name: 'Xavier (hors ligne)' }]);

    // Replaying B's creation answers the same, with its key or (answer lost) with a new one.
    const before = await counts();
    expect(await colleague('POST', '/api/doctors', b, keyB)).toMatchObject({ status: 200, body: second.body });
    expect(await colleague('POST', '/api/doctors', b, newId())).toMatchObject({ status: 200, body: second.body });
    const after = await counts();
    expect({ ...after, idempotency_keys: before.idempotency_keys }).toEqual(before);
  });

  it('makes one doctor and one alias when both reps’ creations race', async () => {
    const a = queuedDoctor();
    const b = { ...a, id: newId() };
    const before = await counts();
    const answers = await Promise.all([
      cast.api.rep('POST', '/api/doctors', a, newId()),
      cast.api.colleague('POST', '/api/doctors', b, newId()),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 201]);
    const after = await counts();
    expect(after.doctors).toBe((before.doctors ?? 0) + 1);
    expect(after.doctor_aliases).toBe((before.doctor_aliases ?? 0) + 1);
  });
});
