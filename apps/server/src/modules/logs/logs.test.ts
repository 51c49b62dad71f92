import type { LogEntry, LogList } from '@crm/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Clock } from '#server/core/clock.ts';
import type { AuditLogsTable } from '#server/db/schema.ts';
import type { AuthContext } from '#server/modules/auth/auth.service.ts';
import { type Call, callerFor } from '#server/test/callers.ts';
import { createTestApp, engines, type TestApp } from '#server/test/harness.ts';
import { auditLogSnapshot } from '#server/test/table-counts.ts';
import { countableUntil } from './log-pages.ts';
import { LogsRepository } from './logs.repository.ts';
import { LogsService } from './logs.service.ts';

const NOW = new Date('2026-11-20T15:30:00.000Z');
const fixedClock: Clock = { now: () => NOW };
const HOUR = 3_600_000;

type Actor = { id: string; email: string };

/** An entry written straight to the table, `hoursAgo` before NOW; its id orders entries of the same instant. */
function entry(actor: Actor | null, hoursAgo: number, action: string, entityType: string, n: number): AuditLogsTable {
  const at = new Date(NOW.getTime() - hoursAgo * HOUR).toISOString();
  return {
    id: `01900000-0000-7000-8000-${String(n).padStart(12, '0')}`,
    action,
    entity_type: entityType,
    entity_id: null,
    metadata: JSON.stringify({ n }),
    changes: null,
    user_id: actor?.id ?? null,
    user_email: actor?.email ?? null,
    created_at: at,
  };
}

describe.each(engines())('the audit log on %s', (engine) => {
  let t: TestApp;
  let admin: Actor & { call: Call };
  let rep: Actor & { call: Call };
  let manager: Actor & { call: Call };

  const signedIn = async (overrides: Parameters<TestApp['factory']['user']>[0]) => {
    const user = await t.factory.user(overrides);
    return { id: user.id, email: user.email, call: await callerFor(t, user) };
  };

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await signedIn({ isAdmin: true });
    manager = await signedIn({});
    rep = await signedIn({ managerId: manager.id });
  });
  afterAll(() => t.close());

  const clearTable = async () => {
    await t.database.db.deleteFrom('audit_logs').execute();
    await t.database.db.deleteFrom('audit_log_counts').execute();
    await t.database.db
      .updateTable('app_settings')
      .set({ value: '1970-01-01T00:00:00.000Z' })
      .where('key', '=', 'audit_log_counted_until')
      .execute();
  };
  const insert = (rows: AuditLogsTable[]) => t.database.db.insertInto('audit_logs').values(rows).execute();
  const metadataOf = (logs: LogEntry[]) => logs.map((log) => (log.metadata as { n: number }).n);

  describe('who reads what (decision 0030)', () => {
    beforeEach(async () => {
      await clearTable();
      await insert([
        entry(admin, 5, 'update', 'channel', 1),
        entry(manager, 4, 'approve', 'activity', 2),
        entry(rep, 3, 'create', 'activity', 3),
        entry(rep, 2, 'update', 'doctor', 4),
        entry(null, 1, 'login', 'user', 5),
      ]);
    });

    it('shows an administrator every entry, newest first, with who acted', async () => {
      const response = await admin.call('GET', '/api/logs');
      expect(response.status).toBe(200);
      const body = response.body as LogList;
      expect(body.total).toBe(5);
      expect(metadataOf(body.logs)).toEqual([5, 4, 3, 2, 1]);
      expect(body.logs[1]).toEqual({
        id: expect.any(String) as string,
        action: 'update',
        entityType: 'doctor',
        entityId: null,
        metadata: { n: 4 },
        changes: null,
        createdAt: new Date(NOW.getTime() - 2 * HOUR).toISOString(),
        user: { id: rep.id, email: rep.email },
      });
      expect(body.logs[0]?.user).toBeNull();
    });

    it('shows anyone else only the entries of their own actions', async () => {
      const mine = (await rep.call('GET', '/api/logs')).body as LogList;
      expect(mine).toMatchObject({ total: 2 });
      expect(metadataOf(mine.logs)).toEqual([4, 3]);
      // A manager does not read their managees' entries either.
      const managers = (await manager.call('GET', '/api/logs')).body as LogList;
      expect(metadataOf(managers.logs)).toEqual([2]);
    });

    it('refuses anyone but an administrator the entries of another user, and allows their own', async () => {
      const response = await rep.call('GET', `/api/logs?userId=${admin.id}`);
      expect(response.status).toBe(403);
      const own = (await rep.call('GET', `/api/logs?userId=${rep.id}&action=create`)).body as LogList;
      expect(metadataOf(own.logs)).toEqual([3]);
    });

    it('lets an administrator filter by user, action, entity type and period', async () => {
      const list = async (query: string) =>
        metadataOf(((await admin.call('GET', `/api/logs?${query}`)).body as LogList).logs);
      expect(await list(`userId=${rep.id}`)).toEqual([4, 3]);
      expect(await list('action=update')).toEqual([4, 1]);
      expect(await list('entityType=activity')).toEqual([3, 2]);
      expect(await list('action=update&entityType=doctor')).toEqual([4]);
      const from = new Date(NOW.getTime() - 4 * HOUR).toISOString();
      const to = new Date(NOW.getTime() - 2 * HOUR).toISOString();
      expect(await list(`startDate=${from}&endDate=${to}`)).toEqual([3, 2]);
      expect(await list(`startDate=${from}&endDate=${to}&userId=${rep.id}`)).toEqual([3]);
    });

    it('offers each caller the filter values of what they may read', async () => {
      expect((await admin.call('GET', '/api/logs/filters')).body).toMatchObject({
        actions: ['approve', 'create', 'login', 'update'],
        entityTypes: ['activity', 'channel', 'doctor', 'user'],
        users: expect.arrayContaining([
          { id: rep.id, email: rep.email },
          { id: admin.id, email: admin.email },
        ]) as unknown,
      });
      expect((await rep.call('GET', '/api/logs/filters')).body).toEqual({
        actions: ['create', 'update'],
        entityTypes: ['activity', 'doctor'],
        users: [{ id: rep.id, email: rep.email }],
      });
    });

    it('pages by 10, 20, 50 (the default) or 100, and refuses other sizes naming the field', async () => {
      const rows = Array.from({ length: 120 }, (_, index) =>
        entry(admin, 10 + index / 100, 'login', 'user', 100 + index),
      );
      await insert(rows);
      const page = async (query: string) => (await admin.call('GET', `/api/logs?${query}`)).body as LogList;
      expect((await page('')).logs).toHaveLength(50);
      expect((await page('limit=10&page=2')).logs).toHaveLength(10);
      expect((await page('limit=100&page=2')).logs).toHaveLength(25);
      expect((await page('limit=20&page=99')).logs).toEqual([]);
      const refused = await admin.call('GET', '/api/logs?limit=30');
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ fields: { limit: 'The page size must be 10, 20, 50 or 100' } });
      expect((await admin.call('GET', '/api/logs?userId=someone')).status).toBe(400);
      const backwards = await admin.call(
        'GET',
        `/api/logs?startDate=${NOW.toISOString()}&endDate=2026-01-01T00:00:00Z`,
      );
      expect(backwards.body).toMatchObject({ fields: { endDate: 'The end must be after the start' } });
    });
  });

  describe('clearing (spec 001 §6)', () => {
    beforeEach(async () => {
      await clearTable();
      await insert([
        entry(rep, 30, 'create', 'activity', 1),
        entry(rep, 2, 'update', 'activity', 2),
        entry(admin, 1, 'update', 'channel', 3),
      ]);
    });

    it('is refused to anyone but an administrator, and leaves the log as it was', async () => {
      await admin.call('GET', '/api/logs');
      const before = await auditLogSnapshot(t.database.db);
      expect(before.counts.length).toBeGreaterThan(0);
      for (const caller of [rep, manager]) {
        const response = await caller.call('DELETE', '/api/logs');
        expect(response.status).toBe(403);
        expect(await auditLogSnapshot(t.database.db)).toEqual(before);
      }
    });

    it('deletes every entry and leaves one saying who cleared how many, when', async () => {
      await admin.call('GET', '/api/logs');
      const response = await admin.call('DELETE', '/api/logs');
      expect(response).toMatchObject({ status: 200, body: { deleted: 3 } });
      const after = (await admin.call('GET', '/api/logs')).body as LogList;
      expect(after.total).toBe(1);
      expect(after.logs[0]).toMatchObject({
        action: 'clear',
        entityType: 'audit_log',
        entityId: null,
        metadata: { email: admin.email, count: 3 },
        changes: null,
        user: { id: admin.id, email: admin.email },
      });
      expect(Date.now() - Date.parse(after.logs[0]?.createdAt ?? '')).toBeLessThan(60_000);
      expect(await t.database.db.selectFrom('audit_log_counts').selectAll().execute()).toEqual([]);
      // The clearing's entry is the first of the new log: a second clearing counts it.
      expect((await admin.call('DELETE', '/api/logs')).body).toEqual({ deleted: 1 });
    });
  });

  describe('totals and far pages with counted days (decision 0030)', () => {
    let logs: LogsRepository;
    let service: LogsService;
    const adminAuth = () => ({ user: { id: admin.id, email: admin.email, isAdmin: true } }) as AuthContext;
    let all: AuditLogsTable[];

    beforeAll(async () => {
      await clearTable();
      logs = new LogsRepository(fixedClock);
      service = new LogsService({ db: t.database.db, logs, clock: fixedClock });
      // Ten days of entries, a few an hour, of three kinds and two users; some at the same instant.
      const kinds = [
        ['login', 'user'],
        ['update', 'activity'],
        ['create', 'doctor'],
      ] as const;
      all = [];
      for (let index = 0; index < 600; index += 1) {
        const [action, entityType] = kinds[index % 3] ?? kinds[0];
        const hoursAgo = Math.floor(index * 0.4) + 0.25;
        all.push(entry(index % 4 === 0 ? admin : rep, hoursAgo, action, entityType, index));
      }
      await insert(all);
    });

    /** What a list must answer, computed from the rows themselves. */
    const expected = (keep: (row: AuditLogsTable) => boolean) =>
      all
        .filter(keep)
        .sort((a, b) => (a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1))
        .map((row) => JSON.parse(row.metadata ?? '{}') as { n: number })
        .map(({ n }) => n);

    const everyPage = async (query: { action?: string; entityType?: string; startDate?: string; endDate?: string }) => {
      const seen: number[] = [];
      let total = -1;
      for (let page = 1; page < 100; page += 1) {
        const list = await service.list(adminAuth(), { page, limit: 20, ...query });
        total = list.total;
        if (list.logs.length === 0) break;
        seen.push(...metadataOf(list.logs));
      }
      return { seen, total };
    };

    it('counts the days that are over once, and only those', async () => {
      await service.list(adminAuth(), { page: 1, limit: 10 });
      expect(await logs.countedUntil(t.database.db)).toBe(countableUntil(NOW));
      expect(countableUntil(NOW)).toBe('2026-11-20T00:00:00.000Z');
      const counted = await logs.countedTotal(t.database.db, { toDay: '2026-11-20' });
      expect(counted).toBe(all.filter((row) => row.created_at < '2026-11-20').length);
      // A second request counts nothing again.
      await service.list(adminAuth(), { page: 1, limit: 10 });
      expect(await logs.countedTotal(t.database.db, { toDay: '2026-11-20' })).toBe(counted);
    });

    it.each([
      ['the whole log', {}],
      ['an action', { action: 'update' }],
      ['an entity type', { entityType: 'doctor' }],
      ['an action and an entity type', { action: 'login', entityType: 'user' }],
      ['a period of part days', { startDate: '2026-11-14T09:30:00.000Z', endDate: '2026-11-18T17:45:00.000Z' }],
      ['a period of whole days', { startDate: '2026-11-13T00:00:00.000Z', endDate: '2026-11-17T00:00:00.000Z' }],
      ['a period until now', { startDate: '2026-11-16T22:00:00.000Z' }],
      ['a period inside today', { startDate: '2026-11-20T02:00:00.000Z', endDate: '2026-11-20T09:00:00.000Z' }],
      [
        'an action over a period',
        { action: 'create', startDate: '2026-11-12T12:00:00.000Z', endDate: '2026-11-19T12:00:00.000Z' },
      ],
    ])('pages %s exactly: the same entries, in order, and the right total', async (_name, query) => {
      const { seen, total } = await everyPage(query);
      const q = query as { action?: string; entityType?: string; startDate?: string; endDate?: string };
      const want = expected(
        (row) =>
          (q.action === undefined || row.action === q.action) &&
          (q.entityType === undefined || row.entity_type === q.entityType) &&
          (q.startDate === undefined || row.created_at >= q.startDate) &&
          (q.endDate === undefined || row.created_at < q.endDate),
      );
      expect(want.length).toBeGreaterThan(0);
      expect(total).toBe(want.length);
      expect(seen).toEqual(want);
    });

    it('answers a far page directly, the same as walking to it', async () => {
      const direct = await service.list(adminAuth(), { page: 25, limit: 20 });
      expect(metadataOf(direct.logs)).toEqual(expected(() => true).slice(480, 500));
    });

    it('counts entries written after their day was counted, as long as they are newer', async () => {
      await insert([entry(admin, 0.1, 'clear', 'audit_log', 9_999)]);
      all.push(entry(admin, 0.1, 'clear', 'audit_log', 9_999));
      const list = await service.list(adminAuth(), { page: 1, limit: 10 });
      expect(list.total).toBe(all.length);
      expect(metadataOf(list.logs)[0]).toBe(9_999);
    });
  });
});
