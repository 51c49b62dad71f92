import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Activity, PendingApprovalList } from '@crm/shared';
import { activityCast, type ActivityCast, inDays } from '#server/test/activity-cast.ts';
import { type Call, callerFor } from '#server/test/callers.ts';
import { createTestApp, engines, type TestApp } from '#server/test/harness.ts';
import { activitySnapshot } from '#server/test/table-counts.ts';

type ErrorBody = { code: string; message: string; fields?: Record<string, string> };

describe.each(engines())('marking done and budget approval on %s', (engine) => {
  let t: TestApp;
  let cast: ActivityCast;
  let rep: Call;
  let manager: Call;

  beforeAll(async () => {
    t = await createTestApp(engine);
    cast = await activityCast(t);
    rep = cast.api.rep;
    manager = cast.api.manager;
  });
  afterAll(() => t.close());

  const create = async (overrides: Record<string, unknown> = {}) => {
    const { status, body } = await rep('POST', '/api/activities', cast.validCall(overrides));
    expect(status).toBe(201);
    return body as Activity;
  };
  const budgetRequest = (budgetEstimate = 450, start = inDays(6)) =>
    create({ channelId: cast.channels.event.id, budgetEstimate, start, title: 'Soirée congrès' });
  const actionsOf = async (id: string) =>
    (
      await t.database.db
        .selectFrom('audit_logs')
        .select(['action', 'entity_type'])
        .where('entity_id', '=', id)
        .orderBy('created_at')
        .orderBy('id')
        .execute()
    ).map((row) => `${row.entity_type}:${row.action}`);

  describe('done is final', () => {
    it('marks an activity done, recording when, and audits it', async () => {
      const activity = await create();
      const { status, body } = await rep('PUT', `/api/activities/${activity.id}`, { done: true });
      expect(status).toBe(200);
      const done = body as Activity;
      expect(done).toMatchObject({ done: true, status: 'done' });
      expect(Date.parse(done.doneAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
      expect(await actionsOf(activity.id)).toEqual(['activity:create', 'activity:done']);
    });

    it('refuses any edit, un-done or delete of a done activity with 409, changing nothing', async () => {
      const activity = await create();
      await rep('PUT', `/api/activities/${activity.id}`, { done: true });
      const before = await activitySnapshot(t.database.db, activity.id);
      for (const [method, body] of [
        ['PUT', { title: 'Modifié' }],
        ['PUT', { done: false }],
        ['PUT', { done: true }],
        ['PUT', { start: inDays(9) }],
        ['DELETE', undefined],
      ] as const) {
        const answer = await rep(method, `/api/activities/${activity.id}`, body);
        expect(answer.status, `${method} ${JSON.stringify(body)}`).toBe(409);
        expect(answer.body).toMatchObject({
          code: 'ACTIVITY_LOCKED',
          message: 'This activity is done and locked: it can no longer be changed or deleted',
        });
      }
      expect(await activitySnapshot(t.database.db, activity.id)).toEqual(before);
    });

    it('marks done with {done: true} alone even when the form rules now fail, while an edit is refused', async () => {
      // A representative without products may save an activity without one; once given products, the form
      // asks for one, but the activity can still be marked done as it stands.
      const newcomer = await t.factory.user();
      const newcomerApi = await callerFor(t, newcomer);
      const created = await newcomerApi('POST', '/api/activities', cast.validCall({ productIds: [] }));
      expect(created.status).toBe(201);
      const activity = created.body as Activity;
      await t.factory.assignProducts(newcomer.id, [cast.products.cardio.id]);
      const before = await activitySnapshot(t.database.db, activity.id);

      const edit = await newcomerApi('PUT', `/api/activities/${activity.id}`, { title: 'Appel de suivi' });
      expect(edit.status).toBe(400);
      expect(edit.body).toMatchObject({
        code: 'VALIDATION_ERROR',
        fields: { productIds: 'Please select at least one product' },
      });
      expect(await activitySnapshot(t.database.db, activity.id)).toEqual(before);

      const { status, body } = await newcomerApi('PUT', `/api/activities/${activity.id}`, { done: true });
      expect(status).toBe(200);
      expect(body).toMatchObject({ done: true, status: 'done', productIds: [], title: activity.title });
    });

    it('refuses to mark done a budget request that is not approved, changing nothing', async () => {
      const waiting = await budgetRequest();
      const before = await activitySnapshot(t.database.db, waiting.id);
      const answer = await rep('PUT', `/api/activities/${waiting.id}`, { done: true });
      expect(answer.status).toBe(409);
      expect((answer.body as ErrorBody).code).toBe('APPROVAL_REQUIRED');
      expect(await activitySnapshot(t.database.db, waiting.id)).toEqual(before);
    });

    it('marks an approved budget request done', async () => {
      const waiting = await budgetRequest();
      expect((await manager('PUT', `/api/activities/${waiting.id}/approve`)).status).toBe(200);
      const { status, body } = await rep('PUT', `/api/activities/${waiting.id}`, { done: true });
      expect(status).toBe(200);
      expect(body).toMatchObject({ done: true, approvalStatus: 'approved' });
    });
  });

  describe('approve and reject', () => {
    it('lists the managees’ waiting activities with their owner, in start order, for their manager only', async () => {
      const later = await budgetRequest(100, inDays(12));
      const sooner = await budgetRequest(200, inDays(11));
      const colleagues = (
        await cast.api.colleague(
          'POST',
          '/api/activities',
          cast.validCall({
            channelId: cast.channels.event.id,
            budgetEstimate: 80,
            start: inDays(11, 15),
            productIds: [],
          }),
        )
      ).body as Activity;
      const strangers = (
        await cast.api.stranger(
          'POST',
          '/api/activities',
          cast.validCall({ channelId: cast.channels.event.id, budgetEstimate: 80, productIds: [] }),
        )
      ).body as Activity;

      const { status, body } = await manager('GET', '/api/activities/pending-approvals');
      expect(status).toBe(200);
      const pending = (body as PendingApprovalList).activities;
      const mine = pending.filter((item) => [later.id, sooner.id, colleagues.id].includes(item.id));
      expect(mine.map((item) => item.id)).toEqual([sooner.id, colleagues.id, later.id]);
      expect(mine[0]).toMatchObject({
        firstName: 'Rémi',
        lastName: 'Représentant',
        email: cast.users.rep.email,
        approvalStatus: 'waiting_approval',
        budgetEstimate: 200,
        ownerId: cast.users.rep.id,
      });
      expect(pending.every((item) => item.approvalStatus === 'waiting_approval')).toBe(true);
      const starts = pending.map((item) => item.start);
      expect(starts).toEqual([...starts].sort());
      expect(pending.map((item) => item.id)).not.toContain(strangers.id);

      const others = (await cast.api.otherManager('GET', '/api/activities/pending-approvals'))
        .body as PendingApprovalList;
      expect(others.activities.map((item) => item.id)).toEqual([strangers.id]);
      expect(((await rep('GET', '/api/activities/pending-approvals')).body as PendingApprovalList).activities).toEqual(
        [],
      );
    });

    it('lets the owner’s manager approve, recording who and when, and audits it', async () => {
      const waiting = await budgetRequest();
      const { status, body } = await manager('PUT', `/api/activities/${waiting.id}/approve`);
      expect(status).toBe(200);
      const approved = body as Activity;
      expect(approved).toMatchObject({ approvalStatus: 'approved', approvedBy: cast.users.manager.id });
      expect(Date.parse(approved.approvedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
      expect(await actionsOf(waiting.id)).toEqual(['activity:create', 'activity:approve']);
      expect((await rep('GET', `/api/activities/${waiting.id}`)).body).toMatchObject({ approvalStatus: 'approved' });

      const again = await manager('PUT', `/api/activities/${waiting.id}/approve`);
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 'CONFLICT', message: 'This activity is not waiting for approval' });
    });

    it('records only the notes the manager typed (null without), and who decided', async () => {
      const withNotes = await budgetRequest();
      const { status, body } = await manager('PUT', `/api/activities/${withNotes.id}/reject`, {
        notes: 'Budget trop élevé',
      });
      expect(status).toBe(200);
      expect(body).toMatchObject({
        approvalStatus: 'rejected',
        approvalNotes: 'Budget trop élevé',
        approvedBy: cast.users.manager.id,
      });
      expect((body as Activity).approvedAt).not.toBeNull();
      expect(await actionsOf(withNotes.id)).toEqual(['activity:create', 'activity:reject']);

      const withoutNotes = await budgetRequest();
      const plain = await manager('PUT', `/api/activities/${withoutNotes.id}/reject`, {});
      expect(plain.body).toMatchObject({ approvalStatus: 'rejected', approvalNotes: null });
      const blank = await budgetRequest();
      const spaces = await manager('PUT', `/api/activities/${blank.id}/reject`, { notes: '   ' });
      expect(spaces.body).toMatchObject({ approvalStatus: 'rejected', approvalNotes: null });
    });

    it('refuses a decision from anyone but the owner’s manager, changing nothing', async () => {
      const waiting = await budgetRequest();
      const before = await activitySnapshot(t.database.db, waiting.id);
      for (const path of ['approve', 'reject']) {
        const payload = path === 'reject' ? { notes: 'non' } : undefined;
        const own = await rep('PUT', `/api/activities/${waiting.id}/${path}`, payload);
        expect(own.status).toBe(403);
        expect(own.body).toMatchObject({
          code: 'NOT_APPROVER',
          message: "Only the owner's manager can approve or reject this budget",
        });
        const admin = await cast.api.admin('PUT', `/api/activities/${waiting.id}/${path}`, payload);
        expect(admin.status).toBe(403);
        expect((admin.body as ErrorBody).code).toBe('NOT_APPROVER');
        for (const outsider of [cast.api.otherManager, cast.api.colleague, cast.api.stranger]) {
          expect((await outsider('PUT', `/api/activities/${waiting.id}/${path}`, payload)).status).toBe(404);
        }
      }
      expect(await activitySnapshot(t.database.db, waiting.id)).toEqual(before);
    });

    it('refuses to decide on an activity that is not waiting', async () => {
      const plain = await create();
      const before = await activitySnapshot(t.database.db, plain.id);
      const answer = await manager('PUT', `/api/activities/${plain.id}/approve`);
      expect(answer.status).toBe(409);
      expect((answer.body as ErrorBody).code).toBe('CONFLICT');
      expect(await activitySnapshot(t.database.db, plain.id)).toEqual(before);
    });
  });

  describe('what an edit does to the approval', () => {
    it('keeps the status on edit: waiting stays waiting, approved stays approved, rejected stays rejected', async () => {
      const waiting = await budgetRequest();
      expect((await rep('PUT', `/api/activities/${waiting.id}`, { budgetEstimate: 500 })).body).toMatchObject({
        approvalStatus: 'waiting_approval',
        budgetEstimate: 500,
      });
      const approved = await budgetRequest();
      await manager('PUT', `/api/activities/${approved.id}/approve`);
      expect((await rep('PUT', `/api/activities/${approved.id}`, { title: 'Renommée' })).body).toMatchObject({
        approvalStatus: 'approved',
        title: 'Renommée',
      });
      const rejected = await budgetRequest();
      await manager('PUT', `/api/activities/${rejected.id}/reject`, { notes: 'non' });
      expect((await rep('PUT', `/api/activities/${rejected.id}`, { budgetEstimate: 10 })).body).toMatchObject({
        approvalStatus: 'rejected',
      });
    });

    it('locks an approved budget, and the channel when that budget is above 0, changing nothing', async () => {
      const approved = await budgetRequest(450);
      await manager('PUT', `/api/activities/${approved.id}/approve`);
      const before = await activitySnapshot(t.database.db, approved.id);
      const budget = await rep('PUT', `/api/activities/${approved.id}`, { budgetEstimate: 900 });
      expect(budget.status).toBe(400);
      expect((budget.body as ErrorBody).fields).toEqual({
        budgetEstimate: 'The budget can no longer be changed once approved by the manager',
      });
      const channel = await rep('PUT', `/api/activities/${approved.id}`, { channelId: cast.channels.call.id });
      expect(channel.status).toBe(400);
      expect((channel.body as ErrorBody).fields?.channelId).toBe(
        'The channel can no longer be changed once a budget is approved',
      );
      expect(await activitySnapshot(t.database.db, approved.id)).toEqual(before);
      // Sending the same budget back (a form saving every field) is no change.
      expect((await rep('PUT', `/api/activities/${approved.id}`, { budgetEstimate: 450, title: 'Ok' })).status).toBe(
        200,
      );
    });

    it('lets the channel change when the approved budget is 0', async () => {
      const free = await budgetRequest(0);
      await manager('PUT', `/api/activities/${free.id}/approve`);
      const { status, body } = await rep('PUT', `/api/activities/${free.id}`, {
        channelId: cast.channels.faceToFace.id,
      });
      expect(status).toBe(200);
      expect(body).toMatchObject({ type: 'Face to face', approvalStatus: 'approved' });
    });
  });
});
