import type { Doctor } from '@crm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#server/db/ids.ts';
import { activityCast, type ActivityCast } from '#server/test/activity-cast.ts';
import { createTestApp, engines, type TestApp } from '#server/test/harness.ts';
import { signIn } from '#server/test/callers.ts';
import { doctorInput } from '#server/test/doctor-input.ts';
import { tableCounts } from '#server/test/table-counts.ts';

const TABLES = ['doctors', 'users', 'activities', 'audit_logs', 'idempotency_keys'] as const;
const REFUSED = 'This field holds a control character (invisible): remove it';

// PostgreSQL answered 500 ('invalid byte sequence for encoding "UTF8": 0x00') where SQLite stored the NUL
// (issue 28): both now refuse it, naming the field, and write nothing.
describe.each(engines())('control characters in what a client sends, on %s', (engine) => {
  let t: TestApp;
  let cast: ActivityCast;

  beforeAll(async () => {
    t = await createTestApp(engine);
    cast = await activityCast(t);
  });
  afterAll(() => t.close());

  const counts = () => tableCounts(t.database.db, TABLES);

  it('refuses a NUL in a doctor, a profile and a query, naming the field, and writes nothing', async () => {
    const { rep } = cast.api;
    const before = await counts();
    const doctor = await rep('POST', '/api/doctors', doctorInput({ lastName: 'Dup\u0000ont' }));
    expect(doctor).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR', fields: { lastName: REFUSED } } });
    const profile = await rep('PUT', '/api/account/profile', { firstName: 'A\u0000', lastName: 'B' });
    expect(profile).toMatchObject({ status: 400, body: { fields: { firstName: REFUSED } } });
    const search = await rep('GET', '/api/doctors/search?search=Du%00pont');
    expect(search).toMatchObject({ status: 400, body: { fields: { search: REFUSED } } });
    expect(await counts()).toEqual(before);
  });

  it('refuses every C0 control but tab, line feed and carriage return, deep in a body, in French too', async () => {
    const { rep } = cast.api;
    // Signing in writes its own audit entry: before the counts are taken.
    const { authorization } = await signIn(t.app, cast.users.rep.email, cast.users.rep.password);
    const before = await counts();
    const batch = await rep('POST', '/api/sync/changes', {
      changes: [
        { method: 'POST', path: '/doctors', idempotencyKey: newId(), body: doctorInput({ lastName: 'Es\u001bcape' }) },
      ],
    });
    expect(batch).toMatchObject({ status: 400, body: { fields: { 'changes.0.body.lastName': REFUSED } } });
    const french = await t.app.inject({
      method: 'POST',
      url: '/api/doctors',
      headers: { authorization, 'accept-language': 'fr' },
      payload: doctorInput({ lastName: 'Be\u0007ll' }),
    });
    expect(french.statusCode).toBe(400);
    expect(french.json()).toMatchObject({
      fields: { lastName: 'Ce champ contient un caractère de contrôle (invisible) : retirez-le' },
    });
    expect(await counts()).toEqual(before);
  });

  it('keeps tab, line feed and every printable letter', async () => {
    const created = await cast.api.rep('POST', '/api/doctors', doctorInput({ lastName: 'Müller-Ōta\tde\nl’Étang' }));
    expect(created.status).toBe(201);
    expect((created.body as Doctor).lastName).toBe('Müller-Ōta\tde\nl’Étang');
  });
});
