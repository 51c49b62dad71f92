import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DashboardStats, type SessionUser } from '@crm/shared';
import { newId } from '#server/db/ids.ts';
import type { AuthContext } from '#server/modules/auth/auth.service.ts';
import { callerFor } from '#server/test/callers.ts';
import type { Factory } from '#server/test/factory.ts';
import { pngDataUrl } from '#server/test/signature-images.ts';
import { createTestApp, engines, type TestApp } from '#server/test/harness.ts';
import { ConsentsRepository } from '#server/modules/consents/consents.repository.ts';
import { DashboardRepository } from './dashboard.repository.ts';
import { DashboardService } from './dashboard.service.ts';

type ChannelName = 'Face to face' | 'Email' | 'Call' | 'Video' | 'Event' | 'Time-off';

type ActivitySpec = {
  channel: ChannelName;
  title: string;
  start: string;
  /** Minutes; ignored when end is given. */
  minutes?: number;
  end?: string;
  allDay?: boolean;
  done?: boolean;
  doctor?: string;
  attendees?: string[];
};

const MINUTE_MS = 60_000;

/** Rows written straight to the tables, so each figure is checked against data whose answer is known. */
async function insertActivity(factory: Factory, ownerId: string, channels: Map<string, string>, spec: ActivitySpec) {
  const start = Date.parse(spec.start);
  const end = spec.end === undefined ? start + (spec.minutes ?? 60) * MINUTE_MS : Date.parse(spec.end);
  const channelId = channels.get(spec.channel);
  if (channelId === undefined) throw new Error(`no seeded channel ${spec.channel}`);
  const { id } = await factory.activity({
    ownerId,
    channelId,
    title: spec.title,
    // Stored as the API stores them: ISO strings with milliseconds, which compare as they sort.
    start: new Date(start).toISOString(),
    end: new Date(end).toISOString(),
    allDay: spec.allDay ?? false,
    duration: spec.minutes ?? 60,
    doctorId: spec.doctor ?? null,
    doctorName: spec.doctor === undefined ? null : `Dr ${spec.title}`,
    done: spec.done ?? false,
    createdAt: spec.start,
    attendees: spec.attendees,
  });
  return id;
}

function authFor(id: string): AuthContext {
  const user: SessionUser = {
    id,
    email: `${id}@test-crm.fr`,
    displayName: null,
    firstName: null,
    lastName: null,
    isAdmin: false,
    readWrite: true,
    managerId: null,
  };
  return { user, sessionId: newId() };
}

const NOTHING_YET = {
  emailsSentThisWeek: 0,
  unreadMessages: 0,
  totalCampaigns: 0,
  campaignsSentThisMonth: 0,
  totalConsents: 0,
  consentsThisMonth: 0,
};

describe.each(engines())('dashboard stats on %s', (engine) => {
  let t: TestApp;
  let channels: Map<string, string>;
  const titlesOf = (stats: DashboardStats) => stats.todayActivities.map((activity) => activity.title);

  /** The service on the test database with its clock pinned. */
  const statsAt = (now: string, userId: string) =>
    new DashboardService({
      db: t.database.db,
      dashboard: new DashboardRepository(),
      consents: new ConsentsRepository(),
      clock: { now: () => new Date(now) },
    }).stats(authFor(userId));

  const userWith = async (specs: ActivitySpec[]) => {
    const user = await t.factory.user();
    for (const spec of specs) await insertActivity(t.factory, user.id, channels, spec);
    return user;
  };

  beforeAll(async () => {
    t = await createTestApp(engine);
    const rows = await t.database.db.selectFrom('channels').select(['id', 'name']).execute();
    channels = new Map(rows.map((row) => [row.name, row.id]));
  });
  afterAll(() => t.close());

  describe('in mid-March, Paris winter time (now = 2026-03-15T10:00Z, 11:00 in Paris)', () => {
    const NOW = '2026-03-15T10:00:00.000Z';
    // Doctors: ids only, as activities keep no foreign key to the directory.
    const [A, B, C, D, E, F, G, H, I, J] = [
      newId(),
      newId(),
      newId(),
      newId(),
      newId(),
      newId(),
      newId(),
      newId(),
      newId(),
      newId(),
    ];
    let rep: { id: string };
    let colleague: { id: string };

    beforeAll(async () => {
      // March in Paris: [2026-02-28T23:00Z, 2026-03-31T22:00Z); today: [2026-03-14T23:00Z, 2026-03-15T23:00Z);
      // the last 30 days: [2026-02-13T10:00Z, now].
      rep = await userWith([
        { title: 'first of March', channel: 'Call', start: '2026-02-28T23:30:00Z', done: true, doctor: A },
        { title: 'last of February', channel: 'Call', start: '2026-02-28T22:30:00Z' },
        {
          title: 'visit',
          channel: 'Face to face',
          start: '2026-03-10T09:00:00Z',
          done: true,
          doctor: B,
          attendees: [C, A],
        },
        { title: 'missed call', channel: 'Call', start: '2026-03-12T09:00:00Z', doctor: D },
        { title: 'January miss', channel: 'Call', start: '2026-01-20T09:00:00Z' },
        { title: 'window start', channel: 'Video', start: '2026-02-13T10:00:00Z', done: true, doctor: E },
        { title: 'before window', channel: 'Video', start: '2026-02-13T09:59:00Z', done: true, doctor: F },
        {
          title: 'day off',
          channel: 'Time-off',
          start: '2026-03-05T23:00:00Z',
          end: '2026-03-06T23:00:00Z',
          allDay: true,
        },
        { title: 'time-off marked done', channel: 'Time-off', start: '2026-03-09T08:00:00Z', done: true, doctor: G },
        {
          title: 'congress',
          channel: 'Event',
          start: '2026-03-13T23:00:00Z',
          end: '2026-03-15T23:00:00Z',
          allDay: true,
        },
        { title: 'ends at midnight', channel: 'Call', start: '2026-03-14T22:00:00Z' },
        { title: 'morning visit', channel: 'Face to face', start: '2026-03-15T08:00:00Z', done: true, doctor: H },
        { title: 'late call', channel: 'Call', start: '2026-03-15T09:30:00Z', minutes: 30 },
        { title: 'done ahead today', channel: 'Call', start: '2026-03-15T11:00:00Z', minutes: 15, done: true },
        { title: 'afternoon off', channel: 'Time-off', start: '2026-03-15T12:00:00Z', minutes: 240 },
        { title: 'afternoon call', channel: 'Call', start: '2026-03-15T14:00:00Z', minutes: 30, doctor: I },
        { title: 'tomorrow', channel: 'Call', start: '2026-03-15T23:00:00Z' },
        { title: 'done ahead', channel: 'Face to face', start: '2026-03-20T09:00:00Z', done: true, doctor: J },
        { title: 'last of March', channel: 'Call', start: '2026-03-31T21:30:00Z' },
        { title: 'first of April', channel: 'Call', start: '2026-03-31T22:30:00Z' },
      ]);
      // Another representative's day, interleaved with the rep's: none of it may count for the rep.
      colleague = await userWith([
        {
          title: 'colleague visit',
          channel: 'Face to face',
          start: '2026-03-15T08:00:00Z',
          done: true,
          doctor: newId(),
        },
        { title: 'colleague miss', channel: 'Call', start: '2026-03-12T09:00:00Z' },
        { title: 'colleague next', channel: 'Call', start: '2026-03-15T10:30:00Z' },
      ]);
    });

    it('answers every figure exactly, time-off excluded where defined', async () => {
      const stats = await statsAt(NOW, rep.id);
      expect(stats).toMatchObject({
        // Month (time-off excluded): done = first of March, visit, morning visit, done ahead today, done ahead;
        // incomplete = missed call, congress, ends at midnight, late call; upcoming = afternoon call,
        // tomorrow, last of March. 5 ÷ 9 = 55.6 %.
        completionRate: 56,
        activitiesThisMonth: 12,
        // A, B, C (attendee), E (window start, inclusive), H; not F (before the window), G (time-off),
        // D (not done), J (done ahead: not yet contacted).
        recentlyContactedDoctors: 5,
        // last of February, missed call, January miss, congress, ends at midnight, late call; not day off.
        incompleteActivities: 6,
        activitiesToday: 6,
        ...NOTHING_YET,
      });
      expect(DashboardStats.parse(stats)).toEqual(stats);
    });

    it("lists today's activities in start order: what overlaps the Paris day, time-off included", async () => {
      const stats = await statsAt(NOW, rep.id);
      expect(titlesOf(stats)).toEqual([
        'congress',
        'morning visit',
        'late call',
        'done ahead today',
        'afternoon off',
        'afternoon call',
      ]);
      expect(stats.todayActivities.map((activity) => [activity.status, activity.done])).toEqual([
        ['incomplete', false],
        ['done', true],
        ['incomplete', false],
        ['done', true],
        ['upcoming', false],
        ['upcoming', false],
      ]);
      expect(stats.todayActivities[0]).toMatchObject({
        start: '2026-03-13T23:00:00.000Z',
        end: '2026-03-15T23:00:00.000Z',
        allDay: true,
        type: 'Event',
        color: '#fa8c16',
        doctorId: null,
        doctorName: null,
      });
      expect(stats.todayActivities[4]).toMatchObject({ type: 'Time-off', color: '#8c8c8c', allDay: false });
    });

    it('gives the first activity after now that is neither done nor time-off as the next one', async () => {
      const stats = await statsAt(NOW, rep.id);
      expect(stats.nextActivity).toEqual({
        id: expect.any(String) as string,
        title: 'afternoon call',
        start: '2026-03-15T14:00:00.000Z',
        end: '2026-03-15T14:30:00.000Z',
        allDay: false,
        type: 'Call',
        color: '#1677ff',
        doctorId: I,
        doctorName: 'Dr afternoon call',
        done: false,
        status: 'upcoming',
      });
      expect(stats.nextActivity?.id).toBe(stats.todayActivities[5]?.id);
    });

    it("counts only the caller's own activities", async () => {
      const stats = await statsAt(NOW, colleague.id);
      expect(stats).toMatchObject({
        completionRate: 50,
        activitiesThisMonth: 3,
        recentlyContactedDoctors: 1,
        incompleteActivities: 1,
        activitiesToday: 2,
      });
      expect(titlesOf(stats)).toEqual(['colleague visit', 'colleague next']);
      expect(stats.nextActivity?.title).toBe('colleague next');
    });

    it('answers zeros, an empty day and no next activity for a user without activities', async () => {
      const newcomer = await t.factory.user();
      expect(await statsAt(NOW, newcomer.id)).toEqual({
        completionRate: 0,
        activitiesThisMonth: 0,
        recentlyContactedDoctors: 0,
        incompleteActivities: 0,
        activitiesToday: 0,
        todayActivities: [],
        nextActivity: null,
        ...NOTHING_YET,
      });
    });
  });

  describe('across the end of March, when Paris is two hours ahead of UTC', () => {
    let owl: { id: string };
    const K = newId();

    beforeAll(async () => {
      owl = await userWith([
        // 00:30 on April 1st in Paris, though still March 31st in UTC.
        { title: 'April 1st, 00:30', channel: 'Call', start: '2026-03-31T22:30:00Z', done: true, doctor: K },
        // 23:30 on March 31st in Paris; it ends at April 1st 00:00 sharp.
        { title: 'March 31st, 23:30', channel: 'Call', start: '2026-03-31T21:30:00Z', minutes: 30 },
        { title: 'April 1st, 10:00', channel: 'Call', start: '2026-04-01T08:00:00Z' },
      ]);
    });

    it('counts an activity at 2026-03-31T22:30Z in April 1st, its day and month in Paris', async () => {
      const stats = await statsAt('2026-04-01T06:00:00Z', owl.id);
      expect(stats).toMatchObject({
        completionRate: 100,
        activitiesThisMonth: 2,
        recentlyContactedDoctors: 1,
        incompleteActivities: 1,
        activitiesToday: 2,
      });
      expect(titlesOf(stats)).toEqual(['April 1st, 00:30', 'April 1st, 10:00']);
      expect(stats.nextActivity?.title).toBe('April 1st, 10:00');
    });

    it('keeps it out of March 31st and of March; 0 % when nothing of the month is due yet', async () => {
      const stats = await statsAt('2026-03-31T21:00:00Z', owl.id);
      expect(stats).toMatchObject({
        completionRate: 0,
        activitiesThisMonth: 1,
        recentlyContactedDoctors: 0,
        incompleteActivities: 0,
        activitiesToday: 1,
      });
      expect(titlesOf(stats)).toEqual(['March 31st, 23:30']);
      expect(stats.nextActivity?.title).toBe('March 31st, 23:30');
    });
  });

  describe('on the days the clocks change', () => {
    it.each([
      // 29 March 2026 lasts 23 hours in Paris: [2026-03-28T23:00Z, 2026-03-29T22:00Z).
      {
        now: '2026-03-29T10:00:00Z',
        inside: ['2026-03-28T23:30:00Z', '2026-03-29T21:30:00Z'],
        outside: ['2026-03-28T22:30:00Z', '2026-03-29T22:30:00Z'],
      },
      // 25 October 2026 lasts 25 hours in Paris: [2026-10-24T22:00Z, 2026-10-25T23:00Z).
      {
        now: '2026-10-25T10:00:00Z',
        inside: ['2026-10-24T22:30:00Z', '2026-10-25T22:30:00Z'],
        outside: ['2026-10-24T21:30:00Z', '2026-10-25T23:00:00Z'],
      },
    ])("today's list on $now follows the Paris day", async ({ now, inside, outside }) => {
      const user = await userWith(
        [...inside, ...outside].map((start): ActivitySpec => ({ title: start, channel: 'Call', start, minutes: 30 })),
      );
      const stats = await statsAt(now, user.id);
      expect(titlesOf(stats)).toEqual(inside);
      expect(stats.activitiesToday).toBe(2);
    });
  });

  describe('totalConsents and consentsThisMonth: doctors whose current consent the caller collected gives a choice', () => {
    // 2026-04-01T00:30 in Paris: April began half an hour ago.
    const NOW = '2026-03-31T22:30:00.000Z';
    const consent = (
      signatureDate: string,
      choices: Partial<Record<'professional' | 'congress' | 'general', boolean>>,
    ) => ({
      signatureImage: pngDataUrl(),
      professionalConsent: choices.professional ?? false,
      congressConsent: choices.congress ?? false,
      generalConsent: choices.general ?? false,
      signatureDate,
    });

    it('counts current consents giving a choice, this Paris month by signing time', async () => {
      const user = await t.factory.user();
      const other = await t.factory.user();
      const api = await callerFor(t, user);
      const otherApi = await callerFor(t, other);
      const doctors = await Promise.all(Array.from({ length: 8 }, () => t.factory.doctor()));
      const [april, march, refused, withdrawn, partlyWithdrawn, takenOver, othersOnly, twice] = doctors.map(
        (d) => d.id,
      ) as [string, string, string, string, string, string, string, string];
      const sign = (call: typeof api, doctorId: string, body: ReturnType<typeof consent>) =>
        call('POST', `/api/doctors/${doctorId}/signatures`, body);
      // Signed 00:10 on April 1st in Paris: this month.
      await sign(api, april, consent('2026-03-31T22:10:00.000Z', { congress: true }));
      // 23:50 on March 31st in Paris: last month, still in force.
      await sign(api, march, consent('2026-03-31T21:50:00.000Z', { professional: true, general: true }));
      // Signed, every choice refused: not a consent.
      await sign(api, refused, consent('2026-03-31T22:15:00.000Z', {}));
      // Withdrawn afterwards (by the other rep): no longer in force.
      await sign(api, withdrawn, consent('2026-03-31T22:20:00.000Z', { general: true }));
      await otherApi('POST', `/api/doctors/${withdrawn}/signatures/withdrawal`, {
        requestedBy: 'doctor',
        reason: 'Demande',
      });
      // One of two choices withdrawn: still a consent, but the current record is the other rep's withdrawal.
      await sign(api, partlyWithdrawn, consent('2026-03-31T22:20:00.000Z', { general: true, congress: true }));
      await otherApi('POST', `/api/doctors/${partlyWithdrawn}/signatures/withdrawal`, {
        requestedBy: 'doctor',
        reason: 'Plus de congrès',
        choices: ['congress'],
        // The time the doctor asked, by the device: this month, so the record counts in this month's figure.
        withdrawnAt: '2026-03-31T22:28:00.000Z',
      });
      // Collected again by the other rep: now theirs.
      await sign(api, takenOver, consent('2026-03-31T22:20:00.000Z', { general: true }));
      await sign(otherApi, takenOver, consent('2026-03-31T22:25:00.000Z', { general: true }));
      await sign(otherApi, othersOnly, consent('2026-03-31T22:25:00.000Z', { professional: true }));
      // Collected twice by the caller: one doctor.
      await sign(api, twice, consent('2026-03-10T10:00:00.000Z', { professional: true }));
      await sign(api, twice, consent('2026-03-31T22:05:00.000Z', { professional: true }));

      expect(await statsAt(NOW, user.id)).toMatchObject({ totalConsents: 3, consentsThisMonth: 2 });
      expect(await statsAt(NOW, other.id)).toMatchObject({ totalConsents: 3, consentsThisMonth: 3 });
      // A month later, nothing was signed in May.
      expect(await statsAt('2026-05-02T10:00:00.000Z', user.id)).toMatchObject({
        totalConsents: 3,
        consentsThisMonth: 0,
      });
    });
  });

  describe('GET /api/dashboard/stats', () => {
    it("answers the caller's figures in the DashboardStats shape, with the request time as now", async () => {
      const user = await t.factory.user();
      const later = new Date(Date.now() + 2 * 86_400_000).toISOString();
      const earlier = new Date(Date.now() - 2 * 86_400_000).toISOString();
      const nextId = await insertActivity(t.factory, user.id, channels, {
        title: 'in two days',
        channel: 'Video',
        start: later,
      });
      await insertActivity(t.factory, user.id, channels, {
        title: 'two days ago',
        channel: 'Call',
        start: earlier,
      });
      const api = await callerFor(t, user);

      const { status, body } = await api('GET', '/api/dashboard/stats');
      expect(status).toBe(200);
      const stats = DashboardStats.parse(body);
      expect(stats).toMatchObject({ incompleteActivities: 1, ...NOTHING_YET });
      expect(stats.nextActivity).toMatchObject({ id: nextId, title: 'in two days', type: 'Video', status: 'upcoming' });
    });

    it('counts the messages the caller sent since Monday, once each, and their unread inbox messages', async () => {
      const [rep, colleague] = [await t.factory.user(), await t.factory.user()];
      const [asRep, asColleague] = [await callerFor(t, rep), await callerFor(t, colleague)];
      const send = (as: typeof asRep, to: string[], subject: string) =>
        as('POST', '/api/emails', { recipients: to, subject, body: '<p>x</p>' });
      // Two messages this week, one of them to two people; the rep deletes one: still sent.
      await send(asRep, [colleague.email], 'un');
      const two = (await send(asRep, [colleague.email, rep.email], 'deux')).body as { id: string };
      await asRep('DELETE', `/api/emails/${two.id}`);
      // Three received, one read.
      for (const subject of ['a', 'b', 'c']) await send(asColleague, [rep.email], subject);
      const inbox = (await asRep('GET', '/api/emails?search=a')).body as { emails: { id: string; subject: string }[] };
      const read = inbox.emails.find((email) => email.subject === 'a');
      await asRep('PATCH', `/api/emails/${read?.id ?? ''}/read`, { isRead: true });
      // A message of last week, written as it was stored then.
      await t.database.db
        .insertInto('emails')
        .values({
          id: newId(),
          sender_id: rep.id,
          sender_email: rep.email,
          sender_name: null,
          subject: 'last week',
          body: '<p>x</p>',
          body_text: 'x',
          search_text: 'last week x',
          recipients: JSON.stringify([colleague.email]),
          parent_email_id: null,
          has_attachments: 0,
          created_at: new Date(Date.now() - 8 * 86_400_000).toISOString(),
        })
        .execute();

      const stats = DashboardStats.parse((await asRep('GET', '/api/dashboard/stats')).body);
      // 'deux' to the rep is in their inbox too, unread: a, b, c, deux less a.
      expect(stats).toMatchObject({ emailsSentThisWeek: 2, unreadMessages: 3 });
      expect(((await asRep('GET', '/api/emails/stats')).body as { unreadCount: number }).unreadCount).toBe(3);
    });

    it("counts the caller's campaigns, and those whose sending ended this Paris month", async () => {
      const [rep, colleague] = [await t.factory.user(), await t.factory.user()];
      const now = new Date();
      const lastMonth = new Date(now.getFullYear(), now.getMonth() - 1, 15).toISOString();
      const campaign = (ownerId: string, status: 'sending' | 'sent' | 'failed', sentAt: string | null) =>
        t.database.db
          .insertInto('campaigns')
          .values({
            id: newId(),
            owner_id: ownerId,
            owner_email: 'x@test-crm.fr',
            sender_name: 'X',
            name: `${status} ${sentAt ?? ''}`,
            template_id: 'new-medicine',
            template_name: 'Nouveau médicament',
            template_type: 'medicine',
            language: 'fr',
            subject: 's',
            content: '<p>c</p>',
            event_name: null,
            event_date: null,
            event_location: null,
            event_topics: null,
            status,
            recipient_count: 1,
            skipped: '{}',
            sent_count: status === 'sent' ? 1 : 0,
            failed_count: status === 'failed' ? 1 : 0,
            claimed_by: null,
            claimed_until: null,
            created_at: sentAt ?? now.toISOString(),
            sent_at: sentAt,
          })
          .execute();
      await campaign(rep.id, 'sent', now.toISOString());
      await campaign(rep.id, 'sent', lastMonth);
      await campaign(rep.id, 'failed', now.toISOString());
      await campaign(rep.id, 'sending', null);
      await campaign(colleague.id, 'sent', now.toISOString());
      const stats = DashboardStats.parse((await (await callerFor(t, rep))('GET', '/api/dashboard/stats')).body);
      expect(stats).toMatchObject({ totalCampaigns: 4, campaignsSentThisMonth: 1 });
    });

    it('answers 401 without a session', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/dashboard/stats' });
      expect(response.statusCode).toBe(401);
    });
  });
});
