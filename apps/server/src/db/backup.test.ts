import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyConsentChains } from '#server/modules/consents/consents-verifier.ts';
import { type Call, callerFor } from '#server/test/callers.ts';
import { createEmptyDatabase, createTestApp, engines, type TestApp } from '#server/test/harness.ts';
import { pngDataUrl } from '#server/test/signature-images.ts';
import { backupDatabase, restoreDatabase } from './backup.ts';
import { migrateToLatest } from './migrate.ts';

describe.each(engines())('backing up and restoring on %s', (engine) => {
  let t: TestApp;
  let asRep: Call;
  let dir: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    asRep = await callerFor(t, await t.factory.user());
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-backup-'));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps every write acknowledged before it began while writes go on, and restores into an empty place', async () => {
    // Consent chains of two records on three doctors, signed a day ago.
    const signedAt = new Date(Date.now() - 24 * 60 * 60_000).toISOString();
    for (let index = 0; index < 3; index += 1) {
      const { id } = await t.factory.doctor({ firstName: 'Anne', lastName: `Chaine${index}` });
      for (const professionalConsent of [true, false]) {
        const saved = await asRep('POST', `/api/doctors/${id}/signatures`, {
          signatureImage: pngDataUrl(),
          professionalConsent,
          congressConsent: false,
          generalConsent: true,
          signatureDate: signedAt,
          email: '',
          phone: '',
          language: 'fr',
        });
        expect(saved.status).toBe(201);
      }
    }
    const acknowledged: string[] = [];
    for (let index = 0; index < 20; index += 1) {
      acknowledged.push((await t.factory.doctor({ firstName: 'Avant', lastName: `Sauvegarde${index}` })).id);
    }

    // The server keeps writing while the backup is taken.
    const backup = { running: true };
    let writtenDuring = 0;
    const writes = (async () => {
      while (backup.running) {
        await t.factory.doctor({ firstName: 'Pendant', lastName: `Sauvegarde${writtenDuring}` });
        writtenDuring += 1;
      }
    })();
    const file = path.join(dir, `crm-${engine}.backup`);
    const report = await backupDatabase(t.database.target, file).finally(() => {
      backup.running = false;
    });
    await writes;
    expect(report.bytes).toBeGreaterThan(0);

    const empty = await createEmptyDatabase(engine);
    const restored = await restoreDatabase(empty.target, file).then(() => empty.open());
    try {
      const found = await restored.db.selectFrom('doctors').select('id').where('id', 'in', acknowledged).execute();
      expect(found).toHaveLength(acknowledged.length);
      const chains = await verifyConsentChains(restored.db);
      expect(chains).toMatchObject({ records: 6, doctors: 3, mismatches: [] });
      // The backup is at the latest migration: the server started on it applies none.
      expect(await migrateToLatest(restored.db)).toEqual([]);
    } finally {
      await restored.close();
    }

    // Neither overwrites: a backup file that exists, a place that holds a database.
    await expect(backupDatabase(t.database.target, file)).rejects.toThrow(/already exists/);
    await expect(restoreDatabase(empty.target, file)).rejects.toThrow(/empty/);
    await empty.remove();
  });

  it("gives the restored database the query planner's statistics", async () => {
    await t.factory.doctor({ firstName: 'Anne', lastName: 'Statistique' });
    if (engine === 'sqlite') await sql`analyze`.execute(t.database.db);
    const file = path.join(dir, `crm-${engine}-statistics.backup`);
    await backupDatabase(t.database.target, file);

    const empty = await createEmptyDatabase(engine);
    const restored = await restoreDatabase(empty.target, file).then(() => empty.open());
    try {
      const analyzed =
        engine === 'sqlite'
          ? await sql<{ n: number }>`select count(*) as n from sqlite_stat1 where tbl = 'doctors'`.execute(restored.db)
          : await sql<{
              n: number;
            }>`select count(*)::int as n from pg_stat_user_tables where relname = 'doctors' and last_analyze is not null`.execute(
              restored.db,
            );
      expect(Number(analyzed.rows[0]?.n)).toBeGreaterThan(0);
    } finally {
      await restored.close();
      await empty.remove();
    }
  });
});
