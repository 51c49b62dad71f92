import {
  CALENDAR_MEMORY_WINDOW_MONTHS,
  type CurrentPlanResult,
  type Cycle,
  type CycleInput,
  type CycleList,
  type CycleUpdate,
  cycleSpanError,
  cycleStatus,
  cycleWindow,
  type GoalEditor,
  goalEditRefusal,
  IMPORT_REPORT_LINES,
  type Language,
  parisDay,
  planCounts,
  type PlanImportInput,
  type PlanImportResult,
  type PlanTargetCountsResult,
  type PlanTargetGoals,
  type PlanTargetsUpdate,
  type PlanView,
  type SegmentGoalsInput,
  type SegmentGoalsResult,
  type SyncPlansResult,
  type Tally,
  TEAM_BEHIND_SHOWN,
  type TeamQuery,
  type TeamResult,
} from '@crm/shared';
import { requireAdmin, requireSignedIn } from '#server/core/access.ts';
import { AppError, validationError } from '#server/core/app-error.ts';
import type { Clock } from '#server/core/clock.ts';
import type { Db } from '#server/db/database.ts';
import { newId } from '#server/db/ids.ts';
import type { CyclePlanGoalsTable, CyclesTable } from '#server/db/schema.ts';
import { translate } from '#server/http/i18n.ts';
import type { AuthContext } from '#server/modules/auth/auth.service.ts';
import type { DoctorsRepository } from '#server/modules/doctors/doctors.repository.ts';
import { auditUser, changedFields } from '#server/modules/logs/audit.ts';
import type { LogsRepository } from '#server/modules/logs/logs.repository.ts';
import type { UsersRepository } from '#server/modules/users/users.repository.ts';
import { doctorNameOf, toCycle, toTallies, toTargetsByPlan, userName } from './cycles.mapper.ts';
import type { CyclesRepository, DoctorNameRow, UserPlanRow } from './cycles.repository.ts';
import { type GoalLine, type LineFault, readGoalsFile } from './goals-file.ts';

type CyclesServiceDeps = {
  db: Db;
  cycles: CyclesRepository;
  users: UsersRepository;
  doctors: DoctorsRepository;
  logs: LogsRepository;
  clock: Clock;
};

type PlanUser = { id: string; name: string; email: string; managerId: string | null };
type GoalsSource = 'hand' | 'segment' | 'import';

/** Names and ids looked up per statement in an import: well under each engine's limit of bound values. */
const LOOKUP_BATCH = 1000;

const cycleNotFound = () => new AppError('NOT_FOUND', {}, { messageKey: 'cycles.notFound' });
const userNotFound = () => new AppError('NOT_FOUND', {}, { messageKey: 'cycles.userNotFound' });

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));

/** The goals of some targets, as the audit log keeps them: per doctor, per channel. */
const auditedGoals = (targets: readonly PlanTargetGoals[]) =>
  Object.fromEntries(
    targets.map((target) => [
      target.doctorId,
      Object.fromEntries(target.goals.map((goal) => [goal.channelId, { goal: goal.goal, cap: goal.cap }])),
    ]),
  );

/**
 * Cycle plans (issue 33, decision 0058). Everyone reads the cycles; administrators create them and set goals
 * by hand, by segment or by import; a manager reads their managees' plans and adjusts them while the cycle is
 * planned; a rep reads their own, and adjusts their targets' goals when the cycle allows. Counts are computed
 * from the activities on every read.
 */
export class CyclesService {
  constructor(private readonly deps: CyclesServiceDeps) {}

  async list(auth: AuthContext): Promise<CycleList> {
    requireSignedIn(auth);
    const rows = await this.deps.cycles.listCycles(this.deps.db);
    const cycles = await this.toCycles(this.deps.db, rows);
    return { cycles: cycles.map((cycle, index) => ({ ...cycle, plans: Number(rows[index]?.plans ?? 0) })) };
  }

  async create(auth: AuthContext, input: CycleInput): Promise<Cycle> {
    requireAdmin(auth);
    const now = this.deps.clock.now().toISOString();
    const id = newId();
    return this.deps.db.transaction().execute(async (trx) => {
      await this.requireChannels(trx, input.channels);
      await this.deps.cycles.insertCycle(trx, {
        id,
        name: input.name,
        start_date: input.startDate,
        end_date: input.endDate,
        grace_period_days: input.gracePeriodDays,
        over_threshold_percent: input.overThresholdPercent,
        under_threshold_percent: input.underThresholdPercent,
        reps_may_edit_goals: input.repsMayEditGoals ? 1 : 0,
        created_by: auth.user.id,
        created_at: now,
        updated_at: now,
      });
      await this.writeChannels(trx, id, input.channels);
      const created = await this.requireCycle(trx, id);
      await this.deps.logs.record(trx, {
        action: 'create',
        entityType: 'cycle',
        entityId: id,
        metadata: { name: created.name, startDate: created.startDate, endDate: created.endDate },
        changes: { previous: null, new: auditedCycle(created) },
        user: auditUser(auth),
      });
      return created;
    });
  }

  /**
   * Changes a cycle that is not completed. Its first day cannot move once it has started: the counts so far
   * would change under the reps' feet.
   */
  async update(auth: AuthContext, id: string, update: CycleUpdate): Promise<Cycle> {
    requireAdmin(auth);
    const now = this.deps.clock.now();
    return this.deps.db.transaction().execute(async (trx) => {
      const before = await this.requireCycle(trx, id);
      if (before.status === 'completed') throw new AppError('CONFLICT', {}, { messageKey: 'cycles.completed' });
      if (before.status !== 'planned' && update.startDate !== undefined && update.startDate !== before.startDate) {
        throw new AppError('CONFLICT', {}, { messageKey: 'cycles.datesOfStartedCycle' });
      }
      const merged = { startDate: update.startDate ?? before.startDate, endDate: update.endDate ?? before.endDate };
      const spanError = cycleSpanError(merged);
      if (spanError) throw validationError({ endDate: spanError });
      if (update.channels) await this.requireChannels(trx, update.channels);
      const patch: Partial<CyclesTable> = {
        ...(update.name !== undefined && { name: update.name }),
        start_date: merged.startDate,
        end_date: merged.endDate,
        ...(update.gracePeriodDays !== undefined && { grace_period_days: update.gracePeriodDays }),
        ...(update.overThresholdPercent !== undefined && { over_threshold_percent: update.overThresholdPercent }),
        ...(update.underThresholdPercent !== undefined && {
          under_threshold_percent: update.underThresholdPercent,
        }),
        ...(update.repsMayEditGoals !== undefined && { reps_may_edit_goals: update.repsMayEditGoals ? 1 : 0 }),
        updated_at: now.toISOString(),
      };
      await this.deps.cycles.updateCycle(trx, id, patch);
      if (update.channels) {
        await this.deps.cycles.deleteCycleChannels(trx, id);
        await this.writeChannels(trx, id, update.channels);
      }
      const after = await this.requireCycle(trx, id);
      await this.deps.logs.record(trx, {
        action: 'update',
        entityType: 'cycle',
        entityId: id,
        metadata: { name: after.name },
        changes: changedFields(auditedCycle(before), auditedCycle(after)),
        user: auditUser(auth),
      });
      return after;
    });
  }

  /** The caller's plan in the current cycle, with its counts; null when they have none. */
  async currentPlan(auth: AuthContext): Promise<CurrentPlanResult> {
    requireSignedIn(auth);
    const now = this.deps.clock.now();
    const current = await this.currentPlanRow(auth.user.id, now);
    if (!current) return { plan: null };
    const cycle = await this.requireCycle(this.deps.db, current.id);
    const user = await this.requireUser(this.deps.db, auth.user.id);
    return { plan: await this.planView(this.deps.db, auth, cycle, user, current.plan_id, now) };
  }

  /** "2 of 4 visits this cycle": the counts of those of these doctors that are targets of the caller's plan. */
  async currentTargets(auth: AuthContext, doctorIds: readonly string[]): Promise<PlanTargetCountsResult> {
    requireSignedIn(auth);
    const now = this.deps.clock.now();
    const current = await this.currentPlanRow(auth.user.id, now);
    if (!current) return { cycle: null, elapsedShare: 0, targets: [] };
    const { db } = this.deps;
    const cycle = await this.requireCycle(db, current.id);
    const ids = [...new Set(doctorIds.map((id) => id.toLowerCase()))];
    const targets = toTargetsByPlan(await this.deps.cycles.planGoals(db, [current.plan_id], ids)).get(current.plan_id);
    if (!targets) return { cycle, elapsedShare: planCounts(cycle, [], [], now).elapsedShare, targets: [] };
    const tallies = await this.tallies(
      db,
      [auth.user.id],
      cycle,
      now,
      targets.map((target) => target.doctorId),
    );
    const counts = planCounts(cycle, targets, tallies.get(auth.user.id) ?? [], now);
    return { cycle, elapsedShare: counts.elapsedShare, targets: counts.targets };
  }

  /** A rep's plan: their own, a managee's (read only unless the cycle is planned), or anyone's for an admin. */
  async plan(auth: AuthContext, cycleId: string, userId: string): Promise<PlanView> {
    requireSignedIn(auth);
    const { db } = this.deps;
    const user = await this.requireUser(db, userId);
    if (editorOf(auth, user) === null) {
      throw new AppError('FORBIDDEN', {}, { messageKey: 'cycles.notManager' });
    }
    const cycle = await this.requireCycle(db, cycleId);
    const plan = await this.deps.cycles.findPlan(db, cycle.id, user.id);
    return this.planView(db, auth, cycle, user, plan?.id ?? null, this.deps.clock.now());
  }

  /**
   * A manager's team in a cycle: each managee's attainment and the targets falling behind. An administrator may
   * name another manager.
   */
  async team(auth: AuthContext, cycleId: string, query: TeamQuery): Promise<TeamResult> {
    requireSignedIn(auth);
    const managerId = query.managerId?.toLowerCase() ?? auth.user.id;
    if (managerId !== auth.user.id && !auth.user.isAdmin) throw new AppError('FORBIDDEN');
    const { db } = this.deps;
    const now = this.deps.clock.now();
    const cycle = await this.requireCycle(db, cycleId);
    const managees = await this.deps.users.findManagees(db, managerId);
    const userIds = managees.map((managee) => managee.id);
    const plans = await this.deps.cycles.plansOf(db, cycle.id, userIds);
    const [goals, tallies] = await Promise.all([
      this.deps.cycles.goalsOf(
        db,
        plans.map((plan) => plan.id),
      ),
      this.tallies(db, userIds, cycle, now, null),
    ]);
    const targetsByPlan = toTargetsByPlan(goals);
    const planOf = new Map(plans.map((plan) => [plan.user_id, plan.id]));
    let share = 0;
    const members = managees.map((managee) => {
      const planId = planOf.get(managee.id);
      const targets = (planId && targetsByPlan.get(planId)) || [];
      const counts = planCounts(cycle, targets, tallies.get(managee.id) ?? [], now);
      share = counts.elapsedShare;
      const behind = counts.targets
        .filter((target) => target.pace === 'behind')
        .sort((a, b) => (a.attainment ?? 0) - (b.attainment ?? 0));
      return {
        userId: managee.id,
        name: userName(managee),
        hasPlan: targets.length > 0,
        targets: targets.length,
        attainment: counts.attainment,
        pace: counts.pace,
        totals: counts.totals,
        behindCount: behind.length,
        behind: behind.slice(0, TEAM_BEHIND_SHOWN),
      };
    });
    if (members.length === 0) share = planCounts(cycle, [], [], now).elapsedShare;
    // Names only for the targets shown: a team's plans hold thousands of doctors.
    const shown = [...new Set(members.flatMap((member) => member.behind.map((target) => target.doctorId)))];
    const names = new Map((await this.deps.cycles.doctorNames(db, shown)).map((row) => [row.id, doctorNameOf(row)]));
    for (const member of members) {
      for (const target of member.behind) target.doctorName = names.get(target.doctorId) ?? null;
    }
    return {
      cycle,
      elapsedShare: share,
      expectedAttainment: Math.round(share * 100),
      members,
      computedAt: now.toISOString(),
    };
  }

  /**
   * Sets the goals of the targets given and removes the doctors named from the rep's plan: an administrator
   * until the cycle is completed, the rep's manager while it is planned, the rep on their own targets when the
   * cycle allows. One audit entry per kind of change.
   */
  async setTargets(auth: AuthContext, cycleId: string, userId: string, update: PlanTargetsUpdate): Promise<PlanView> {
    requireSignedIn(auth);
    const { db } = this.deps;
    const now = this.deps.clock.now();
    const user = await this.requireUser(db, userId);
    const editor = editorOf(auth, user);
    if (editor === null) throw new AppError('FORBIDDEN', {}, { messageKey: 'cycles.notManager' });
    return db.transaction().execute(async (trx) => {
      const cycle = await this.requireCycle(trx, cycleId);
      requireGoalEdit(editor, cycle);
      const channelIds = new Set(cycle.channels.map((channel) => channel.channelId));
      const errors: Record<string, string> = {};
      update.targets.forEach((target, index) =>
        target.goals.forEach((goal, goalIndex) => {
          if (!channelIds.has(goal.channelId.toLowerCase())) {
            errors[`targets.${index}.goals.${goalIndex}.channelId`] = 'cycles.channelNotInCycle';
          }
        }),
      );
      const doctorIds = await Promise.all(
        update.targets.map((target) => this.deps.doctors.canonicalId(trx, target.doctorId.toLowerCase())),
      );
      const known = new Set(await this.deps.cycles.existingDoctorIds(trx, doctorIds));
      doctorIds.forEach((id, index) => {
        if (!known.has(id)) errors[`targets.${index}.doctorId`] = 'cycles.doctorNotFound';
      });
      if (Object.keys(errors).length > 0) throw validationError(errors);

      const existing = await this.deps.cycles.findPlan(trx, cycle.id, user.id);
      const before = existing
        ? (toTargetsByPlan(await this.deps.cycles.goalsOf(trx, [existing.id])).get(existing.id) ?? [])
        : [];
      const inPlan = new Set(before.map((target) => target.doctorId));
      const removed = [...new Set(update.removeDoctorIds.map((id) => id.toLowerCase()))].filter((id) => inPlan.has(id));
      if (editor === 'owner' && (update.removeDoctorIds.length > 0 || doctorIds.some((id) => !inPlan.has(id)))) {
        throw new AppError('FORBIDDEN', {}, { messageKey: 'cycles.notInPlan' });
      }
      const planId = await this.ensurePlan(trx, cycle.id, user.id, now);
      const rows = update.targets.flatMap((target, index) =>
        target.goals.map((goal) => ({
          plan_id: planId,
          doctor_id: doctorIds[index] ?? target.doctorId,
          channel_id: goal.channelId.toLowerCase(),
          goal: goal.goal,
          cap: goal.cap,
        })),
      );
      await this.deps.cycles.upsertGoals(trx, rows);
      await this.deps.cycles.deleteTargets(trx, planId, removed);
      await this.deps.cycles.touchPlans(trx, [planId], now.toISOString());
      const after = toTargetsByPlan(await this.deps.cycles.goalsOf(trx, [planId])).get(planId) ?? [];
      if (rows.length > 0) {
        const touched = new Set(rows.map((row) => row.doctor_id));
        await this.recordGoals(
          trx,
          auth,
          { cycle, user, planId, source: 'hand' },
          {
            before: before.filter((target) => touched.has(target.doctorId)),
            after: after.filter((target) => touched.has(target.doctorId)),
          },
        );
      }
      if (removed.length > 0) {
        const gone = new Set(removed);
        await this.deps.logs.record(trx, {
          action: 'remove_targets',
          entityType: 'cycle_plan',
          entityId: planId,
          metadata: planMetadata(cycle, user, { doctors: removed.length }),
          changes: { previous: auditedGoals(before.filter((target) => gone.has(target.doctorId))), new: null },
          user: auditUser(auth),
        });
      }
      return this.planView(trx, auth, cycle, user, planId, now);
    });
  }

  /**
   * Every doctor each rep gave one of the targets named (their per-user target, or potential target too) gets
   * the goals given, in each rep's plan.
   */
  async setSegmentGoals(auth: AuthContext, cycleId: string, input: SegmentGoalsInput): Promise<SegmentGoalsResult> {
    requireAdmin(auth);
    const { db } = this.deps;
    const now = this.deps.clock.now();
    return db.transaction().execute(async (trx) => {
      const cycle = await this.requireCycle(trx, cycleId);
      requireGoalEdit('admin', cycle);
      const channelIds = new Set(cycle.channels.map((channel) => channel.channelId));
      const errors: Record<string, string> = {};
      input.goals.forEach((goal, index) => {
        if (!channelIds.has(goal.channelId.toLowerCase()))
          errors[`goals.${index}.channelId`] = 'cycles.channelNotInCycle';
      });
      const userIds = [...new Set(input.userIds.map((id) => id.toLowerCase()))];
      const users = await this.deps.users.findActiveByIds(trx, userIds);
      if (users.length !== userIds.length) errors.userIds = 'cycles.userNotFound';
      if (Object.keys(errors).length > 0) throw validationError(errors);
      const segment = await this.deps.cycles.segmentDoctors(trx, userIds, input.targets, input.includePotential);
      const plans = [];
      for (const user of users) {
        const doctorIds = segment.filter((row) => row.user_id === user.id).map((row) => row.doctor_id);
        plans.push({ userId: user.id, doctors: doctorIds.length });
        if (doctorIds.length === 0) continue;
        const planUser = { id: user.id, name: userName(user), email: user.email, managerId: user.manager_id };
        await this.writeGoals(trx, auth, cycle, planUser, now, 'segment', {
          doctorIds,
          goals: input.goals,
          metadata: { segment: input.targets, includePotential: input.includePotential },
        });
      }
      return { plans, doctors: plans.reduce((sum, plan) => sum + plan.doctors, 0) };
    });
  }

  /**
   * A CSV of goals: every line checked and reported; without `confirm` nothing is written, with it the valid
   * lines are, in one transaction, one audit entry per plan.
   */
  async importGoals(
    auth: AuthContext,
    cycleId: string,
    input: PlanImportInput,
    language: Language,
  ): Promise<PlanImportResult> {
    requireAdmin(auth);
    const { db } = this.deps;
    const now = this.deps.clock.now();
    const file = readGoalsFile(input.csv);
    if ('header' in file) throw validationError({ csv: file.header });
    const work = async (trx: Db): Promise<PlanImportResult> => {
      const cycle = await this.requireCycle(trx, cycleId);
      requireGoalEdit('admin', cycle);
      const { accepted, faults } = await this.checkLines(trx, cycle, file.lines);
      const allFaults = [...file.faults, ...faults].sort((a, b) => a.line - b.line);
      const byUser = new Map<string, { user: PlanUser; lines: ResolvedLine[] }>();
      for (const line of accepted) {
        const entry = byUser.get(line.user.id) ?? { user: line.user, lines: [] };
        entry.lines.push(line);
        byUser.set(line.user.id, entry);
      }
      if (input.confirm) {
        for (const { user, lines } of byUser.values()) {
          await this.writeGoals(trx, auth, cycle, user, now, 'import', {
            rows: lines.map((line) => ({
              doctor_id: line.doctorId,
              channel_id: line.channelId,
              goal: line.goal,
              cap: line.cap,
            })),
            metadata: { lines: lines.length },
          });
        }
      }
      return {
        confirmed: input.confirm,
        lines: file.read,
        accepted: accepted.length,
        rejected: allFaults.length,
        rejections: allFaults.slice(0, IMPORT_REPORT_LINES).map((fault) => ({
          ...fault,
          message: translate(language, fault.error),
        })),
        plans: byUser.size,
        targets: new Set(accepted.map((line) => `${line.user.id} ${line.doctorId}`)).size,
      };
    };
    // A preview reads only: no transaction to hold the write lock.
    return input.confirm ? db.transaction().execute(work) : work(db);
  }

  /**
   * The caller's plans in cycles in progress, for the device (decision 0058): goals, and the tallies of the
   * activities that started before the calendar window the device keeps.
   */
  async slice(auth: AuthContext): Promise<SyncPlansResult> {
    requireSignedIn(auth);
    const { db } = this.deps;
    const now = this.deps.clock.now();
    const windowStart = new Date(now);
    windowStart.setUTCMonth(windowStart.getUTCMonth() - CALENDAR_MEMORY_WINDOW_MONTHS);
    const until = windowStart.toISOString();
    const rows = (await this.deps.cycles.cyclesWithPlanOf(db, auth.user.id)).filter(
      (row) => statusOfRow(row, now) === 'in_progress',
    );
    const cycles = await Promise.all(rows.map((row) => this.requireCycle(db, row.id)));
    const goals = await this.namedTargets(
      db,
      rows.map((row) => row.plan_id),
    );
    const plans = await Promise.all(
      rows.map(async (row, index) => {
        const cycle = cycles[index];
        if (!cycle) throw cycleNotFound();
        const window = cycleWindow(cycle);
        const before =
          window.from < until
            ? toTallies(
                await this.deps.cycles.tallies(
                  db,
                  [auth.user.id],
                  { ...window, to: window.to < until ? window.to : until, now: now.toISOString() },
                  cycle.channels.map((channel) => channel.channelId),
                ),
              )
            : [];
        return { cycle, targets: goals.get(row.plan_id) ?? [], before: { until, tallies: before } };
      }),
    );
    return { plans };
  }

  /** Checks each line against the database: the rep, the doctor, the cycle's channel, a line seen before. */
  private async checkLines(
    db: Db,
    cycle: Cycle,
    lines: readonly GoalLine[],
  ): Promise<{ accepted: ResolvedLine[]; faults: LineFault[] }> {
    const users = new Map<string, PlanUser>();
    for (const batch of chunks([...new Set(lines.map((line) => line.email))], LOOKUP_BATCH)) {
      for (const row of await this.deps.cycles.usersByEmail(db, batch)) {
        users.set(row.email, { id: row.id, name: row.email, email: row.email, managerId: null });
      }
    }
    const doctors = new Map<string, string>();
    for (const batch of chunks([...new Set(lines.map((line) => line.rpps))], LOOKUP_BATCH)) {
      for (const row of await this.deps.cycles.doctorsByRpps(db, batch)) doctors.set(row.rpps, row.id);
    }
    const channels = new Map(cycle.channels.map((channel) => [channel.name.toLowerCase(), channel.channelId]));
    const seen = new Set<string>();
    const accepted: ResolvedLine[] = [];
    const faults: LineFault[] = [];
    for (const line of lines) {
      const user = users.get(line.email);
      const doctorId = doctors.get(line.rpps);
      const channelId = channels.get(line.channel.toLowerCase());
      const fault = !user
        ? 'cycles.import.unknownUser'
        : !doctorId
          ? 'cycles.import.unknownDoctor'
          : !channelId
            ? 'cycles.import.unknownChannel'
            : null;
      if (fault || !user || !doctorId || !channelId) {
        faults.push({ line: line.line, text: line.text, error: fault ?? 'cycles.import.columns' });
        continue;
      }
      const key = `${user.id} ${doctorId} ${channelId}`;
      if (seen.has(key)) {
        faults.push({ line: line.line, text: line.text, error: 'cycles.import.duplicate' });
        continue;
      }
      seen.add(key);
      accepted.push({ user, doctorId, channelId, goal: line.goal, cap: line.cap });
    }
    return { accepted, faults };
  }

  /** Writes goals into a rep's plan (segment or import) and its audit entry, with the goals before and after. */
  private async writeGoals(
    trx: Db,
    auth: AuthContext,
    cycle: Cycle,
    user: PlanUser,
    now: Date,
    source: GoalsSource,
    what: {
      doctorIds?: readonly string[];
      goals?: SegmentGoalsInput['goals'];
      rows?: Omit<CyclePlanGoalsTable, 'plan_id'>[];
      metadata: Record<string, unknown>;
    },
  ): Promise<void> {
    const planId = await this.ensurePlan(trx, cycle.id, user.id, now);
    const rows: CyclePlanGoalsTable[] = what.rows
      ? what.rows.map((row) => ({ ...row, plan_id: planId }))
      : (what.doctorIds ?? []).flatMap((doctorId) =>
          (what.goals ?? []).map((goal) => ({
            plan_id: planId,
            doctor_id: doctorId,
            channel_id: goal.channelId.toLowerCase(),
            goal: goal.goal,
            cap: goal.cap,
          })),
        );
    const touched = new Set(rows.map((row) => row.doctor_id));
    const before = (toTargetsByPlan(await this.deps.cycles.goalsOf(trx, [planId])).get(planId) ?? []).filter((target) =>
      touched.has(target.doctorId),
    );
    await this.deps.cycles.upsertGoals(trx, rows);
    await this.deps.cycles.touchPlans(trx, [planId], now.toISOString());
    const after = (toTargetsByPlan(await this.deps.cycles.goalsOf(trx, [planId])).get(planId) ?? []).filter((target) =>
      touched.has(target.doctorId),
    );
    await this.recordGoals(trx, auth, { cycle, user, planId, source, extra: what.metadata }, { before, after });
  }

  private async recordGoals(
    trx: Db,
    auth: AuthContext,
    about: { cycle: Cycle; user: PlanUser; planId: string; source: GoalsSource; extra?: Record<string, unknown> },
    goals: { before: PlanTargetGoals[]; after: PlanTargetGoals[] },
  ): Promise<void> {
    await this.deps.logs.record(trx, {
      action: 'set_goals',
      entityType: 'cycle_plan',
      entityId: about.planId,
      metadata: planMetadata(about.cycle, about.user, {
        source: about.source,
        doctors: goals.after.length,
        ...about.extra,
      }),
      changes: { previous: auditedGoals(goals.before), new: auditedGoals(goals.after) },
      user: auditUser(auth),
    });
  }

  private async ensurePlan(trx: Db, cycleId: string, userId: string, now: Date): Promise<string> {
    const at = now.toISOString();
    await this.deps.cycles.insertPlanIfMissing(trx, {
      id: newId(),
      cycle_id: cycleId,
      user_id: userId,
      created_at: at,
      updated_at: at,
    });
    const plan = await this.deps.cycles.findPlan(trx, cycleId, userId);
    if (!plan) throw new AppError('INTERNAL_ERROR');
    return plan.id;
  }

  private async planView(
    db: Db,
    auth: AuthContext,
    cycle: Cycle,
    user: PlanUser,
    planId: string | null,
    now: Date,
  ): Promise<PlanView> {
    const targets = planId === null ? [] : ((await this.namedTargets(db, [planId])).get(planId) ?? []);
    const tallies =
      targets.length === 0 ? new Map<string, Tally[]>() : await this.tallies(db, [user.id], cycle, now, null);
    const counts = planCounts(cycle, targets, tallies.get(user.id) ?? [], now);
    const editor = editorOf(auth, user);
    return {
      cycle,
      user: { id: user.id, name: user.name },
      canEditGoals: editor !== null && goalEditRefusal(editor, cycle.status, cycle.repsMayEditGoals) === null,
      ...counts,
      computedAt: now.toISOString(),
    };
  }

  /**
   * The plans' targets with their doctors' names, by name: the goals by their key, then the names by id (a join
   * sorted by name let PostgreSQL read far more of the directory than the plan names).
   */
  private async namedTargets(db: Db, planIds: readonly string[]): Promise<Map<string, PlanTargetGoals[]>> {
    const byPlan = toTargetsByPlan(await this.deps.cycles.goalsOf(db, planIds));
    const ids = [...new Set([...byPlan.values()].flatMap((targets) => targets.map((target) => target.doctorId)))];
    const names = new Map<string, DoctorNameRow>();
    for (const batch of chunks(ids, LOOKUP_BATCH)) {
      for (const row of await this.deps.cycles.doctorNames(db, batch)) names.set(row.id, row);
    }
    // By the directory's normalised names (lower case, no accents: as the doctors list sorts), then id; doctors
    // removed from the directory last. Plain comparisons: a collator's would cost more than the plan's reads.
    const keyOf = new Map(
      ids.map((id) => {
        const name = names.get(id);
        return [id, name ? `0${name.last_name_norm}\u0001${name.first_name_norm}\u0001${id}` : `1${id}`];
      }),
    );
    const order = (x: string, y: string) => ((keyOf.get(x) ?? '') < (keyOf.get(y) ?? '') ? -1 : 1);
    for (const targets of byPlan.values()) {
      for (const target of targets) {
        const name = names.get(target.doctorId);
        target.doctorName = name ? doctorNameOf(name) : null;
      }
      targets.sort((a, b) => order(a.doctorId, b.doctorId));
    }
    return byPlan;
  }

  /** Per rep, the tallies of their activities in the cycle (optionally with these doctors only). */
  private async tallies(
    db: Db,
    ownerIds: readonly string[],
    cycle: Cycle,
    now: Date,
    doctorIds: readonly string[] | null,
  ): Promise<Map<string, Tally[]>> {
    const rows = await this.deps.cycles.tallies(
      db,
      ownerIds,
      { ...cycleWindow(cycle), now: now.toISOString() },
      cycle.channels.map((channel) => channel.channelId),
      doctorIds,
    );
    const byOwner = new Map<string, typeof rows>();
    for (const row of rows) {
      const list = byOwner.get(row.owner_id);
      if (list) list.push(row);
      else byOwner.set(row.owner_id, [row]);
    }
    return new Map([...byOwner].map(([owner, list]) => [owner, toTallies(list)]));
  }

  /** The rep's plan in the current cycle: in progress, today within its days if one is, else the latest ended. */
  private async currentPlanRow(userId: string, now: Date): Promise<UserPlanRow | undefined> {
    const today = parisDay(now);
    const rows = (await this.deps.cycles.cyclesWithPlanOf(this.deps.db, userId)).filter(
      (row) => statusOfRow(row, now) === 'in_progress',
    );
    return (
      rows.find((row) => row.start_date <= today && today <= row.end_date) ??
      [...rows].sort((a, b) => (a.end_date < b.end_date ? 1 : -1))[0]
    );
  }

  private async requireCycle(db: Db, id: string): Promise<Cycle> {
    const row = await this.deps.cycles.findCycle(db, id.toLowerCase());
    if (!row) throw cycleNotFound();
    const [cycle] = await this.toCycles(db, [row]);
    if (!cycle) throw cycleNotFound();
    return cycle;
  }

  private async requireUser(db: Db, id: string): Promise<PlanUser> {
    const row = await this.deps.users.findActive(db, id.toLowerCase());
    if (!row) throw userNotFound();
    return { id: row.id, name: userName(row), email: row.email, managerId: row.manager_id };
  }

  private async requireChannels(db: Db, channels: CycleInput['channels']): Promise<void> {
    const ids = channels.map((channel) => channel.channelId.toLowerCase());
    const known = new Set(await this.deps.cycles.existingChannelIds(db, ids));
    const errors: Record<string, string> = {};
    ids.forEach((id, index) => {
      if (!known.has(id)) errors[`channels.${index}.channelId`] = 'cycles.channelUnknown';
    });
    if (Object.keys(errors).length > 0) throw validationError(errors);
  }

  private async writeChannels(db: Db, cycleId: string, channels: CycleInput['channels']): Promise<void> {
    await this.deps.cycles.insertCycleChannels(
      db,
      channels.map((channel, position) => ({
        cycle_id: cycleId,
        channel_id: channel.channelId.toLowerCase(),
        weight: channel.weight,
        position,
      })),
    );
  }

  private async toCycles(db: Db, rows: readonly CyclesTable[]): Promise<Cycle[]> {
    const now = this.deps.clock.now();
    const channels = await this.deps.cycles.cycleChannels(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => toCycle(row, channels, now));
  }
}

type ResolvedLine = { user: PlanUser; doctorId: string; channelId: string; goal: number; cap: number | null };

const statusOfRow = (row: CyclesTable, now: Date) =>
  cycleStatus({ startDate: row.start_date, endDate: row.end_date, gracePeriodDays: row.grace_period_days }, now);

/** Who the caller is to the plan's rep: an administrator, their manager, themselves, or nobody. */
function editorOf(auth: AuthContext, user: PlanUser): GoalEditor | null {
  if (auth.user.isAdmin) return 'admin';
  if (user.managerId === auth.user.id) return 'manager';
  if (user.id === auth.user.id) return 'owner';
  return null;
}

function requireGoalEdit(editor: GoalEditor, cycle: Cycle): void {
  const refusal = goalEditRefusal(editor, cycle.status, cycle.repsMayEditGoals);
  if (refusal === null) return;
  if (refusal === 'completed') throw new AppError('CONFLICT', {}, { messageKey: 'cycles.completed' });
  throw new AppError('FORBIDDEN', {}, { messageKey: `cycles.${refusal === 'forbidden' ? 'notManager' : refusal}` });
}

const planMetadata = (cycle: Cycle, user: PlanUser, extra: Record<string, unknown>) => ({
  cycleId: cycle.id,
  name: cycle.name,
  userId: user.id,
  email: user.email,
  ...extra,
});

/** A cycle as the audit log keeps it: what an administrator sets. */
function auditedCycle(cycle: Cycle) {
  const { status: _s, createdAt: _c, updatedAt: _u, channels, ...fields } = cycle;
  return { ...fields, channels: channels.map(({ channelId, weight }) => ({ channelId, weight })) };
}
