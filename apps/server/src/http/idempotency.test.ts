import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Activity } from '@crm/shared';
import { newId } from '#server/db/ids.ts';
import { activityCast, type ActivityCast } from '#server/test/activity-cast.ts';
import type { Call } from '#server/test/callers.ts';
import { createTestApp, engines, type TestApp } from '#server/test/harness.ts';
import { activitySnapshot } from '#server/test/table-counts.ts';
import { IDEMPOTENCY_KEY_RETENTION_DAYS } from '#server/core/idempotent-transaction.ts';
import { canonicalJson, requestHash } from './idempotency.ts';

describe('request hashes', () => {
  it('ignore the order of keys, at every depth', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: 1, e: 0 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[2,{"e":0,"f":1}]},"b":1}',
    );
    expect(requestHash('POST', '/api/activities', { a: 1, b: 2 })).toBe(
      requestHash('POST', '/api/activities', { b: 2, a: 1 }),
    );
  });

  it('differ with the method, the path or the body', () => {
    const hash = requestHash('PUT', '/api/activities/1', { title: 'x' });
    expect(requestHash('POST', '/api/activities/1', { title: 'x' })).not.toBe(hash);
    expect(requestHash('PUT', '/api/activities/2', { title: 'x' })).not.toBe(hash);
    expect(requestHash('PUT', '/api/activities/1', { title: 'y' })).not.toBe(hash);
  });
});

describe.each(engines())('Idempotency-Key on %s', (engine) => {
  let t: TestApp;
  let cast: ActivityCast;
  let rep: Call;

  beforeAll(async () => {
    t = await createTestApp(engine);
    cast = await activityCast(t);
    rep = cast.api.rep;
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('replays a POST: one row, one audit entry, the same status and body', async () => {
    const key = newId();
    const before = await activitySnapshot(t.database.db);
    const first = await rep('POST', '/api/activities', cast.validCall(), key);
    expect(first.status).toBe(201);
    const replay = await rep('POST', '/api/activities', cast.validCall(), key);
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(first.body);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const after = await activitySnapshot(t.database.db);
    expect(after.counts).toEqual({
      ...before.counts,
      activities: (before.counts.activities ?? 0) + 1,
      activity_products: (before.counts.activity_products ?? 0) + 1,
      audit_logs: (before.counts.audit_logs ?? 0) + 1,
      idempotency_keys: (before.counts.idempotency_keys ?? 0) + 1,
    });
  });

  it('replays a PUT with its first answer, without applying it again', async () => {
    const created = (await rep('POST', '/api/activities', cast.validCall({ title: 'Un' }))).body as Activity;
    const key = newId();
    const first = await rep('PUT', `/api/activities/${created.id}`, { title: 'Deux' }, key);
    expect(first.status).toBe(200);
    await rep('PUT', `/api/activities/${created.id}`, { title: 'Trois' });
    const before = await activitySnapshot(t.database.db, created.id);
    const replay = await rep('PUT', `/api/activities/${created.id}`, { title: 'Deux' }, key);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect(await activitySnapshot(t.database.db, created.id)).toEqual(before);
    expect(before.row?.title).toBe('Trois');
  });

  it('replays a DELETE with 204 and no second audit entry', async () => {
    const created = (await rep('POST', '/api/activities', cast.validCall())).body as Activity;
    const key = newId();
    expect((await rep('DELETE', `/api/activities/${created.id}`, undefined, key)).status).toBe(204);
    const before = await activitySnapshot(t.database.db);
    const replay = await rep('DELETE', `/api/activities/${created.id}`, undefined, key);
    expect(replay.status).toBe(204);
    expect(replay.body).toBeNull();
    expect(await activitySnapshot(t.database.db)).toEqual(before);
    expect((await rep('DELETE', `/api/activities/${created.id}`)).status).toBe(404);
  });

  it('replays an approval', async () => {
    const waiting = (
      await rep('POST', '/api/activities', cast.validCall({ channelId: cast.channels.event.id, budgetEstimate: 90 }))
    ).body as Activity;
    const key = newId();
    const first = await cast.api.manager('PUT', `/api/activities/${waiting.id}/approve`, undefined, key);
    expect(first.status).toBe(200);
    const replay = await cast.api.manager('PUT', `/api/activities/${waiting.id}/approve`, undefined, key);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
  });

  it('answers 422 to the same key with another body or path, changing nothing', async () => {
    const key = newId();
    const first = (await rep('POST', '/api/activities', cast.validCall({ title: 'A' }), key)).body as Activity;
    const before = await activitySnapshot(t.database.db, first.id);
    const otherBody = await rep('POST', '/api/activities', cast.validCall({ title: 'B' }), key);
    expect(otherBody.status).toBe(422);
    expect(otherBody.body).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: 'This idempotency key was already used for another request',
    });
    const otherPath = await rep('PUT', `/api/activities/${first.id}`, { title: 'A' }, key);
    expect(otherPath.status).toBe(422);
    expect(await activitySnapshot(t.database.db, first.id)).toEqual(before);
  });

  it('keeps keys per user: another user’s identical key is theirs', async () => {
    const key = newId();
    expect((await rep('POST', '/api/activities', cast.validCall(), key)).status).toBe(201);
    const colleague = await cast.api.colleague('POST', '/api/activities', cast.validCall({ productIds: [] }), key);
    expect(colleague.status).toBe(201);
    expect((colleague.body as Activity).ownerId).toBe(cast.users.colleague.id);
  });

  it('refuses a key that is not a UUID, naming the header, and writes nothing', async () => {
    const before = await activitySnapshot(t.database.db);
    const { status, body } = await rep('POST', '/api/activities', cast.validCall(), 'not-a-uuid');
    expect(status).toBe(400);
    expect(body).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { 'Idempotency-Key': 'The Idempotency-Key header must be a UUID' },
    });
    expect(await activitySnapshot(t.database.db)).toEqual(before);
  });

  it('answers a concurrent duplicate with the first answer, creating one row', async () => {
    const key = newId();
    const before = await activitySnapshot(t.database.db);
    const answers = await Promise.all([
      rep('POST', '/api/activities', cast.validCall({ title: 'Concurrent' }), key),
      rep('POST', '/api/activities', cast.validCall({ title: 'Concurrent' }), key),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
    const [first, second] = answers;
    expect(second.body).toEqual(first.body);
    const after = await activitySnapshot(t.database.db);
    expect(after.counts.activities).toBe((before.counts.activities ?? 0) + 1);
    expect(after.counts.audit_logs).toBe((before.counts.audit_logs ?? 0) + 1);
  });

  it('answers an offline creation retried under a new key with the activity its id already names', async () => {
    const id = newId();
    const first = await rep('POST', '/api/activities', cast.validCall({ id }), newId());
    const before = await activitySnapshot(t.database.db, id);
    const retried = await rep('POST', '/api/activities', cast.validCall({ id }), newId());
    expect(retried.status).toBe(201);
    expect(retried.body).toEqual(first.body);
    const after = await activitySnapshot(t.database.db, id);
    expect(after.row).toEqual(before.row);
    expect(after.counts.activities).toBe(before.counts.activities);
    expect(after.counts.audit_logs).toBe(before.counts.audit_logs);
  });

  it('answers 10 copies of one request at once with one row, one audit entry and the same answer', async () => {
    const key = newId();
    const body = cast.validCall({ title: 'Rafale' });
    const before = await activitySnapshot(t.database.db);
    const answers = await Promise.all(Array.from({ length: 10 }, () => rep('POST', '/api/activities', body, key)));
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([201]));
    for (const answer of answers) expect(answer.body).toEqual(answers[0]?.body);
    const after = await activitySnapshot(t.database.db);
    expect(after.counts).toEqual({
      ...before.counts,
      activities: (before.counts.activities ?? 0) + 1,
      activity_products: (before.counts.activity_products ?? 0) + 1,
      audit_logs: (before.counts.audit_logs ?? 0) + 1,
      idempotency_keys: (before.counts.idempotency_keys ?? 0) + 1,
    });
  });

  const storeKey = async (key: string, daysAgo: number, response = '{}') => {
    await t.database.db
      .insertInto('idempotency_keys')
      .values({
        user_id: cast.users.rep.id,
        key,
        method: 'POST',
        path: '/api/activities',
        body_hash: 'x',
        status_code: 201,
        response,
        created_at: new Date(Date.now() - daysAgo * 86_400_000).toISOString(),
      })
      .execute();
  };

  it('replays a key weeks old: a device offline that long does not apply its change twice', async () => {
    const key = newId();
    const body = cast.validCall({ title: 'Hors ligne' });
    const first = await rep('POST', '/api/activities', body, key);
    expect(first.status).toBe(201);
    // The key as it stands after seven weeks in the table; a clean-up runs on the next write.
    await t.database.db
      .updateTable('idempotency_keys')
      .set({ created_at: new Date(Date.now() - 49 * 86_400_000).toISOString() })
      .where('key', '=', key)
      .execute();
    vi.spyOn(Math, 'random').mockReturnValue(0);
    expect((await rep('POST', '/api/activities', cast.validCall(), newId())).status).toBe(201);
    const before = await activitySnapshot(t.database.db);
    const replay = await rep('POST', '/api/activities', body, key);
    expect(replay).toMatchObject({ status: 201, body: first.body });
    expect(await activitySnapshot(t.database.db)).toEqual(before);
  });

  it(`forgets keys older than ${IDEMPOTENCY_KEY_RETENTION_DAYS} days when a write cleans up, and only those`, async () => {
    const [old, kept] = [newId(), newId()];
    await storeKey(old, IDEMPOTENCY_KEY_RETENTION_DAYS + 1);
    await storeKey(kept, IDEMPOTENCY_KEY_RETENTION_DAYS - 1);
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const fresh = newId();
    expect((await rep('POST', '/api/activities', cast.validCall(), fresh)).status).toBe(201);
    const keys = await t.database.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('key', 'in', [old, kept, fresh])
      .execute();
    expect(keys.map((row) => row.key).sort()).toEqual([kept, fresh].sort());
  });
});
