import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/db/database.ts';
import { createTestDatabase, engines } from '#server/test/harness.ts';
import { createFactory } from '#server/test/factory.ts';
import { RECENT_DOCTORS_KEPT, RecentDoctorsRepository } from './recent-doctors.repository.ts';

describe.each(engines())('recent doctors order on %s', (engine) => {
  let database: DatabaseHandle;
  let recent: RecentDoctorsRepository;
  let factory: ReturnType<typeof createFactory>;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    recent = new RecentDoctorsRepository();
    factory = createFactory(database.db);
  });
  afterAll(() => database.close());

  const view = (userId: string, doctorId: string, at: string) =>
    database.db.transaction().execute((trx) => recent.record(trx, userId, doctorId, at));

  it('keeps the order of views made in the same millisecond', async () => {
    const user = await factory.user();
    const [a, b, c] = [await factory.doctor(), await factory.doctor(), await factory.doctor()];
    const sameInstant = '2026-11-25T09:00:00.000Z';
    for (const doctor of [b, a, c, b]) await view(user.id, doctor.id, sameInstant);
    expect(await recent.ids(database.db, user.id)).toEqual([b.id, c.id, a.id]);
  });

  it('keeps the newest views only, in the same millisecond too', async () => {
    const user = await factory.user();
    const doctors = [];
    for (let i = 0; i < RECENT_DOCTORS_KEPT + 2; i++) doctors.push(await factory.doctor());
    for (const doctor of doctors) await view(user.id, doctor.id, '2026-11-25T09:00:00.000Z');
    expect(await recent.ids(database.db, user.id)).toEqual(
      doctors
        .slice(2)
        .map((d) => d.id)
        .reverse(),
    );
  });
});
