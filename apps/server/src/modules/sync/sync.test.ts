import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Activity, SyncActivitiesResult, SyncDoctorsResult, SyncReference } from '@crm/shared';
import { inDays } from '#server/test/activity-cast.ts';
import { type Call, callerFor } from '#server/test/callers.ts';
import { createTestApp, engines, type TestApp } from '#server/test/harness.ts';
import { encodeCursor, FIRST_ID } from './sync.mapper.ts';

const hourAgo = () => new Date(Date.now() - 3_600_000).toISOString();

describe.each(engines())('the offline slice on %s', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  /** Everything written so far changed an hour ago: only what a test changes next is newer than a cursor. */
  async function settle(): Promise<void> {
    const db = t.database.db;
    const at = hourAgo();
    await db.updateTable('activities').set({ updated_at: at }).execute();
    await db.updateTable('doctors').set({ updated_at: at }).execute();
    await db.updateTable('offices').set({ updated_at: at }).execute();
    await db.updateTable('recent_doctors').set({ viewed_at: at }).execute();
    await db.updateTable('doctor_user_data').set({ updated_at: at }).execute();
    await db.updateTable('activity_tombstones').set({ deleted_at: at }).execute();
    await db.updateTable('doctor_tombstones').set({ deleted_at: at }).execute();
  }

  async function rep(): Promise<{ id: string; call: Call }> {
    const user = await t.factory.user();
    return { id: user.id, call: await callerFor(t, user) };
  }

  /** Every page from `since` on, as the device pulls them. */
  async function pullAll(call: Call, path: string, since?: string, limit = 500) {
    const pages: (SyncActivitiesResult & SyncDoctorsResult)[] = [];
    let cursor = since;
    for (;;) {
      const query = new URLSearchParams({ limit: String(limit), ...(cursor !== undefined && { since: cursor }) });
      const { status, body } = await call('GET', `${path}?${query.toString()}`);
      expect(status).toBe(200);
      const page = body as SyncActivitiesResult & SyncDoctorsResult;
      pages.push(page);
      cursor = page.nextCursor;
      if (!page.hasMore) break;
    }
    return { pages, cursor };
  }

  describe('activities', () => {
    it('answers the window first, by pages, then only what changed: edits, deletions, moves out', async () => {
      const me = await rep();
      const other = await rep();
      const mine = [];
      for (const days of [-150, -20, -1, 0, 3, 40, 170]) {
        mine.push((await t.factory.activity({ ownerId: me.id, start: inDays(days) })).id);
      }
      const outside = [
        (await t.factory.activity({ ownerId: me.id, start: inDays(-200) })).id,
        (await t.factory.activity({ ownerId: me.id, start: inDays(200) })).id,
      ];
      await t.factory.activity({ ownerId: other.id, start: inDays(2) });
      await settle();

      const first = await pullAll(me.call, '/api/sync/activities', undefined, 3);
      expect(first.pages.map((page) => page.activities.length)).toEqual([3, 3, 1]);
      const pulled = first.pages.flatMap((page) => page.activities.map((activity) => activity.id));
      expect(pulled.sort()).toEqual([...mine].sort());
      expect(first.pages.flatMap((page) => page.removedIds)).toEqual([]);

      // Nothing changed: nothing comes back.
      const quiet = await pullAll(me.call, '/api/sync/activities', first.cursor);
      expect(quiet.pages).toMatchObject([{ activities: [], removedIds: [], hasMore: false }]);

      const [, edited, deleted, , , moved] = mine;
      expect((await me.call('PUT', `/api/activities/${edited}`, { title: 'Revu' })).status).toBe(200);
      expect((await me.call('DELETE', `/api/activities/${deleted}`)).status).toBe(204);
      expect((await me.call('PUT', `/api/activities/${moved}`, { start: inDays(400) })).status).toBe(200);
      const next = await pullAll(me.call, '/api/sync/activities', first.cursor);
      const changed = next.pages.flatMap((page) => page.activities);
      expect(changed.map((activity: Activity) => [activity.id, activity.title])).toEqual([[edited, 'Revu']]);
      expect(next.pages.flatMap((page) => page.removedIds).sort()).toEqual([deleted, moved].sort());
      expect(outside.some((id) => pulled.includes(id))).toBe(false);
    });

    it('brings a deletion made while a first pull was paging in the next pull', async () => {
      const me = await rep();
      const ids = [];
      for (const days of [1, 2, 3]) ids.push((await t.factory.activity({ ownerId: me.id, start: inDays(days) })).id);
      await settle();
      const page = (await me.call('GET', '/api/sync/activities?limit=2')).body as SyncActivitiesResult;
      expect(page.hasMore).toBe(true);
      const [gone] = page.activities.map((activity) => activity.id);
      expect((await me.call('DELETE', `/api/activities/${gone}`)).status).toBe(204);
      const rest = await pullAll(me.call, '/api/sync/activities', page.nextCursor, 2);
      const next = await pullAll(me.call, '/api/sync/activities', rest.cursor);
      expect(next.pages.flatMap((p) => p.removedIds)).toEqual([gone]);
      expect(ids).toContain(gone);
    });

    it('never answers another rep’s activities or deletions', async () => {
      const me = await rep();
      const other = await rep();
      const theirs = (await t.factory.activity({ ownerId: other.id, start: inDays(1) })).id;
      const gone = (await t.factory.activity({ ownerId: other.id, start: inDays(2) })).id;
      await settle();
      const since = encodeCursor({ at: '2000-01-01T00:00:00.000Z', id: FIRST_ID });
      expect((await other.call('DELETE', `/api/activities/${gone}`)).status).toBe(204);
      expect((await other.call('PUT', `/api/activities/${theirs}`, { title: 'À eux' })).status).toBe(200);
      for (const cursor of [undefined, since]) {
        const { pages } = await pullAll(me.call, '/api/sync/activities', cursor);
        expect(
          pages.flatMap((page) => [...page.activities.map((activity) => activity.id), ...page.removedIds]),
        ).toEqual([]);
      }
    });

    it('refuses a cursor it did not make, and a page over 500', async () => {
      const me = await rep();
      for (const query of ['since=bm90LWEtY3Vyc29y', 'since=%7B%7D', 'limit=501', 'limit=0']) {
        const { status, body } = await me.call('GET', `/api/sync/activities?${query}`);
        expect(status).toBe(400);
        expect(body).toMatchObject({ code: 'VALIDATION_ERROR' });
      }
    });
  });

  describe('doctors', () => {
    it('answers the doctors the form needs, with offices, then those that changed or became needed', async () => {
      const me = await rep();
      const other = await rep();
      await t.factory.target('A');
      const byActivity = await t.factory.doctor();
      const attendee = await t.factory.doctor();
      const recent = await t.factory.doctor();
      const targeted = await t.factory.doctor();
      const later = await t.factory.doctor();
      const outOfWindow = await t.factory.doctor();
      const theirs = await t.factory.doctor();
      const office = await t.factory.office({ name: 'Cabinet du Parc' });
      await t.factory.officeLink(byActivity.id, office.id);
      await t.factory.activity({ ownerId: me.id, start: inDays(5), doctorId: byActivity.id, attendees: [attendee.id] });
      await t.factory.activity({ ownerId: me.id, start: inDays(-300), doctorId: outOfWindow.id });
      await t.factory.activity({ ownerId: other.id, start: inDays(5), doctorId: theirs.id });
      expect((await me.call('POST', '/api/recent-doctors', { doctorId: recent.id })).status).toBeLessThan(300);
      expect((await me.call('PUT', `/api/doctors/${targeted.id}/user-data`, { target: 'A' })).status).toBe(200);
      expect((await other.call('POST', '/api/recent-doctors', { doctorId: theirs.id })).status).toBeLessThan(300);
      await settle();

      const first = await pullAll(me.call, '/api/sync/doctors', undefined, 2);
      expect(first.pages.map((page) => page.doctors.length)).toEqual([2, 2]);
      const doctors = first.pages.flatMap((page) => page.doctors);
      expect(doctors.map((doctor) => doctor.id).sort()).toEqual(
        [byActivity.id, attendee.id, recent.id, targeted.id].sort(),
      );
      const withOffice = doctors.find((doctor) => doctor.id === byActivity.id);
      expect(withOffice?.offices.map((o) => o.name)).toEqual(['Cabinet du Parc']);
      expect(withOffice?.primaryOffice?.id).toBe(office.id);
      expect(doctors.find((doctor) => doctor.id === targeted.id)?.target).toBe('A');
      expect(doctors.find((doctor) => doctor.id === recent.id)?.isRecent).toBe(true);

      // A doctor renamed, one newly named by an activity; another rep's changes don't show.
      expect((await me.call('PUT', `/api/doctors/${recent.id}`, { lastName: 'Renommé' })).status).toBe(200);
      const channel = await t.factory.channelByName('Call');
      const created = await me.call('POST', '/api/activities', {
        channelId: channel.id,
        start: inDays(2),
        duration: 30,
        doctorId: later.id,
        acknowledgeRules: true,
      });
      expect(created.status).toBe(201);
      expect((await other.call('PUT', `/api/doctors/${theirs.id}/user-data`, { target: 'A' })).status).toBe(200);
      expect((await me.call('DELETE', `/api/doctors/${attendee.id}`)).status).toBe(204);
      const next = await pullAll(me.call, '/api/sync/doctors', first.cursor);
      const changed = next.pages.flatMap((page) => page.doctors);
      expect(changed.map((doctor) => doctor.id).sort()).toEqual([recent.id, later.id].sort());
      expect(changed.find((doctor) => doctor.id === recent.id)?.lastName).toBe('Renommé');
      expect(next.pages.flatMap((page) => page.removedIds)).toEqual([attendee.id]);
      expect(first.pages.flatMap((page) => page.removedIds)).toEqual([]);
      // Only the last page names the whole set.
      expect(first.pages.map((page) => page.neededIds === undefined)).toEqual([true, false]);
      expect(next.pages.at(-1)?.neededIds?.sort()).toEqual([byActivity.id, recent.id, targeted.id, later.id].sort());
    });

    it('names on the last page every doctor still needed, so the device drops those that left the set', async () => {
      const me = await rep();
      const kept = await t.factory.doctor();
      const forgotten = await t.factory.doctor();
      const visited = await t.factory.doctor();
      const visit = await t.factory.activity({ ownerId: me.id, start: inDays(4), doctorId: visited.id });
      for (const doctor of [kept, forgotten]) {
        expect((await me.call('POST', '/api/recent-doctors', { doctorId: doctor.id })).status).toBeLessThan(300);
      }
      const first = await pullAll(me.call, '/api/sync/doctors');
      expect(first.pages.at(-1)?.neededIds?.sort()).toEqual([kept.id, forgotten.id, visited.id].sort());

      // No longer recent, its only activity deleted: nothing says so but the last page's set, which leaves
      // them out.
      expect((await me.call('DELETE', `/api/recent-doctors/${forgotten.id}`)).status).toBeLessThan(300);
      expect((await me.call('DELETE', `/api/activities/${visit.id}`)).status).toBe(204);
      const next = await pullAll(me.call, '/api/sync/doctors', first.cursor);
      expect(next.pages.at(-1)?.neededIds).toEqual([kept.id]);
    });
  });

  it('answers the active channels and the caller’s own products', async () => {
    const me = await rep();
    const mine = await t.factory.product();
    await t.factory.product();
    await t.factory.assignProducts(me.id, [mine.id]);
    const { status, body } = await me.call('GET', '/api/sync/reference');
    expect(status).toBe(200);
    const reference = body as SyncReference;
    expect(reference.products.map((product) => product.id)).toEqual([mine.id]);
    expect(reference.channels.map((channel) => channel.name)).toContain('Face to face');
    expect(reference.channels.every((channel) => channel.active)).toBe(true);
  });

  it('answers 401 without a session', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/sync/activities' });
    expect(answer.statusCode).toBe(401);
  });
});
