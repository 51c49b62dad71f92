import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type {
  CycleChannelsTable,
  CyclePlanGoalsTable,
  CyclePlansTable,
  CyclesTable,
  Database,
} from '#server/db/schema.ts';

export type CycleSummaryRow = CyclesTable & { plans: number | string };
export type CycleChannelRow = CycleChannelsTable & { name: string; color: string };
export type PlanGoalRow = CyclePlanGoalsTable & { first_name: string | null; last_name: string | null };
/** SUMs come back as text from PostgreSQL (bigint): the mapper reads them as numbers. */
export type TallyRow = {
  owner_id: string;
  doctor_id: string;
  channel_id: string;
  done: number | string;
  scheduled: number | string;
};
export type UserPlanRow = CyclesTable & { plan_id: string };
export type DoctorNameRow = {
  id: string;
  first_name: string;
  last_name: string;
  last_name_norm: string;
  first_name_norm: string;
};

/** What a tally reads: a rep's activities starting in [from, to), done before closesAt, scheduled from now. */
export type TallyWindow = { from: string; to: string; closesAt: string; now: string };

/** Rows per INSERT of goals: well under SQLite's limit of bound values at five columns a row. */
const GOALS_BATCH = 1000;

/** Plans of cycle `c` with at least one target. */
const planCount = (eb: ExpressionBuilder<Database & { c: CyclesTable }, 'c'>) =>
  eb
    .selectFrom('cycle_plans as p')
    .select(sql<number>`count(*)`.as('n'))
    .whereRef('p.cycle_id', '=', 'c.id')
    .where((inner) =>
      inner.exists(inner.selectFrom('cycle_plan_goals as g').select('g.plan_id').whereRef('g.plan_id', '=', 'p.id')),
    )
    .as('plans');

export class CyclesRepository {
  /** Every cycle, latest start first, with its number of plans. */
  listCycles(db: Db): Promise<CycleSummaryRow[]> {
    return db
      .selectFrom('cycles as c')
      .selectAll('c')
      .select(planCount)
      .orderBy('c.start_date', 'desc')
      .orderBy('c.id')
      .$castTo<CycleSummaryRow>()
      .execute();
  }

  findCycle(db: Db, id: string): Promise<CyclesTable | undefined> {
    return db.selectFrom('cycles').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The channels the cycles count, with their names and colours, in each cycle's order. */
  cycleChannels(db: Db, cycleIds: readonly string[]): Promise<CycleChannelRow[]> {
    if (cycleIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('cycle_channels as cc')
      .innerJoin('channels as ch', 'ch.id', 'cc.channel_id')
      .selectAll('cc')
      .select(['ch.name', 'ch.color'])
      .where('cc.cycle_id', 'in', cycleIds)
      .orderBy('cc.cycle_id')
      .orderBy('cc.position')
      .execute();
  }

  async insertCycle(db: Db, row: CyclesTable): Promise<void> {
    await db.insertInto('cycles').values(row).execute();
  }

  async updateCycle(db: Db, id: string, patch: Partial<CyclesTable>): Promise<void> {
    await db.updateTable('cycles').set(patch).where('id', '=', id).execute();
  }

  async deleteCycleChannels(db: Db, cycleId: string): Promise<void> {
    await db.deleteFrom('cycle_channels').where('cycle_id', '=', cycleId).execute();
  }

  async insertCycleChannels(db: Db, channels: readonly CycleChannelsTable[]): Promise<void> {
    if (channels.length === 0) return;
    await db
      .insertInto('cycle_channels')
      .values([...channels])
      .execute();
  }

  /** Which of these ids are channels (active or not). */
  async existingChannelIds(db: Db, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await db.selectFrom('channels').select('id').where('id', 'in', ids).execute();
    return rows.map((row) => row.id);
  }

  findPlan(db: Db, cycleId: string, userId: string): Promise<CyclePlansTable | undefined> {
    return db
      .selectFrom('cycle_plans')
      .selectAll()
      .where('cycle_id', '=', cycleId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** The plans of these reps in the cycle. */
  plansOf(db: Db, cycleId: string, userIds: readonly string[]): Promise<CyclePlansTable[]> {
    if (userIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('cycle_plans')
      .selectAll()
      .where('cycle_id', '=', cycleId)
      .where('user_id', 'in', userIds)
      .execute();
  }

  /** Creates the rep's plan in the cycle unless it exists (two writers at once end with the same one). */
  async insertPlanIfMissing(db: Db, row: CyclePlansTable): Promise<void> {
    await db
      .insertInto('cycle_plans')
      .values(row)
      .onConflict((oc) => oc.columns(['cycle_id', 'user_id']).doNothing())
      .execute();
  }

  async touchPlans(db: Db, planIds: readonly string[], at: string): Promise<void> {
    if (planIds.length === 0) return;
    await db.updateTable('cycle_plans').set({ updated_at: at }).where('id', 'in', planIds).execute();
  }

  /** Every cycle in which the rep has a plan with at least one target, with the plan's id. */
  cyclesWithPlanOf(db: Db, userId: string): Promise<UserPlanRow[]> {
    return db
      .selectFrom('cycle_plans as p')
      .innerJoin('cycles as c', 'c.id', 'p.cycle_id')
      .selectAll('c')
      .select('p.id as plan_id')
      .where('p.user_id', '=', userId)
      .where((eb) =>
        eb.exists(eb.selectFrom('cycle_plan_goals as g').select('g.plan_id').whereRef('g.plan_id', '=', 'p.id')),
      )
      .orderBy('c.start_date', 'desc')
      .execute();
  }

  /**
   * The goals of the plans, with each doctor's names (null for a doctor since removed from the directory), by
   * doctor name; `doctorIds` keeps those doctors only.
   */
  planGoals(db: Db, planIds: readonly string[], doctorIds: readonly string[] | null = null): Promise<PlanGoalRow[]> {
    if (planIds.length === 0 || doctorIds?.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('cycle_plan_goals as g')
      .leftJoin('doctors as d', 'd.id', 'g.doctor_id')
      .selectAll('g')
      .select(['d.first_name', 'd.last_name'])
      .where('g.plan_id', 'in', planIds)
      .$if(doctorIds !== null, (qb) => qb.where('g.doctor_id', 'in', doctorIds ?? []))
      .orderBy('d.last_name')
      .orderBy('d.first_name')
      .orderBy('g.doctor_id')
      .orderBy('g.channel_id')
      .execute();
  }

  /** The goals of the plans alone, in key order: what counts need, without the names. */
  goalsOf(db: Db, planIds: readonly string[]): Promise<CyclePlanGoalsTable[]> {
    if (planIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('cycle_plan_goals')
      .selectAll()
      .where('plan_id', 'in', planIds)
      .orderBy('plan_id')
      .orderBy('doctor_id')
      .orderBy('channel_id')
      .execute();
  }

  /** The names of these doctors (those still in the directory), with the search's forms that sort them. */
  doctorNames(db: Db, ids: readonly string[]): Promise<DoctorNameRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('doctors')
      .select(['id', 'first_name', 'last_name', 'last_name_norm', 'first_name_norm'])
      .where('id', 'in', ids)
      .execute();
  }

  /** Sets goals: a new doctor and channel is added, an existing one gets the new goal and cap. */
  async upsertGoals(db: Db, rows: readonly CyclePlanGoalsTable[]): Promise<void> {
    for (let start = 0; start < rows.length; start += GOALS_BATCH) {
      await db
        .insertInto('cycle_plan_goals')
        .values(rows.slice(start, start + GOALS_BATCH))
        .onConflict((oc) =>
          oc.columns(['plan_id', 'doctor_id', 'channel_id']).doUpdateSet((eb) => ({
            goal: eb.ref('excluded.goal'),
            cap: eb.ref('excluded.cap'),
          })),
        )
        .execute();
    }
  }

  async deleteTargets(db: Db, planId: string, doctorIds: readonly string[]): Promise<void> {
    if (doctorIds.length === 0) return;
    await db.deleteFrom('cycle_plan_goals').where('plan_id', '=', planId).where('doctor_id', 'in', doctorIds).execute();
  }

  /**
   * The reps' activities with a doctor through the cycle's channels, started in the window, per rep, doctor and
   * channel: how many count as done and how many are scheduled (the rule of `activityTally`, in SQL). Read from
   * activities_owner_start_counts_idx alone.
   */
  tallies(
    db: Db,
    ownerIds: readonly string[],
    window: TallyWindow,
    channelIds: readonly string[],
    doctorIds: readonly string[] | null = null,
  ): Promise<TallyRow[]> {
    if (ownerIds.length === 0 || channelIds.length === 0 || doctorIds?.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('activities')
      .select(['owner_id', 'channel_id'])
      .select(sql<string>`doctor_id`.as('doctor_id'))
      .select(sql<number>`sum(case when done = 1 and done_at < ${window.closesAt} then 1 else 0 end)`.as('done'))
      .select(sql<number>`sum(case when done = 0 and start_at >= ${window.now} then 1 else 0 end)`.as('scheduled'))
      .where('owner_id', 'in', ownerIds)
      .where('start_at', '>=', window.from)
      .where('start_at', '<', window.to)
      .where('doctor_id', 'is not', null)
      .where('channel_id', 'in', channelIds)
      .$if(doctorIds !== null, (qb) => qb.where('doctor_id', 'in', doctorIds ?? []))
      .groupBy(['owner_id', 'doctor_id', 'channel_id'])
      .execute();
  }

  /**
   * The doctors each rep gave one of these targets (their per-user target, or potential target too): a segment
   * of the existing per-user targets.
   */
  segmentDoctors(
    db: Db,
    userIds: readonly string[],
    targets: readonly string[],
    includePotential: boolean,
  ): Promise<{ user_id: string; doctor_id: string }[]> {
    if (userIds.length === 0 || targets.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('doctor_user_data as u')
      .innerJoin('doctors as d', 'd.id', 'u.doctor_id')
      .select(['u.user_id', 'u.doctor_id'])
      .where('u.user_id', 'in', userIds)
      .where((eb) =>
        includePotential
          ? eb.or([eb('u.target', 'in', targets), eb('u.potential_target', 'in', targets)])
          : eb('u.target', 'in', targets),
      )
      .orderBy('u.user_id')
      .orderBy('u.doctor_id')
      .execute();
  }

  /** Users not deleted by these e-mails (lower case), for an import. */
  usersByEmail(db: Db, emails: readonly string[]): Promise<{ id: string; email: string }[]> {
    if (emails.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('email', 'in', emails)
      .where('deleted_at', 'is', null)
      .execute();
  }

  /** Doctors by RPPS, for an import. */
  doctorsByRpps(db: Db, rpps: readonly string[]): Promise<{ id: string; rpps: string }[]> {
    if (rpps.length === 0) return Promise.resolve([]);
    return db.selectFrom('doctors').select(['id', 'rpps']).where('rpps', 'in', rpps).execute();
  }

  /** Which of these ids are doctors of the directory. */
  async existingDoctorIds(db: Db, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await db.selectFrom('doctors').select('id').where('id', 'in', ids).execute();
    return rows.map((row) => row.id);
  }
}
