import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Activity,
  type ActivityListResult,
  CalendarActivity,
  type CalendarActivityListResult,
  type ActivityStats,
  activityEnd,
  type ChannelList,
  type ProductList,
} from '@crm/shared';
import { newId } from '#server/db/ids.ts';
import { activityCast, type ActivityCast, inDays } from '#server/test/activity-cast.ts';
import { type Call, callerFor } from '#server/test/callers.ts';
import { createTestApp, engines, type TestApp } from '#server/test/harness.ts';
import { activitySnapshot } from '#server/test/table-counts.ts';

type ErrorBody = { code: string; message: string; fields?: Record<string, string> };

describe.each(engines())('activities on %s', (engine) => {
  let t: TestApp;
  let cast: ActivityCast;
  let rep: Call;

  beforeAll(async () => {
    t = await createTestApp(engine);
    cast = await activityCast(t);
    rep = cast.api.rep;
  });
  afterAll(() => t.close());

  const auditOf = (id: string) =>
    t.database.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('entity_id', '=', id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();

  describe('create and read', () => {
    it('creates an activity with every field, owned by its creator, and audits it', async () => {
      const before = await activitySnapshot(t.database.db);
      const attendee = await t.factory.doctor({ firstName: 'Paul', lastName: 'Garnier' });
      const officeId = newId();
      const input = cast.validCall({
        title: 'Visite du Dr Vidal',
        start: inDays(3, 9),
        duration: 90,
        description: 'Présentation des résultats',
        location: 'Cabinet Vidal',
        address: '12 rue des Lilas',
        postal_code: '69003',
        city: 'Lyon',
        officePhone: '04 78 12 34 56',
        officeEmail: 'cabinet@vidal.fr',
        officeId,
        doctorId: cast.doctor.id,
        doctorName: 'Dr Hélène Vidal',
        attendees: [{ id: attendee.id, name: 'Paul Garnier' }],
        productIds: [cast.products.neuro.id, cast.products.cardio.id],
        precallObjectives: 'Rappeler les indications',
        callNotes: 'Intéressée',
        nextCallObjectives: 'Échantillons',
        budgetEstimate: 120.5,
      });
      const { status, body } = await rep('POST', '/api/activities', input);
      expect(status).toBe(201);
      const activity = body as Activity;
      expect(activity).toMatchObject({
        title: 'Visite du Dr Vidal',
        start: input.start,
        end: new Date(Date.parse(input.start) + 90 * 60_000).toISOString(),
        allDay: false,
        type: 'Call',
        channelId: cast.channels.call.id,
        channel: { name: 'Call', color: '#1677ff', isTimeOff: false, needsBudgetApproval: false },
        duration: 90,
        description: 'Présentation des résultats',
        location: 'Cabinet Vidal',
        address: '12 rue des Lilas',
        postal_code: '69003',
        city: 'Lyon',
        officePhone: '04 78 12 34 56',
        officeEmail: 'cabinet@vidal.fr',
        officeId,
        doctorId: cast.doctor.id,
        doctorName: 'Dr Hélène Vidal',
        attendees: [{ id: attendee.id, name: 'Paul Garnier' }],
        precallObjectives: 'Rappeler les indications',
        callNotes: 'Intéressée',
        nextCallObjectives: 'Échantillons',
        budgetEstimate: 120.5,
        approvalStatus: 'none',
        approvedBy: null,
        approvedAt: null,
        approvalNotes: null,
        needsApproval: false,
        acknowledgeRules: true,
        done: false,
        doneAt: null,
        status: 'upcoming',
        ownerId: cast.users.rep.id,
      });
      expect([...activity.productIds].sort()).toEqual([cast.products.cardio.id, cast.products.neuro.id].sort());
      const stored = await t.database.db
        .selectFrom('activities')
        .select(['budget_cents', 'owner_id'])
        .where('id', '=', activity.id)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ budget_cents: 12050, owner_id: cast.users.rep.id });

      expect((await rep('GET', `/api/activities/${activity.id}`)).body).toEqual(activity);
      const after = await activitySnapshot(t.database.db);
      expect(after.counts.activities).toBe((before.counts.activities ?? 0) + 1);
      const [audit] = await auditOf(activity.id);
      expect(audit).toMatchObject({ action: 'create', entity_type: 'activity', user_email: cast.users.rep.email });
      expect(JSON.parse(audit?.metadata ?? '{}')).toEqual({
        title: 'Visite du Dr Vidal',
        doctorName: 'Dr Hélène Vidal',
      });
      expect(JSON.parse(audit?.changes ?? '{}')).toMatchObject({
        previous: null,
        new: { title: 'Visite du Dr Vidal' },
      });
    });

    it('fills doctorName from the doctor when absent, and refuses an unknown doctor', async () => {
      const { body } = await rep('POST', '/api/activities', cast.validCall({ doctorId: cast.doctor.id }));
      expect((body as Activity).doctorName).toBe('Hélène Vidal');

      const before = await activitySnapshot(t.database.db);
      const refused = await rep('POST', '/api/activities', cast.validCall({ doctorId: newId() }));
      expect(refused.status).toBe(400);
      expect((refused.body as ErrorBody).fields).toEqual({ doctorId: 'Unknown doctor' });
      expect(await activitySnapshot(t.database.db)).toEqual(before);
    });

    it('keeps an id made by the client; the same id again without an idempotency key is a conflict', async () => {
      const id = newId();
      const created = await rep('POST', '/api/activities', cast.validCall({ id }));
      expect(created.status).toBe(201);
      expect((created.body as Activity).id).toBe(id);

      const before = await activitySnapshot(t.database.db, id);
      const again = await rep('POST', '/api/activities', cast.validCall({ id, title: 'Autre' }));
      expect(again.status).toBe(409);
      expect((again.body as ErrorBody).code).toBe('CONFLICT');
      const byStranger = await cast.api.stranger('POST', '/api/activities', {
        id,
        channelId: cast.channels.call.id,
        start: inDays(1),
        duration: 30,
        acknowledgeRules: true,
      });
      expect(byStranger.status).toBe(409);
      expect(await activitySnapshot(t.database.db, id)).toEqual(before);
    });

    it('computes the end of all-day activities: a day later by default, or the given end', async () => {
      const start = inDays(5, 0);
      const oneDay = await rep('POST', '/api/activities', cast.validCall({ start, allDay: true, duration: null }));
      expect(oneDay.status).toBe(201);
      // The same Paris time the next day: 24 hours, or 23 or 25 across a daylight-saving change.
      expect((oneDay.body as Activity).end).toBe(activityEnd({ start, allDay: true }));
      expect(Math.abs(Date.parse((oneDay.body as Activity).end) - Date.parse(start) - 86_400_000)).toBeLessThanOrEqual(
        3_600_000,
      );
      const end = new Date(Date.parse(start) + 3 * 86_400_000).toISOString();
      const threeDays = await rep('POST', '/api/activities', cast.validCall({ start, end, allDay: true }));
      expect((threeDays.body as Activity).end).toBe(end);
    });

    it('puts a budget request of a budget-approval channel in waiting; without a budget channel, none', async () => {
      const event = await rep(
        'POST',
        '/api/activities',
        cast.validCall({ channelId: cast.channels.event.id, budgetEstimate: 250 }),
      );
      expect(event.body).toMatchObject({
        approvalStatus: 'waiting_approval',
        needsApproval: true,
        budgetEstimate: 250,
      });
      const call = await rep('POST', '/api/activities', cast.validCall({ budgetEstimate: 40 }));
      expect(call.body).toMatchObject({ approvalStatus: 'none', needsApproval: false });
    });

    it('creates a time-off with a title, channel and date only (no products, no acknowledgement)', async () => {
      const { status, body } = await rep('POST', '/api/activities', {
        channelId: cast.channels.timeOff.id,
        title: 'Congés',
        start: inDays(20, 0),
        allDay: true,
      });
      expect(status).toBe(201);
      expect(body).toMatchObject({ type: 'Time-off', productIds: [], acknowledgeRules: false });
    });

    it('needs no product from a user who has none assigned', async () => {
      const { status } = await cast.api.colleague('POST', '/api/activities', cast.validCall({ productIds: [] }));
      expect(status).toBe(201);
    });

    const DURATIONS =
      'The duration must be one of 15, 30, 45, 60, 90, 120, 150, 180, 210, 240, 300, 360, 420 or 480 minutes';
    it.each([
      ['a duration outside the list', { duration: 50 }, 'duration', DURATIONS],
      ['a duration of 0', { duration: 0 }, 'duration', DURATIONS],
      ['no duration on a timed activity', { duration: null }, 'duration', 'This field is required'],
      ['no start', { start: '' }, 'start', 'This field is required'],
      ['a start that is no date', { start: 'demain' }, 'start', 'Invalid date'],
      ['no channel', { channelId: undefined }, 'channelId', 'This field is required'],
      ['an unknown channel', { channelId: newId() }, 'channelId', 'Unknown or inactive channel'],
      ['the rules not acknowledged', { acknowledgeRules: false }, 'acknowledgeRules', 'You must acknowledge the rules'],
      ['no product while some are assigned', { productIds: [] }, 'productIds', 'Please select at least one product'],
      ['a product not assigned', { productIds: ['unassigned'] }, 'productIds', 'This product is not assigned to you'],
      ['an inactive product', { productIds: ['inactive'] }, 'productIds', 'This product is not assigned to you'],
      [
        'a negative budget',
        { channelId: 'event', budgetEstimate: -1 },
        'budgetEstimate',
        'The budget estimate cannot be negative',
      ],
      [
        'a budget with three decimals',
        { channelId: 'event', budgetEstimate: 10.125 },
        'budgetEstimate',
        'The budget estimate has at most two decimals',
      ],
      [
        'no budget on a budget-approval channel',
        { channelId: 'event' },
        'budgetEstimate',
        'A budget estimate is required for this channel',
      ],
      [
        'a time-off without title',
        { channelId: 'timeOff', title: '' },
        'title',
        'Title, channel, and date are required for time-off activities',
      ],
      [
        'an all-day end before its start',
        { allDay: true, end: inDays(0, 0) },
        'end',
        'The end must be after the start',
      ],
      ['an all-day longer than 31 days', { allDay: true, end: inDays(40) }, 'end', 'An activity lasts at most 31 days'],
    ])('refuses %s, naming the field and writing nothing', async (_case, change, field, message) => {
      const named: Record<string, string> = {
        event: cast.channels.event.id,
        timeOff: cast.channels.timeOff.id,
        unassigned: cast.products.unassigned.id,
        inactive: cast.products.inactive.id,
      };
      const resolved = Object.fromEntries(
        Object.entries(change).map(([key, value]) => [
          key,
          Array.isArray(value)
            ? value.map((item: string) => named[item] ?? item)
            : typeof value === 'string'
              ? (named[value] ?? value)
              : value,
        ]),
      );
      const before = await activitySnapshot(t.database.db);
      const { status, body } = await rep('POST', '/api/activities', cast.validCall(resolved));
      expect(status).toBe(400);
      expect((body as ErrorBody).code).toBe('VALIDATION_ERROR');
      expect((body as ErrorBody).fields?.[field]).toBe(message);
      expect(await activitySnapshot(t.database.db)).toEqual(before);
    });

    it('accepts one product as productId (spec 001 §3), stored like productIds: [productId]', async () => {
      const { productIds: _productIds, ...withoutProducts } = cast.validCall();
      const { status, body } = await rep('POST', '/api/activities', {
        ...withoutProducts,
        productId: cast.products.neuro.id,
      });
      expect(status).toBe(201);
      const created = body as Activity;
      expect(created.productIds).toEqual([cast.products.neuro.id]);
      expect(((await rep('GET', `/api/activities/${created.id}`)).body as Activity).productIds).toEqual([
        cast.products.neuro.id,
      ]);

      const changed = await rep('PUT', `/api/activities/${created.id}`, { productId: cast.products.cardio.id });
      expect(changed.status).toBe(200);
      expect((changed.body as Activity).productIds).toEqual([cast.products.cardio.id]);
      const links = await t.database.db
        .selectFrom('activity_products')
        .select('product_id')
        .where('activity_id', '=', created.id)
        .execute();
      expect(links).toEqual([{ product_id: cast.products.cardio.id }]);
    });

    it('refuses a productId that is not a product of the caller, or given with productIds, naming productId', async () => {
      const { productIds: _productIds, ...withoutProducts } = cast.validCall();
      const existing = (await rep('POST', '/api/activities', cast.validCall())).body as Activity;
      const before = await activitySnapshot(t.database.db);
      for (const [change, message] of [
        [{ productId: cast.products.unassigned.id }, 'This product is not assigned to you'],
        [{ productId: cast.products.inactive.id }, 'This product is not assigned to you'],
        [{ productId: 'not-a-uuid' }, 'Invalid identifier'],
        [
          { productId: cast.products.cardio.id, productIds: [cast.products.cardio.id] },
          'Give productIds or productId, not both',
        ],
      ] as const) {
        const created = await rep('POST', '/api/activities', { ...withoutProducts, ...change });
        expect(created.status, JSON.stringify(change)).toBe(400);
        expect((created.body as ErrorBody).fields, JSON.stringify(change)).toEqual({ productId: message });
        const edited = await rep('PUT', `/api/activities/${existing.id}`, change);
        expect(edited.status, JSON.stringify(change)).toBe(400);
        expect((edited.body as ErrorBody).fields, JSON.stringify(change)).toEqual({ productId: message });
      }
      expect(await activitySnapshot(t.database.db)).toEqual(before);
    });

    it('refuses an inactive channel for a new activity', async () => {
      const id = newId();
      const now = new Date().toISOString();
      await t.database.db
        .insertInto('channels')
        .values({
          id,
          name: `Fax ${id.slice(-4)}`,
          description: null,
          color: '#000000',
          active: 0,
          is_time_off: 0,
          needs_budget_approval: 0,
          position: 99,
          created_at: now,
          updated_at: now,
        })
        .execute();
      const before = await activitySnapshot(t.database.db);
      const { status, body } = await rep('POST', '/api/activities', cast.validCall({ channelId: id }));
      expect(status).toBe(400);
      expect((body as ErrorBody).fields).toEqual({ channelId: 'Unknown or inactive channel' });
      expect(await activitySnapshot(t.database.db)).toEqual(before);
    });
  });

  describe('edit and delete', () => {
    it('changes only the fields sent, recomputes the end, and audits the before and after', async () => {
      const created = (await rep('POST', '/api/activities', cast.validCall({ title: 'Avant' }))).body as Activity;
      const start = inDays(2, 14);
      const { status, body } = await rep('PUT', `/api/activities/${created.id}`, {
        title: 'Après',
        start,
        duration: 30,
      });
      expect(status).toBe(200);
      expect(body).toMatchObject({
        title: 'Après',
        start,
        end: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
        duration: 30,
        productIds: created.productIds,
        channelId: created.channelId,
      });
      const audits = await auditOf(created.id);
      expect(audits.map((audit) => audit.action)).toEqual(['create', 'update']);
      const changes = JSON.parse(audits[1]?.changes ?? '{}') as Record<string, { before: unknown; after: unknown }>;
      expect(changes.title).toEqual({ before: 'Avant', after: 'Après' });
      expect(changes.duration).toEqual({ before: 60, after: 30 });
      expect(changes).not.toHaveProperty('productIds');
    });

    it('moves an all-day activity and keeps its length when no end is sent', async () => {
      const start = inDays(8, 0);
      const created = (
        await rep(
          'POST',
          '/api/activities',
          cast.validCall({ start, end: new Date(Date.parse(start) + 2 * 86_400_000).toISOString(), allDay: true }),
        )
      ).body as Activity;
      const moved = inDays(10, 0);
      const { body } = await rep('PUT', `/api/activities/${created.id}`, { start: moved });
      expect(body).toMatchObject({ start: moved, end: new Date(Date.parse(moved) + 2 * 86_400_000).toISOString() });
    });

    it('deletes an activity with its products, auditing it', async () => {
      const created = (await rep('POST', '/api/activities', cast.validCall())).body as Activity;
      expect((await rep('DELETE', `/api/activities/${created.id}`)).status).toBe(204);
      expect((await rep('GET', `/api/activities/${created.id}`)).status).toBe(404);
      const links = await t.database.db
        .selectFrom('activity_products')
        .select('product_id')
        .where('activity_id', '=', created.id)
        .execute();
      expect(links).toEqual([]);
      const audits = await auditOf(created.id);
      expect(audits.map((audit) => audit.action)).toEqual(['create', 'delete']);
      expect(JSON.parse(audits[1]?.metadata ?? '{}')).toEqual({ title: created.title, doctorName: null });
    });

    it('refuses edits that break the rules, changing nothing', async () => {
      const created = (await rep('POST', '/api/activities', cast.validCall())).body as Activity;
      const before = await activitySnapshot(t.database.db, created.id);
      for (const [patch, field] of [
        [{ duration: 55 }, 'duration'],
        [{ acknowledgeRules: false }, 'acknowledgeRules'],
        [{ productIds: [] }, 'productIds'],
        [{ productIds: [cast.products.unassigned.id] }, 'productIds'],
        [{ channelId: cast.channels.event.id }, 'budgetEstimate'],
        [{ doctorId: newId() }, 'doctorId'],
      ] as const) {
        const { status, body } = await rep('PUT', `/api/activities/${created.id}`, patch);
        expect(status, JSON.stringify(patch)).toBe(400);
        expect(Object.keys((body as ErrorBody).fields ?? {})).toContain(field);
      }
      expect((await rep('PUT', `/api/activities/${created.id}`, {})).status).toBe(400);
      expect(await activitySnapshot(t.database.db, created.id)).toEqual(before);
    });

    it('puts an activity that needed no approval in waiting when an edit moves it to a budget channel with a budget', async () => {
      const created = (await rep('POST', '/api/activities', cast.validCall())).body as Activity;
      const { status, body } = await rep('PUT', `/api/activities/${created.id}`, {
        channelId: cast.channels.event.id,
        budgetEstimate: 300,
      });
      expect(status).toBe(200);
      expect(body).toMatchObject({ approvalStatus: 'waiting_approval', budgetEstimate: 300, type: 'Event' });
    });
  });

  describe('who reads and who writes', () => {
    let activity: Activity;

    beforeAll(async () => {
      activity = (await rep('POST', '/api/activities', cast.validCall({ doctorId: cast.doctor.id }))).body as Activity;
    });

    it('lets the owner, their manager and an admin read it', async () => {
      for (const reader of [rep, cast.api.manager, cast.api.admin]) {
        const { status, body } = await reader('GET', `/api/activities/${activity.id}`);
        expect(status).toBe(200);
        expect((body as Activity).id).toBe(activity.id);
      }
    });

    it('answers 404 to another representative or another manager, for read, edit and delete, changing nothing', async () => {
      const before = await activitySnapshot(t.database.db, activity.id);
      for (const other of [cast.api.colleague, cast.api.stranger, cast.api.otherManager]) {
        expect((await other('GET', `/api/activities/${activity.id}`)).status).toBe(404);
        expect((await other('PUT', `/api/activities/${activity.id}`, { title: 'Piraté' })).status).toBe(404);
        expect((await other('PUT', `/api/activities/${activity.id}`, { done: true })).status).toBe(404);
        expect((await other('DELETE', `/api/activities/${activity.id}`)).status).toBe(404);
      }
      expect(await activitySnapshot(t.database.db, activity.id)).toEqual(before);
    });

    it('answers 403 to a manager or an admin who may read it but not change it, changing nothing', async () => {
      const before = await activitySnapshot(t.database.db, activity.id);
      for (const reader of [cast.api.manager, cast.api.admin]) {
        const edit = await reader('PUT', `/api/activities/${activity.id}`, { title: 'Changé' });
        expect(edit.status).toBe(403);
        expect((edit.body as ErrorBody).code).toBe('FORBIDDEN');
        expect((await reader('PUT', `/api/activities/${activity.id}`, { done: true })).status).toBe(403);
        expect((await reader('DELETE', `/api/activities/${activity.id}`)).status).toBe(403);
      }
      expect(await activitySnapshot(t.database.db, activity.id)).toEqual(before);
    });

    it('lists only the caller’s own activities without doctorId', async () => {
      const mine = (await rep('GET', '/api/activities?limit=100')).body as ActivityListResult;
      expect(mine.activities.every((item) => item.ownerId === cast.users.rep.id)).toBe(true);
      expect(mine.activities.map((item) => item.id)).toContain(activity.id);
      const managers = (await cast.api.manager('GET', '/api/activities')).body as ActivityListResult;
      expect(managers.total).toBe(0);
    });

    it('lists the readable activities with a doctor', async () => {
      const doctor = await t.factory.doctor({ lastName: 'Filtre' });
      const own = await t.factory.activity({ ownerId: cast.users.rep.id, doctorId: doctor.id, start: inDays(-2) });
      const colleagues = await t.factory.activity({
        ownerId: cast.users.colleague.id,
        doctorId: doctor.id,
        start: inDays(4),
      });
      const strangers = await t.factory.activity({ ownerId: cast.users.stranger.id, doctorId: doctor.id });
      await t.factory.activity({ ownerId: cast.users.rep.id, doctorId: cast.doctor.id });
      const ids = async (call: Call) =>
        ((await call('GET', `/api/activities?doctorId=${doctor.id}`)).body as ActivityListResult).activities.map(
          (item) => item.id,
        );
      expect(await ids(rep)).toEqual([own.id]);
      expect((await ids(cast.api.manager)).sort()).toEqual([own.id, colleagues.id].sort());
      expect((await ids(cast.api.admin)).sort()).toEqual([own.id, colleagues.id, strangers.id].sort());
      expect(await ids(cast.api.otherManager)).toEqual([strangers.id]);
    });

    it("pages a doctor's timeline upcoming first (soonest first), then the past (latest first)", async () => {
      const doctor = await t.factory.doctor({ lastName: 'Chronologie' });
      const made: { id: string; start: string }[] = [];
      // Created out of order, with two pairs at the same start to show the tie-break.
      for (const days of [-3, 5, -1, 2, -10, 9, 2, -20, 1, -1, 30, -2]) {
        const start = inDays(days);
        const { id } = await t.factory.activity({ ownerId: cast.users.rep.id, doctorId: doctor.id, start });
        made.push({ id, start });
      }
      const future = made.filter((item) => Date.parse(item.start) > Date.now());
      const past = made.filter((item) => Date.parse(item.start) <= Date.now());
      const byStartThenId = (a: { start: string; id: string }, b: { start: string; id: string }) =>
        a.start === b.start ? (a.id < b.id ? -1 : 1) : a.start < b.start ? -1 : 1;
      const expected = [...future.sort(byStartThenId), ...past.sort(byStartThenId).reverse()].map(({ id }) => id);

      const page = async (number: number) =>
        (await rep('GET', `/api/activities?doctorId=${doctor.id}&limit=10&page=${number}`)).body as ActivityListResult;
      const first = await page(1);
      const second = await page(2);
      expect(first).toMatchObject({ total: 12, pages: 2, currentPage: 1, needsPagination: true });
      expect([...first.activities, ...second.activities].map(({ id }) => id)).toEqual(expected);
    });
  });

  describe('lists, calendar and stats', () => {
    let owner: { id: string };
    let list: Call;
    const rangeStart = inDays(30, 0);
    const rangeEnd = new Date(Date.parse(rangeStart) + 7 * 86_400_000).toISOString();
    const at = (offsetHours: number) => new Date(Date.parse(rangeStart) + offsetHours * 3_600_000).toISOString();

    beforeAll(async () => {
      const boss = await t.factory.user({ email: `boss.${newId().slice(-6)}@t.fr` });
      const user = await t.factory.user({ email: `lists.${newId().slice(-6)}@t.fr`, managerId: boss.id });
      owner = user;
      list = await callerFor(t, user);
    });

    it('answers the calendar range: every activity overlapping [startDate, endDate), in start order', async () => {
      const f = t.factory;
      const endsInside = await f.activity({ ownerId: owner.id, start: at(-2), duration: 180, title: 'débute avant' });
      await f.activity({ ownerId: owner.id, start: at(-1), duration: 60, title: 'finit au début' });
      const inside = await f.activity({ ownerId: owner.id, start: at(30), title: 'dedans' });
      await f.activity({ ownerId: owner.id, start: rangeEnd, title: 'commence à la fin' });
      const longAllDay = await f.activity({
        ownerId: owner.id,
        start: at(-10 * 24),
        end: at(2 * 24),
        allDay: true,
        title: 'plusieurs jours',
      });
      await f.activity({ ownerId: cast.users.rep.id, start: at(5), title: 'pas à moi' });
      const url = `/api/activities?calendarView=true&startDate=${rangeStart}&endDate=${rangeEnd}`;
      const { status, body } = await list('GET', url);
      expect(status).toBe(200);
      const result = body as ActivityListResult;
      expect(result.activities.map((item) => item.id)).toEqual([longAllDay.id, endsInside.id, inside.id]);
      expect(result).toMatchObject({ total: 3, needsPagination: false, pages: 1, currentPage: 1 });
    });

    it("answers the calendar's fields only: what an event shows, not the notes, products or attendees", async () => {
      const activity = await t.factory.activity({ ownerId: owner.id, start: at(30), title: 'dedans' });
      const { body } = await list(
        'GET',
        `/api/activities?calendarView=true&startDate=${rangeStart}&endDate=${rangeEnd}`,
      );
      const item = (body as CalendarActivityListResult).activities.find(({ id }) => id === activity.id);
      expect(Object.keys(item ?? {}).sort()).toEqual(Object.keys(CalendarActivity.shape).sort());
      expect(item).toMatchObject({
        id: activity.id,
        title: 'dedans',
        status: 'upcoming',
        done: false,
        ownerId: owner.id,
      });
      expect(CalendarActivity.safeParse(item).success).toBe(true);
    });

    it('refuses a calendar fetch without both dates or over too wide a range', async () => {
      const missing = await list('GET', `/api/activities?calendarView=true&startDate=${rangeStart}`);
      expect(missing.status).toBe(400);
      expect((missing.body as ErrorBody).fields).toEqual({ endDate: 'This field is required' });
      const wide = new Date(Date.parse(rangeStart) + 200 * 86_400_000).toISOString();
      const tooWide = await list('GET', `/api/activities?calendarView=true&startDate=${rangeStart}&endDate=${wide}`);
      expect(tooWide.status).toBe(400);
      expect((tooWide.body as ErrorBody).fields).toEqual({ endDate: 'The date range is too wide' });
      const backwards = await list(
        'GET',
        `/api/activities?calendarView=true&startDate=${rangeEnd}&endDate=${rangeStart}`,
      );
      expect(backwards.status).toBe(400);
    });

    it('pages each status with totals, pages, needsPagination and currentPage, in the status’s order', async () => {
      const user = await t.factory.user({ email: `pages.${newId().slice(-6)}@t.fr` });
      const pages = await callerFor(t, user);
      const upcoming: string[] = [];
      for (let i = 1; i <= 23; i += 1) {
        upcoming.push((await t.factory.activity({ ownerId: user.id, start: inDays(i) })).id);
      }
      const incomplete: string[] = [];
      for (let i = 1; i <= 12; i += 1) {
        incomplete.push((await t.factory.activity({ ownerId: user.id, start: inDays(-i) })).id);
      }
      const done = await t.factory.activity({ ownerId: user.id, start: inDays(-30), done: true });

      const page3 = (await pages('GET', '/api/activities?status=upcoming&limit=10&page=3')).body as ActivityListResult;
      expect(page3).toMatchObject({ total: 23, pages: 3, needsPagination: true, currentPage: 3 });
      expect(page3.activities.map((item) => item.id)).toEqual(upcoming.slice(20));
      expect(page3.activities.every((item) => item.status === 'upcoming')).toBe(true);

      const late = (await pages('GET', '/api/activities?status=incomplete&limit=10')).body as ActivityListResult;
      expect(late).toMatchObject({ total: 12, pages: 2, needsPagination: true, currentPage: 1 });
      // Latest first: yesterday, then the day before…
      expect(late.activities.map((item) => item.id)).toEqual(incomplete.slice(0, 10));
      expect(late.activities.every((item) => item.status === 'incomplete')).toBe(true);

      const finished = (await pages('GET', '/api/activities?status=done')).body as ActivityListResult;
      expect(finished).toMatchObject({ total: 1, pages: 1, needsPagination: false, currentPage: 1 });
      expect(finished.activities.map((item) => item.id)).toEqual([done.id]);

      const beyond = (await pages('GET', '/api/activities?status=upcoming&limit=10&page=9')).body as ActivityListResult;
      expect(beyond).toMatchObject({ activities: [], total: 23, pages: 3, currentPage: 9 });
      expect((await pages('GET', '/api/activities?status=late')).status).toBe(400);
      expect((await pages('GET', '/api/activities?limit=7')).status).toBe(400);
    });

    it('counts the caller’s activities by status and the managees’ waiting ones for a manager', async () => {
      const boss = await t.factory.user({ email: `stats-boss.${newId().slice(-6)}@t.fr` });
      const user = await t.factory.user({ email: `stats.${newId().slice(-6)}@t.fr`, managerId: boss.id });
      const peer = await t.factory.user({ email: `stats-peer.${newId().slice(-6)}@t.fr`, managerId: boss.id });
      const event = cast.channels.event.id;
      const f = t.factory;
      for (const days of [1, 2, 3]) await f.activity({ ownerId: user.id, start: inDays(days) });
      await f.activity({ ownerId: user.id, start: inDays(4), channelId: event, approvalStatus: 'waiting_approval' });
      for (const days of [-1, -2]) await f.activity({ ownerId: user.id, start: inDays(days) });
      await f.activity({ ownerId: user.id, start: inDays(-3), channelId: event, approvalStatus: 'waiting_approval' });
      for (const days of [-4, -5, -6, -7]) await f.activity({ ownerId: user.id, start: inDays(days), done: true });
      await f.activity({ ownerId: user.id, start: inDays(5), channelId: event, approvalStatus: 'approved' });
      await f.activity({ ownerId: peer.id, start: inDays(6), channelId: event, approvalStatus: 'waiting_approval' });
      await f.activity({ ownerId: peer.id, start: inDays(7), channelId: event, approvalStatus: 'rejected' });
      // A past day off is never incomplete: it is not counted there, nor listed, and counts as done.
      const dayOff = await f.activity({ ownerId: user.id, start: inDays(-8), channelId: cast.channels.timeOff.id });

      const asUser = await callerFor(t, user);
      const asBoss = await callerFor(t, boss);
      expect((await asUser('GET', '/api/activities/stats')).body).toEqual({
        upcomingCount: 5,
        incompleteCount: 3,
        doneCount: 5,
        waitingApprovalCount: 2,
        needApprovalCount: 0,
      } satisfies ActivityStats);
      expect((await asBoss('GET', '/api/activities/stats')).body).toEqual({
        upcomingCount: 0,
        incompleteCount: 0,
        doneCount: 0,
        waitingApprovalCount: 0,
        needApprovalCount: 3,
      } satisfies ActivityStats);

      const incomplete = (await asUser('GET', '/api/activities?status=incomplete')).body as ActivityListResult;
      expect(incomplete.total).toBe(3);
      expect(incomplete.activities.map((item) => item.id)).not.toContain(dayOff.id);
      const pastDayOff = (await asUser('GET', `/api/activities/${dayOff.id}`)).body as Activity;
      expect(pastDayOff.status).toBe('done');
      expect(pastDayOff.done).toBe(false);

      const waiting = (await asUser('GET', '/api/activities?status=waiting_approval')).body as ActivityListResult;
      expect(waiting.total).toBe(2);
      expect(waiting.activities.map((item) => item.start)).toEqual([inDays(-3), inDays(4)]);
    });

    it('lists and counts a started time-off under done only, as its status says; a future one is upcoming', async () => {
      const user = await t.factory.user({ email: `time-off.${newId().slice(-6)}@t.fr` });
      const asUser = await callerFor(t, user);
      const timeOff = cast.channels.timeOff.id;
      const f = t.factory;
      const pastDayOff = await f.activity({ ownerId: user.id, start: inDays(-2), channelId: timeOff });
      const olderDayOff = await f.activity({ ownerId: user.id, start: inDays(-6), channelId: timeOff });
      const futureDayOff = await f.activity({ ownerId: user.id, start: inDays(2), channelId: timeOff });
      const late = await f.activity({ ownerId: user.id, start: inDays(-1) });
      const marked: Record<number, string> = {};
      for (const days of [-3, -4, -5, -7, -8, -9, -10, -11, -12, -13, -14]) {
        marked[days] = (await f.activity({ ownerId: user.id, start: inDays(days), done: true })).id;
      }

      const listed = async (query: string) => {
        const { status: code, body } = await asUser('GET', `/api/activities?${query}`);
        expect(code).toBe(200);
        const result = body as ActivityListResult;
        return { total: result.total, items: result.activities.map((item) => [item.id, item.status]) };
      };
      const done = (id: string | undefined) => [id, 'done'];
      // Latest first, the days off among the activities marked done, across pages.
      expect(await listed('status=done&limit=10')).toEqual({
        total: 13,
        items: [
          done(pastDayOff.id),
          ...[-3, -4, -5].map((days) => done(marked[days])),
          done(olderDayOff.id),
          ...[-7, -8, -9, -10, -11].map((days) => done(marked[days])),
        ],
      });
      expect(await listed('status=done&limit=10&page=2')).toEqual({
        total: 13,
        items: [-12, -13, -14].map((days) => done(marked[days])),
      });
      expect(await listed('status=incomplete')).toEqual({ total: 1, items: [[late.id, 'incomplete']] });
      expect(await listed('status=upcoming')).toEqual({ total: 1, items: [[futureDayOff.id, 'upcoming']] });
      expect(await listed('status=waiting_approval')).toEqual({ total: 0, items: [] });
      expect((await asUser('GET', '/api/activities/stats')).body).toEqual({
        upcomingCount: 1,
        incompleteCount: 1,
        doneCount: 13,
        waitingApprovalCount: 0,
        needApprovalCount: 0,
      } satisfies ActivityStats);
    });
  });

  describe('channels and products', () => {
    it('lists the active channels in their order, with their colours and flags', async () => {
      const { status, body } = await rep('GET', '/api/configuration/channels/active');
      expect(status).toBe(200);
      const { channels } = body as ChannelList;
      expect(
        channels.map((channel) => [channel.name, channel.color, channel.isTimeOff, channel.needsBudgetApproval]),
      ).toEqual([
        ['Face to face', '#52c41a', false, false],
        ['Email', '#722ed1', false, false],
        ['Call', '#1677ff', false, false],
        ['Video', '#f5222d', false, false],
        ['Event', '#fa8c16', false, true],
        ['Time-off', '#8c8c8c', true, false],
      ]);
      expect(channels.every((channel) => channel.active)).toBe(true);
    });

    it('lists every product by name, and the caller’s assigned active ones', async () => {
      const all = (await rep('GET', '/api/users/products/all')).body as ProductList;
      const names = all.products.map((product) => product.name);
      expect(names).toEqual([...names].sort());
      expect(names).toEqual(expect.arrayContaining(Object.values(cast.products).map((product) => product.name)));
      expect(all.products.find((product) => product.id === cast.products.inactive.id)?.active).toBe(false);

      const mine = (await rep('GET', '/api/auth/me/products')).body as ProductList;
      expect(mine.products.map((product) => product.id).sort()).toEqual(
        [cast.products.cardio.id, cast.products.neuro.id].sort(),
      );
      expect(((await cast.api.colleague('GET', '/api/auth/me/products')).body as ProductList).products).toEqual([]);
    });

    it('answers 401 without a session', async () => {
      for (const url of ['/api/configuration/channels/active', '/api/users/products/all', '/api/activities']) {
        expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      }
    });
  });
});
