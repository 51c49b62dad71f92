import {
  ACTIVITY_DURATIONS,
  conventionInForce,
  DEMO_ACCOUNTS,
  type LedgerEntry,
  negligibleValueRefusal,
  wallClock,
} from '@crm/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivitiesTable } from '#server/db/schema.ts';
import { seedDemoDataIfEmpty } from '#server/demo/seed-demo.ts';
import { systemClock } from '#server/core/clock.ts';
import type { AuthContext } from '#server/modules/auth/auth.service.ts';
import { ConsentsRepository } from '#server/modules/consents/consents.repository.ts';
import { ConsentsService } from '#server/modules/consents/consents.service.ts';
import { verifyConsentChains } from '#server/modules/consents/consents-verifier.ts';
import { DoctorsRepository } from '#server/modules/doctors/doctors.repository.ts';
import { IdempotencyKeysRepository } from '#server/modules/idempotency/idempotency.repository.ts';
import { LogsRepository } from '#server/modules/logs/logs.repository.ts';
import { createTestDatabase, engines, type TestDatabase } from '#server/test/harness.ts';
import { HEAVIEST_BENCH_REP, TYPICAL_BENCH_REP } from './bench-accounts.ts';
import { planningDays } from './calendar.ts';
import { DEMO_PRODUCTS } from './catalogue.ts';
import {
  type ActivityBatch,
  type ChannelRef,
  type DoctorRef,
  isoString,
  type OwnerPlan,
  type ProductRef,
} from './activity-rows.ts';
import { generateDemoActivities } from './demo-activities.ts';
import { activitiesPerRep, generateTierActivities, TIER_DAYS } from './tier-activities.ts';

const CHANNELS: ChannelRef[] = [
  { id: 'face', name: 'Face to face', isTimeOff: false, needsBudgetApproval: false },
  { id: 'email', name: 'Email', isTimeOff: false, needsBudgetApproval: false },
  { id: 'call', name: 'Call', isTimeOff: false, needsBudgetApproval: false },
  { id: 'video', name: 'Video', isTimeOff: false, needsBudgetApproval: false },
  { id: 'event', name: 'Event', isTimeOff: false, needsBudgetApproval: true },
  { id: 'time-off', name: 'Time-off', isTimeOff: true, needsBudgetApproval: false },
];
const SPECIALTIES = ['Cardiology', 'Dermatology', 'Neurology', 'Pediatrics', 'Psychiatry'];
const DOCTORS: DoctorRef[] = Array.from({ length: 400 }, (_, index) => ({
  id: `doctor-${index}`,
  firstName: 'Claire',
  lastName: `Martin${index}`,
  prefix: index % 10 === 0 ? 'Prof' : 'Dr',
  specialty: SPECIALTIES[index % SPECIALTIES.length] ?? 'Cardiology',
  office:
    index % 25 === 0
      ? null
      : {
          id: `office-${index}`,
          name: `Cabinet médical ${index}`,
          address: `${index} rue de la République`,
          postalCode: String(10_000 + index * 7),
          city: 'Lyon',
          phone: '04 72 00 00 00',
          email: null,
        },
}));
const PRODUCTS: ProductRef[] = DEMO_PRODUCTS.map((product, index) => ({
  id: `product-${index}`,
  brand: product.brand,
  specialty: product.specialty,
  theme: product.theme,
}));

/** A representative with a manager, the manager (decided by the administrator), the administrator. */
const OWNERS: OwnerPlan[] = [
  {
    id: 'rep',
    approverId: 'manager',
    products: PRODUCTS.slice(0, 3),
    portfolio: DOCTORS.slice(0, 150),
    eventShare: 0.04,
  },
  {
    id: 'manager',
    approverId: 'admin',
    decidedAhead: true,
    products: PRODUCTS.slice(3, 6),
    portfolio: DOCTORS.slice(150, 300),
    eventShare: 0.01,
  },
  { id: 'admin', approverId: null, products: PRODUCTS.slice(0, 4), portfolio: DOCTORS.slice(250), eventShare: 0 },
];

// Monday 23 November 2026, 10:30 in Paris.
const NOW = new Date('2026-11-23T09:30:00Z');
const DAYS = 183;
const demo = (seed: number, now: Date = NOW) =>
  generateDemoActivities({ seed, now, days: DAYS, channels: CHANNELS, owners: OWNERS });

const withoutIds = (batch: ActivityBatch) => ({
  activities: batch.activities.map(({ id: _id, ...activity }) => activity),
  products: batch.activityProducts.map((row) => row.product_id),
  attendees: batch.activityAttendees.map(({ activity_id: _id, ...attendee }) => attendee),
});

const parisDate = (iso: string) => {
  const wall = wallClock(new Date(iso));
  return `${wall.year}-${String(wall.month).padStart(2, '0')}-${String(wall.day).padStart(2, '0')}`;
};
const parisMinutes = (iso: string) => {
  const wall = wallClock(new Date(iso));
  return wall.hour * 60 + wall.minute;
};
const isTimeOff = (activity: ActivitiesTable) => activity.channel_id === 'time-off';

describe('the demo activity generator', () => {
  const batch = demo(7);
  const nowIso = NOW.toISOString();
  const todayDate = parisDate(nowIso);
  const days = planningDays(NOW, -DAYS, DAYS);
  const ofOwner = (owner: string) => batch.activities.filter((activity) => activity.owner_id === owner);

  it('generates the same activities for the same seed and day, the ids aside', () => {
    expect(withoutIds(demo(7))).toEqual(withoutIds(batch));
    expect(withoutIds(demo(8))).not.toEqual(withoutIds(batch));
  });

  it('uses every channel, budgeted events only for owners someone can approve', () => {
    expect(new Set(ofOwner('rep').map((activity) => activity.channel_id))).toEqual(
      new Set(CHANNELS.map((channel) => channel.id)),
    );
    expect(ofOwner('manager').filter((activity) => activity.channel_id === 'event').length).toBeGreaterThan(0);
    expect(ofOwner('admin').filter((activity) => activity.channel_id === 'event')).toEqual([]);
  });

  it('places about six activities a working day, only on working days and today, over six months each side', () => {
    const working = new Set(days.filter((day) => day.isWorkingDay || day.offset === 0).map((day) => day.date));
    for (const owner of OWNERS) {
      const activities = ofOwner(owner.id).filter((activity) => !isTimeOff(activity));
      const dates = activities.map((activity) => parisDate(activity.start_at));
      expect(dates.filter((date) => !working.has(date))).toEqual([]);
      const perDay = activities.length / new Set(dates).size;
      expect(perDay).toBeGreaterThan(5.5);
      expect(perDay).toBeLessThan(7);
      const sorted = [...dates].sort();
      expect((sorted[0] ?? '') < (days[7]?.date ?? '')).toBe(true);
      expect((sorted[sorted.length - 1] ?? '') > (days[days.length - 8]?.date ?? '')).toBe(true);
    }
  });

  it('gives every account activities today, some already started and some later', () => {
    for (const owner of OWNERS) {
      const today = ofOwner(owner.id).filter((activity) => parisDate(activity.start_at) === todayDate);
      expect(today.filter((activity) => activity.start_at <= nowIso).length).toBeGreaterThan(0);
      expect(today.filter((activity) => activity.start_at > nowIso).length).toBeGreaterThan(0);
    }
  });

  it('has activities today even when today is a Sunday', () => {
    const sunday = new Date('2026-11-22T10:00:00Z');
    const activities = demo(7, sunday).activities;
    for (const owner of OWNERS) {
      expect(
        activities.filter(
          (activity) =>
            activity.owner_id === owner.id && parisDate(activity.start_at) === parisDate(sunday.toISOString()),
        ).length,
      ).toBeGreaterThan(2);
    }
  });

  it('starts on quarter hours between 08:00 and 19:00 Paris time and lasts an allowed duration', () => {
    for (const activity of batch.activities.filter((row) => !isTimeOff(row))) {
      expect(ACTIVITY_DURATIONS).toContain(activity.duration);
      expect(Date.parse(activity.end_at) - Date.parse(activity.start_at)).toBe((activity.duration ?? 0) * 60_000);
      expect(activity.all_day).toBe(0);
      const start = parisMinutes(activity.start_at);
      expect(start % 15).toBe(0);
      expect(start).toBeGreaterThanOrEqual(8 * 60);
      expect(start + (activity.duration ?? 0)).toBeLessThanOrEqual(19 * 60);
      expect(activity.acknowledge_rules).toBe(1);
    }
    const durations = batch.activities.map((activity) => activity.duration ?? 0);
    const usual = durations.filter((minutes) => minutes >= 30 && minutes <= 90).length;
    expect(usual / durations.length).toBeGreaterThan(0.6);
  });

  it('writes time-off as whole Paris days, titled, without doctor, products or acknowledgement', () => {
    const timeOff = batch.activities.filter(isTimeOff);
    expect(timeOff.length).toBeGreaterThanOrEqual(OWNERS.length * 2);
    for (const activity of timeOff) {
      expect(activity.all_day).toBe(1);
      expect(activity.duration).toBeNull();
      expect(parisMinutes(activity.start_at)).toBe(0);
      expect(parisMinutes(activity.end_at)).toBe(0);
      expect(['Congés', 'RTT', 'Formation', 'Séminaire commercial']).toContain(activity.title);
      expect(activity.doctor_id).toBeNull();
      expect(activity.acknowledge_rules).toBe(0);
      expect(activity.done).toBe(0);
      expect(parisDate(activity.start_at)).not.toBe(todayDate);
    }
    const products = new Set(batch.activityProducts.map((row) => row.activity_id));
    expect(timeOff.filter((activity) => products.has(activity.id))).toEqual([]);
    expect(timeOff.filter((activity) => activity.title === 'Congés').length).toBe(OWNERS.length * 2);
  });

  it('marks about 85 % of the ended activities done, shortly after their end, and nothing ahead', () => {
    const working = batch.activities.filter((activity) => !isTimeOff(activity));
    expect(working.filter((activity) => activity.start_at > nowIso && activity.done === 1)).toEqual([]);
    const ended = working.filter((activity) => activity.end_at <= nowIso && activity.channel_id !== 'event');
    const share = ended.filter((activity) => activity.done === 1).length / ended.length;
    expect(share).toBeGreaterThan(0.8);
    expect(share).toBeLessThan(0.9);
    for (const activity of working.filter((row) => row.done === 1)) {
      const doneAt = activity.done_at ?? '';
      expect(doneAt >= activity.end_at).toBe(true);
      expect(doneAt <= nowIso).toBe(true);
      expect(Date.parse(doneAt) - Date.parse(activity.end_at)).toBeLessThanOrEqual(3 * 3_600_000);
    }
    for (const activity of batch.activities) {
      expect(activity.created_at <= nowIso).toBe(true);
      expect(activity.updated_at >= activity.created_at).toBe(true);
    }
  });

  it('budgets events; decides past ones, leaves some of the representative’s future ones waiting', () => {
    const events = batch.activities.filter((activity) => activity.channel_id === 'event');
    for (const event of events) {
      expect(event.budget_cents).toBeGreaterThan(0);
      if (event.start_at <= nowIso) expect(['approved', 'rejected']).toContain(event.approval_status);
      if (event.approval_status === 'waiting_approval') {
        expect(event.start_at > nowIso).toBe(true);
        expect(event.approved_by).toBeNull();
      } else {
        expect(event.approved_by).toBe(OWNERS.find((owner) => owner.id === event.owner_id)?.approverId);
        expect((event.approved_at ?? '') <= event.start_at).toBe(true);
      }
      if (event.approval_status === 'rejected') {
        // Only the manager's note: the interface shows the spec's reason in the reader's language.
        expect(event.approval_notes).not.toMatch(/Budget approval rejected by manager/);
        expect(event.approval_notes).toBeTruthy();
        expect(event.done).toBe(0);
      }
    }
    const waiting = events.filter((event) => event.approval_status === 'waiting_approval');
    expect(waiting.filter((event) => event.owner_id === 'rep').length).toBeGreaterThan(2);
    expect(waiting.filter((event) => event.owner_id !== 'rep')).toEqual([]);
    expect(events.some((event) => event.approval_status === 'rejected')).toBe(true);
    expect(batch.activities.filter((row) => row.channel_id !== 'event' && row.budget_cents !== null)).toEqual([]);
    const attendees = batch.activityAttendees;
    expect(attendees.length).toBeGreaterThan(events.length);
    const eventIds = new Set(events.map((event) => event.id));
    expect(attendees.filter((attendee) => !eventIds.has(attendee.activity_id))).toEqual([]);
  });

  it("links the owner's doctors with their primary office and one or two of the owner's products", () => {
    const productsOf = new Map<string, string[]>();
    for (const row of batch.activityProducts)
      productsOf.set(row.activity_id, [...(productsOf.get(row.activity_id) ?? []), row.product_id]);
    for (const owner of OWNERS) {
      const portfolio = new Map(owner.portfolio.map((doctor) => [doctor.id, doctor]));
      const allowed = new Set(owner.products.map((product) => product.id));
      for (const activity of ofOwner(owner.id).filter((row) => !isTimeOff(row))) {
        const products = productsOf.get(activity.id) ?? [];
        expect(products.length).toBeGreaterThanOrEqual(1);
        expect(products.length).toBeLessThanOrEqual(2);
        expect(products.filter((id) => !allowed.has(id))).toEqual([]);
        expect(activity.title).toMatch(/^\S/);
        expect(activity.title).not.toMatch(/[{}]/);
        if (activity.doctor_id === null) continue;
        const doctor = portfolio.get(activity.doctor_id);
        expect(doctor).toBeDefined();
        expect(activity.doctor_name).toBe(`${doctor?.firstName} ${doctor?.lastName}`);
        if (activity.channel_id === 'face') {
          expect(activity.office_id).toBe(doctor?.office?.id ?? null);
          expect(activity.city).toBe(doctor?.office?.city ?? null);
        }
      }
    }
    const titled = batch.activities.map((activity) => activity.title ?? '');
    expect(titled.some((title) => title.startsWith('Visite – Dr '))).toBe(true);
    expect(titled.some((title) => title.startsWith('Présentation '))).toBe(true);
    expect(batch.activities.some((activity) => activity.precall_objectives !== null)).toBe(true);
    expect(batch.activities.some((activity) => activity.call_notes !== null && activity.done === 1)).toBe(true);
  });

  it('formats instants as toISOString does', () => {
    for (const ms of [0, NOW.getTime(), NOW.getTime() + 123_456_789, Date.UTC(2027, 2, 28, 1, 59, 59, 999)]) {
      expect(isoString(ms)).toBe(new Date(ms).toISOString());
    }
  });
});

describe('the benchmark tier generator', () => {
  const NOMINAL = { reps: 1_000, activities: 5_000_000 };

  it('spreads exactly the asked activities, the first representative the heaviest, the second typical', () => {
    const counts = activitiesPerRep(NOMINAL.reps, NOMINAL.activities, 3);
    expect(counts).toEqual(activitiesPerRep(NOMINAL.reps, NOMINAL.activities, 3));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(NOMINAL.activities);
    const mean = NOMINAL.activities / NOMINAL.reps;
    const heaviest = counts[HEAVIEST_BENCH_REP - 1] ?? 0;
    expect(heaviest).toBe(Math.max(...counts));
    expect(heaviest / mean).toBeGreaterThan(3.5);
    expect(heaviest / mean).toBeLessThan(4.5);
    const typical = (counts[TYPICAL_BENCH_REP - 1] ?? 0) / mean;
    expect(typical).toBeGreaterThan(0.85);
    expect(typical).toBeLessThan(1.15);
    expect(counts.filter((count) => count > 3 * mean).length).toBeGreaterThanOrEqual(NOMINAL.reps * 0.02);
    expect(Math.min(...counts) / mean).toBeGreaterThan(0.35);
    expect(activitiesPerRep(20, 100_000).reduce((a, b) => a + b, 0)).toBe(100_000);
  });

  it('gives the heaviest representative of the nominal tier more than 100 pages of 50 done activities', () => {
    const count = activitiesPerRep(NOMINAL.reps, NOMINAL.activities)[0] ?? 0;
    const now = NOW;
    const rows = [
      ...generateTierActivities({
        owners: [{ id: 'heaviest', approverId: 'manager', products: PRODUCTS.slice(0, 3) }],
        counts: [count],
        channels: CHANNELS,
        doctors: DOCTORS,
        now,
      }),
    ].flatMap((batch) => batch.activities);
    expect(rows).toHaveLength(count);
    expect(rows.filter((activity) => activity.done === 1).length).toBeGreaterThanOrEqual(5_000);
    const nowIso = now.toISOString();
    const future = rows.filter((activity) => activity.start_at > nowIso);
    expect(future.filter((activity) => activity.done === 1)).toEqual([]);
    expect(future.some((activity) => activity.approval_status === 'waiting_approval')).toBe(true);
    const [first] = planningDays(now, -TIER_DAYS.past, -TIER_DAYS.past);
    const [last] = planningDays(now, TIER_DAYS.future, TIER_DAYS.future);
    for (const activity of rows) {
      expect(Date.parse(activity.start_at)).toBeGreaterThanOrEqual(first?.midnight ?? Infinity);
      expect(Date.parse(activity.start_at)).toBeLessThan(last?.nextMidnight ?? -Infinity);
    }
  });

  it('streams owner after owner in batches, with products and every channel', () => {
    const owners = Array.from({ length: 5 }, (_, index) => ({
      id: `rep-${index}`,
      approverId: 'manager',
      products: PRODUCTS.slice(index, index + 2),
    }));
    const counts = activitiesPerRep(5, 20_000);
    const batches = [
      ...generateTierActivities({ owners, counts, channels: CHANNELS, doctors: DOCTORS, now: NOW, batchSize: 3_000 }),
    ];
    const rows = batches.flatMap((batch) => batch.activities);
    expect(rows).toHaveLength(20_000);
    expect(batches.length).toBeGreaterThan(5);
    expect(owners.map((owner) => rows.filter((row) => row.owner_id === owner.id).length)).toEqual(counts);
    expect(new Set(rows.map((row) => row.channel_id))).toEqual(new Set(CHANNELS.map((channel) => channel.id)));
    const withProducts = new Set(batches.flatMap((batch) => batch.activityProducts.map((row) => row.activity_id)));
    expect(rows.filter((row) => !isTimeOff(row) && !withProducts.has(row.id))).toEqual([]);
    const without = [
      ...generateTierActivities({
        owners,
        counts,
        channels: CHANNELS,
        doctors: DOCTORS,
        now: NOW,
        withProducts: false,
      }),
    ];
    expect(without.flatMap((batch) => batch.activityProducts)).toEqual([]);
  });
});

describe.each(engines())('the demo activities on %s', (engine) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    if (engine === 'sqlite') {
      expect(await seedDemoDataIfEmpty(database.db)).toBe(true);
      return;
    }
    // Two processes start together on an empty PostgreSQL database: one seeds, the other finds its users.
    const other = database.openAnother();
    try {
      const seeded = await Promise.all([seedDemoDataIfEmpty(database.db), seedDemoDataIfEmpty(other.db)]);
      expect(seeded.sort()).toEqual([false, true]);
    } finally {
      await other.close();
    }
  });
  afterAll(() => database.close());

  it('creates the active demo products and gives each demo account 2 to 4 of them', async () => {
    const products = await database.db.selectFrom('products').select(['name', 'active', 'description']).execute();
    expect(products.map((product) => product.name).sort()).toEqual(DEMO_PRODUCTS.map((p) => p.name).sort());
    expect(products.every((product) => product.active === 1 && product.description !== null)).toBe(true);
    const assigned = await database.db
      .selectFrom('users')
      .leftJoin('user_products', 'user_products.user_id', 'users.id')
      .select(['users.email', (eb) => eb.fn.count<number>('user_products.product_id').as('count')])
      .groupBy('users.email')
      .execute();
    expect(assigned).toHaveLength(DEMO_ACCOUNTS.length);
    for (const row of assigned) {
      expect(row.count).toBeGreaterThanOrEqual(2);
      expect(row.count).toBeLessThanOrEqual(4);
    }
  });

  it('gives the demo reps a plan in the current quarter and the next, targeting the doctors they visit', async () => {
    const today = parisDate(new Date().toISOString());
    const plans = await database.db
      .selectFrom('cycle_plans as p')
      .innerJoin('cycles as c', 'c.id', 'p.cycle_id')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select(['u.email', 'c.start_date', 'c.end_date'])
      .select((eb) =>
        eb
          .selectFrom('cycle_plan_goals as g')
          .select(sql<number>`count(distinct g.doctor_id)`.as('n'))
          .whereRef('g.plan_id', '=', 'p.id')
          .as('targets'),
      )
      .orderBy('u.email')
      .orderBy('c.start_date')
      .execute();
    expect(plans.map((plan) => [plan.email, Number(plan.targets)])).toEqual([
      ['reader@demo-crm.fr', 60],
      ['reader@demo-crm.fr', 60],
      ['rep@demo-crm.fr', 60],
      ['rep@demo-crm.fr', 60],
    ]);
    expect(plans[0]?.start_date.localeCompare(today)).toBeLessThanOrEqual(0);
    expect(plans[0]?.end_date.localeCompare(today)).toBeGreaterThanOrEqual(0);
  });

  it('gives every demo account activities today, and the manager pending approvals', async () => {
    const today = new Date();
    const rows = await database.db
      .selectFrom('activities')
      .innerJoin('users', 'users.id', 'activities.owner_id')
      .select(['users.email', 'activities.start_at'])
      .execute();
    for (const account of DEMO_ACCOUNTS) {
      const own = rows.filter((row) => row.email === account.email);
      expect(own.length).toBeGreaterThan(1_000);
      expect(own.filter((row) => parisDate(row.start_at) === parisDate(today.toISOString())).length).toBeGreaterThan(2);
    }
    const pending = await database.db
      .selectFrom('activities')
      .innerJoin('users', 'users.id', 'activities.owner_id')
      .innerJoin('users as managers', 'managers.id', 'users.manager_id')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('managers.email', '=', 'manager@demo-crm.fr')
      .where('activities.approval_status', '=', 'waiting_approval')
      .executeTakeFirstOrThrow();
    expect(pending.count).toBeGreaterThan(2);
  });

  it("visits the directory's doctors at their primary office, with the owner's products", async () => {
    const mismatched = await sql<{ id: string }>`
      select a.id from activities a
      left join doctors d on d.id = a.doctor_id
      left join doctor_offices l on l.doctor_id = a.doctor_id and l.is_primary = 1
      where a.doctor_id is not null
        and (d.id is null or (a.office_id is not null and a.office_id <> l.office_id))`.execute(database.db);
    expect(mismatched.rows).toEqual([]);
    const foreign = await sql<{ activity_id: string }>`
      select p.activity_id from activity_products p
      join activities a on a.id = p.activity_id
      left join user_products u on u.user_id = a.owner_id and u.product_id = p.product_id
      where u.product_id is null`.execute(database.db);
    expect(foreign.rows).toEqual([]);
    const visits = await database.db
      .selectFrom('activities')
      .innerJoin('channels', 'channels.id', 'activities.channel_id')
      .select((eb) => [
        eb.fn.countAll<number>().as('visits'),
        eb.fn.count<number>('activities.office_id').as('located'),
      ])
      .where('channels.name', '=', 'Face to face')
      .executeTakeFirstOrThrow();
    expect(visits.located / visits.visits).toBeGreaterThan(0.9);
  });

  it('gives a good share of the doctors with an e-mail a consent campaigns can use, in chains that verify', async () => {
    const verification = await verifyConsentChains(database.db);
    expect(verification.mismatches).toEqual([]);
    expect(verification.doctors).toBeGreaterThan(400);
    const service = new ConsentsService({
      db: database.db,
      consents: new ConsentsRepository(),
      doctors: new DoctorsRepository(),
      keys: new IdempotencyKeysRepository(),
      logs: new LogsRepository(systemClock),
      clock: systemClock,
    });
    const rep = await database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'rep@demo-crm.fr')
      .executeTakeFirstOrThrow();
    const auth = { sessionId: 'demo', user: { id: rep.id } } as AuthContext;
    for (const choice of ['professional', 'congress', 'general'] as const) {
      const eligible = await service.eligibleDoctors(auth, { choice, search: '', page: 1, limit: 10 });
      expect(eligible.total).toBeGreaterThan(100);
    }
    const withdrawn = await database.db
      .selectFrom('consent_records')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('kind', '=', 'withdrawal')
      .executeTakeFirstOrThrow();
    expect(withdrawn.count).toBeGreaterThan(20);
  });

  it('gives some doctors benefits and conventions the ledger rules accept', async () => {
    const benefits = await database.db
      .selectFrom('transparency_benefits')
      .select(['doctor_id', 'nature', 'amount_cents', 'benefit_date', 'convention_id'])
      .orderBy('benefit_date')
      .execute();
    const conventions = await database.db
      .selectFrom('transparency_conventions')
      .select(['id', 'regime', 'status'])
      .execute();
    expect(new Set(benefits.map((row) => row.doctor_id)).size).toBeGreaterThan(200);
    expect(new Set(conventions.map((row) => row.regime))).toEqual(new Set(['declaration', 'authorisation']));
    const given = new Map<string, LedgerEntry[]>();
    for (const row of benefits) {
      const entry = {
        nature: row.nature,
        amountCents: row.amount_cents,
        date: row.benefit_date,
        conventionId: row.convention_id,
      };
      const before = given.get(row.doctor_id) ?? [];
      expect(negligibleValueRefusal(entry, before)).toBeNull();
      given.set(row.doctor_id, [...before, entry]);
      const convention = conventions.find((c) => c.id === row.convention_id);
      if (row.convention_id !== null)
        expect(convention && conventionInForce(convention.regime, convention.status)).toBe(true);
    }
  });
});
